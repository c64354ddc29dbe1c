/**
 * `title{Hello}`: a function's name written without its `Z` (or with a
 * lower-case `z`: `ztitle{Hello}`). The engine reads a call only where a
 * `Z` starts it (parser.rs parse_call), and runs a plain word only when no
 * `{` follows it, so this is printed as it is: "title{Hello}" in the reply.
 * That holds for the functions that need no argument too: `message{1}` is
 * text, not Zmessage{1}.
 */
import { engineFacts } from '../../catalog/engine';
import { matchingClose, reportIf, type StatementContext } from './context';

/**
 * Statement offsets are relative to `base`; `end` is the statement's end
 * (relative). Decided with the file: not in one that shows code blocks
 * (a snippet or help command, whose text is another language's).
 */
export function checkCallsWithoutZ(text: string, base: number, end: number, ctx: StatementContext): void {
  const stop = base + end;
  for (let brace = text.indexOf('{', base); brace >= 0 && brace < stop; brace = text.indexOf('{', brace + 1)) {
    let start = brace;
    while (start > base && isAsciiLetterOrDigit(text.charCodeAt(start - 1))) start--;
    // A word of two letters or more right before the brace, not part of a call's name (which starts with Z).
    if (brace - start < 2 || !isAsciiLetter(text.charCodeAt(start)) || text.charCodeAt(start) === 90 /* Z */) continue;
    // Where a call could have been meant: first on its line, or next to another call (after `{`, `}` or `;`).
    // Not `\sqrt{`, `.title{` or `#title{` (LaTeX, CSS), nor in a sentence ("Usage: !embed title{text}").
    if (!callMayStart(text, base, start)) continue;
    const word = text.slice(start, brace);
    const name = engineName(word);
    if (!name) continue;
    // A style sheet's rule (footer{display:none}) or a query's field in a request body (GraphQL's title{romaji}) is no call.
    if (/^\{\s*[a-z-]+\s*:/.test(text.slice(brace, brace + 40)) || inRequestBody(text, base, start)) continue;
    // Only where the call it makes has an argument count the engine takes: `max{0, kills}` is notation, not a call.
    const count = argumentCount(text, brace, stop);
    const engine = engineFacts.forCall(name)!;
    if (count === undefined || count < engine.min || (engine.max !== null && count > engine.max)) continue;
    reportIf(ctx, 'no-code-block', {
      code: 'call-without-z',
      severity: 'warning',
      start: start - base,
      end: brace - base,
      message: `The engine reads a call only where it starts with ${word[0] === 'z' ? 'a capital Z' : 'Z'}: "${word}{" is not ${name}, and the bot writes it as text, braces and all. Write ${name}{...}.`,
      fixes: [{ title: `Write ${name}`, edits: [{ start: start - base, end: brace - base, newText: name }], preferred: true }],
    });
  }
}

/**
 * Whether a call may start at `at`: right after `{`, `}` or `;`, or first on
 * its line outside every call (inside one, a line of a text, such as a help
 * text showing a syntax, is the author's text).
 */
function callMayStart(text: string, base: number, at: number): boolean {
  for (let p = at - 1; p >= base; p--) {
    const c = text.charCodeAt(p);
    if (c === 10) return depthAt(text, base, p) === 0;
    if (c === 32 || c === 9 || c === 13) continue;
    return p === at - 1 && (c === 123 || c === 125 || c === 59);
  }
  return true;
}

/** Whether `at` is inside the argument of a web request (ZhttpPost{url;body}...): text sent, not a reply. */
function inRequestBody(text: string, base: number, at: number): boolean {
  // A request whose brace is still open at `at`.
  for (const m of text.slice(base, at).matchAll(/Zhttp(?:Post|Put|Patch|Get|Delete)\{/g))
    if (matchingClose(text, base + m.index! + m[0].length - 1, at) < 0) return true;
  return false;
}

/** The brace depth at `at` counted from the statement's start (escapes skipped). */
function depthAt(text: string, base: number, at: number): number {
  let depth = 0;
  for (let p = base; p < at; p++) {
    const c = text.charCodeAt(p);
    if (c === 92) p++;
    else if (c === 123) depth++;
    else if (c === 125 && depth > 0) depth--;
  }
  return depth;
}

/**
 * The function a word names without its Z (`title`, written as the function's
 * name is: `Color{R: 255}` is another language's), or with a lower-case z
 * (`ztitle`). A brace after the word keeps the engine from running it, so
 * the functions that need no argument count too (`message{1}`).
 */
function engineName(word: string): string | undefined {
  if (word[0] !== word[0].toLowerCase()) return undefined;
  const candidate = `Z${word}`;
  if (engineFacts.forCall(candidate)) return candidate;
  const lowerZ = word[0] === 'z' && word.length > 2 ? `Z${word.slice(1)}` : undefined;
  return lowerZ && word[1] === word[1].toLowerCase() && engineFacts.forCall(lowerZ) ? lowerZ : undefined;
}

/** The arguments between the brace at `open` and its match (none for `{}`), or undefined when it is not closed before `stop`. */
function argumentCount(text: string, open: number, stop: number): number | undefined {
  let depth = 0;
  let count = 1;
  for (let p = open; p < stop; p++) {
    const c = text.charCodeAt(p);
    if (c === 92 /* \ */) p++;
    else if (c === 123) depth++;
    else if (c === 125 && --depth === 0) return p === open + 1 ? 0 : count;
    else if (c === 59 /* ; */ && depth === 1) count++;
  }
  return undefined;
}

function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function isAsciiLetterOrDigit(c: number): boolean {
  return isAsciiLetter(c) || (c >= 48 && c <= 57);
}
