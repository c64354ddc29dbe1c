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

interface MCall {
  kind: NodeKind.Call;
  start: number;
  end: number;
  nameEnd: number;
  open: number;
  close: number;
  args: Argument[];
  separators: number[];
}

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
  /** Nodes of the current argument / group, allocated on first use. */
  nodes: ContentNode[] | null = null;
  /** Separators and args for calls, allocated on first `;`. */
  args: Argument[] | null = null;
  seps: number[] | null = null;
}

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
    let top: TopLevelNode[] | null = null;
    let errors: SyntaxError[] | null = null;
    let depth = 0;
    let frame: Frame | null = null;
    let contentEnd = -1;
    let stmtEnd = -1;

    while (pos < len) {
      const c = text.charCodeAt(pos);
      if (c > CLOSE || (c < OPEN && c !== Z && c !== BACKSLASH && c !== SEMI && c !== SLASH && c !== LF && c !== CR)) {
        pos++;
        continue;
      }
      switch (c) {
        case LF:
        case CR: {
          const after = lineBreakEnd(text, pos);
          if (depth === 0) {
            contentEnd = pos;
            stmtEnd = after;
            break;
          }
          if (startsWithKnownDirective(text, after)) {
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
            (top ??= []).push(node);
            contentEnd = lineEnd;
            stmtEnd = lineBreakEnd(text, lineEnd);
            break;
          }
          pos++;
          continue;
        }
        case SEMI: {
          if (frame !== null && frame.call !== null) {
            const rel = pos - start;
            const arg: Argument = { start: frame.argStart, end: rel, nodes: frame.nodes ?? EMPTY };
            (frame.args ??= []).push(arg);
            (frame.seps ??= []).push(rel);
            frame.nodes = null;
            frame.argStart = rel + 1;
          }
          pos++;
          continue;
        }
        case BACKSLASH: {
          if (pos + 1 < len) {
            const d = text.charCodeAt(pos + 1);
            if (d === OPEN || d === CLOSE || d === SEMI || d === BACKSLASH) {
              const node = { kind: NodeKind.Escape as const, start: pos - start, end: pos + 2 - start };
              if (frame === null) (top ??= []).push(node);
              else (frame.nodes ??= []).push(node);
              pos += 2;
              continue;
            }
            if (d === Z && pos + 2 < len && isAlnum(text.charCodeAt(pos + 2))) {
              let p = pos + 3;
              while (p < len && isAlnum(text.charCodeAt(p))) p++;
              const node = { kind: NodeKind.Escape as const, start: pos - start, end: p - start };
              if (frame === null) (top ??= []).push(node);
              else (frame.nodes ??= []).push(node);
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
            const call: MCall = {
              kind: NodeKind.Call,
              start: rel,
              end: -1,
              nameEnd: p - start,
              open: p - start,
              close: -1,
              args: EMPTY as unknown as Argument[],
              separators: EMPTY as unknown as number[],
            };
            if (p === pos + 1) {
              (errors ??= []).push({ code: SyntaxErrorCode.MissingName, start: rel, end: rel + 2, message: MESSAGES.missingName });
            }
            if (frame === null) (top ??= []).push(call as CallNode);
            else (frame.nodes ??= []).push(call as CallNode);
            frame = this.frameAt(depth++);
            frame.call = call;
            frame.group = null;
            frame.argStart = p + 1 - start;
            frame.nodes = null;
            frame.args = null;
            frame.seps = null;
            pos = p + 1;
            continue;
          }
          if (p > pos + 1 && (pos === start || !isAlnum(text.charCodeAt(pos - 1))) && options.isBareCallable(text.slice(pos, p))) {
            const node = { kind: NodeKind.BareCall as const, start: pos - start, end: p - start };
            if (frame === null) (top ??= []).push(node);
            else (frame.nodes ??= []).push(node);
          }
          pos = p;
          continue;
        }
        case OPEN: {
          const group: MGroup = { kind: NodeKind.Group, start: pos - start, end: -1, close: -1, nodes: EMPTY };
          if (frame === null) (top ??= []).push(group as GroupNode);
          else (frame.nodes ??= []).push(group as GroupNode);
          frame = this.frameAt(depth++);
          frame.call = null;
          frame.group = group;
          frame.nodes = null;
          pos++;
          continue;
        }
        case CLOSE: {
          const rel = pos - start;
          if (frame === null) {
            (top ??= []).push({ kind: NodeKind.StrayClose, start: rel, end: rel + 1 });
            (errors ??= []).push({ code: SyntaxErrorCode.StrayClose, start: rel, end: rel + 1, message: MESSAGES.stray });
          } else {
            closeFrame(frame, rel, rel, rel + 1);
            depth--;
            frame = depth > 0 ? this.frames[depth - 1] : null;
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
      for (let i = 0; i < depth; i++) {
        const f = this.frames[i];
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
      for (let i = depth - 1; i >= 0; i--) closeFrame(this.frames[i], -1, relEnd, relEnd);
      if (errors === null) errors = unclosed;
      else {
        errors = errors.concat(unclosed);
        errors.sort(byStart);
      }
    }
    // Release references held by pooled frames.
    for (let i = 0; i < depth; i++) {
      const f = this.frames[i];
      f.call = null;
      f.group = null;
      f.nodes = null;
      f.args = null;
      f.seps = null;
    }
    this.end = stmtEnd;
    return { kind: StatementKind.Body, length: stmtEnd - start, end: relEnd, nodes: top ?? EMPTY, errors: errors ?? EMPTY };
  }
}

function byStart(a: SyntaxError, b: SyntaxError): number {
  return a.start - b.start;
}

/** Closes a frame: `close` is the `}` offset or -1; `argEnd` ends the last argument; `end` ends the node. */
function closeFrame(f: Frame, close: number, argEnd: number, end: number): void {
  if (f.call !== null) {
    const call = f.call;
    const last: Argument = { start: f.argStart, end: argEnd, nodes: f.nodes ?? EMPTY };
    if (f.args === null) call.args = [last];
    else {
      f.args.push(last);
      call.args = f.args;
      call.separators = f.seps!;
    }
    call.close = close;
    call.end = end;
    f.call = null;
    f.args = null;
    f.seps = null;
  } else {
    const g = f.group!;
    g.close = close;
    g.end = end;
    if (f.nodes !== null) g.nodes = f.nodes;
    f.group = null;
  }
  f.nodes = null;
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

/** True when the line at `pos` starts (after white space) with a known directive such as `#trigger`. */
export function startsWithKnownDirective(text: string, pos: number): boolean {
  const len = text.length;
  while (pos < len && isInlineSpace(text.charCodeAt(pos))) pos++;
  if (pos >= len || text.charCodeAt(pos) !== HASH) return false;
  let p = pos + 1;
  while (p < len && isLetter(text.charCodeAt(p))) p++;
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
