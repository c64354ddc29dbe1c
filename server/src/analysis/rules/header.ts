/**
 * Header lines (`#trigger`, `#type`, `#scope`, `#option`, ...): the directive
 * name and the words the bot accepts after it. The header's value is also a
 * fact for the file-level checks (trigger vs #type, declared options).
 */
import type { HeaderStatement } from '../../syntax/tree';
import type { AnalysisDiagnostic } from '../diagnostic';
import type { StatementSummary } from '../facts';
import { COMMAND_TYPE_WORDS as TYPE_WORDS, OPTION_TYPES, optionRefusal, SCOPE_WORDS } from '../../language/headerWords';
import { KNOWN_DIRECTIVES as DIRECTIVES } from '../../syntax/parse';
import { closest } from '../suggest';
import { engineHeaderLine } from '../engine/loader';
import { checkInvisibleCharacters, INVISIBLE } from './invisibleCharacters';
import { codePointLabel } from './context';

export function checkHeader(st: HeaderStatement, text: string, base: number, out: AnalysisDiagnostic[], summary: StatementSummary): void {
  const name = text.slice(base + st.start, base + st.nameEnd).toLowerCase();
  const value = text.slice(base + st.valueStart, base + st.valueEnd);
  if (base === 0 && text.charCodeAt(0) === 0xfeff) summary.bom = true;
  // The engine trims the line (a byte-order mark is not white space) and wants the exact word and a space.
  const { directive: engine, lineEnd } = engineHeaderLine(text, base + st.start, base + st.end);
  const fields = name === '#option' ? value.split('|') : undefined;
  summary.header = {
    name,
    value,
    valueStart: st.valueStart,
    valueEnd: st.valueEnd,
    engine: engine || undefined,
    key: fields ? fields[0].trim() : name === '#type' ? value.trim() : undefined,
    fields,
    attachment: fields?.[2]?.trim().toLowerCase() === 'attachment' ? true : undefined,
  };
  if (DIRECTIVES.includes(name) && !engine) {
    reportIgnoredDirective(st, text, base, name, lineEnd, out);
    return;
  }
  if (!DIRECTIVES.includes(name)) {
    // The word as written runs to the first space (`#x1`), though the parser's name stops at a digit.
    const extra = wordRest(text, base + st.nameEnd, base + st.end);
    const suggestion = extra === '' ? closest(name, DIRECTIVES) : undefined;
    // `# Welcome!` may be a heading meant to be sent or a note meant to be ignored (it is): which, cannot be told.
    const hashes = /^#+$/.test(name + extra);
    out.push({
      code: 'unknown-directive',
      severity: hashes ? 'information' : 'warning',
      start: st.start,
      end: st.nameEnd + extra.length,
      message: hashes
        ? // `# Welcome!`: a Discord heading written as a line of text, or a note.
          'A line starting with "#" is a header line to the engine, and this one names no directive, so it is ignored: it is not sent (as a note that is fine; "//" is the usual comment). A heading to send can go inside a call, where "#" is text, e.g. Zdescription{# Welcome!}.'
        : `"${text.slice(base + st.start, base + st.nameEnd) + extra}" is not a directive the bot knows; the line is ignored.${suggestion ? ` Did you mean ${suggestion}?` : ''}`,
      fixes: suggestion
        ? [{ title: `Change to ${suggestion}`, edits: [{ start: st.start, end: st.nameEnd, newText: suggestion }], preferred: true }]
        : undefined,
    });
    return;
  }
  if (name === '#trigger' || name === '#name') checkHeaderComment(st, name, value, text.charCodeAt(base + st.end) === 13 ? '\r\n' : '\n', out);
  if (name === '#trigger' && INVISIBLE.test(value)) checkInvisibleCharacters(text.slice(base, base + st.end), true, base === 0, out);
  const exact = value.trim();
  const word = exact.toLowerCase();
  if (
    (name === '#type' && TYPE_WORDS.includes(word) && !TYPE_WORDS.includes(exact)) ||
    (name === '#scope' && SCOPE_WORDS.includes(word) && !SCOPE_WORDS.includes(exact))
  ) {
    const fallback = name === '#type' ? 'prefix' : 'guild';
    out.push({
      code: 'header-word-case',
      severity: 'warning',
      start: st.valueStart,
      end: st.valueEnd,
      message: `The engine compares ${name} words exactly: "${exact}" is not "${word}", so it silently uses "${fallback}".`,
      fixes: [{ title: `Change to ${word}`, edits: [{ start: st.valueStart, end: st.valueEnd, newText: word }], preferred: true }],
    });
    return;
  }
  if (name === '#type' && !TYPE_WORDS.includes(word)) {
    const s = closest(word, TYPE_WORDS);
    out.push({
      code: 'invalid-type',
      severity: 'warning',
      start: st.valueStart,
      end: st.valueEnd,
      message: `"${value}" is not a command type; the bot will treat this command as "prefix". Use one of: ${TYPE_WORDS.join(', ')}.`,
      fixes: s ? [{ title: `Change to ${s}`, edits: [{ start: st.valueStart, end: st.valueEnd, newText: s }], preferred: true }] : undefined,
    });
  }
  if (name === '#scope' && !SCOPE_WORDS.includes(word)) {
    const s = closest(word, SCOPE_WORDS);
    out.push({
      code: 'invalid-scope',
      severity: 'warning',
      start: st.valueStart,
      end: st.valueEnd,
      message: `"${value}" is not a scope; the bot will use "guild". Use one of: ${SCOPE_WORDS.join(', ')}.`,
      fixes: s ? [{ title: `Change to ${s}`, edits: [{ start: st.valueStart, end: st.valueEnd, newText: s }], preferred: true }] : undefined,
    });
  }
  if (name === '#option') checkOption(st, value, out);
}

