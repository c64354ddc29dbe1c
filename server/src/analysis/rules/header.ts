/**
 * Header lines (`#trigger`, `#type`, `#scope`, `#option`, ...): the directive
 * name and the words the bot accepts after it. The header's value is also a
 * fact for the file-level checks (trigger vs #type, declared options).
 */
import type { HeaderStatement } from '../../syntax/tree';
import type { AnalysisDiagnostic } from '../diagnostic';
import type { StatementSummary } from '../facts';
import { COMMAND_TYPE_WORDS as TYPE_WORDS, OPTION_TYPES, SCOPE_WORDS } from '../../catalog/headers';
import { KNOWN_DIRECTIVES as DIRECTIVES } from '../../syntax/parse';
import { closest } from '../suggest';

export function checkHeader(st: HeaderStatement, text: string, base: number, out: AnalysisDiagnostic[], summary: StatementSummary): void {
  const name = text.slice(base + st.start, base + st.nameEnd).toLowerCase();
  const value = text.slice(base + st.valueStart, base + st.valueEnd);
  summary.header = { name, value, valueStart: st.valueStart, valueEnd: st.valueEnd };
  if (!DIRECTIVES.includes(name)) {
    const suggestion = closest(name, DIRECTIVES);
    out.push({ code: 'unknown-directive', severity: 'warning', start: st.start, end: st.nameEnd, message: `"${text.slice(base + st.start, base + st.nameEnd)}" is not a directive the bot knows; the line is ignored.${suggestion ? ` Did you mean ${suggestion}?` : ''}`, fixes: suggestion ? [{ title: `Change to ${suggestion}`, edits: [{ start: st.start, end: st.nameEnd, newText: suggestion }], preferred: true }] : undefined });
    return;
  }
  const word = value.trim().toLowerCase();
  if (name === '#type' && !TYPE_WORDS.includes(word)) {
    const s = closest(word, TYPE_WORDS);
    out.push({ code: 'invalid-type', severity: 'warning', start: st.valueStart, end: st.valueEnd, message: `"${value}" is not a command type; the bot will treat this command as "prefix". Use one of: ${TYPE_WORDS.join(', ')}.`, fixes: s ? [{ title: `Change to ${s}`, edits: [{ start: st.valueStart, end: st.valueEnd, newText: s }], preferred: true }] : undefined });
  }
  if (name === '#scope' && !SCOPE_WORDS.includes(word)) {
    const s = closest(word, SCOPE_WORDS);
    out.push({ code: 'invalid-scope', severity: 'warning', start: st.valueStart, end: st.valueEnd, message: `"${value}" is not a scope; the bot will use "guild". Use one of: ${SCOPE_WORDS.join(', ')}.`, fixes: s ? [{ title: `Change to ${s}`, edits: [{ start: st.valueStart, end: st.valueEnd, newText: s }], preferred: true }] : undefined });
  }
  if (name === '#option') {
    const parts = value.split('|');
    if (parts.length !== 4) {
      out.push({ code: 'invalid-option', severity: 'error', start: st.valueStart, end: st.valueEnd, message: `An #option needs exactly four parts "name|description|type|required" (found ${parts.length}); the bot refuses to load this file.` });
    } else if (!OPTION_TYPES.includes(parts[2].trim().toLowerCase())) {
      out.push({ code: 'invalid-option', severity: 'error', start: st.valueStart, end: st.valueEnd, message: `"${parts[2].trim()}" is not an option type; the bot refuses to load this file. Use one of: ${OPTION_TYPES.join(', ')}.` });
    }
  }
}
