/**
 * Positions: offsets (UTF-16 code units) <-> LSP line/character, statement
 * lookup by binary search on `tree.starts`, relative <-> absolute offsets, and
 * the nesting path (calls, arguments) at an offset. Nothing here throws:
 * out-of-range or non-finite inputs are clamped.
 */
import {
  type Argument,
  type CallNode,
  type ContentNode,
  type GroupNode,
  NodeKind,
  type Statement,
  StatementKind,
  type SyntaxTree,
  type TopLevelNode,
} from './tree';

export interface LinePosition {
  /** Zero-based line. */
  line: number;
  /** Zero-based UTF-16 code unit offset within the line. */
  character: number;
}

function clampInt(value: number, min: number, max: number): number {
  if (!(value >= min)) return min; // also catches NaN
  if (value > max) return max;
  return Math.floor(value);
}

/** Line starts of a text (`\n`, `\r\n` and lone `\r` end lines). */
export class LineIndex {
  /** lineStarts[i] is the offset of line i. */
  readonly lineStarts: Int32Array;

  constructor(readonly text: string) {
    // Line breaks are found with indexOf (native) rather than a character
    // loop: this index is built for whole large documents just opened.
    let starts = new Int32Array(256);
    let count = 1;
    const push = (start: number): void => {
      if (count === starts.length) {
        const bigger = new Int32Array(starts.length * 2);
        bigger.set(starts);
        starts = bigger;
      }
      starts[count++] = start;
    };
    let n = text.indexOf('\n');
    let r = text.indexOf('\r');
    while (n >= 0 || r >= 0) {
      if (r >= 0 && (n < 0 || r < n)) {
        if (r + 1 === n) {
          push(n + 1);
          n = text.indexOf('\n', n + 1);
        } else {
          push(r + 1);
        }
        r = text.indexOf('\r', r + 1);
      } else {
        push(n + 1);
        n = text.indexOf('\n', n + 1);
      }
    }
    this.lineStarts = starts.slice(0, count);
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  /** Offset -> position; offsets are clamped to [0, text.length]. */
  positionAt(offset: number): LinePosition {
    const off = clampInt(offset, 0, this.text.length);
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= off) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: off - starts[lo] };
  }

  /** Position -> offset; the line is clamped to existing lines, the character to the line's content (line break excluded). */
  offsetAt(position: LinePosition): number {
    const starts = this.lineStarts;
    const line = clampInt(position?.line, 0, starts.length - 1);
    const lineStart = starts[line];
    const contentEnd = this.lineContentEnd(line);
    return lineStart + clampInt(position?.character, 0, contentEnd - lineStart);
  }

  /** Offset of the end of line `line`'s content (before its line break). */
  lineContentEnd(line: number): number {
    const starts = this.lineStarts;
    const l = clampInt(line, 0, starts.length - 1);
    if (l === starts.length - 1) return this.text.length;
    let end = starts[l + 1];
    const text = this.text;
    if (end > starts[l] && text.charCodeAt(end - 1) === 10) end--;
    if (end > starts[l] && text.charCodeAt(end - 1) === 13) end--;
    return end;
  }
}

/**
 * Index of the statement containing `offset` (the last statement for
 * offset >= text.length, the first for offset < 0); -1 for an empty file.
 */
export function statementIndexAt(tree: SyntaxTree, offset: number): number {
  const count = tree.statements.length;
  if (count === 0) return -1;
  const starts = tree.starts;
  const off = clampInt(offset, 0, tree.text.length);
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= off) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Absolute offset of statement `index`'s start. */
export function statementStart(tree: SyntaxTree, index: number): number {
  return tree.starts[clampInt(index, 0, tree.statements.length)];
}

/** Converts an offset relative to statement `index` to an absolute one. */
export function absolute(tree: SyntaxTree, index: number, relative: number): number {
  return statementStart(tree, index) + relative;
}

/** Converts an absolute offset to (statement index, offset relative to it). */
export function relative(tree: SyntaxTree, offset: number): { index: number; relative: number } {
  const index = statementIndexAt(tree, offset);
  if (index < 0) return { index, relative: 0 };
  return { index, relative: clampInt(offset, 0, tree.text.length) - tree.starts[index] };
}

