/**
 * Shared helpers of the feature tests (this file holds no tests itself): a
 * service on the bundled catalog that rethrows internal errors, and `¦`
 * cursor markers in document text.
 */
import type { Position } from 'vscode-languageserver-types';
import { bundledCatalog } from '../../server/src/catalog';
import { LanguageService, type ServiceSettings } from '../../server/src/service';

export const URI = 'file:///bot/commands/test.zbr';

export function service(settings?: Partial<ServiceSettings>): LanguageService {
  const s = new LanguageService(bundledCatalog(), settings);
  s.onError = (error) => {
    throw error;
  };
  return s;
}

/** Position of offset `offset` in `text`. */
export function positionOf(text: string, offset: number): Position {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

/** Opens `marked` (with one `¦` cursor marker) and returns the service, the clean text and the cursor position. */
export function openAt(marked: string, settings?: Partial<ServiceSettings>, uri = URI): { svc: LanguageService; text: string; position: Position } {
  const offset = marked.indexOf('¦');
  if (offset < 0) throw new Error('no ¦ marker');
  const text = marked.slice(0, offset) + marked.slice(offset + 1);
  const svc = service(settings);
  svc.openDocument(uri, text, 1);
  return { svc, text, position: positionOf(text, offset) };
}
