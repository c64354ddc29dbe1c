/**
 * `<@ZrandomUser>`, `<@Zusername{Zmentioned{1}}>`: a name put where a
 * mention wants an ID. Discord turns only `<@digits>` into a mention, so the
 * reply shows "<@Bob>" as text. ZrandomUser gives a display name
 * (random/randomUser.rs), Zusername and ZdisplayName a name. The fix writes
 * the mention of the same member: ZrandomMention, `<@ID>` with the ID the
 * name was asked for, or the author's `<@ZuserID>`.
 */
import type { AnalysisDiagnostic } from '../diagnostic';

/** Calls that give a member's name, never the digits a mention needs. */
const NAME_CALLS = ['ZrandomUser', 'Zusername', 'ZdisplayName'] as const;

/** Reports each `<@` + name call + `>` of text[base, base + end) (RELATIVE offsets). */
export function reportNamesInMentions(text: string, base: number, end: number, out: AnalysisDiagnostic[]): void {
  const own = text.slice(base, base + end);
  for (let at = own.indexOf('<@'); at >= 0; at = own.indexOf('<@', at + 2)) {
    let k = at + 2;
    if (own[k] === '!') k++;
    const name = NAME_CALLS.find((n) => own.startsWith(n, k) && !/[A-Za-z0-9]/.test(own[k + n.length] ?? ''));
    if (!name) continue;
    let close = k + name.length;
    let argument = '';
    if (own[close] === '{') {
      // The call's own argument text, nested calls included (escaped braces are text).
      let depth = 0;
      let j = close;
      for (; j < own.length; j++) {
        const c = own[j];
        if (c === '\\') {
          j++;
          continue;
        }
        if (c === '{') depth++;
        else if (c === '}' && --depth === 0) break;
      }
      if (j >= own.length) continue;
      argument = own.slice(close + 1, j);
      close = j + 1;
    }
    if (own[close] !== '>') continue;
    // Zusername{id;...}: the ID is the first argument (up to a ; outside nested calls); left out, the author.
    const id = firstArgument(argument).trim();
    // A word the user typed is most often a mention already (<@id>): its ID is Zmentioned's, not the word.
    const member = id === '' ? 'ZuserID' : /^Zmessage\{\s*\d+\s*\}$/.test(id) ? 'Zmentioned{1}' : id;
    const mention = name === 'ZrandomUser' ? 'ZrandomMention' : `<@${member}>`;
    out.push({
      code: 'name-in-mention',
      severity: 'warning',
      start: at,
      end: close + 1,
      message: `${name} gives a ${name === 'Zusername' ? 'username' : 'display name'}, not an ID, and Discord makes a mention of <@digits> only: this shows as "<@name>" text. Write ${mention} to mention the member.`,
      fixes: [{ title: `Write ${mention}`, edits: [{ start: at, end: close + 1, newText: mention }], preferred: true }],
    });
  }
}

/** The text of a call's first argument: up to the first `;` outside nested braces (escapes skipped). */
function firstArgument(argument: string): string {
  let depth = 0;
  for (let j = 0; j < argument.length; j++) {
    const c = argument[j];
    if (c === '\\') j++;
    else if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === ';' && depth === 0) return argument.slice(0, j);
  }
  return argument;
}
