/**
 * Full parse of a command file into the flat statement list of tree.ts.
 *
 * Two levels. `parseCommandFile` runs a *statement scan*: one pass, one
 * `charCodeAt` per character, tracking only what decides where a statement
 * ends (brace depth, escapes, `//` at depth 0, line breaks, header recovery).
 * It builds `starts` and one small object per statement; blank, comment and
 * header statements are complete, body statements (`BodyStatementImpl`) build
 * their node lists and errors from the text on first access, with the
 * statement parser below. The statement parser (`StatementParser`, used
 * eagerly by incremental reparse) has a `switch` on the few characters that
 * matter (`\n \r / ; Z \ { }`), no regular expressions, no slicing except for
 * the names of bare-call candidates. Nesting uses an explicit, reused frame
 * stack, so depth is bounded by memory, not by the JavaScript call stack. The
 * rules are recorded in docs/notes/syntax.md.
 */
import {
  type Argument,
  type BodyStatement,
  type CallNode,
  type CommentNode,
  type ContentNode,
  type GroupNode,
  NodeKind,
  type Statement,
  StatementKind,
  type SyntaxError,
  SyntaxErrorCode,
  type SyntaxTree,
  type TopLevelNode,
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
 * A call node while and after it is built: the CallNode data that is stored.
 * To keep the tree small (the 10 MiB benchmark file holds ~330k calls),
 * `kind` and `open` are prototype getters, and the call holds the nodes of all
 * its arguments as one list, `inner` (text order; null when every argument is
 * plain text). The `args` objects are derived on first access from `open`,
 * `separators`, `close`/`end` and `inner` (an argument's nodes are the run of
 * `inner` that starts inside it: `inner` itself when that is all of them, as
 * for every one-argument call), then cached on the node as a non-enumerable
 * property. Deep equality (own enumerable properties) and `toJSON` therefore
 * see the same data for a node whether or not its arguments were read.
 */
export class CallNodeImpl implements CallNode {
  end = -1;
  close = -1;
  inner: readonly ContentNode[] | null = null;

  constructor(
    public start: number,
    public nameEnd: number,
    public separators: readonly number[],
  ) {}

  get kind(): NodeKind.Call {
    return NodeKind.Call;
  }

  get open(): number {
    return this.nameEnd;
  }

  /** Built on first read, then kept as an own property (a node is read often, built once). */
  get args(): readonly Argument[] {
    return callArgs(this);
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

function callArgs(call: CallNodeImpl): readonly Argument[] {
  const seps = call.separators;
  const n = seps.length + 1;
  const inner = call.inner;
  const count = inner === null ? 0 : inner.length;
  const args: Argument[] = new Array(n);
  let at = call.nameEnd + 1;
  let k = 0;
  for (let i = 0; i < n; i++) {
    const last = i === n - 1;
    const end = !last ? seps[i] : call.close >= 0 ? call.close : call.end;
    let j = k;
    if (last) j = count;
    else while (j < count && inner![j].start < end) j++;
    const nodes = j === k ? EMPTY : k === 0 && j === count ? inner! : inner!.slice(k, j);
    args[i] = { start: at, end, nodes };
    k = j;
    at = end + 1;
  }
  Object.defineProperty(call, 'args', { value: args, enumerable: false, writable: false, configurable: false });
  return args;
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
  /**
   * Scratch buffers (reused for every brace at this depth): the nodes inside
   * the brace (all arguments of a call), separator offsets. They are copied
   * out at exact size when the brace closes, so the tree holds no
   * over-allocated arrays.
   */
  nodes: ContentNode[] = [];
  nodeCount = 0;
  seps: number[] = [];
  sepCount = 0;
}

/*
 * Exact-size copies of buf[0..n) (the shared empty array for n = 0). Array
 * literals up to 8 elements, not `slice`: a literal has an allocation site, so
 * V8 learns that these arrays survive and allocates them in old space directly
 * (pretenuring) instead of copying each one out of the young generation twice.
 * One function per kind of array, so each kind has its own sites.
 */
/** A node list (statement, argument, group). */
function copyNodes(buf: ContentNode[], n: number): ContentNode[] {
  if (n === 0) return EMPTY as unknown as ContentNode[];
  const out: ContentNode[] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = buf[i];
  return out;
}

/** Separator offsets. */
function copySeps(buf: number[], n: number): number[] {
  const out: number[] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = buf[i];
  return out;
}

/** Character classes for the body loop: 0 = plain text, else handled in the switch. */
const SPECIAL = new Uint8Array(128);
for (const ch of [10, 13, 47, 59, 90, 92, 123, 125]) SPECIAL[ch] = 1;

const MESSAGES = {
  unclosedCall: (name: string) => `${name}{ is never closed: add a } to end the call. The engine never loads this statement or anything after it.`,
  unclosedBrace: 'This { is never closed: add a } to match it, or write \\{ for a literal brace.',
  stray:
    "This } does not close anything: remove it, or write \\} for a literal brace. The engine's brace count goes below zero here, so it reads the following lines into this statement until the count is back to zero (to the end of the file, it loads none of them).",
  missingName:
    'A Z directly followed by { has no function name: the engine calls nothing here and writes it as text, "Z{" and all. Write Zname{...} to call a function, or \\Z for a literal Z.',
};

/** Blank and comment statements: complete plain objects (shared by the scan and the statement parser). */
function blankStatement(length: number): Statement {
  return { kind: StatementKind.Blank, length };
}

/** A whole-line comment statement: `pos` is the `//`, `lineEnd` the end of the line's content, `end` past its line break. */
function commentStatement(start: number, pos: number, lineEnd: number, end: number): Statement {
  return { kind: StatementKind.Comment, length: end - start, start: pos - start, end: lineEnd - start };
}

/** A header statement starting at `start` whose `#` is at `pos` (it ends at `start + length`). */
function headerStatement(text: string, start: number, pos: number): Statement {
  const len = text.length;
  let p = pos + 1;
  while (p < len && isLetter(text.charCodeAt(p))) p++;
  const nameEnd = p;
  const lineEnd = findLineEnd(text, p);
  while (p < lineEnd && isInlineSpace(text.charCodeAt(p))) p++;
  const valueStart = p;
  let q = lineEnd;
  while (q > valueStart && isInlineSpace(text.charCodeAt(q - 1))) q--;
  const end = lineBreakEnd(text, lineEnd);
  return {
    kind: StatementKind.Header,
    length: end - start,
    start: pos - start,
    nameEnd: nameEnd - start,
    valueStart: valueStart - start,
    valueEnd: q - start,
    end: lineEnd - start,
  };
}

/**
 * The answers of `isBareCallable` during one parse, kept by name in a small
 * hash table so that a name seen before (`Zusername` on every other line) is
 * neither sliced out of the text again nor asked again. One per full parse
 * (shared by its lazily built statements) and one per `StatementParser`, so an
 * answer never outlives the parse it was given for (see `ParseOptions`).
 */
class BareNames {
  /** Allocated on the first question (incremental reparse makes a parser per edit, often with no candidate). */
  private names: (string | null)[] | null = null;
  private answers: Uint8Array | null = null;

  /** `slots` is a power of two. */
  constructor(
    readonly options: ParseOptions,
    private readonly slots: number,
  ) {}

  /** isBareCallable(text[pos, end)). */
  ask(text: string, pos: number, end: number): boolean {
    let h = 0;
    for (let q = pos + 1; q < end; q++) h = (h * 31 + text.charCodeAt(q)) | 0;
    const slot = (h ^ (h >>> 9) ^ (end - pos)) & (this.slots - 1);
    if (this.names === null) {
      this.names = new Array<string | null>(this.slots).fill(null);
      this.answers = new Uint8Array(this.slots);
    }
    const known = this.names[slot];
    if (known !== null && known.length === end - pos) {
      let q = 1;
      while (q < known.length && known.charCodeAt(q) === text.charCodeAt(pos + q)) q++;
      if (q === known.length) return this.answers![slot] === 1;
    }
    const name = text.slice(pos, end);
    const yes = this.options.isBareCallable(name);
    this.names[slot] = name;
    this.answers![slot] = yes ? 1 : 0;
    return yes;
  }
}

/** What a body statement scanned by `parseCommandFile` needs to build its nodes later: the text and the options. */
class Source {
  #bare: BareNames | null = null;

  constructor(
    readonly text: string,
    readonly options: ParseOptions,
  ) {}

  get bare(): BareNames {
    return (this.#bare ??= new BareNames(this.options, 256));
  }
}

/** The nodes and errors of a built body statement that has errors. */
class NodesAndErrors {
  constructor(
    readonly nodes: readonly TopLevelNode[],
    readonly errors: readonly SyntaxError[],
  ) {}
}

/**
 * A body statement. Built either complete (by `StatementParser`, i.e. by
 * incremental reparse) or by the full parse's scan, which only knows its
 * length, its line break's length and whether it was left with open braces:
 * then `nodes` and `errors` are built on first access of either, by parsing
 * the statement in the text it was scanned from (the statement keeps the
 * `Source` until then). The result is the same either way (the property tests
 * compare the two).
 *
 * Small on purpose (three fields): the scan makes one per body line, they all
 * survive, and V8 copies every surviving class instance out of the young
 * generation (object literals, like the other statements, get pretenured;
 * instances of a class with accessors cannot be literals). `kind`, `end`,
 * `nodes` and `errors` are prototype getters, `length` is the only own
 * enumerable property in both states; `toJSON` emits the full interface shape.
 */
export class BodyStatementImpl implements BodyStatement {
  declare readonly length: number;
  /** Not built: the Source. Built: the nodes, or NodesAndErrors when there are errors. */
  #data: Source | readonly TopLevelNode[] | NodesAndErrors;
  /** at * 8 + (length of the final line break) * 2 + (1 if braces were left open); `at` (the absolute start in the source text) is 0 once built. */
  #state: number;

  constructor(length: number, lineBreak: number, unclosed: boolean, data: Source | readonly TopLevelNode[] | NodesAndErrors, at: number) {
    this.length = length;
    this.#data = data;
    this.#state = at * 8 + lineBreak * 2 + (unclosed ? 1 : 0);
  }

  /** A built statement. */
  static built(length: number, end: number, unclosed: boolean, nodes: readonly TopLevelNode[], errors: readonly SyntaxError[]): BodyStatementImpl {
    return new BodyStatementImpl(length, length - end, unclosed, errors.length === 0 ? nodes : new NodesAndErrors(nodes, errors), 0);
  }

  get kind(): StatementKind.Body {
    return StatementKind.Body;
  }

  get end(): number {
    return this.length - ((this.#state % 8) >> 1);
  }

  get nodes(): readonly TopLevelNode[] {
    let data = this.#data;
    if (data instanceof Source) data = this.#build(data);
    return data instanceof NodesAndErrors ? data.nodes : (data as readonly TopLevelNode[]);
  }

  get errors(): readonly SyntaxError[] {
    let data = this.#data;
    if (data instanceof Source) data = this.#build(data);
    return data instanceof NodesAndErrors ? data.errors : (EMPTY as readonly SyntaxError[]);
  }

  /** True when the statement was left with open braces (it may have been ended by header recovery). Builds nothing. */
  static hasUnclosed(st: BodyStatementImpl): boolean {
    return st.#state % 2 === 1;
  }

  /** True once `nodes` and `errors` exist. */
  static isBuilt(st: BodyStatementImpl): boolean {
    return !(st.#data instanceof Source);
  }

  #build(src: Source): readonly TopLevelNode[] | NodesAndErrors {
    const low = this.#state % 8;
    const at = (this.#state - low) / 8;
    if (src === BUILDING) throw new Error('A statement was read while its own nodes were being built (from ParseOptions.isBareCallable).');
    let bp = spareBodyParser;
    spareBodyParser = null; // a re-entrant build (from isBareCallable) gets its own parser
    if (bp === null) bp = new BodyParser();
    this.#data = BUILDING;
    try {
      bp.text = src.text;
      bp.bare = src.bare;
      bp.run(at, at);
      const data = bp.errors.length === 0 ? bp.nodes : new NodesAndErrors(bp.nodes, bp.errors);
      this.#data = data;
      this.#state = low;
      return data;
    } catch (error) {
      this.#data = src;
      throw error;
    } finally {
      bp.nodes = EMPTY;
      bp.errors = EMPTY;
      bp.text = '';
      bp.bare = NO_BARE;
      spareBodyParser = bp;
    }
  }

  toJSON(): object {
    return { kind: this.kind, length: this.length, end: this.end, nodes: this.nodes, errors: this.errors };
  }
}

const NO_OPTIONS: ParseOptions = { isBareCallable: () => false };

/** Marks a body statement whose nodes are being built. */
const BUILDING = new Source('', NO_OPTIONS);

const NO_BARE = new BareNames(NO_OPTIONS, 1);

/** The body parser lazily built statements borrow (null while borrowed). */
let spareBodyParser: BodyParser | null = null;

/** True when `st` is a body left with open braces (see `BodyStatementImpl.hasUnclosed`). */
export function hasUnclosedBraces(st: Statement): boolean {
  if (st.kind !== StatementKind.Body) return false;
  if (st instanceof BodyStatementImpl) return BodyStatementImpl.hasUnclosed(st);
  const errors = st.errors;
  for (let i = errors.length - 1; i >= 0; i--) {
    const code = errors[i].code;
    if (code === SyntaxErrorCode.UnclosedCall || code === SyntaxErrorCode.UnclosedBrace) return true;
  }
  return false;
}

/**
 * Parses statements one after another, completely (nodes and errors built).
 * `pos` is the absolute position of the next statement. Kept as a class so
 * incremental reparse can drive it one statement at a time.
 */
export class StatementParser {
  private readonly bp = new BodyParser();
  /** Absolute end of the statement last returned by `next()`. */
  end = 0;
  /** Furthest offset examined past a line break by header-recovery look-ahead during the last `next()` (-1 if none). */
  probe = -1;

  constructor(
    private readonly text: string,
    options: ParseOptions,
  ) {
    this.bp.text = text;
    this.bp.bare = new BareNames(options, 16);
  }

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
      return blankStatement(this.end - start);
    }
    if (c === SLASH && pos + 1 < len && text.charCodeAt(pos + 1) === SLASH) {
      const lineEnd = findLineEnd(text, pos + 2);
      this.end = lineBreakEnd(text, lineEnd);
      return commentStatement(start, pos, lineEnd, this.end);
    }
    if (c === HASH) {
      const st = headerStatement(text, start, pos);
      this.end = start + st.length;
      return st;
    }
    const bp = this.bp;
    bp.run(start, pos);
    this.end = bp.end;
    this.probe = bp.probe;
    const st = BodyStatementImpl.built(bp.end - start, bp.contentEnd - start, bp.unclosed, bp.nodes, bp.errors);
    bp.nodes = EMPTY;
    bp.errors = EMPTY;
    return st;
  }
}

/**
 * The body statement parser. Reused (its frame stack is pooled); `run` leaves
 * its results in fields.
 */
class BodyParser {
  private readonly frames: Frame[] = [];
  text = '';
  bare: BareNames = NO_BARE;
  // Results of the last run.
  nodes: readonly TopLevelNode[] = EMPTY;
  errors: readonly SyntaxError[] = EMPTY;
  /** Absolute end of the content (before the final line break). */
  contentEnd = 0;
  /** Absolute end of the statement. */
  end = 0;
  /** Furthest offset examined past a line break by header-recovery look-ahead (-1 if none). */
  probe = -1;
  /** Braces were left open. */
  unclosed = false;

  private frameAt(depth: number): Frame {
    let f = this.frames[depth];
    if (f === undefined) {
      f = new Frame();
      this.frames[depth] = f;
    }
    return f;
  }

  /** Parses the body statement at `start` (a line start at depth 0); `pos` is where to start reading (after leading white space). */
  run(start: number, pos: number): void {
    const text = this.text;
    const len = text.length;
    const bare = this.bare;
    const frames = this.frames;
    let errors: SyntaxError[] | null = null;
    this.probe = -1;
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
          // Inside open braces a line is part of the statement whatever it starts with:
          // the engine reads a `#trigger` line there as argument text, not as a header.
          // A line starting with `//` is the exception: the engine's loader skips it, braces and all.
          pos = skipCommentLine(text, after, len);
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
          if (cur.call !== null) cur.seps[cur.sepCount++] = pos - start;
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
            const call = new CallNodeImpl(rel, p - start, EMPTY);
            if (p === pos + 1) {
              (errors ??= []).push({ code: SyntaxErrorCode.MissingName, start: rel, end: rel + 2, message: MESSAGES.missingName });
            }
            cur.nodes[cur.nodeCount++] = call;
            cur = this.frameAt(++depth);
            cur.call = call;
            cur.group = null;
            cur.nodeCount = 0;
            cur.sepCount = 0;
            pos = p + 1;
            continue;
          }
          if (p > pos + 1 && (pos === start || !isAlnum(text.charCodeAt(pos - 1))) && bare.ask(text, pos, p)) {
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
          cur.sepCount = 0;
          pos++;
          continue;
        }
        case CLOSE: {
          const rel = pos - start;
          if (depth === 0) {
            cur.nodes[cur.nodeCount++] = { kind: NodeKind.StrayClose, start: rel, end: rel + 1 };
            (errors ??= []).push({ code: SyntaxErrorCode.StrayClose, start: rel, end: rel + 1, message: MESSAGES.stray });
          } else {
            closeFrame(cur, rel, rel + 1);
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
      for (let i = depth; i >= 1; i--) closeFrame(frames[i], -1, relEnd);
      if (errors === null) errors = unclosed;
      else {
        errors = errors.concat(unclosed);
        errors.sort(byStart);
      }
    }
    const root = frames[0];
    const nodes = copyNodes(root.nodes, root.nodeCount) as TopLevelNode[];
    root.nodeCount = 0;
    this.end = stmtEnd;
    this.contentEnd = contentEnd;
    this.nodes = nodes;
    this.errors = errors ?? EMPTY;
    this.unclosed = depth > 0;
  }
}

function byStart(a: SyntaxError, b: SyntaxError): number {
  return a.start - b.start;
}

/** Closes a frame: `close` is the `}` offset or -1; `end` ends the node. */
function closeFrame(f: Frame, close: number, end: number): void {
  if (f.call !== null) {
    const call = f.call;
    if (f.nodeCount > 0) call.inner = copyNodes(f.nodes, f.nodeCount);
    if (f.sepCount > 0) call.separators = copySeps(f.seps, f.sepCount);
    call.close = close;
    call.end = end;
    f.call = null;
  } else {
    const g = f.group!;
    g.close = close;
    g.end = end;
    g.nodes = copyNodes(f.nodes, f.nodeCount);
    f.group = null;
  }
  f.nodeCount = 0;
  f.sepCount = 0;
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

/** Character classes for the statement scan: 1 = may end or nest a statement. */
const SCAN = new Uint8Array(128);
for (const ch of [LF, CR, SLASH, BACKSLASH, OPEN, CLOSE]) SCAN[ch] = 1;

/**
 * `pos` starts a line inside open braces: when the line's first non-blank
 * characters are `//`, the offset of its line break (the engine's loader
 * skips the whole line, so its braces and semicolons count for nothing);
 * otherwise `pos`.
 */
function skipCommentLine(text: string, pos: number, len: number): number {
  let p = pos;
  while (p < len && isInlineSpace(text.charCodeAt(p))) p++;
  if (p + 1 < len && text.charCodeAt(p) === SLASH && text.charCodeAt(p + 1) === SLASH) return findLineEnd(text, p + 2);
  return pos;
}

/** What `scanBody` found besides the end: the content end (before the final line break) and whether braces were left open. One per parse, reused. */
class BodyScan {
  contentEnd = 0;
  unclosed = false;
}

/**
 * Finds the end of the body statement whose first non-blank character is at
 * `pos`, tracking only what the statement parser's end depends on: brace
 * depth (`{` and `}` not escaped; `Zname{` and a group both nest), `//` at
 * depth 0, line breaks and header recovery. Returns the absolute end.
 */
function scanBody(text: string, pos: number, len: number, found: BodyScan): number {
  let depth = 0;
  while (pos < len) {
    let c = text.charCodeAt(pos);
    while (c >= 128 || SCAN[c] === 0) {
      if (++pos >= len) break;
      c = text.charCodeAt(pos);
    }
    if (pos >= len) break;
    switch (c) {
      case LF:
      case CR: {
        const after = lineBreakEnd(text, pos);
        if (depth === 0) {
          found.contentEnd = pos;
          found.unclosed = depth > 0;
          return after;
        }
        pos = skipCommentLine(text, after, len);
        continue;
      }
      case SLASH:
        if (depth === 0 && text.charCodeAt(pos + 1) === SLASH) {
          const lineEnd = findLineEnd(text, pos + 2);
          found.contentEnd = lineEnd;
          found.unclosed = false;
          return lineBreakEnd(text, lineEnd);
        }
        pos++;
        continue;
      case BACKSLASH: {
        const d = text.charCodeAt(pos + 1);
        pos += d === OPEN || d === CLOSE || d === SEMI || d === BACKSLASH ? 2 : 1;
        continue;
      }
      case OPEN:
        depth++;
        pos++;
        continue;
      default: // CLOSE
        if (depth > 0) depth--;
        pos++;
        continue;
    }
  }
  found.contentEnd = len;
  found.unclosed = depth > 0;
  return len;
}

/**
 * Parses a whole command file. Never throws on any string input. Body
 * statements build their nodes and errors on first access (see
 * `BodyStatementImpl`); everything else is complete on return.
 */
export function parseCommandFile(text: string, options: ParseOptions): SyntaxTree {
  const len = text.length;
  const src = new Source(text, options);
  const scan = new BodyScan();
  // Sized for ~32 characters a statement, trimmed at the end: growing a large
  // array by pushing copies it several times (in large-object space).
  const estimate = Math.max(16, len >> 5);
  const statements: Statement[] = new Array(estimate);
  let starts = new Int32Array(estimate + 2);
  let count = 0;
  let pos = 0;
  while (pos < len) {
    if (count + 1 >= starts.length) {
      const bigger = new Int32Array(starts.length * 2);
      bigger.set(starts);
      starts = bigger;
    }
    const start = pos;
    starts[count++] = start;
    // Leading white space decides the statement kind.
    let c = text.charCodeAt(pos);
    while (isInlineSpace(c)) {
      if (++pos >= len) break;
      c = text.charCodeAt(pos);
    }
    if (pos >= len || c === LF || c === CR) {
      pos = pos >= len ? len : lineBreakEnd(text, pos);
      statements[count - 1] = blankStatement(pos - start);
    } else if (c === SLASH && text.charCodeAt(pos + 1) === SLASH) {
      const lineEnd = findLineEnd(text, pos + 2);
      const end = lineBreakEnd(text, lineEnd);
      statements[count - 1] = commentStatement(start, pos, lineEnd, end);
      pos = end;
    } else if (c === HASH) {
      const header = headerStatement(text, start, pos);
      statements[count - 1] = header;
      pos = start + header.length;
    } else {
      const end = scanBody(text, pos, len, scan);
      statements[count - 1] = new BodyStatementImpl(end - start, end - scan.contentEnd, scan.unclosed, src, start);
      pos = end;
    }
  }
  starts[count] = len;
  statements.length = count;
  return { text, statements, starts: starts.slice(0, count + 1) };
}