/** The text of statement `index`, line break included. */
export function statementText(tree: SyntaxTree, index: number): string {
  return tree.text.slice(tree.starts[index], tree.starts[index + 1]);
}

/** One level of the nesting at an offset. */
export interface PathEntry {
  readonly node: TopLevelNode;
  /**
   * For a call: index of the argument containing the offset, or -1 when the
   * offset is on the name / `{` rather than inside the braces. Otherwise -1.
   */
  readonly argIndex: number;
}

export interface NodePath {
  /** -1 when the file is empty. */
  readonly index: number;
  readonly statement: Statement | undefined;
  /** Absolute start of the statement. */
  readonly base: number;
  /** Offset relative to the statement. */
  readonly relative: number;
  /** Nodes containing the offset, outermost first (may be empty: plain text). */
  readonly path: readonly PathEntry[];
  /** The innermost call whose braces contain the offset, with the argument index, if any. */
  readonly call: CallNode | undefined;
  readonly argIndex: number;
  /** The innermost argument containing the offset, if any. */
  readonly argument: Argument | undefined;
}

/** True when a node covers `rel`: [start, end), or up to and including `end` for an unclosed call/group. */
function covers(node: TopLevelNode, rel: number): boolean {
  if (rel < node.start) return false;
  if (rel < node.end) return true;
  if (rel === node.end && (node.kind === NodeKind.Call || node.kind === NodeKind.Group) && node.close < 0) return true;
  return false;
}

/** The last node in `nodes` (sorted by start) that covers `rel`, or undefined. */
function findNode(nodes: readonly TopLevelNode[], rel: number): TopLevelNode | undefined {
  let lo = 0;
  let hi = nodes.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (nodes[mid].start <= rel) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (found < 0) return undefined;
  const node = nodes[found];
  if (covers(node, rel)) return node;
  return undefined;
}

/** The argument of `call` containing `rel` (start <= rel <= end), or -1 when rel is not inside the braces. */
export function argumentIndexAt(call: CallNode, rel: number): number {
  if (rel <= call.open) return -1;
  if (call.close >= 0 ? rel > call.close : rel > call.end) return -1;
  const args = call.args;
  let lo = 0;
  let hi = args.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (args[mid].start <= rel) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The nesting at an absolute offset: the statement, and the chain of nodes
 * (calls with the argument index, groups, escapes, bare calls, comments)
 * containing it. Iterative: any depth.
 */
export function nodeAt(tree: SyntaxTree, offset: number): NodePath {
  const index = statementIndexAt(tree, offset);
  if (index < 0) {
    return { index, statement: undefined, base: 0, relative: 0, path: [], call: undefined, argIndex: -1, argument: undefined };
  }
  const statement = tree.statements[index];
  const base = tree.starts[index];
  const rel = clampInt(offset, 0, tree.text.length) - base;
  const path: PathEntry[] = [];
  let call: CallNode | undefined;
  let argIndex = -1;
  let argument: Argument | undefined;
  if (statement.kind === StatementKind.Body) {
    let nodes: readonly TopLevelNode[] = statement.nodes;
    for (;;) {
      const node = findNode(nodes, rel);
      if (node === undefined) break;
      if (node.kind === NodeKind.Call) {
        const ai = argumentIndexAt(node, rel);
        path.push({ node, argIndex: ai });
        if (ai < 0) break;
        call = node;
        argIndex = ai;
        argument = node.args[ai];
        nodes = argument.nodes;
      } else if (node.kind === NodeKind.Group) {
        path.push({ node, argIndex: -1 });
        const g = node as GroupNode;
        if (rel === g.start) break;
        if (g.close >= 0 && rel > g.close) break;
        nodes = g.nodes as readonly ContentNode[];
      } else {
        path.push({ node, argIndex: -1 });
        break;
      }
    }
  }
  return { index, statement, base, relative: rel, path, call, argIndex, argument };
}
