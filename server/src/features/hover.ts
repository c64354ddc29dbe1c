/**
 * Hover: function names (full documentation), arguments (the parameter they
 * bind and its default), header directives, event trigger names and
 * permission names.
 */
import { commentLineAt } from '../syntax/commentLines';
import { escapeInCallAt, keptWordFix, wholeWordOf } from '../analysis/rules/engineReading';
import { mayReadDifferently, readStatement } from '../analysis/engine/statementReader';
import type { Hover } from 'vscode-languageserver-types';
import { CONDITION_FUNCTIONS } from '../language/conditions';
import { parseDuration } from '../language/literals';
import { PERMISSION_EDITING_FUNCTIONS, PERMISSIONS, resolvePermission, splitPermissionPrefix } from '../language/permissions';
import { NodeKind, StatementKind } from '../syntax/tree';
import { variableFunction } from '../language/variableFunctions';
import { optionRequired } from '../language/headerWords';
import { engineFacts } from '../catalog/engine';
import { engineParamDescription, functionMarkdown, paramSummary, triggerMarkdown } from './docs';
import { directiveInfo, directiveMarkdown, COMMAND_TYPES, OPTION_TYPES, SCOPES } from './directiveDocs';
import {
  type DocumentModel,
  type FeatureContext,
  bindCall,
  boundParamAt,
  callPathAt,
  conditionOperators,
  locateStatement,
  innermostNodeAt,
  toRange,
  trimmedArgument,
} from './model';
import { headerInfo } from '../analysis/headerInfo';
import { closedValuesFor } from './closedValues';

const NUMERIC = 'Compares as numbers; when a side is not a number the engine compares the **lengths** of the two texts instead.';
const OPERATOR_DOCS: Record<string, string> = {
  '>=': `\`>=\` greater than or equal. ${NUMERIC}`,
  '<=': `\`<=\` less than or equal. ${NUMERIC}`,
  '>': `\`>\` greater than. ${NUMERIC}`,
  '<': `\`<\` less than. ${NUMERIC}`,
  '==': '`==` equal texts. Both sides are trimmed; an empty side compares with the empty string.',
  '!=': '`!=` different texts. Both sides are trimmed.',
  contains: '` contains ` true when the left text contains the right one.',
  startsWith: '` startsWith ` true when the left text starts with the right one.',
  endsWith: '` endsWith ` true when the left text ends with the right one.',
  '&&': '` && ` all comparisons must hold. Mixing `&&` and `||` in one condition is a run-time error: nest `Zif` instead.',
  '||': '` || ` any comparison may hold. Mixing `&&` and `||` in one condition is a run-time error: nest `Zif` instead.',
};

/** The condition operator under the cursor, in the literal stretches of a condition argument. */
function conditionOperatorAt(
  text: string,
  arg: { start: number; end: number; nodes: readonly { start: number; end: number }[] },
  rel: number,
): { op: string; start: number; end: number } | undefined {
  return conditionOperators(text, arg).find((o) => rel >= o.start && rel <= o.end);
}
const PREFIX_MEANING: Record<string, string> = { '+': 'allows', '-': 'denies', '/': 'resets' };

function markdown(value: string) {
  return { kind: 'markdown' as const, value };
}

/**
 * The word call (engine/statementReader.ts: a plain word, or a word's end, that the engine runs as
 * a function) at document offset `at` of the statement text[from, to), as hover text, or undefined.
 */
