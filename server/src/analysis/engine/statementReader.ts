/**
 * How the engine reads one statement, simulated step by step, so that the
 * analysis can say what the engine really does with it rather than what the
 * language's idealised grammar suggests.
 *
 * The engine's statement reader works on UTF-8 text but mixes two units: it
 * walks the text character by character, yet computes the end of a word and
 * the number of characters to skip after a call by adding 1 per character to
 * a byte offset. On ASCII text the two agree; otherwise the reader slices the
 * text in the middle of a character (the engine panics: the bot does not
 * start) or skips the wrong number of characters (text after a call is lost).
 * That is why this simulation tracks byte offsets and code points side by
 * side instead of reusing the syntax tree. Observed behaviour, in order:
 *
 * - the statement is the statement's lines, each trimmed (Unicode white
 *   space), lines that are empty or start with `//` left out, joined by `\n`;
 * - an inline `//` at brace depth 0 (escapes honoured) cuts the rest;
 * - then, at every character: `\` before `Z` outputs `Z` and the following
 *   letters and digits as text; `\` before `{ } ; \` outputs that character;
 *   at a letter, the run of letters and digits from there is a *name*; a name
 *   followed by `{` starting with `Z` is a call up to its matching `}` (no
 *   escapes honoured there), whose arguments are split at `;` at depth 0
 *   (escapes honoured, backslash dropped), trimmed, and read the same way; a
 *   name not followed by `{` found in the registry with a minimum of zero
 *   arguments (a leading `Z` ignored) is called; anything else is text, and
 *   the next letter starts a new, shorter name (so word endings run too).
 *
 * Facts only: this is an independent model of observed behaviour, checked
 * against fixtures, not a translation of the engine's source.
 */
import { isEngineSpace } from '../../syntax/commentLines';
import type { EngineFacts, EngineFunction } from '../../catalog/engine';
import { isAlnum } from '../../syntax/parse';

/** A character of the text the engine reads, and where it came from in the document (-1: none, e.g. a joining line break). */
interface Chars {
  readonly cps: number[];
  readonly src: number[];
}

/** The engine crashes while loading: it slices the statement inside the character at `offset`. */
export interface EnginePanic {
  readonly offset: number;
  readonly length: number;
  readonly char: string;
}

/** A plain word (or word ending) the engine runs as a function. */
export interface WordCall {
  readonly start: number;
  readonly end: number;
  readonly name: string;
  readonly fn: EngineFunction;
  /** True when the author wrote it as `Zname`: the intended bare-call style. */
  readonly withZ: boolean;
}

/** A braced call as the engine reads it. */
export interface EngineCall {
  /** Document offset of the `Z`. */
  readonly start: number;
  readonly name: string;
  readonly argCount: number;
}

/** An escape inside a call's braces that does not do what it does outside. */
export interface EscapeInCall {
  readonly start: number;
  readonly end: number;
  /**
   * `close`, `open`: an escaped brace that moves the call's end; `name`: `\Zname` that runs;
   * `semicolon`: `\;` in a call inside another call's argument, which the outer call's reading
   * turns into `;` before the inner call splits its arguments.
   */
  readonly kind: 'close' | 'open' | 'name' | 'semicolon';
  /** For `semicolon`: the call whose arguments the `;` separates, and how many reads unescape it before that call does. */
  readonly splits?: EngineCall;
  readonly levels?: number;
}

