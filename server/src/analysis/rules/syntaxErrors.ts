/** The parser's errors as diagnostics, with the fixes that are certain (a missing "}", an escaped stray "}"). */
import type { BodyStatement } from '../../syntax/tree';
import type { AnalysisDiagnostic } from '../diagnostic';

export function reportSyntaxErrors(st: BodyStatement, diagnostics: AnalysisDiagnostic[]): void {
  for (const e of st.errors) {
    const code = e.code === 'stray-close' ? 'stray-brace' : e.code === 'missing-name' ? 'missing-name' : e.code;
    const d: AnalysisDiagnostic = { code, severity: 'error', start: e.start, end: e.end, message: e.message };
    if (code === 'unclosed-call' || code === 'unclosed-brace')
      d.fixes = [{ title: 'Add the missing "}"', edits: [{ start: st.end, end: st.end, newText: '}' }], preferred: true }];
    if (code === 'stray-brace') d.fixes = [{ title: 'Escape it as "\\}"', edits: [{ start: e.start, end: e.start, newText: '\\' }] }];
    diagnostics.push(d);
  }
}
