/**
 * Full parse of a command file into the flat statement list of tree.ts.
 *
 * One pass over the text, one `charCodeAt` per character, a `switch` on the
 * few characters that matter (`\n \r / ; Z \ { }`), no regular expressions,
 * no slicing except for the names of bare-call candidates. Nesting uses an
 * explicit, reused frame stack, so depth is bounded by memory, not by the
 * JavaScript call stack. The rules are recorded in docs/notes/syntax.md.
 */
import {
  Argument,
  BodyStatement,
  CallNode,
  CommentNode,
  ContentNode,
  GroupNode,
  NodeKind,
  Statement,
  StatementKind,
  SyntaxError,
  SyntaxErrorCode,
  SyntaxTree,
  TopLevelNode,
} from './tree';

export interface ParseOptions {
  /** True when `name` (leading `Z` included) may be called without braces. */
  isBareCallable(name: string): boolean;
}

/** Header directives the engine knows; used to recover from an unclosed brace. */
export const KNOWN_DIRECTIVES: readonly string[] = ['#trigger', '#name', '#type', '#description', '#scope', '#option'];

const EMPTY: readonly never[] = Object.freeze([]) as readonly never[];

// Character codes.
const LF = 10;
const CR = 13;
const SPACE = 32;
const TAB = 9;
const HASH = 35;
const SLASH = 47;
const SEMI = 59;
const Z = 90;
const BACKSLASH = 92;
const OPEN = 123;
const CLOSE = 125;

/** White space inside a line: space, tab, vertical tab, form feed, NBSP, BOM. */
export function isInlineSpace(c: number): boolean {
  return c === SPACE || c === TAB || c === 11 || c === 12 || c === 0xa0 || c === 0xfeff;
}

/** ASCII letter or digit (the characters of a function name). */
export function isAlnum(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
}

function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

// ---------------------------------------------------------------------------
// Mutable node shapes used while building (the public types are readonly).

/**
 * A call node. To keep the tree small (the 10 MiB benchmark file holds ~330k
 * calls), `kind` and `open` are prototype getters and the `args` objects are
 * derived on first access from `open`, `separators`, `close`/`end` and
 * `argNodes` (the nodes of each argument; null when every argument is plain
 * text), then cached on the node as a non-enumerable property. Deep equality
 * (own enumerable properties) and `toJSON` therefore see the same data for a
 * node whether or not its arguments were read.
 */
export class CallNodeImpl implements CallNode {
  constructor(
    public start: number,
    public end: number,
    public nameEnd: number,
    public close: number,
    public separators: readonly number[],
    public argNodes: readonly (readonly ContentNode[])[] | null,
  ) {}

  get kind(): NodeKind.Call {
    return NodeKind.Call;
  }

  get open(): number {
    return this.nameEnd;
  }

  get args(): readonly Argument[] {
    const seps = this.separators;
    const n = seps.length + 1;
    const argNodes = this.argNodes;
    const args: Argument[] = new Array(n);
    let at = this.nameEnd + 1;
    for (let i = 0; i < n; i++) {
      const end = i < n - 1 ? seps[i] : this.close >= 0 ? this.close : this.end;
      args[i] = { start: at, end, nodes: argNodes === null ? EMPTY : argNodes[i] };
      at = end + 1;
    }
    Object.defineProperty(this, 'args', { value: args, enumerable: false, writable: false, configurable: false });
    return args;
  }

  toJSON(): object {
    return {
      kind: this.kind,
      start: this.start,
      end: this.end,
      nameEnd: this.nameEnd,
      open: this.open,
      close: this.close,
      args: this.args,
      separators: this.separators,
    };
  }
}

type MCall = CallNodeImpl;

interface MGroup {
  kind: NodeKind.Group;
  start: number;
  end: number;
  close: number;
  nodes: readonly ContentNode[];
}

/** One open brace on the explicit stack. Frames are pooled and reused. */
class Frame {
  call: MCall | null = null;
  group: MGroup | null = null;
  /** Relative start of the current argument (calls). */
  argStart = 0;
  /**
   * Scratch buffers (reused for every brace at this depth): nodes of the
   * current argument / group, finished arguments, separator offsets. They are
   * copied out at exact size when the brace closes, so the tree holds no
   * over-allocated arrays.
   */
  nodes: ContentNode[] = [];
  nodeCount = 0;
  /** Nodes of each finished argument (EMPTY for plain-text ones). */
  args: (readonly ContentNode[])[] = [];
  argCount = 0;
  /** True when some finished argument of the call has nodes. */
  argsHaveNodes = false;
  seps: number[] = [];
}