/** `#option name|description|type|required`, read as the engine reads it: split at every `|`, the type part not trimmed. */
function checkOption(st: HeaderStatement, value: string, out: AnalysisDiagnostic[]): void {
  const refusal = optionRefusal(value);
  if (refusal?.kind === 'parts') {
    out.push({
      code: 'invalid-option',
      severity: 'error',
      start: st.valueStart,
      end: st.valueEnd,
      message: `An #option needs exactly four parts "name|description|type|required" (found ${refusal.count}); the engine refuses to load this file.`,
    });
    return;
  }
  const parts = value.split('|');
  const type = parts[2];
  if (refusal?.kind === 'type') {
    if (OPTION_TYPES.includes(type.trim().toLowerCase())) {
      const tidy = parts.map((p) => p.trim()).join('|');
      out.push({
        code: 'invalid-option',
        severity: 'error',
        start: st.valueStart,
        end: st.valueEnd,
        message: `The engine does not trim the type part of an #option: "${type}" with its spaces is an unknown option type, and the engine refuses to load this file. Write the parts without spaces around "|".`,
        fixes: [{ title: 'Remove the spaces around |', edits: [{ start: st.valueStart, end: st.valueEnd, newText: tidy }], preferred: true }],
      });
    } else {
      out.push({
        code: 'invalid-option',
        severity: 'error',
        start: st.valueStart,
        end: st.valueEnd,
        message: `"${type.trim()}" is not an option type; the engine refuses to load this file. Use one of: ${OPTION_TYPES.join(', ')}.`,
      });
    }
    return;
  }
  if (type.toLowerCase() === 'mentionable') {
    // The type part's place in the line: after the first two parts and their bars.
    const at = st.valueStart + parts[0].length + parts[1].length + 2;
    out.push({
      code: 'option-value-lost',
      severity: 'warning',
      start: at,
      end: at + type.length,
      message: `The engine passes the values of every option type but mentionable: Zoption{${parts[0].trim()}} prints "option not found" whatever the user picks. Use user or role.`,
    });
  }
  const required = parts[3].trim();
  const comment = /^(\S+?)\s*\/\//.exec(required);
  if (comment && comment[1].toLowerCase() === 'required') {
    // loader.rs compares the whole fourth part with "required": a comment after it makes the option optional.
    const at = st.valueStart + value.lastIndexOf(required) + comment[1].length;
    const to = st.valueStart + value.lastIndexOf(required) + required.length;
    out.push({
      code: 'header-comment',
      severity: 'warning',
      start: at,
      end: to,
      message:
        'The engine reads this comment as part of the #option line: its fourth part is then not exactly "required", so the option is optional. Put the comment on a line of its own.',
      fixes: [{ title: 'Remove the comment', edits: [{ start: at, end: to, newText: '' }], preferred: true }],
    });
  } else if (required !== 'required' && (required.toLowerCase() === 'required' || MEANS_REQUIRED.has(required.toLowerCase()))) {
    // loader.rs compares the trimmed part with the exact word: another case, or a yes-word, leaves the option optional.
    const at = st.valueStart + value.lastIndexOf(required);
    const caseOnly = required.toLowerCase() === 'required';
    out.push({
      code: caseOnly ? 'header-word-case' : 'invalid-boolean',
      severity: 'warning',
      start: at,
      end: at + required.length,
      message: caseOnly
        ? `The engine makes an option required only for the exact word "required": "${required}" leaves it optional.`
        : `The engine makes an option required only for the word "required": "${required}" leaves it optional, so the user may leave it out. Write required (or optional).`,
      fixes: [{ title: 'Change to required', edits: [{ start: at, end: at + required.length, newText: 'required' }], preferred: true }],
    });
  }
}