/** Text the engine skips after a call that contains multi-byte characters. */
export interface SkippedText {
  /** The call whose end the skip follows (document offset of its `Z`). */
  readonly callStart: number;
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

export interface StatementReading {
  readonly panic?: EnginePanic;
  readonly wordCalls: readonly WordCall[];
  readonly calls: readonly EngineCall[];
  readonly escapesInCalls: readonly EscapeInCall[];
  readonly skipped: readonly SkippedText[];
  /** The reading stopped early (statement too large or nested too deep to simulate). */
  readonly incomplete: boolean;
}

/** Statements longer than this (UTF-16 units) are not simulated: real statements are a few KB. */
export const MAX_SIMULATED_LENGTH = 64 * 1024;
/** Calls nested deeper than this are not simulated. */
const MAX_DEPTH = 64;

const BACKSLASH = 92;
const OPEN = 123;
const CLOSE = 125;
const SEMI = 59;
const SLASH = 47;
const Z = 90;
const LF = 10;

const ALPHABETIC = /\p{Alphabetic}/u;
const ALPHANUMERIC = /[\p{Alphabetic}\p{N}]/u;

function isAlphabetic(cp: number): boolean {
  if (cp < 128) return (cp >= 97 && cp <= 122) || (cp >= 65 && cp <= 90);
  return ALPHABETIC.test(String.fromCodePoint(cp));
}

function isAlphanumeric(cp: number): boolean {
  if (cp < 128) return (cp >= 97 && cp <= 122) || (cp >= 65 && cp <= 90) || (cp >= 48 && cp <= 57);
  return ALPHANUMERIC.test(String.fromCodePoint(cp));
}

/** Bytes of one code point in UTF-8, the engine's string encoding (its lengths and slices count these). */
export function utf8Length(cp: number): number {
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/** `chars` with its UTF-8 byte offsets: bytes[k] is where character k starts; bytes[n] the total. */
class ByteView {
  readonly bytes: number[];
  private index: Int32Array | undefined;
  constructor(readonly chars: Chars) {
    const n = chars.cps.length;
    const bytes = new Array<number>(n + 1);
    let b = 0;
    for (let k = 0; k < n; k++) {
      bytes[k] = b;
      b += utf8Length(chars.cps[k]);
    }
    bytes[n] = b;
    this.bytes = bytes;
  }
  get total(): number {
    return this.bytes[this.bytes.length - 1];
  }
  /** The character index starting at byte `b`, or -1 when `b` is inside a character. */
  charAt(b: number): number {
    if (this.total === this.chars.cps.length) return b >= 0 && b <= this.total ? b : -1; // all ASCII
    if (!this.index) {
      const idx = new Int32Array(this.total + 1).fill(-1);
      for (let k = 0; k < this.bytes.length; k++) idx[this.bytes[k]] = k;
      this.index = idx;
    }
    return b < 0 || b > this.total ? -1 : this.index[b];
  }
  /** The character containing byte `b`. */
  charContaining(b: number): number {
    let k = 0;
    while (k + 1 < this.bytes.length && this.bytes[k + 1] <= b) k++;
    return k;
  }
}

class Panic {
  constructor(
    readonly at: number,
    readonly cp: number,
  ) {}
}

class TooDeep {}

/**
 * False when reading text[start, end) as the engine does cannot differ from
 * the language's reading, so the simulation can be skipped. It can differ
 * through:
 * - a letter or digit outside ASCII (the engine slices those apart);
 * - another character outside ASCII between braces, when anything follows
 *   the closing brace (the engine skips its extra bytes past a call's end);
 * - `\Z` (between braces the engine drops the backslash and runs the name),
 *   `\\` between braces (the `\` left in the argument escapes what follows
 *   it when the engine reads a call there), and `\;` in a brace inside a
 *   call's argument (the call's reading unescapes it for a nested call);
 * - escaped braces that move where a call ends (the engine counts them):
 *   inside braces, every `\}` must follow its `\{`, and both must pair up
 *   between the same plain braces;
 * - a run of letters and digits the engine would look up and find, i.e. a
 *   word ending in a registry name that needs no argument (a run that starts
 *   with `Z` and names such a function whole is the intended bare call; a
 *   run followed by `{` is a call or text, never looked up).
 * An emoji outside every brace ends a word as punctuation does and leaves
 * every byte offset after it exact; `\;` directly in a call's argument or
 * outside braces, and `\\` outside braces, mean what they seem: text
 * commonly carries them.
 */
export function mayReadDifferently(text: string, start: number, end: number, facts: EngineFacts): boolean {
  // Plain braces open so far; the language's count, which the escaped-brace rule below keeps
  // equal to the engine's (it ignores escapes) wherever a call could end. After a `//` it is
  // unknown, since the engine drops `//` lines and cuts inline comments, braces and all.
  let depth = 0;
  let countKnown = true;
  // Escaped opening minus escaped closing braces since the outermost open brace.
  let escaped = 0;
  // A character outside ASCII was seen between braces (armed), and a brace has closed since
  // (afterClose): that brace may end a call holding it, and the engine skips the character's
  // extra bytes past the call's end. Whether what follows is lost depends on which braces make
  // calls (a brace that never closes does not), which is the simulation's job.
  let armed = false;
  let afterClose = false;
  let p = start;
  while (p < end) {
    const c = text.charCodeAt(p);
    if (afterClose) return true;
    if (c === BACKSLASH) {
      const next = p + 1 < end ? text.charCodeAt(p + 1) : -1;
      if (next === Z || !countKnown) return true;
      if (next === OPEN || next === CLOSE) {
        if (armed && next === CLOSE) afterClose = true;
        if (depth > 0) {
          escaped += next === OPEN ? 1 : -1;
          if (escaped < 0) return true;
        }
        p += 2;
      } else if (next === BACKSLASH) {
        // Between braces `\\` leaves a `\` in the argument, which the engine then reads as an
        // escape when the argument holds a call; `\\\;` up to one call deep is the escaped ";"
        // that reaches the call as `\;` (see EscapeInCall's `semicolon`).
        if (depth > 0) {
          if (depth > 2 || text.charCodeAt(p + 2) !== BACKSLASH || text.charCodeAt(p + 3) !== SEMI || p + 3 >= end) return true;
          p += 4;
          continue;
        }
        p += 2;
      } else if (next === SEMI) {
        // Inside a brace within a call's argument, the call's reading unescapes it for a nested call.
        if (depth > 1) return true;
        p += 2;
      } else p++;
      continue;
    }
    if (c >= 128) {
      const cp = text.codePointAt(p)!;
      if (!countKnown || isAlphanumeric(cp)) return true;
      if (depth > 0) armed = true;
      p += cp > 0xffff ? 2 : 1;
      continue;
    }
    if (!isAlnum(c)) {
      if (c === OPEN || c === CLOSE) {
        if (depth > 0 && escaped !== 0) return true;
        if (c === OPEN) {
          if (depth === 0) escaped = 0;
          depth++;
        } else {
          if (depth > 0) depth--;
          if (armed) afterClose = true;
        }
      } else if (c === SLASH && p + 1 < end && text.charCodeAt(p + 1) === SLASH) countKnown = false;
      p++;
      continue;
    }
    let q = p + 1;
    while (q < end) {
      const d = text.charCodeAt(q);
      // A character outside ASCII ends the run (a letter or digit among them is caught above).
      if (d >= 128 || !isAlnum(d)) break;
      q++;
    }
    if (!(q < end && text.charCodeAt(q) === OPEN)) {
      const wholeCall = text.charCodeAt(p) === Z && facts.runsAsWord(text.slice(p, q));
      // Registry keys start with a lower-case letter (a leading Z is dropped before the look-up):
      // only the word's endings that start so can run anything.
      if (!wholeCall && facts.endingRunsAsWord(text, p, q)) return true;
    }
    p = q;
  }
  return false;
}

/**
 * Reads the statement text[start, end) as the engine does. The text is one
 * statement as the engine's loader groups it (lines it skips are skipped here
 * too). Offsets in the result are document offsets.
 */
export function readStatement(text: string, start: number, end: number, facts: EngineFacts): StatementReading {
  const out: MutableReading = { wordCalls: [], calls: [], escapesInCalls: [], skipped: [], incomplete: false, separators: new Map() };
  if (end - start > MAX_SIMULATED_LENGTH) {
    out.incomplete = true;
    return out;
  }
  const chars = loaderLines(text, start, end);
  const body = stripInlineComment(chars);
  try {
    readTemplate(body, facts, out, 0);
  } catch (e) {
    if (e instanceof Panic) {
      const ch = String.fromCodePoint(e.cp);
      out.panic = { offset: e.at, length: ch.length, char: ch };
    } else if (e instanceof TooDeep) {
      out.incomplete = true;
    } else throw e;
  }
  return out;
}

interface MutableReading {
  panic?: EnginePanic;
  wordCalls: WordCall[];
  calls: EngineCall[];
  escapesInCalls: EscapeInCall[];
  skipped: SkippedText[];
  incomplete: boolean;
  /** Internal: the `;` at which calls split their arguments (see EscapeInCall's `semicolon`). */
  separators: Separators;
}

/** The statement's lines trimmed, empty and `//` lines left out, joined by `\n`, then trimmed. */
function loaderLines(text: string, start: number, end: number): Chars {
  const cps: number[] = [];
  const src: number[] = [];
  let lineStart = start;
  while (lineStart < end) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0 || lineEnd > end) lineEnd = end;
    let contentEnd = lineEnd;
    if (contentEnd > lineStart && contentEnd < end && text.charCodeAt(contentEnd - 1) === 13) contentEnd--;
    // Code points of the line, trimmed.
    const lineCps: number[] = [];
    const lineSrc: number[] = [];
    for (let p = lineStart; p < contentEnd; ) {
      const cp = text.codePointAt(p)!;
      lineCps.push(cp);
      lineSrc.push(p);
      p += cp > 0xffff ? 2 : 1;
    }
    let a = 0;
    let b = lineCps.length;
    while (a < b && isEngineSpace(lineCps[a])) a++;
    while (b > a && isEngineSpace(lineCps[b - 1])) b--;
    const empty = a === b;
    const comment = !empty && lineCps[a] === SLASH && a + 1 < b && lineCps[a + 1] === SLASH;
    if (!empty && !comment) {
      if (cps.length > 0) {
        cps.push(LF);
        src.push(-1);
      }
      for (let k = a; k < b; k++) {
        cps.push(lineCps[k]);
        src.push(lineSrc[k]);
      }
    }
    lineStart = lineEnd + 1;
  }
  return { cps, src };
}

