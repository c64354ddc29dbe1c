/**
 * How the engine's loader groups a file's lines into header directives and
 * statements, modelled from observed behaviour:
 *
 * - every line is trimmed (Unicode white space; a byte-order mark is not
 *   white space); empty lines and lines starting with `//` are skipped, also
 *   in the middle of a call;
 * - at brace depth 0 a line starting with `#` is a directive, recognised only
 *   as the exact lower-case word followed by a space;
 * - other lines are added to the current statement, and the depth changes by
 *   the line's own brace count, which starts from zero on every line, skips
 *   escaped characters (`\{ \} \; \\ \Z`) and stops at a `//` met while the
 *   line's own count is zero; the statement ends when the depth is back to
 *   exactly zero (a stray `}` makes it negative: the loader then reads on);
 * - a statement still open at the end of the file is dropped.
 *
 * The syntax tree groups lines by the language's intended rules. For most
 * statements the two agree; a statement records its loader lines (facts.ts)
 * only when they might not, so the file pass below is cheap.
 */
import { KNOWN_DIRECTIVES } from '../../syntax/parse';
import { StatementKind } from '../../syntax/tree';
import { isEscapable } from './statementReader';
import { forEachEngineLine, isEngineSpace } from '../../syntax/commentLines';

/**
 * One line of a statement as the loader sees it. No offsets but where a
 * trap is (a cut, a skipped line with braces): an edit elsewhere in the
 * statement then leaves its facts equal, which keeps the refold fast path.
 */
export interface LoaderLine {
  readonly kind: 'skip' | 'directive' | 'body';
  /** The line's own brace count. */
  readonly change: number;
  /** Relative offset where a `//` stopped the count while braces followed it on the line (-1: it did not). */
  readonly cut: number;
  /** The first brace after that `//` (-1 when no cut). */
  readonly braceAfterCut: number;
  /** Relative offset of a `//` the count went past (the line's own count was not zero there) whose later braces changed it. */
  readonly counted?: number;
  /** A skipped `//` line with braces on it: its relative range (else undefined). */
  readonly skippedBraces?: { start: number; end: number };
}

/** The loader's lines of a statement, or undefined when it is one line whose reading cannot differ from the tree's. */
export function loaderLinesOf(text: string, base: number, length: number, kind: StatementKind): LoaderLine[] | undefined {
  if (kind === StatementKind.Blank || kind === StatementKind.Comment) return undefined;
  const lines: LoaderLine[] = [];
  forEachEngineLine(text, base, base + length, (_lineStart, _lineEnd, a, b) => lines.push(loaderLine(text, a, b, base)));
  if (lines.length === 1 && lines[0].change === 0 && lines[0].cut < 0 && lines[0].counted === undefined) return undefined;
  return lines;
}

function loaderLine(text: string, a: number, b: number, base: number): LoaderLine {
  const empty = a === b;
  const comment = !empty && text.charCodeAt(a) === 47 && text.charCodeAt(a + 1) === 47 && a + 1 < b;
  if (empty || comment) {
    let braces = false;
    for (let p = a; p < b && !braces; p++) {
      const c = text.charCodeAt(p);
      braces = c === 123 || c === 125;
    }
    return braces ? { kind: 'skip', change: 0, cut: -1, braceAfterCut: -1, skippedBraces: { start: a - base, end: b - base } } : SKIPPED;
  }
  const { change, cut, braceAfterCut, counted } = lineBraceCount(text, a, b);
  const kind = text.charCodeAt(a) === 35 ? 'directive' : 'body';
  const line: LoaderLine = { kind, change, cut: cut < 0 ? -1 : cut - base, braceAfterCut: braceAfterCut < 0 ? -1 : braceAfterCut - base };
  return counted < 0 ? line : { ...line, counted: counted - base };
}

const SKIPPED: LoaderLine = { kind: 'skip', change: 0, cut: -1, braceAfterCut: -1 };

/** The loader's brace count of one trimmed line [a, b); `cut` is the `//` that stopped it when braces followed. */
export function lineBraceCount(text: string, a: number, b: number): { change: number; cut: number; braceAfterCut: number; counted: number } {
  let depth = 0;
  // The first `//` met while the count was not zero, and the count there.
  let counted = -1;
  let countedAt = 0;
  for (let p = a; p < b; p++) {
    const c = text.charCodeAt(p);
    if (c === 47 && p + 1 < b && text.charCodeAt(p + 1) === 47) {
      if (depth === 0) {
        for (let q = p + 2; q < b; q++) {
          const d = text.charCodeAt(q);
          if (d === 123 || d === 125) return { change: depth, cut: p, braceAfterCut: q, counted: -1 };
        }
        return { change: depth, cut: -1, braceAfterCut: -1, counted: -1 };
      }
      if (counted < 0) {
        counted = p;
        countedAt = depth;
      }
    }
    if (c === 92 && p + 1 < b) {
      // The loader's brace count skips what the statement reader escapes, `\Z` included.
      if (isEscapable(text.charCodeAt(p + 1), true)) {
        p++;
        continue;
      }
    }
    if (c === 123) depth++;
    else if (c === 125) depth--;
  }
  // Only a `//` met below zero matters: the language reads it as a comment (its call closed), the loader counts on.
  return { change: depth, cut: -1, braceAfterCut: -1, counted: counted >= 0 && countedAt < 0 && depth !== countedAt ? counted : -1 };
}

/** The directive the engine recognises on a trimmed header line: the exact word followed by a space. */
export function engineDirective(line: string): string | undefined {
  for (const d of KNOWN_DIRECTIVES) if (line.startsWith(`${d} `)) return d;
  return undefined;
}