function wordCallAt(text: string, from: number, to: number, at: number, ctx: FeatureContext): { text: string; start: number; end: number } | undefined {
  if (!mayReadDifferently(text, from, to, engineFacts)) return undefined;
  const w = readStatement(text, from, to, engineFacts).wordCalls.find((c) => !c.withZ && at >= c.start && at <= c.end);
  if (!w) return undefined;
  const { start: a, end: b } = wholeWordOf(w, text);
  const whole = text.slice(a, b);
  const fn = ctx.catalog.getAnyFunction(`Z${w.fn.key}`);
  const does = fn ? ` (${fn.description.replace(/\.$/, '')})` : '';
  // What word-runs-function's fix writes in the word's place.
  const fix = keptWordFix(w, text.slice(a, w.start), 0);
  const keep = fix ? text.slice(a, w.start) + fix.edits[0].newText + text.slice(w.end, b) : whole;
  const where = a === w.start && b === w.end ? `the word \`${w.name}\`` : `\`${w.name}\` at the end of \`${whole}\``;
  return {
    text: `The engine runs ${where} as the function \`Z${w.fn.key}\`${does}: it looks every word up as a function name.${keep !== whole ? ` To write the word itself, write \`${keep}\`.` : ''}`,
    start: w.start,
    end: w.end,
  };
}

export function hoverAt(model: DocumentModel, offset: number, ctx: FeatureContext): Hover | null {
  const loc = locateStatement(model.tree, offset);
  if (!loc) return null;
  const rel = offset - loc.start;
  const { statement: st, text } = loc;

  if (st.kind === StatementKind.Header) {
    const name = text.slice(st.start + 1, st.nameEnd);
    if (rel >= st.start && rel <= st.nameEnd) {
      const info = directiveInfo(name);
      const range = toRange(model.doc, loc.start + st.start, loc.start + st.nameEnd);
      return { contents: markdown(info ? directiveMarkdown(info) : `**#${name}**: not a directive the engine knows; it is ignored.`), range };
    }
    if (rel >= st.valueStart && rel <= st.valueEnd && st.valueEnd > st.valueStart) {
      const value = text.slice(st.valueStart, st.valueEnd);
      const range = toRange(model.doc, loc.start + st.valueStart, loc.start + st.valueEnd);
      if (name === 'trigger') {
        const trigger = ctx.catalog.getTrigger(value) ?? (value.startsWith('onInteraction') ? ctx.catalog.getTrigger('onInteraction') : undefined);
        if (trigger) return { contents: markdown(triggerMarkdown(trigger)), range };
        const about = triggerByType(headerInfo(model.tree).type, value.trim());
        if (about) return { contents: markdown(about), range };
      } else if (name === 'option') {
        return { contents: markdown(optionMarkdown(value)), range };
      } else if (name === 'type') {
        const t = COMMAND_TYPES.find((c) => c.name === value.trim().toLowerCase());
        return { contents: markdown(t ? `**${t.name}**: ${t.doc}` : `\`${value}\` is not a command type: the engine treats it as \`prefix\`.`), range };
      } else if (name === 'scope') {
        const s = SCOPES.find((c) => c.name === value.trim().toLowerCase());
        return { contents: markdown(s ? `**${s.name}**: ${s.doc}` : `\`${value}\` is not a scope: the engine treats it as \`guild\`.`), range };
      }
    }
    return null;
  }
  if (st.kind !== StatementKind.Body) return null;
  // A `//` line inside a call spanning lines: the engine skips it, nothing there is code.
  if (commentLineAt(text, 0, st.end, rel)) return null;

  const node = innermostNodeAt(st, rel);
  if (node && (node.kind === NodeKind.Call || node.kind === NodeKind.BareCall)) {
    const nameEnd = node.kind === NodeKind.Call ? node.nameEnd : node.end;
    if (rel >= node.start && rel <= nameEnd) {
      const name = text.slice(node.start, nameEnd);
      const range = toRange(model.doc, loc.start + node.start, loc.start + nameEnd);
      const fn = ctx.catalog.getAnyFunction(name);
      if (fn) return { contents: markdown(functionMarkdown(ctx.catalog, fn)), range };
      // The same "did you mean" as the diagnostic: a case-only difference first, then the closest name.
      const suggestion = ctx.suggester.suggest(name);
      return { contents: markdown(`\`${name}\` is not a function of the catalog${suggestion ? `; did you mean \`${suggestion}\`?` : '.'}`), range };
    }
  }
  if (node && node.kind === NodeKind.Escape) {
    const escaped = text.slice(node.start, node.end);
    // Between a call's braces the engine may read it otherwise (what escape-in-call reports).
    const engine = escapeInCallAt(model.tree.text, loc.start, st.end, loc.start + node.start);
    return {
      contents: markdown(engine ?? `Escape: \`${escaped}\` outputs \`${escaped.slice(1)}\` as text.`),
      range: toRange(model.doc, loc.start + node.start, loc.start + node.end),
    };
  }

  // A plain word, or its end, that the engine runs as a function (`Please stop`, `Today`): what it does there.
  const word = wordCallAt(model.tree.text, loc.start, loc.start + st.end, loc.start + rel, ctx);
  if (word) return { contents: markdown(word.text), range: toRange(model.doc, word.start, word.end) };

  // An argument: the parameter it binds to.
  const path = callPathAt(st, rel);
  const frame = path[path.length - 1];
  if (!frame) return null;
  const bound = bindCall(ctx.catalog, text, frame.call);
  if (!bound) return null;
  const arg = frame.call.args[frame.argIndex];
  if (frame.argIndex === 0 && CONDITION_FUNCTIONS.has(bound.fn.name)) {
    const op = conditionOperatorAt(text, arg, rel);
    if (op) return { contents: markdown(OPERATOR_DOCS[op.op.trim()] ?? ''), range: toRange(model.doc, loc.start + op.start, loc.start + op.end) };
  }
  const trimmed = trimmedArgument(text, arg);
  // Only over the argument's own text (a nested call's name has its own hover above).
  if (rel < trimmed.start || rel > trimmed.end || trimmed.start === trimmed.end) return null;
  const range = toRange(model.doc, loc.start + trimmed.start, loc.start + trimmed.end);
  const entry = boundParamAt(bound.fn, bound.binding, frame.argIndex);
  if (!entry?.param) return { contents: markdown(surplusArgument(bound.fn.name, bound.fn.arguments.length, frame.argIndex)), range };
  const p = entry.param;
  const lines = [`Argument of \`${bound.fn.name}\`: **${p.name}**: ${paramSummary(p)}`];
  const described = engineParamDescription(bound.fn.name, p.name);
  if (described) lines.push(described.charAt(0).toUpperCase() + described.slice(1));
  const literal = arg.nodes.length === 0;
  if (literal && (p.type === 'permission' || (PERMISSION_EDITING_FUNCTIONS.has(bound.fn.name) && p.name === 'operation'))) {
    const { prefix, name } = splitPermissionPrefix(trimmed.text);
    const canonical = resolvePermission(name);
    if (canonical) {
      const perm = PERMISSIONS.find((x) => x.name === canonical)!;
      lines.push(
        `Permission **${canonical}**${perm.aliases.length ? ` (alias: ${perm.aliases.join(', ')})` : ''}${prefix ? `: \`${prefix}\` ${PREFIX_MEANING[prefix]} it` : ''}.`,
      );
      if (canonical === 'usexternalEmojis') lines.push('The engine only accepts the external-emoji permission under this spelling.');
    } else {
      lines.push(`\`${name}\` is not a permission the engine knows.`);
    }
  }
  if (literal && p.type === 'duration') {
    const seconds = parseDuration(trimmed.text);
    if (seconds !== undefined) lines.push(`\`${trimmed.text}\` = ${describeSeconds(seconds)}.`);
  }
  if (literal) {
    const value = closedValuesFor(bound.fn.name, p.name).find((v) => v.value === trimmed.text);
    if (value?.description) lines.push(value.description);
  }
  const vf = variableFunction(bound.fn.name);
  if (vf && p.index === 0 && literal && trimmed.text !== '') {
    const uses = ctx.workspace.variableOccurrences(trimmed.text, vf.scope, model.uri);
    const writes = uses.filter((u) => u.occurrence.access === 'set');
    const files = new Set(writes.map((u) => u.uri)).size;
    const reads = uses.length - writes.length;
    const where =
      vf.scope === 'temporary'
        ? 'in this file'
        : files > 1
          ? `in ${files} files`
          : files === 1 && writes[0].uri !== model.uri
            ? 'in another file'
            : 'in this file';
    lines.push(
      writes.length
        ? `${capitalise(vf.scope)} variable \`${trimmed.text}\`: set ${count(writes.length, 'time')} ${where}; ${count(reads, 'read, check or reset', 'reads, checks or resets')}.`
        : `${capitalise(vf.scope)} variable \`${trimmed.text}\`: never set${vf.scope === 'temporary' ? ' in this file' : ' in the workspace'}; reading it gives an empty value. A typo?`,
    );
  }
  if (bound.fn.name === 'Zoption' && p.index === 0 && literal) {
    const declared = headerInfo(model.tree).options.some((o) => o.name === trimmed.text);
    lines.push(declared ? `Reads the slash-command option \`${trimmed.text}\`.` : `No \`#option ${trimmed.text}|...\` line declares this option.`);
  }
  return { contents: markdown(lines.join('\n\n')), range };
}

