/**
 * `\n` written for a line break. The engine knows the escapes \{ \} \; \\ and
 * \Z only, and keeps any other backslash as text (parser.rs), and Discord
 * shows "\n" as it is: the reply reads "Line one\nLine two". Reported where
 * the text is printed: at the top level of a line, or in a call that writes
 * text (a title, a description, a field, a message), not in JSON, a regular
 * expression or an HTTP body, where "\n" means a line break to what reads it.
 */
import { isAlnum } from '../../syntax/parse';
import type { AnalysisDiagnostic } from '../diagnostic';

/** Calls whose arguments are printed text. */
const TEXT_CALLS: ReadonlySet<string> = new Set([
  'Ztitle',
  'Zdescription',
  'ZaddField',
  'Zfooter',
  'Zauthor',
  'ZsendMessage',
  'Zdm',
  'ZeditMessage',
  'Zerror',
  'Zif',
]);

/** Reports each printed `\n` of text[base, base + end) (RELATIVE offsets). */
export function reportNewlineEscapes(text: string, base: number, end: number, out: AnalysisDiagnostic[]): void {
  const stop = base + end;
  // Searched in the statement's own text: a search of the file from here would read to its end
  // for every statement without one (quadratic in a large file).
  const own = text.slice(base, stop);
  const next = (from: number) => {
    const k = own.indexOf('\\n', from - base);
    return k < 0 ? -1 : base + k;
  };
  let at = next(base);
  if (at < 0) return;
  // The calls open at each point, innermost last (escaped braces are text).
  const open: string[] = [];
  for (let i = base; i < stop; i++) {
    const c = text.charCodeAt(i);
    if (c === 92 /* \ */) {
      if (text.charCodeAt(i + 1) === 110 /* n */ && i === at && (open.length === 0 || TEXT_CALLS.has(open[open.length - 1]))) {
        out.push({
          code: 'newline-escape',
          severity: 'warning',
          start: i - base,
          end: i + 2 - base,
          message:
            'The engine has no \\n escape: the bot writes a backslash and an "n", and Discord shows them as they are. For a line break, break the line inside the call\'s braces (line breaks there are kept).',
          fixes: open.length ? [{ title: 'Break the line here', edits: [{ start: i - base, end: i + 2 - base, newText: '\n' }], preferred: true }] : undefined,
        });
      }
      i++; // the escaped character (or the n) is not read again
      if (i >= at) at = next(i + 1);
      if (at < 0) return;
      continue;
    }
    if (c === 123 /* { */) {
      let k = i;
      while (k > base && isAlnum(text.charCodeAt(k - 1))) k--;
      open.push(text.slice(k, i));
    } else if (c === 125 /* } */) open.pop();
  }
}