/**
 * A header statement's line [start, end) (absolute) as the engine reads it:
 * trimmed at the end, then the directive it recognises there, if any.
 */
export function engineHeaderLine(text: string, start: number, end: number): { directive: string | undefined; lineEnd: number } {
  let lineEnd = end;
  while (lineEnd > start && isEngineSpace(text.charCodeAt(lineEnd - 1))) lineEnd--;
  return { directive: engineDirective(text.slice(start, lineEnd)), lineEnd };
}

/**
 * The statement holding the trigger the engine keeps, -1 when none: of the
 * header lines its loader reads as directives, the last it recognises as
 * `#trigger ` (a later one replaces an earlier one). `directiveOf`: the
 * engine's directive of a header statement (engineHeaderLine). The file
 * checks (missing-trigger, trigger vs #type) and the cross-file layout
 * (duplicate-trigger) both ask this.
 */
export function engineTriggerStatement(reading: LoaderReading, directiveOf: (i: number) => string | undefined): number {
  let found = -1;
  for (const i of reading.directives) if (i > found && directiveOf(i) === '#trigger') found = i;
  return found;
}

/** Where the loader's grouping parts from the tree's, and why. */
export interface LoaderDivergence {
  readonly kind: 'dropped' | 'joined';
  /** Absolute start of the tree statement where the loader statement starts, and end of the last one it reads. */
  readonly start: number;
  readonly end: number;
  /** Lines from start to the end of the loader statement (dropped: to the end of the file). */
  readonly lines: number;
  /** Statement indices of the tree the loader statement covers. */
  readonly firstStatement: number;
  readonly lastStatement: number;
  readonly cause?: LoaderCause;
}

export interface LoaderCause {
  readonly kind: 'cut' | 'counted-comment' | 'skipped-comment' | 'negative';
  readonly start: number;
  readonly end: number;
  /** For 'cut': where a line break keeps the braces counted. */
  readonly breakAt?: number;
}

export interface LoaderReading {
  /** Header statements the loader reads as directives (brace depth 0). */
  readonly directives: ReadonlySet<number>;
  readonly divergences: readonly LoaderDivergence[];
}

/** What the file pass reads of each statement: kind, where it starts and ends, its loader lines (see loaderLinesOf). */
export interface LoaderInput {
  readonly count: number;
  kind(i: number): StatementKind;
  start(i: number): number;
  end(i: number): number;
  lines(i: number): readonly LoaderLine[] | undefined;
}

/** Groups the file's lines as the loader does, from each statement's loader lines (no allocation per statement). */
export function readAsLoader(input: LoaderInput): LoaderReading {
  const directives = new Set<number>();
  const divergences: LoaderDivergence[] = [];
  let depth = 0;
  // The statement being read.
  let open = false;
  let start = 0;
  let end = 0;
  let lineCount = 0;
  let first = 0;
  let firstLine = 0;
  let cause: LoaderCause | undefined;
  const n = input.count;
  for (let i = 0; i < n; i++) {
    const kind = input.kind(i);
    const lines = input.lines(i);
    if (lines === undefined) {
      // One line whose own count is zero: a skipped line, a directive at depth 0, or a body line.
      if (!open) {
        if (kind === StatementKind.Header) directives.add(i);
        continue; // a complete one-line statement, read as the tree reads it
      }
      lineCount++;
      if (kind === StatementKind.Blank || kind === StatementKind.Comment) continue;
      end = input.end(i);
      continue;
    }
    const stStart = input.start(i);
    for (let k = 0; k < lines.length; k++) {
      const line = lines[k];
      if (open) lineCount++;
      if (line.kind === 'skip') {
        if (open && line.skippedBraces && !cause)
          cause = { kind: 'skipped-comment', start: stStart + line.skippedBraces.start, end: stStart + line.skippedBraces.end };
        continue;
      }
      if (depth === 0 && line.kind === 'directive') {
        if (kind === StatementKind.Header) directives.add(i);
        continue;
      }
      if (!open) {
        open = true;
        start = stStart;
        lineCount = 1;
        first = i;
        firstLine = k;
        cause = undefined;
      }
      end = input.end(i);
      if (line.cut >= 0 && !cause) cause = { kind: 'cut', start: stStart + line.cut, end: stStart + line.cut + 2, breakAt: stStart + line.braceAfterCut };
      if (line.counted !== undefined && !cause)
        cause = { kind: 'counted-comment', start: stStart + line.counted, end: stStart + line.counted + 2, breakAt: stStart + line.counted };
      depth += line.change;
      if (depth < 0 && !cause) cause = { kind: 'negative', start: stStart, end: input.end(i) };
      if (depth === 0) {
        open = false;
        const sameAsTree = first === i && firstLine === firstBodyLine(lines) && k === lastBodyLine(lines) && kind === StatementKind.Body;
        if (!sameAsTree) divergences.push({ kind: 'joined', start, end, lines: lineCount, firstStatement: first, lastStatement: i, cause });
      }
    }
  }
  if (open) divergences.push({ kind: 'dropped', start, end: n ? input.end(n - 1) : end, lines: lineCount, firstStatement: first, lastStatement: n - 1, cause });
  return { directives, divergences };
}

function firstBodyLine(lines: readonly LoaderLine[]): number {
  for (let k = 0; k < lines.length; k++) if (lines[k].kind !== 'skip') return k;
  return -1;
}

function lastBodyLine(lines: readonly LoaderLine[]): number {
  for (let k = lines.length - 1; k >= 0; k--) if (lines[k].kind !== 'skip') return k;
  return -1;
}
