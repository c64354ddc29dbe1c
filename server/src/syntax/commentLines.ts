/**
 * Comment lines inside a call that spans lines. The engine's loader skips
 * every line whose trimmed text starts with `//`, between the lines of a call
 * too (loader.rs), so such a line is a comment wherever it stands. The tree
 * keeps it in the call's argument text (the statement's text is lossless);
 * the editor features that read that text as code leave these lines alone.
 */

/**
 * Each line of `text[from, to)` as the engine's loader sees it: the line's start and end (before its
 * `\n`), and the trimmed text's [a, b) (the engine trims every line before it reads it).
 */
export function forEachEngineLine(text: string, from: number, to: number, visit: (lineStart: number, lineEnd: number, a: number, b: number) => void): void {
  let lineStart = from;
  while (lineStart < to) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0 || lineEnd > to) lineEnd = to;
    let a = lineStart;
    let b = lineEnd;
    while (a < b && isEngineSpace(text.charCodeAt(a))) a++;
    while (b > a && isEngineSpace(text.charCodeAt(b - 1))) b--;
    visit(lineStart, lineEnd, a, b);
    lineStart = lineEnd + 1;
  }
}

/** Whether trimmed line text `text[a, b)` is a `//` comment. */
export function isCommentLine(text: string, a: number, b: number): boolean {
  return b - a >= 2 && text.charCodeAt(a) === 47 && text.charCodeAt(a + 1) === 47;
}

/** The `//` lines after the first line of `text[from, to)`: from the `//` to the line's end (before `\r\n`). */
export function commentLinesIn(text: string, from: number, to: number): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  const second = text.indexOf('\n', from) + 1;
  if (second <= 0) return out;
  forEachEngineLine(text, second, to, (_lineStart, _lineEnd, a, b) => {
    if (isCommentLine(text, a, b)) out.push({ start: a, end: b });
  });
  return out;
}

/** The comment line (commentLinesIn) that holds offset `at`, if any: from its `//` to its end. */
export function commentLineAt(text: string, from: number, to: number, at: number): { start: number; end: number } | undefined {
  let lineStart = at;
  while (lineStart > from && text.charCodeAt(lineStart - 1) !== 10) lineStart--;
  if (lineStart === from) return undefined;
  let lineEnd = text.indexOf('\n', at);
  if (lineEnd < 0 || lineEnd > to) lineEnd = to;
  let found: { start: number; end: number } | undefined;
  forEachEngineLine(text, lineStart, lineEnd, (_lineStart, _lineEnd, a, b) => {
    if (isCommentLine(text, a, b)) found = { start: a, end: b };
  });
  return found;
}

/** Unicode White_Space, the set the engine trims (a byte-order mark is not in it). */
export function isEngineSpace(cp: number): boolean {
  if (cp <= 32) return cp === 32 || (cp >= 9 && cp <= 13);
  if (cp < 0x85) return false;
  return (
    cp === 0x85 ||
    cp === 0xa0 ||
    cp === 0x1680 ||
    (cp >= 0x2000 && cp <= 0x200a) ||
    cp === 0x2028 ||
    cp === 0x2029 ||
    cp === 0x202f ||
    cp === 0x205f ||
    cp === 0x3000
  );
}