/** The text before an inline `//` at brace depth 0 (escapes honoured), trailing white space removed. */
function stripInlineComment(chars: Chars): Chars {
  const { cps } = chars;
  let depth = 0;
  for (let k = 0; k < cps.length; k++) {
    const c = cps[k];
    if (c === BACKSLASH && k + 1 < cps.length && isEscapable(cps[k + 1], true)) {
      k++;
      continue;
    }
    if (c === OPEN) depth++;
    else if (c === CLOSE) depth--;
    else if (c === SLASH && depth === 0 && k + 1 < cps.length && cps[k + 1] === SLASH) {
      let e = k;
      while (e > 0 && isEngineSpace(cps[e - 1])) e--;
      return { cps: cps.slice(0, e), src: chars.src.slice(0, e) };
    }
  }
  return chars;
}

/** Whether the engine's escape `\\` applies to code point `c` (`\\Z` only where a name could start). */
export function isEscapable(c: number, withZ: boolean): boolean {
  return c === OPEN || c === CLOSE || c === SEMI || c === BACKSLASH || (withZ && c === Z);
}

/** Reads a template (a statement or an argument): text, calls, escapes, bare words. */
function readTemplate(chars: Chars, facts: EngineFacts, out: MutableReading, depth: number): void {
  if (depth > MAX_DEPTH) throw new TooDeep();
  const { cps, src } = chars;
  const n = cps.length;
  let view: ByteView | undefined;
  let k = 0;
  while (k < n) {
    const ch = cps[k];
    const at = k;
    k++;
    if (ch === BACKSLASH) {
      if (k < n) {
        const next = cps[k];
        if (next === Z) {
          k++;
          while (k < n && isAlphanumeric(cps[k])) k++;
          continue;
        }
        if (isEscapable(next, false)) {
          k++;
          continue;
        }
      }
      continue;
    }
    if (!isAlphabetic(ch)) continue;
    view ??= new ByteView(chars);
    const i = view.bytes[at];
    // The engine reads the rest of the text from the byte after this character's first byte.
    if (utf8Length(ch) !== 1) throw new Panic(src[at], ch);
    let count = 0;
    while (k + count < n && isAlphanumeric(cps[k + count])) count++;
    const nameEnd = i + 1 + count;
    const nameEndChar = view.charAt(nameEnd);
    if (nameEndChar < 0) {
      const inside = view.charContaining(nameEnd);
      throw new Panic(src[inside], cps[inside]);
    }
    const hasBrace = nameEndChar < n && cps[nameEndChar] === OPEN;
    if (hasBrace) {
      const callEnd = findCallEnd(chars, at, nameEndChar);
      if (callEnd >= 0 && ch === Z) {
        // A call [at, callEnd): arguments between the braces.
        readCall(chars, at, nameEndChar, callEnd, facts, out, depth);
        // The engine then skips (bytes of the call - 1) characters.
        const skip = view.bytes[callEnd] - i - 1;
        const target = Math.min(n, k + skip);
        if (target > callEnd) recordSkipped(chars, callEnd, target, src[at], out);
        k = target;
      }
    } else {
      const name = String.fromCodePoint(...cps.slice(at, nameEndChar));
      const fn = facts.forWord(name);
      if (fn !== undefined && fn.min === 0) {
        const last = nameEndChar - 1;
        const endOffset = src[last] + (cps[last] > 0xffff ? 2 : 1);
        out.wordCalls.push({ start: src[at], end: endOffset, name, fn, withZ: ch === Z });
        k = Math.min(n, k + (nameEnd - i - 1));
      }
    }
  }
}