/** The fourth part of an #option written as a yes (the author meant required; the engine reads optional). */
const MEANS_REQUIRED: ReadonlySet<string> = new Set(['true', 'yes', 'y', '1', 'req', 'must', 'mandatory']);

/** A known directive the engine does not recognise: wrong case, no space after the word, or no value. */
function reportIgnoredDirective(st: HeaderStatement, text: string, base: number, name: string, lineEnd: number, out: AnalysisDiagnostic[]): void {
  const written = text.slice(base + st.start, base + st.nameEnd);
  const between = text.slice(base + st.nameEnd, base + st.valueStart);
  const hasValue = st.valueEnd > st.valueStart && base + st.valueStart < lineEnd;
  const fixes = [];
  let why: string;
  // `#trigger2 !other`: another word, not this directive without its space (no fix: "#trigger 2 !other" is not what was meant).
  const extra = wordRest(text, base + st.nameEnd, base + st.end);
  if (extra !== '') {
    out.push({
      code: 'directive-ignored',
      severity: 'warning',
      start: st.start,
      end: st.nameEnd + extra.length,
      message: `The engine ignores this line: "${written}${extra}" is no directive (it knows ${name} followed by a space).`,
    });
    return;
  }
  if (!hasValue) why = `${name} has no value here`;
  else if (written !== name) why = `the engine only knows the lower-case word ${name}`;
  else why = between === '' ? `${name} must be followed by a space` : `${name} must be followed by a plain space, not ${spaceName(between)}`;
  if (hasValue) fixes.push({ title: `Write "${name} "`, edits: [{ start: st.start, end: st.valueStart, newText: `${name} ` }], preferred: true });
  out.push({
    code: 'directive-ignored',
    severity: 'warning',
    start: st.start,
    end: hasValue ? st.valueStart : st.nameEnd,
    message: `The engine ignores this line: ${why}.`,
    fixes: fixes.length ? fixes : undefined,
  });
}

/**
 * `#trigger !ping // replies with pong`: the engine takes a header's value
 * whole (comments are whole lines only), so the trigger is the whole text and
 * the command answers only to a message starting with all of it. The fix
 * moves the comment to a line above, with the file's line break. A `//` after
 * white space is taken for a comment; one inside a word (`https://`) is not.
 */
function checkHeaderComment(st: HeaderStatement, name: string, value: string, lineBreak: string, out: AnalysisDiagnostic[]): void {
  const m = /\s+\/\//.exec(value);
  if (!m) return;
  const kept = value.slice(0, m.index);
  if (kept.trim() === '') return;
  const comment = value.slice(m.index).trim();
  const cutStart = st.valueStart + m.index;
  // A slash command's name with spaces and slashes is one Discord refuses: the command is never registered.
  const slash = name === '#trigger' && kept.trim().startsWith('/');
  out.push({
    code: 'header-comment',
    severity: slash ? 'error' : 'warning',
    start: cutStart + m[0].length - 2,
    end: st.valueEnd,
    message: slash
      ? `The engine keeps the whole line after #trigger, comment included: the slash command would be named "${value.trim().slice(1)}", which Discord refuses, so the command is not registered. Put the comment on a line of its own.`
      : name === '#trigger'
        ? `The engine keeps the whole line after #trigger, comment included: this command answers only to messages starting with "${value.trim()}". Put the comment on a line of its own.`
        : `The engine keeps the whole line after #name, comment included: the command is named "${value.trim()}". Put the comment on a line of its own.`,
    fixes: [
      {
        title: 'Move the comment to the line above',
        edits: [
          { start: st.start, end: st.start, newText: `${comment}${lineBreak}` },
          { start: cutStart, end: st.valueEnd, newText: '' },
        ],
        preferred: true,
      },
    ],
  });
}

/** What follows a directive's name up to the first white space (`2` in `#trigger2`): part of the word as the engine sees it. */
function wordRest(text: string, from: number, to: number): string {
  let p = from;
  while (p < to && !/\s/.test(text[p])) p++;
  return text.slice(from, p);
}

/** What stands between a directive and its value instead of a space, named for the message. */
function spaceName(between: string): string {
  if (between.includes('\t')) return 'a tab';
  if (between.includes('\u00a0')) return 'a non-breaking space (often pasted from a web page)';
  const odd = [...between].find((c) => c !== ' ');
  return odd ? `the character ${codePointLabel(odd)}` : 'that';
}
