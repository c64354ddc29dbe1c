/**
 * `title{Hello}`: a function's name written without its `Z`. The engine
 * reads a call only where a `Z` starts it (parser.rs), and runs a plain word
 * only when it names a function that needs no argument (word-runs-function
 * covers those), so this is printed as it is: "title{Hello}" in the reply.
 */
import { engineFacts } from '../../catalog/engine';
import type { AnalysisDiagnostic } from '../diagnostic';

/** Statement offsets are relative to `base`; `end` is the statement's end (relative). */
export function checkCallsWithoutZ(text: string, base: number, end: number, out: AnalysisDiagnostic[]): void {
  const stop = base + end;
  for (let brace = text.indexOf('{', base); brace >= 0 && brace < stop; brace = text.indexOf('{', brace + 1)) {
    let start = brace;
    while (start > base && isAsciiLetterOrDigit(text.charCodeAt(start - 1))) start--;
    // A word of two letters or more right before the brace, not part of a call's name (which starts with Z).
    if (brace - start < 2 || !isAsciiLetter(text.charCodeAt(start)) || text.charCodeAt(start) === 90 /* Z */) continue;
    const word = text.slice(start, brace);
    const name = engineName(word);
    if (!name) continue;
    // The fix only where the call it makes has an argument count the engine takes.
    const count = argumentCount(text, brace, stop);
    const engine = engineFacts.forCall(name)!;
    const fits = count !== undefined && count >= engine.min && (engine.max === null || count <= engine.max);
    out.push({
      code: 'call-without-z',
      severity: 'warning',
      start: start - base,
      end: brace - base,
      message: `The engine reads a call only where it starts with Z: "${word}{" is not ${name}, and the bot writes it as text, braces and all. Write ${name}{...}.`,
      fixes: fits ? [{ title: `Write ${name}`, edits: [{ start: start - base, end: brace - base, newText: name }], preferred: true }] : undefined,
    });
  }
}

/** The function a word names without its Z (`title`, or `Title`), when the engine would not run the word itself. */
function engineName(word: string): string | undefined {
  for (const candidate of word[0] === word[0].toLowerCase() ? [`Z${word}`] : [`Z${word}`, `Z${word[0].toLowerCase()}${word.slice(1)}`]) {
    const engine = engineFacts.forCall(candidate);
    // A registered function that needs no argument runs as a plain word (word-runs-function says so).
    if (engine && !(engine.registered && engine.min === 0)) return candidate;
  }
  return undefined;
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