/** An exact-size copy of buf[0..n), or the shared empty array. */
function copyOut<T>(buf: T[], n: number): T[] {
  if (n === 0) return EMPTY as unknown as T[];
  if (n === 1) return [buf[0]];
  if (n === 2) return [buf[0], buf[1]];
  return buf.slice(0, n);
}

/** Character classes for the body loop: 0 = plain text, else handled in the switch. */
const SPECIAL = new Uint8Array(128);
for (const ch of [10, 13, 47, 59, 90, 92, 123, 125]) SPECIAL[ch] = 1;

const MESSAGES = {
  unclosedCall: (name: string) =>
    `${name}{ is never closed: add a } to end the call. Everything after the { up to here is read as its arguments.`,
  unclosedBrace: 'This { is never closed: add a } to match it, or write \\{ for a literal brace.',
  stray: 'This } does not close anything: remove it, or write \\} for a literal brace.',
  missingName: 'A Z directly followed by { has no function name: write Zname{...}, or \\Z for a literal Z.',
};

/**
 * Parses statements one after another. `pos` is the absolute position of the
 * next statement. Kept as a class so incremental reparse can drive it one
 * statement at a time.
 */
export class StatementParser {
  private readonly frames: Frame[] = [];
  /** Absolute end of the statement last returned by `next()`. */
  end = 0;
  /** Furthest offset examined past a line break by header-recovery look-ahead during the last `next()` (-1 if none). */
  probe = -1;

  constructor(
    private readonly text: string,
    private readonly options: ParseOptions,
  ) {}

  /** Parses the statement starting at `start` (a line start at brace depth 0); sets `this.end`. */
  next(start: number): Statement {
    const text = this.text;
    const len = text.length;
    let pos = start;
    let c = 0;
    this.probe = -1;
    // Leading white space decides the statement kind.
    while (pos < len) {
      c = text.charCodeAt(pos);
      if (!isInlineSpace(c)) break;
      pos++;
    }
    if (pos >= len || c === LF || c === CR) {
      this.end = pos >= len ? len : lineBreakEnd(text, pos);
      return { kind: StatementKind.Blank, length: this.end - start };
    }
    if (c === SLASH && pos + 1 < len && text.charCodeAt(pos + 1) === SLASH) {
      const lineEnd = findLineEnd(text, pos + 2);
      this.end = lineBreakEnd(text, lineEnd);
      return { kind: StatementKind.Comment, length: this.end - start, start: pos - start, end: lineEnd - start };
    }
    if (c === HASH) {
      let p = pos + 1;
      while (p < len && isLetter(text.charCodeAt(p))) p++;
      const nameEnd = p;
      const lineEnd = findLineEnd(text, p);
      while (p < lineEnd && isInlineSpace(text.charCodeAt(p))) p++;
      const valueStart = p;
      let q = lineEnd;
      while (q > valueStart && isInlineSpace(text.charCodeAt(q - 1))) q--;
      this.end = lineBreakEnd(text, lineEnd);
      return {
        kind: StatementKind.Header,
        length: this.end - start,
        start: pos - start,
        nameEnd: nameEnd - start,
        valueStart: valueStart - start,
        valueEnd: q - start,
        end: lineEnd - start,
      };
    }
    return this.body(start, pos);
  }

  private frameAt(depth: number): Frame {
    let f = this.frames[depth];
    if (f === undefined) {
      f = new Frame();
      this.frames[depth] = f;
    }
    return f;
  }

