/**
 * LSP diagnostics of a document, kept proportional to the edit.
 *
 * The analyzer hands over its diagnostics unflattened (DiagnosisParts): each
 * statement's own list (relative offsets, one shared array per statement
 * object) and a short list of cross-statement / file-level ones (absolute).
 * Here every statement list is converted to LSP diagnostics once, by the
 * usual converter (diagnostics.ts), and the converted objects are
 * cached by that array. A later request reuses them as they are when the
 * statement still starts on the same line (any edit that adds no line
 * before it), or as copies moved by whole lines otherwise; only the
 * statements an edit re-parsed are converted again. The few file-level
 * diagnostics are converted on every request and merged in, so the result
 * is the same list, in the same order, as converting `Analyzer.diagnose()`.
 *
 * Moving by lines is exact because statements start at line starts and a
 * statement's own diagnostics lie inside its text: their lines relative to
 * the statement and their characters depend on that text only. Statements
 * for which that cannot be shown (not at column 0, a position past the
 * content) are converted afresh each time.
 */
import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { AnalysisDiagnostic, DiagnosisParts, flattenDiagnosis, isSilenced, rebased } from '../analysis/analyzer';
import { toLspDiagnostics } from './diagnostics';
import { LineIndex } from '../syntax/positions';
import { Statement, StatementKind, SyntaxTree } from '../syntax/tree';
import { effectiveSeverity, type SeverityOverrides as Overrides } from '../analysis/codes';

interface Converted {
  /** The converter's output for the statement's diagnostics, 'off' codes left out. */
  readonly items: Diagnostic[];
  /** The analysis diagnostic of each item (same index). */
  readonly sources: AnalysisDiagnostic[];
  /** The line the statement started on when `items` were made. */
  line: number;
  /** Whether `items` can be moved by whole lines (see the file comment). */
  readonly movable: boolean;
  readonly overrides: Overrides;
}

/** Stats for tests and the benchmark notes. */
export const diagnosticsStats = { statementsConverted: 0, statementsMoved: 0 };

export class LspDiagnostics {
  private readonly converted = new WeakMap<readonly AnalysisDiagnostic[], Converted>();
  /** Documents converted before (their own line index is then used; see withPositions). */
  private readonly seen = new WeakSet<TextDocument>();

  /**
   * The LSP diagnostics of `tree` (whose text is `doc`'s) from its parts;
   * equal to `toLspDiagnostics(doc, flattenDiagnosis(tree, parts, overrides), overrides)`.
   */
  build(document: TextDocument, tree: SyntaxTree, parts: DiagnosisParts, overrides: Overrides): Diagnostic[] {
    // The first diagnostics of a document do not wait for its line index (see withPositions).
    const doc = this.seen.has(document) ? document : withPositions(document);
    this.seen.add(document);
    // The file-level diagnostics: few; silenced and 'off' ones out, then in (start, end) order,
    // walk-found before file-level at equal ranges (the order diagnose() sorts them into).
    const fileLevel: { d: AnalysisDiagnostic; late: boolean }[] = [];
    for (let k = 0; k < parts.fileLevel.length; k++) {
      const d = parts.fileLevel[k];
      if (isSilenced(parts, d) || effectiveSeverity(d.code, d.severity, overrides) === undefined) continue;
      fileLevel.push({ d, late: k >= parts.loopCount });
    }
    fileLevel.sort((a, b) => a.d.start - b.d.start || a.d.end - b.d.end || Number(a.late) - Number(b.late));
    const fileItems = fileLevel.length ? toLspDiagnostics(doc, fileLevel.map((f) => f.d), overrides) : [];
    if (fileItems.length !== fileLevel.length) return this.flat(doc, tree, parts, overrides);

    const out: Diagnostic[] = [];
    let f = 0;
    let lastStart = -Infinity;
    let lastEnd = -Infinity;
    const fileSilence = parts.fileSilence;
    for (const p of parts.statements) {
      const silenced = p.silenced;
      if (silenced === null) continue;
      const base = tree.starts[p.index];
      const entry = this.entryFor(doc, tree, p.index, p.diagnostics, overrides);
      const { items, sources } = entry;
      for (let k = 0; k < items.length; k++) {
        const src = sources[k];
        if (fileSilence.has(src.code) || (silenced && silenced.includes(src.code))) continue;
        const start = base + src.start;
        const end = base + src.end;
        // diagnose() sorts everything by (start, end); statement lists are in order and
        // statements do not overlap, so a merge gives the same list. Anything else: the slow path.
        if (start < lastStart || (start === lastStart && end < lastEnd)) return this.flat(doc, tree, parts, overrides);
        lastStart = start;
        lastEnd = end;
        while (f < fileLevel.length) {
          const g = fileLevel[f].d;
          if (g.start < start || (g.start === start && (g.end < end || (g.end === end && !fileLevel[f].late)))) out.push(fileItems[f++]);
          else break;
        }
        out.push(items[k]);
      }
    }
    while (f < fileLevel.length) out.push(fileItems[f++]);
    return out;
  }

  /** The plain path: flatten, convert everything. */
  private flat(doc: TextDocument, tree: SyntaxTree, parts: DiagnosisParts, overrides: Overrides): Diagnostic[] {
    return toLspDiagnostics(doc, flattenDiagnosis(tree, parts, overrides), overrides);
  }

  private entryFor(doc: TextDocument, tree: SyntaxTree, index: number, list: readonly AnalysisDiagnostic[], overrides: Overrides): Converted {
    const base = tree.starts[index];
    const at = doc.positionAt(base);
    const entry = this.converted.get(list);
    if (entry && entry.overrides === overrides && entry.movable && at.character === 0) {
      if (entry.line !== at.line) {
        const delta = at.line - entry.line;
        for (let k = 0; k < entry.items.length; k++) entry.items[k] = moved(entry.items[k], delta);
        entry.line = at.line;
        diagnosticsStats.statementsMoved++;
      }
      return entry;
    }
    const sources = list.filter((d) => effectiveSeverity(d.code, d.severity, overrides) !== undefined);
    const items = toLspDiagnostics(
      doc,
      sources.map((d) => rebased(d, base)),
      overrides,
    );
    diagnosticsStats.statementsConverted++;
    if (items.length !== sources.length) throw new Error('zscript: diagnostics conversion dropped an item');
    const fresh: Converted = { items, sources, line: at.line, movable: at.character === 0 && inside(tree.statements[index], sources), overrides };
    this.converted.set(list, fresh);
    return fresh;
  }
}

/** True when every offset of the statement's diagnostics (and their fixes) lies within its content. */
function inside(st: Statement, list: readonly AnalysisDiagnostic[]): boolean {
  if (st.kind === StatementKind.Blank) return false;
  const limit = st.end;
  for (const d of list) {
    if (d.start < 0 || d.end > limit || d.start > d.end) return false;
    for (const fix of d.fixes ?? []) for (const e of fix.edits) if (e.start < 0 || e.end > limit || e.start > e.end) return false;
  }
  return true;
}

/**
 * A copy of a converted diagnostic `delta` lines further: every `{ line,
 * character }` object inside it is copied with its line moved (the range,
 * fix edits in `data`, anything the converter may add), the rest is shared.
 */
function moved<T>(value: T, delta: number): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => moved(v, delta)) as T;
  const obj = value as Record<string, unknown>;
  if (typeof obj.line === 'number' && typeof obj.character === 'number' && Object.keys(obj).length === 2) {
    return { line: obj.line + delta, character: obj.character } as T;
  }
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(obj)) copy[key] = moved(obj[key], delta);
  return copy as T;
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