/** What a `#trigger` value means for the command types whose triggers are not catalog entries. */
function triggerByType(type: string, value: string): string | undefined {
  if (value === '') return undefined;
  switch (type) {
    case 'slash':
    case 'sub-slash':
      return value.startsWith('/')
        ? `**Slash command** \`${value}\`: runs when someone uses it from the command menu.`
        : `A slash command's trigger starts with \`/\`: \`#trigger /${value}\`.`;
    case 'event':
    case 'interaction':
      return undefined;
    default:
      return `**Prefix command**: runs when a message starts with \`${value}\`; the words after it are the command's arguments.`;
  }
}

/** The four parts of an `#option` value, as a table. */
function optionMarkdown(value: string): string {
  const parts = value.split('|').map((p) => p.trim());
  const lines = ['**#option**: a slash-command option, read in the body with `Zoption{name}`.'];
  if (parts.length !== 4) {
    lines.push(
      `It has ${parts.length} part${parts.length === 1 ? '' : 's'}; the engine needs exactly four, \`name|description|type|required\`, or it refuses to load the file.`,
    );
  }
  const type = parts[2]?.toLowerCase();
  const rows = [
    `| name | \`${escapeCell(parts[0] ?? '')}\` |`,
    `| description | ${escapeCell(parts[1] ?? '')} |`,
    `| type | ${parts[2] === undefined ? '' : OPTION_TYPES.includes(type!) ? `\`${type}\`` : `\`${escapeCell(parts[2])}\` (not a type: one of ${OPTION_TYPES.join(', ')})`} |`,
    `| required | ${parts[3] === undefined ? '' : optionRequired(parts) ? 'yes' : 'no (only `required` makes it required)'} |`,
  ];
  lines.push(['| part | value |', '|---|---|', ...rows].join('\n'));
  return lines.join('\n\n');
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/`/g, "'");
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}

