/**
 * Fixtures with their expected diagnostics written inline, under the code
 * they point at (as rust-analyzer's and many LSP suites' fixtures do):
 *
 *     Ztitel{Hello}
 *     ^^^^^^ error unknown-function
 *
 * An annotation line is one whose first non-blank character is `^`: the
 * carets cover the diagnostic's columns (UTF-16, as LSP counts) on the line
 * above (the nearest code line), then come its severity and code; a
 * diagnostic that runs past its line's end says where it ends (`to 4:2`,
 * 1-based line, 0-based column). Annotation lines are removed before the
 * code is analysed, so the engine never sees them.
 *
 * `renderAnnotated(code, diagnostics)` writes the expected form; a test
 * compares it with the fixture and, with UPDATE_SNAPSHOTS=1, writes it back
 * instead (review the diff, then commit).
 */
import { LineIndex } from '../server/src/syntax/positions';

export interface AnnotatedDiagnostic {
  readonly start: number;
  readonly end: number;
  readonly severity: string;
  readonly code: string;
}

const ANNOTATION = /^[ \t]*\^/;

/** The fixture's code without its annotation lines (exactly the bytes the annotations were added to). */
export function stripAnnotations(fixture: string): string {
  let out = '';
  let at = 0;
  while (at < fixture.length) {
    const nl = fixture.indexOf('\n', at);
    const next = nl < 0 ? fixture.length : nl + 1;
    const line = fixture.slice(at, next);
    if (!ANNOTATION.test(line)) out += line;
    at = next;
  }
  return out;
}

/**
 * Whether `code` can carry annotations without changing: every line ends in `\n`, none starts
 * with `^`, and no lone `\r` ends a line (annotation lines are found at `\n`, lines are counted as
 * LSP counts them).
 */
export function canAnnotate(code: string): boolean {
  if (code.length > 0 && !code.endsWith('\n')) return false;
  if (/\r(?!\n)/.test(code)) return false;
  return !code.split('\n').some((line) => ANNOTATION.test(line));
}

/** `code` with one annotation line per diagnostic under the line where it starts. */
export function renderAnnotated(code: string, diagnostics: readonly AnnotatedDiagnostic[]): string {
  const lines = new LineIndex(code);
  const starts = lines.lineStarts;
  // An offset at the very end of a file that ends with a line break belongs to its last line, not the empty one after it.
  const lineOf = (offset: number): number => {
    const { line } = lines.positionAt(offset);
    return line > 0 && line === starts.length - 1 && starts[line] === code.length ? line - 1 : line;
  };
  const byLine = new Map<number, string[]>();
  const sorted = [...diagnostics].sort((a, b) => a.start - b.start || a.end - b.end || a.code.localeCompare(b.code));
  for (const d of sorted) {
    const line = lineOf(d.start);
    const lineEnd = lines.lineContentEnd(line);
    const within = d.end <= lineEnd;
    const width = Math.max(1, (within ? d.end : lineEnd) - d.start);
    let text = `${' '.repeat(d.start - starts[line])}${'^'.repeat(width)} ${d.severity} ${d.code}`;
    if (!within) {
      const endLine = lineOf(d.end);
      text += ` to ${endLine + 1}:${d.end - starts[endLine]}`;
    }
    const list = byLine.get(line) ?? [];
    list.push(text);
    byLine.set(line, list);
  }
  let out = '';
  for (let line = 0; line < starts.length; line++) {
    out += code.slice(starts[line], line + 1 < starts.length ? starts[line + 1] : code.length);
    for (const annotation of byLine.get(line) ?? []) out += `${annotation}\n`;
  }
  return out;
}
