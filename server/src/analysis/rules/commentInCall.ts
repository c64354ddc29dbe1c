/**
 * `Zif{Zvar{x}==1; // when x is one`: a `//` written as a comment inside a
 * call's braces. The engine cuts a line's comment only outside every brace
 * (parser.rs strips `//` at depth 0, loader.rs counts braces the same way),
 * so inside a call the `//` and the words after it are part of the argument:
 * written out in a branch, part of a title, a name or an ID. A line that
 * starts with `//` is skipped even inside a call (loader.rs), and an address
 * (`https://`) is no comment. Reported where a comment goes (after a brace
 * or a `;`): after words, `No spam // really` may be the text meant.
 */
import type { AnalysisDiagnostic } from '../diagnostic';

/** Reports each comment-like `//` inside braces in text[base, base + end) (RELATIVE offsets). */
export function reportCommentsInCalls(text: string, base: number, end: number, out: AnalysisDiagnostic[]): void {
  const stop = base + end;
  // Most statements have no "//" at all: one search of the statement's own text.
  const own = text.slice(base, stop);
  if (own.indexOf(' //') < 0 && own.indexOf('\t//') < 0) return;
  let depth = 0;
  let lineStart = base;
  for (let i = base; i < stop; i++) {
    const c = text.charCodeAt(i);
    if (c === 92 /* \ */) {
      i++;
      continue;
    }
    if (c === 10) lineStart = i + 1;
    else if (c === 123 /* { */) depth++;
    else if (c === 125 /* } */) depth--;
    else if (c === 47 /* / */ && depth > 0 && text.charCodeAt(i + 1) === 47 && (text.charCodeAt(i - 1) === 32 || text.charCodeAt(i - 1) === 9)) {
      // A line that starts with "//" is skipped by the loader, braces and all.
      const before = text.slice(lineStart, i).trimEnd();
      if (before === '') continue;
      // Written where a comment goes: right after a brace or a ";" (`Zif{cond; // why`, `ZaddField{...} // why`).
      // After words (`No spam // really`, `C:/bot // do not edit`) it may be the text meant.
      const last = before.charCodeAt(before.length - 1);
      if (last !== 123 && last !== 125 && last !== 59) continue;
      let lineEnd = text.indexOf('\n', i);
      if (lineEnd < 0 || lineEnd > stop) lineEnd = stop;
      const rest = text.slice(i, lineEnd).replace(/\r$/, '');
      // The comment moved to a line of its own is skipped, which is right only when no brace follows on its line.
      let from = i;
      while (from > lineStart && (text.charCodeAt(from - 1) === 32 || text.charCodeAt(from - 1) === 9)) from--;
      const movable = !/[{}]/.test(rest);
      out.push({
        code: 'comment-kept-as-text',
        severity: 'warning',
        start: i - base,
        end: i + rest.length - base,
        message: `A // inside a call's braces is no comment to the engine: it cuts comments only outside every brace, so "${rest.length > 40 ? `${rest.slice(0, 39)}…` : rest}" stays part of the argument (written out, or part of the value). Put the comment on a line of its own (a line starting with // is skipped, even inside a call), or after the call's closing brace.`,
        fixes: movable
          ? [{ title: 'Put the comment on a line of its own', edits: [{ start: from - base, end: i - base, newText: '\n' }], preferred: true }]
          : undefined,
      });
      i = lineEnd - 1;
    }
  }
}