function describeSeconds(total: number): string {
  if (total === 0) return '0 seconds';
  const units: [number, string][] = [
    [86400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  const parts: string[] = [];
  let rest = total;
  for (const [size, name] of units) {
    const n = Math.floor(rest / size);
    if (n > 0) parts.push(`${n} ${name}${n === 1 ? '' : 's'}`);
    rest -= n * size;
  }
  return `${parts.join(' ')} (${total} s)`;
}

/**
 * An argument past the documented parameters: what the engine does with it
 * decides the text (too many for its registry halts the command, a lazy form
 * ignores it, an undocumented one is still read).
 */
function surplusArgument(name: string, documented: number, argIndex: number): string {
  const engine = engineFacts.forCall(name);
  const takes = `\`${name}\` takes ${documented} argument${documented === 1 ? '' : 's'} in the catalog`;
  if (!engine || engine.lazy) return `Surplus argument: ${takes}; the engine ignores this one.`;
  if (engine.max !== null && argIndex + 1 > engine.max)
    return `Surplus argument: ${takes}, and the engine accepts at most ${engine.max}: it halts the command with "Too many arguments".`;
  return `Surplus argument: ${takes}; the engine accepts up to ${engine.max === null || engine.max >= 50 ? 'any number' : engine.max} and reads this one, which the catalog does not document.`;
}