  private body(start: number, pos: number): BodyStatement {
    const text = this.text;
    const len = text.length;
    const options = this.options;
    const frames = this.frames;
    let errors: SyntaxError[] | null = null;
    // frames[0] collects the top-level nodes; frames[depth] is the innermost open brace.
    let depth = 0;
    let cur = this.frameAt(0);
    cur.nodeCount = 0;
    let contentEnd = -1;
    let stmtEnd = -1;

    while (pos < len) {
      let c = text.charCodeAt(pos);
      // Fast path: plain text.
      while (c >= 128 || SPECIAL[c] === 0) {
        if (++pos >= len) break;
        c = text.charCodeAt(pos);
      }
      if (pos >= len) break;
      switch (c) {
        case LF:
        case CR: {
          const after = lineBreakEnd(text, pos);
          if (depth === 0) {
            contentEnd = pos;
            stmtEnd = after;
            break;
          }
          const recovered = startsWithKnownDirective(text, after);
          if (probeEnd > this.probe) this.probe = probeEnd;
          if (recovered) {
            contentEnd = pos;
            stmtEnd = after;
            break;
          }
          pos = after;
          continue;
        }
        case SLASH: {
          if (depth === 0 && pos + 1 < len && text.charCodeAt(pos + 1) === SLASH) {
            const lineEnd = findLineEnd(text, pos + 2);
            const node: CommentNode = { kind: NodeKind.Comment, start: pos - start, end: lineEnd - start };
            cur.nodes[cur.nodeCount++] = node as unknown as ContentNode;
            contentEnd = lineEnd;
            stmtEnd = lineBreakEnd(text, lineEnd);
            break;
          }
          pos++;
          continue;
        }
        case SEMI: {
          if (cur.call !== null) {
            const rel = pos - start;
            if (cur.nodeCount > 0) {
              cur.args[cur.argCount] = copyOut(cur.nodes, cur.nodeCount);
              cur.argsHaveNodes = true;
            } else cur.args[cur.argCount] = EMPTY;
            cur.seps[cur.argCount++] = rel;
            cur.nodeCount = 0;
            cur.argStart = rel + 1;
          }
          pos++;
          continue;
        }
        case BACKSLASH: {
          if (pos + 1 < len) {
            const d = text.charCodeAt(pos + 1);
            if (d === OPEN || d === CLOSE || d === SEMI || d === BACKSLASH) {
              cur.nodes[cur.nodeCount++] = { kind: NodeKind.Escape, start: pos - start, end: pos + 2 - start };
              pos += 2;
              continue;
            }
            if (d === Z && pos + 2 < len && isAlnum(text.charCodeAt(pos + 2))) {
              let p = pos + 3;
              while (p < len && isAlnum(text.charCodeAt(p))) p++;
              cur.nodes[cur.nodeCount++] = { kind: NodeKind.Escape, start: pos - start, end: p - start };
              pos = p;
              continue;
            }
          }
          pos++;
          continue;
        }
        case Z: {
          let p = pos + 1;
          while (p < len && isAlnum(text.charCodeAt(p))) p++;
          if (p < len && text.charCodeAt(p) === OPEN) {
            // A call: push a frame.
            const rel = pos - start;
            const call = new CallNodeImpl(rel, -1, p - start, -1, EMPTY, null);
            if (p === pos + 1) {
              (errors ??= []).push({ code: SyntaxErrorCode.MissingName, start: rel, end: rel + 2, message: MESSAGES.missingName });
            }
            cur.nodes[cur.nodeCount++] = call;
            cur = this.frameAt(++depth);
            cur.call = call;
            cur.group = null;
            cur.argStart = p + 1 - start;
            cur.nodeCount = 0;
            cur.argCount = 0;
            cur.argsHaveNodes = false;
            pos = p + 1;
            continue;
          }
          if (p > pos + 1 && (pos === start || !isAlnum(text.charCodeAt(pos - 1))) && options.isBareCallable(text.slice(pos, p))) {
            cur.nodes[cur.nodeCount++] = { kind: NodeKind.BareCall, start: pos - start, end: p - start };
          }
          pos = p;
          continue;
        }
        case OPEN: {
          const group: MGroup = { kind: NodeKind.Group, start: pos - start, end: -1, close: -1, nodes: EMPTY };
          cur.nodes[cur.nodeCount++] = group as GroupNode;
          cur = this.frameAt(++depth);
          cur.call = null;
          cur.group = group;
          cur.nodeCount = 0;
          cur.argCount = 0;
          pos++;
          continue;
        }
        case CLOSE: {
          const rel = pos - start;
          if (depth === 0) {
            cur.nodes[cur.nodeCount++] = { kind: NodeKind.StrayClose, start: rel, end: rel + 1 };
            (errors ??= []).push({ code: SyntaxErrorCode.StrayClose, start: rel, end: rel + 1, message: MESSAGES.stray });
          } else {
            closeFrame(cur, rel, rel, rel + 1);
            cur = frames[--depth];
          }
          pos++;
          continue;
        }
        default:
          pos++;
          continue;
      }
      break; // statement ended (line break or comment)
    }
    if (stmtEnd < 0) {
      contentEnd = len;
      stmtEnd = len;
    }
    const relEnd = contentEnd - start;
    if (depth > 0) {
      // Unclosed braces: report outermost first, then close innermost first.
      const unclosed: SyntaxError[] = [];
      for (let i = 1; i <= depth; i++) {
        const f = frames[i];
        if (f.call !== null) {
          const call = f.call;
          unclosed.push({
            code: SyntaxErrorCode.UnclosedCall,
            start: call.start,
            end: call.open + 1,
            message: MESSAGES.unclosedCall(text.slice(start + call.start, start + call.nameEnd)),
          });
        } else {
          const g = f.group!;
          unclosed.push({ code: SyntaxErrorCode.UnclosedBrace, start: g.start, end: g.start + 1, message: MESSAGES.unclosedBrace });
        }
      }
      for (let i = depth; i >= 1; i--) closeFrame(frames[i], -1, relEnd, relEnd);
      if (errors === null) errors = unclosed;
      else {
        errors = errors.concat(unclosed);
        errors.sort(byStart);
      }
    }
    const root = frames[0];
    const nodes = copyOut(root.nodes, root.nodeCount) as TopLevelNode[];
    root.nodeCount = 0;
    this.end = stmtEnd;
    return { kind: StatementKind.Body, length: stmtEnd - start, end: relEnd, nodes, errors: errors ?? EMPTY };
  }
}

