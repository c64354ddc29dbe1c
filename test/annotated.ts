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

/** Whether `code` can carry annotations without changing: every line ends in `\n` and none starts with `^`. */
export function canAnnotate(code: string): boolean {
  if (code.length > 0 && !code.endsWith('\n')) return false;
  return !code.split('\n').some((line) => ANNOTATION.test(line));
}

/** `code` with one annotation line per diagnostic under the line where it starts. */
export function renderAnnotated(code: string, diagnostics: readonly AnnotatedDiagnostic[]): string {
  const lineStarts = [0];
  for (let i = 0; i < code.length; i++) if (code.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const lineOf = (offset: number): number => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    // An offset at the very end of a file that ends with a line break belongs to the last line.
    return lo === lineStarts.length - 1 && lineStarts[lo] === code.length && lo > 0 ? lo - 1 : lo;
  };
  const contentEnd = (line: number): number => {
    let end = line + 1 < lineStarts.length ? lineStarts[line + 1] - 1 : code.length;
    if (end > lineStarts[line] && code.charCodeAt(end - 1) === 13) end--;
    return end;
  };
  const byLine = new Map<number, string[]>();
  const sorted = [...diagnostics].sort((a, b) => a.start - b.start || a.end - b.end || a.code.localeCompare(b.code));
  for (const d of sorted) {
    const line = lineOf(d.start);
    const column = d.start - lineStarts[line];
    const lineEnd = contentEnd(line);
    const within = d.end <= lineEnd;
    const width = Math.max(1, (within ? d.end : lineEnd) - d.start);
    let text = `${' '.repeat(column)}${'^'.repeat(width)} ${d.severity} ${d.code}`;
    if (!within) {
      const endLine = lineOf(d.end);
      text += ` to ${endLine + 1}:${d.end - lineStarts[endLine]}`;
    }
    const list = byLine.get(line) ?? [];
    list.push(text);
    byLine.set(line, list);
  }
  let out = '';
  for (let line = 0; line < lineStarts.length; line++) {
    const end = line + 1 < lineStarts.length ? lineStarts[line + 1] : code.length;
    out += code.slice(lineStarts[line], end);
    for (const annotation of byLine.get(line) ?? []) out += annotation + '\n';
  }
  return out;
}