/** Index just past the `}` that closes the call whose name starts at `at` and whose `{` is at `open`, or -1. */
function findCallEnd(chars: Chars, at: number, open: number): number {
  const { cps } = chars;
  // The name between the first character and the brace must be letters and digits (it is, by construction).
  if (open === at + 1) return -1;
  let depth = 0;
  for (let k = open; k < cps.length; k++) {
    const c = cps[k];
    if (c === OPEN) depth++;
    else if (c === CLOSE) {
      depth--;
      if (depth === 0) return k + 1;
    }
  }
  return -1;
}

function readCall(chars: Chars, at: number, open: number, callEnd: number, facts: EngineFacts, out: MutableReading, depth: number): void {
  const { cps, src } = chars;
  const name = String.fromCodePoint(...cps.slice(at, open));
  // The engine ends the call at the brace that balances `{` ignoring escapes. Where the
  // language's reading (escapes honoured) ends it elsewhere, an escaped brace moved the end.
  const intended = intendedCallEnd(cps, open);
  if (intended !== callEnd) {
    const limit = Math.min(callEnd, intended < 0 ? cps.length : intended);
    for (let k = open + 1; k + 1 < limit; k++) {
      if (cps[k] !== BACKSLASH) continue;
      const next = cps[k + 1];
      if (next === CLOSE || next === OPEN) {
        out.escapesInCalls.push({ start: src[k], end: src[k + 1] + 1, kind: next === CLOSE ? 'close' : 'open' });
        break;
      }
      if (next === BACKSLASH || next === SEMI) k++;
    }
  }
  const separators: number[] = [];
  const args = splitArguments(chars, open + 1, callEnd - 1, separators);
  const call: EngineCall = { start: src[at], name, argCount: args.length };
  out.calls.push(call);
  for (const s of separators) out.separators.set(s, { call, depth });
  for (const arg of args) {
    const escapedNames = arg.escapedNames;
    const before = out.wordCalls.length;
    const callsBefore = out.calls.length;
    readTemplate(arg.chars, facts, out, depth + 1);
    // `\;` this call's reading unescaped inside a nested brace: reported where a nested call splits at it.
    for (const e of arg.earlySemicolons) {
      const split = out.separators.get(e.semicolon);
      if (split && split.depth > depth)
        out.escapesInCalls.push({ start: e.start, end: e.end, kind: 'semicolon', splits: split.call, levels: split.depth - depth });
    }
    // `\Zname` between braces loses its backslash: report it where it then runs.
    if (escapedNames.length) {
      const ran = new Set<number>();
      for (let w = before; w < out.wordCalls.length; w++) ran.add(out.wordCalls[w].start);
      for (let c = callsBefore; c < out.calls.length; c++) ran.add(out.calls[c].start);
      for (const e of escapedNames) if (ran.has(e.zOffset)) out.escapesInCalls.push({ start: e.start, end: e.end, kind: 'name' });
    }
  }
}

