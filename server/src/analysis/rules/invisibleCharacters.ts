/**
 * Characters that show as nothing, pasted from a web page or a chat: a
 * zero-width space inside `Zsend​Message{...}` ends the name there (the
 * engine reads a name as letters and digits, parser.rs), so the call is
 * printed as text; in a `#trigger` value it makes a trigger nobody can type
 * (bot.rs compares the message with the trigger as written). In plain text
 * they are harmless and not reported.
 */
import type { AnalysisDiagnostic } from '../diagnostic';
import { codePointLabel } from './context';

/** The invisible format characters, by code point, with their names. */
const NAMES: Readonly<Record<number, string>> = {
  173: 'soft hyphen',
  8203: 'zero-width space',
  8204: 'zero-width non-joiner',
  8205: 'zero-width joiner',
  8288: 'word joiner',
  65279: 'zero-width no-break space',
};

export const INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/;
const EACH_INVISIBLE = new RegExp(INVISIBLE.source, 'g');

const isAsciiWord = (c: string | undefined) => c !== undefined && /^[A-Za-z0-9]$/.test(c);

/**
 * `own`: the statement's text (offsets relative to the statement); `trigger`: it is a `#trigger` line;
 * `fileStart`: the statement starts the file.
 */
export function checkInvisibleCharacters(own: string, trigger: boolean, fileStart: boolean, out: AnalysisDiagnostic[]): void {
  for (const m of own.matchAll(EACH_INVISIBLE)) {
    const at = m.index;
    // The file's first character: a byte-order mark (byte-order-mark's).
    if (at === 0 && fileStart && m[0] === '\uFEFF') continue;
    const name = `${NAMES[m[0].charCodeAt(0)]} (${codePointLabel(m[0])})`;
    const fixes = [{ title: `Remove the ${NAMES[m[0].charCodeAt(0)]}`, edits: [{ start: at, end: at + 1, newText: '' }], preferred: true }];
    if (trigger) {
      // A joiner between two emoji is part of one emoji, which users type as it is.
      if (m[0] === '\u200D' && !isAsciiWord(own[at - 1]) && !isAsciiWord(own[at + 1])) continue;
      out.push({
        code: 'invisible-character',
        severity: 'warning',
        start: at,
        end: at + 1,
        message: `An invisible ${name} stands in this trigger: the engine keeps it, and nobody types it, so a message never matches and the command never runs. Remove it.`,
        fixes,
      });
      continue;
    }
    // Inside a function's name: a name run back to a Z before it, a letter (or the brace) after it.
    const before = /(?:^|[^A-Za-z0-9\\])(Z[A-Za-z0-9]*)$/.exec(own.slice(Math.max(0, at - 64), at));
    if (!before || !/^[A-Za-z0-9{]/.test(own.slice(at + 1, at + 2))) continue;
    let end = at + 1;
    while (end < own.length && /[A-Za-z0-9]/.test(own[end])) end++;
    const written = before[1] + own.slice(at + 1, end);
    out.push({
      code: 'invisible-character',
      severity: 'warning',
      start: at,
      end: at + 1,
      message: `An invisible ${name} stands inside ${written}: the engine reads a function's name as letters and digits only, so the name ${before[1] === 'Z' ? 'stops right after the Z' : `ends at ${before[1]}`}, and the call is printed as text. Remove it.`,
      fixes,
    });
  }
}
