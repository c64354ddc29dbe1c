/** The parser's errors as diagnostics, with the fixes that are certain (a missing "}", an escaped stray "}"). */
import { type BodyStatement, NodeKind } from '../../syntax/tree';
import type { AnalysisDiagnostic, AnalysisFix } from '../diagnostic';
import type { StatementSummary } from '../facts';

/** `text` and `base`: the file's text and the statement's start in it (the errors' offsets are relative). */
export function reportSyntaxErrors(st: BodyStatement, text: string, base: number, diagnostics: AnalysisDiagnostic[], summary: StatementSummary): void {
  for (const e of st.errors) {
    const code = e.code === 'stray-close' ? 'stray-brace' : e.code === 'missing-name' ? 'missing-name' : e.code;
    // `Z{`: parser.rs finds no call there and the text is written as it is (a warning: no halt).
    const d: AnalysisDiagnostic = { code, severity: code === 'missing-name' ? 'warning' : 'error', start: e.start, end: e.end, message: e.message };
    if (code === 'unclosed-call') d.fixes = closingFixes(st, text, base, e.start);
    // A lone "{" in the text (`cancelled :{`) is a brace to show: writing it \{ is what the message says (an escape
    // works at a line's top level only; inside a call's braces the closing fixes stay).
    if (code === 'unclosed-brace' && st.nodes.some((n) => n.kind === NodeKind.Call && n.start < e.start && e.start < n.end))
      d.fixes = closingFixes(st, text, base, e.start);
    else if (code === 'unclosed-brace')
      d.fixes = [
        { title: 'Escape it as "\\{"', edits: [{ start: e.start, end: e.start, newText: '\\' }], preferred: true },
        ...closingFixes(st, text, base, e.start).map((f) => ({ ...f, preferred: undefined })),
      ];
    if (code === 'stray-brace') d.fixes = [{ title: 'Escape it as "\\}"', edits: [{ start: e.start, end: e.start, newText: '\\' }] }];
    if (code === 'stray-brace' && strayBraceAlone(st, text, base, e.start)) {
      // The loader drops its line and every line after it: an error where there is something after it, and where
      // there is nothing (a "}" left over at the end of the file), a brace that changes nothing.
      (summary.reportIf ??= []).push(
        { when: 'content-after', diagnostic: d },
        {
          when: 'nothing-after',
          diagnostic: {
            code,
            severity: 'information',
            start: e.start,
            end: e.end,
            message:
              'This } closes nothing. The engine never loads its line nor any line after it, but there is nothing else there: it changes nothing. Remove it.',
            fixes: [{ title: 'Remove the "}"', edits: [{ start: e.start, end: e.end, newText: '' }], preferred: true }],
          },
        },
      );
      continue;
    }
    diagnostics.push(d);
  }
}

/**
 * A stray "}" whose statement holds nothing else. The brace count the loader
 * keeps goes below zero there and never comes back, so it reads on to the
 * end of the file and drops all of it unfinished (loader.rs): whether that
 * loses anything depends on the lines after it (the file walk decides).
 */
function strayBraceAlone(st: BodyStatement, text: string, base: number, at: number): boolean {
  const own = text.slice(base, base + st.end);
  return (own.slice(0, at) + own.slice(at + 1)).trim() === '';
}

/**
 * Where the missing "}" goes. An unclosed call takes in every line after it
 * (the statement runs to the end of the file), so the end of the statement
 * is rarely what was meant when the next line starts a call or a header of
 * its own: then the end of the call's own line comes first. Both are
 * offered when the statement has more than one line.
 */
function closingFixes(st: BodyStatement, text: string, base: number, at: number): AnalysisFix[] {
  const atEnd: AnalysisFix = { title: 'Add the missing "}" at the end', edits: [{ start: st.end, end: st.end, newText: '}' }] };
  const nl = text.indexOf('\n', base + at);
  if (nl < 0 || nl >= base + st.end) return [{ ...atEnd, title: 'Add the missing "}"', preferred: true }];
  const lineEnd = (text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl) - base;
  const next = text.slice(nl + 1, Math.min(base + st.end, nl + 200)).trimStart();
  const ownLine: AnalysisFix = { title: 'Add the missing "}" at the end of this line', edits: [{ start: lineEnd, end: lineEnd, newText: '}' }] };
  return /^[Z#]/.test(next) ? [{ ...ownLine, preferred: true }, atEnd] : [{ ...atEnd, preferred: true }, ownLine];
}