/** Index past the `}` that closes the call at `open` when escaped braces are honoured, or -1. */
function intendedCallEnd(cps: readonly number[], open: number): number {
  let depth = 0;
  for (let k = open; k < cps.length; k++) {
    const c = cps[k];
    if (c === BACKSLASH && k + 1 < cps.length && isEscapable(cps[k + 1], false)) {
      k++;
      continue;
    }
    if (c === OPEN) depth++;
    else if (c === CLOSE && --depth === 0) return k + 1;
  }
  return -1;
}

interface SplitArgument {
  chars: Chars;
  escapedNames: { start: number; end: number; zOffset: number }[];
  /** `\;` resolved inside braces within the argument: the `;` reaches a nested call's reading bare. */
  earlySemicolons: { start: number; end: number; semicolon: number }[];
}

/** Where a call's reading split its arguments: the `;` (document offset) and the call, with its template depth. */
type Separators = Map<number, { call: EngineCall; depth: number }>;

/** The arguments between the braces [from, to): split at `;` at depth 0, escapes resolved, each trimmed. */
function splitArguments(chars: Chars, from: number, to: number, separators: number[]): SplitArgument[] {
  if (from >= to) return [];
  const { cps, src } = chars;
  const args: SplitArgument[] = [];
  let cur: Chars = { cps: [], src: [] };
  let names: SplitArgument['escapedNames'] = [];
  let semicolons: SplitArgument['earlySemicolons'] = [];
  let depth = 0;
  for (let k = from; k < to; k++) {
    const c = cps[k];
    if (c === BACKSLASH && k + 1 < to && isEscapable(cps[k + 1], true)) {
      if (cps[k + 1] === Z) {
        let e = k + 2;
        while (e < to && isAlphanumeric(cps[e])) e++;
        names.push({ start: src[k], end: src[e - 1] + 1, zOffset: src[k + 1] });
      } else if (cps[k + 1] === SEMI && depth > 0 && src[k] >= 0 && src[k + 1] >= 0) {
        semicolons.push({ start: src[k], end: src[k + 1] + 1, semicolon: src[k + 1] });
      }
      cur.cps.push(cps[k + 1]);
      cur.src.push(src[k + 1]);
      k++;
      continue;
    }
    if (c === OPEN) depth++;
    else if (c === CLOSE) depth--;
    else if (c === SEMI && depth === 0) {
      args.push({ chars: trimmed(cur), escapedNames: names, earlySemicolons: semicolons });
      if (src[k] >= 0) separators.push(src[k]);
      cur = { cps: [], src: [] };
      names = [];
      semicolons = [];
      continue;
    }
    cur.cps.push(c);
    cur.src.push(src[k]);
  }
  args.push({ chars: trimmed(cur), escapedNames: names, earlySemicolons: semicolons });
  return args;
}

function trimmed(chars: Chars): Chars {
  let a = 0;
  let b = chars.cps.length;
  while (a < b && isEngineSpace(chars.cps[a])) a++;
  while (b > a && isEngineSpace(chars.cps[b - 1])) b--;
  return a === 0 && b === chars.cps.length ? chars : { cps: chars.cps.slice(a, b), src: chars.src.slice(a, b) };
}

function recordSkipped(chars: Chars, from: number, to: number, callStart: number, out: MutableReading): void {
  const { cps, src } = chars;
  let text = '';
  let first = -1;
  let last = -1;
  for (let k = from; k < to; k++) {
    text += String.fromCodePoint(cps[k]);
    if (src[k] >= 0) {
      if (first < 0) first = src[k];
      last = src[k] + (cps[k] > 0xffff ? 2 : 1);
    }
  }
  if (first < 0) return;
  out.skipped.push({ callStart, start: first, end: last, text });
}