function byStart(a: SyntaxError, b: SyntaxError): number {
  return a.start - b.start;
}

/** Closes a frame: `close` is the `}` offset or -1; `argEnd` ends the last argument; `end` ends the node. */
function closeFrame(f: Frame, close: number, argEnd: number, end: number): void {
  if (f.call !== null) {
    const call = f.call;
    const n = f.argCount;
    if (f.nodeCount > 0) {
      f.args[n] = copyOut(f.nodes, f.nodeCount);
      f.argsHaveNodes = true;
    } else f.args[n] = EMPTY;
    if (f.argsHaveNodes) call.argNodes = copyOut(f.args, n + 1);
    if (n > 0) call.separators = copyOut(f.seps, n);
    call.close = close;
    call.end = end;
    f.call = null;
  } else {
    const g = f.group!;
    g.close = close;
    g.end = end;
    g.nodes = copyOut(f.nodes, f.nodeCount);
    f.group = null;
  }
  f.nodeCount = 0;
  f.argCount = 0;
}

/** Absolute offset of the first `\n`/`\r` at or after `pos`, or the text length. */
export function findLineEnd(text: string, pos: number): number {
  const len = text.length;
  while (pos < len) {
    const c = text.charCodeAt(pos);
    if (c === LF || c === CR) return pos;
    pos++;
  }
  return len;
}

/** Offset just past the line break at `pos` (`\r\n` counts as one); `pos` if none. */
export function lineBreakEnd(text: string, pos: number): number {
  const c = text.charCodeAt(pos);
  if (c === LF) return pos + 1;
  if (c === CR) return text.charCodeAt(pos + 1) === LF ? pos + 2 : pos + 1;
  return pos;
}

/** Offset of the last character examined by the latest `startsWithKnownDirective` call. */
let probeEnd = -1;

/** True when the line at `pos` starts (after white space) with a known directive such as `#trigger`. */
export function startsWithKnownDirective(text: string, pos: number): boolean {
  const len = text.length;
  while (pos < len && isInlineSpace(text.charCodeAt(pos))) pos++;
  probeEnd = pos;
  if (pos >= len || text.charCodeAt(pos) !== HASH) return false;
  let p = pos + 1;
  while (p < len && isLetter(text.charCodeAt(p))) p++;
  probeEnd = p;
  const n = p - pos;
  if (n < 5 || n > 12) return false;
  for (const d of KNOWN_DIRECTIVES) {
    if (d.length === n && text.startsWith(d, pos)) return true;
  }
  return false;
}

/** Parses a whole command file. Never throws on any string input. */
export function parseCommandFile(text: string, options: ParseOptions): SyntaxTree {
  const parser = new StatementParser(text, options);
  const statements: Statement[] = [];
  let startsArr = new Int32Array(64);
  let count = 0;
  let pos = 0;
  const len = text.length;
  while (pos < len) {
    if (count + 1 >= startsArr.length) {
      const bigger = new Int32Array(startsArr.length * 2);
      bigger.set(startsArr);
      startsArr = bigger;
    }
    startsArr[count++] = pos;
    statements.push(parser.next(pos));
    pos = parser.end;
  }
  startsArr[count] = len;
  const starts = startsArr.slice(0, count + 1);
  return { text, statements, starts };
}
