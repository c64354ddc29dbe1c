/**
 * Documents open in the editor. didOpen/didChange/didClose are handled here
 * directly (not through vscode-languageserver's `TextDocuments` manager) so
 * that ranged changes reach the service's incremental parser unchanged.
 */
import type { Connection } from 'vscode-languageserver/node';
import type { ContentChange, ZscriptLanguageService } from '../service';
import type { Guard } from './guard';
import type { Range } from 'vscode-languageserver-types';
import { isObject, isRange } from './params';

/** What else has to happen when a document opens, changes or closes. */
export interface DocumentListener {
  /** The document's text is new (opened or changed). */
  edited(uri: string): void;
  /** The document was closed (the service no longer holds the editor's text). */
  closed(uri: string): void | Promise<void>;
}

export class OpenDocuments {
  /** Open documents and the version the editor gave them. */
  private readonly versions = new Map<string, number>();

  constructor(private readonly service: ZscriptLanguageService) {}

  has(uri: string): boolean {
    return this.versions.has(uri);
  }

  /** The version of an open document, or undefined when it is not open. */
  version(uri: string): number | undefined {
    return this.versions.get(uri);
  }

  uris(): IterableIterator<string> {
    return this.versions.keys();
  }

  listen(connection: Connection, guard: Guard, listener: DocumentListener): void {
    connection.onDidOpenTextDocument(
      guard.notification('textDocument/didOpen', (params: { textDocument?: { uri?: unknown; text?: unknown; version?: unknown } }) => {
        const td = params.textDocument;
        if (!isObject(td) || typeof td.uri !== 'string' || typeof td.text !== 'string') return;
        const version = typeof td.version === 'number' ? td.version : 0;
        this.service.openDocument(td.uri, td.text, version);
        this.versions.set(td.uri, version);
        listener.edited(td.uri);
      }),
    );

    connection.onDidChangeTextDocument(
      guard.notification('textDocument/didChange', (params: { textDocument?: { uri?: unknown; version?: unknown }; contentChanges?: unknown }) => {
        const td = params.textDocument;
        if (!isObject(td) || typeof td.uri !== 'string' || !this.versions.has(td.uri) || !Array.isArray(params.contentChanges)) return;
        const version = typeof td.version === 'number' ? td.version : (this.versions.get(td.uri) ?? 0) + 1;
        this.service.changeDocument(td.uri, contentChanges(params.contentChanges), version);
        this.versions.set(td.uri, version);
        listener.edited(td.uri);
      }),
    );

    connection.onDidCloseTextDocument(
      guard.notification('textDocument/didClose', (params: { textDocument?: { uri?: unknown } }) => {
        const td = params.textDocument;
        if (!isObject(td) || typeof td.uri !== 'string' || !this.versions.has(td.uri)) return;
        this.versions.delete(td.uri);
        this.service.closeDocument(td.uri);
        return listener.closed(td.uri);
      }),
    );
  }
}

/** The well-formed changes of a didChange, in order (malformed ones are skipped). */
function contentChanges(received: readonly unknown[]): ContentChange[] {
  const changes: ContentChange[] = [];
  for (const change of received) {
    if (!isObject(change) || typeof change.text !== 'string') continue;
    if (change.range !== undefined) {
      if (isRange(change.range)) changes.push({ range: wellFormed(change.range), text: change.text });
    } else {
      changes.push({ text: change.text });
    }
  }
  return changes;
}

/**
 * A range whose end comes before its start is taken as the same range the
 * other way round, as vscode-languageserver-textdocument (and so the editor's
 * own copy of the text) takes it; read as written it would insert instead of
 * replace, and the server's text would no longer be the editor's.
 */
function wellFormed(range: Range): Range {
  const { start, end } = range;
  return start.line > end.line || (start.line === end.line && start.character > end.character) ? { start: end, end: start } : range;
}
