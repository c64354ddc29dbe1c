/**
 * Analysis diagnostics (absolute offsets, string severities, fixes) as LSP
 * diagnostics. The fixes travel in `data` so that code actions can offer them
 * when the editor sends the diagnostic back.
 */
import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { effectiveSeverity, type Severity, type SeverityOverrides } from '../analysis/codes';
import { LineIndex } from '../syntax/positions';
import { splitsCharacter } from './model';

export interface FixEdit {
  readonly start: number;
  readonly end: number;
  readonly newText: string;
}

export interface Fix {
  readonly title: string;
  readonly edits: readonly FixEdit[];
  readonly preferred?: boolean;
}

/** The shape the analyzer produces (see analysis/analyzer.ts). */
export interface AnalysisDiagnosticLike {
  readonly code: string;
  readonly severity: Severity;
  readonly start: number;
  readonly end: number;
  readonly message: string;
  readonly fixes?: readonly Fix[];
  readonly tags?: readonly (string | number)[];
}

/** What a diagnostic's `data` holds. Fix edits are kept as LSP ranges (offsets would go stale). */
export interface DiagnosticData {
  readonly fixes?: { title: string; preferred?: boolean; edits: { range: import('vscode-languageserver-types').Range; newText: string }[] }[];
}

const SEVERITY_NUMBER: Record<Severity, 1 | 2 | 3 | 4> = { error: 1, warning: 2, information: 3, hint: 4 };

export function toLspDiagnostics(doc: TextDocument, raw: readonly AnalysisDiagnosticLike[], overrides: SeverityOverrides): Diagnostic[] {
  const result: Diagnostic[] = [];
  const text = doc.getText();
  const length = text.length;
  for (const d of raw) {
    const severity = effectiveSeverity(d.code, d.severity, overrides);
    if (severity === undefined) continue;
    const start = clamp(d.start, 0, length);
    let end = clamp(d.end, start, length);
    // A range never ends between the two halves of a character outside the BMP (an emoji).
    if (splitsCharacter(text, end)) end++;
    const diagnostic: Diagnostic = {
      range: { start: doc.positionAt(start), end: doc.positionAt(end) },
      severity: SEVERITY_NUMBER[severity] ?? 1,
      code: d.code,
      source: 'zscript',
      message: d.message,
    };
    const tags = (d.tags ?? []).map((t) => (t === 'unnecessary' || t === 1 ? 1 : t === 'deprecated' || t === 2 ? 2 : 0)).filter((t): t is 1 | 2 => t !== 0);
    if (tags.length) diagnostic.tags = tags;
    if (d.fixes?.length) {
      const data: DiagnosticData = {
        fixes: d.fixes.map((fix) => ({
          title: fix.title,
          preferred: fix.preferred,
          edits: fix.edits.map((e) => {
            const s = clamp(e.start, 0, length);
            return { range: { start: doc.positionAt(s), end: doc.positionAt(clamp(e.end, s, length)) }, newText: e.newText };
          }),
        })),
      };
      diagnostic.data = data;
    }
    result.push(diagnostic);
  }
  return result;
}

function clamp(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.max(min, Math.min(max, value)) : min;
}

/**
 * toLspDiagnostics of the first `limit` of `raw` (in order, overrides already
 * applied: flattenDiagnosis), then one `too-many-diagnostics` at the first one
 * not shown, saying how many more there are. Only the shown ones are
 * converted: positions are most of a conversion's cost.
 */
export function toLspDiagnosticsCapped(doc: TextDocument, raw: readonly AnalysisDiagnosticLike[], overrides: SeverityOverrides, limit: number): Diagnostic[] {
  if (raw.length <= limit) return toLspDiagnostics(doc, raw, overrides);
  const shown = toLspDiagnostics(doc, raw.slice(0, limit), overrides);
  const more = raw.length - limit;
  const at = doc.positionAt(clamp(raw[limit].start, 0, doc.getText().length));
  shown.push({
    range: { start: at, end: at },
    severity: 3 /* Information */,
    source: 'zscript',
    code: 'too-many-diagnostics',
    message: `${more} more problem${more === 1 ? '' : 's'} in this file not shown (at most ${limit} per file; zscript-check lists them all)`,
  });
  return shown;
}

/**
 * The document with `positionAt` answered by the syntax layer's LineIndex
 * (line breaks found with native `indexOf`) instead of the document's own index, which
 * vscode-languageserver-textdocument builds with a character loop on first
 * use: for a large document just opened that loop is the slowest part of
 * converting its first diagnostics, and the index is needed only by later
 * requests (the first edit or position request builds it, off the path of
 * the first diagnostics). Same answers as `TextDocument.positionAt`
 * (`\r\n`, `\r` and `\n` end lines; an offset inside a line break moves
 * before it); everything else is the document's own (prototype).
 */
export function withPositions(doc: TextDocument): TextDocument {
  const text = doc.getText();
  let index: LineIndex | undefined;
  const view = Object.create(doc) as TextDocument & { positionAt(offset: number): { line: number; character: number } };
  Object.defineProperty(view, 'getText', { value: (range?: Parameters<TextDocument['getText']>[0]) => (range ? doc.getText(range) : text) });
  Object.defineProperty(view, 'positionAt', {
    value: (at: number) => {
      index ??= new LineIndex(text);
      const { line, character } = index.positionAt(at);
      // An offset inside a line break ("\r|\n") or past a line's end moves before the break, as TextDocument does.
      const lineStart = index.lineStarts[line];
      let end = lineStart + character;
      while (end > lineStart && isEol(text.charCodeAt(end - 1))) end--;
      return { line, character: end - lineStart };
    },
  });
  return view;
}

function isEol(c: number): boolean {
  return c === 13 || c === 10;
}
