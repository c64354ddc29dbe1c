/**
 * Completion: function names (snippets with tab stops for the required
 * parameters), values of the parameter an argument binds to, header directive
 * names and values. Only the statement under the cursor is looked at.
 */
import { commentLineAt } from '../syntax/commentLines';
import type { CompletionItem, CompletionItemKind, CompletionItemLabelDetails, CompletionList, MarkupContent, Range } from 'vscode-languageserver-types';
import type { Catalog } from '../catalog';
import type { FunctionRecord } from '../catalog/types';
import { engineFacts } from '../catalog/engine';
import { type Parameter, signatureOf } from '../catalog/parameters';
import { PERMISSION_EDITING_FUNCTIONS, PERMISSIONS } from '../language/permissions';
import { variableFunction } from '../language/variableFunctions';
import { interactionIdArgument, isInteractionIdParameter } from '../language/componentIds';
import { NodeKind, StatementKind, type HeaderStatement, type BodyStatement } from '../syntax/tree';
import { functionMarkdown, paramSummary, triggerMarkdown } from './docs';
import { COMMAND_TYPES, DIRECTIVES, OPTION_TYPES, SCOPES, directiveMarkdown } from './directiveDocs';
import {
  type DocumentModel,
  type FeatureContext,
  type LocatedStatement,
  bindCall,
  boundParamAt,
  callPathAt,
  lineBreakAt,
  locateStatement,
  matchesInOrder,
  toRange,
} from './model';
import { headerInfo } from '../analysis/headerInfo';
import { closedValuesFor } from './closedValues';
import { COMMON_TIME_ZONES, TIME_ZONE_ARGUMENT, TIME_ZONE_NAMES } from '../language/timeZones';

const Kind = {
  Snippet: 15,
  Function: 3,
  Variable: 6,
  Keyword: 14,
  Value: 12,
  EnumMember: 20,
  Event: 23,
  Property: 10,
  Field: 5,
  Text: 1,
} as const satisfies Record<string, CompletionItemKind>;

/** The most used functions, most used first: they rank right after exact-prefix matches. */
export const COMMON_FUNCTIONS: readonly string[] = [
  'Ztitle',
  'Zdescription',
  'Zcolor',
  'ZaddField',
  'Zusername',
  'Zif',
  'Zvar',
  'ZaddButton',
  'Zfooter',
  'Zimage',
  'Zthumbnail',
  'Ztimestamp',
  'ZuserID',
  'Zmentioned',
  'Zmessage',
  'ZgetUserVar',
  'ZsetUserVar',
  'ZgetServerVar',
  'ZsetServerVar',
  'Zoption',
  'ZsendMessage',
  'Zavatar',
  'Zrandom',
  'Zcooldown',
  'ZonlyIf',
  'Zauthor',
  'ZauthorIcon',
  'Zsum',
  // Then what most bots use at some point: replies and embeds, guards, arithmetic, the other variables,
  // moderation, text, loops and lists, requests and JSON, time, components.
  'Zreply',
  'ZsendEmbed',
  'ZuserAvatar',
  'ZchannelID',
  'ZserverName',
  'ZdisplayName',
  'ZonlyPerms',
  'ZonlyAdmin',
  'Zstop',
  'Zerror',
  'Zcalculate',
  'Zsub',
  'Zmulti',
  'Zdiv',
  'ZgetChannelVar',
  'ZsetChannelVar',
  'ZgetVar',
  'ZsetVar',
  'Zban',
  'Zkick',
  'Ztimeout',
  'ZroleGrant',
  'ZhasRole',
  'ZroleID',
  'ZisAdmin',
  'ZcheckContains',
  'ZreplaceText',
  'Zlowercase',
  'Zuppercase',
  'ZtextSplit',
  'ZsplitText',
  'ZforSplit',
  'ZjoinSplitText',
  'ZgetTextSplitLength',
  'Zrepeat',
  'ZloopIndex',
  'ZloopValue',
  'ZtryRun',
  'Zdelay',
  'ZhttpGet',
  'ZhttpPost',
  'ZhttpResult',
  'ZjsonParse',
  'ZjsonGet',
  'ZjsonSet',
  'ZjsonStringify',
  'ZforJson',
  'ZjsonArrayCount',
  'ZgetTimestamp',
  'ZfromTimestamp',
  'Zdate',
  'Ztime',
  'ZtimeDiff',
  'ZrandomText',
  'ZnewSelectMenu',
  'ZaddSelectMenuOption',
  'ZnewModal',
  'ZaddTextInput',
  'ZinputValue',
  'ZcustomID',
  'Zephemeral',
  'Zdefer',
  'Zdm',
  'ZdeleteMessage',
  'Zclear',
  'ZmessageID',
  'ZargCount',
  'ZisNumber',
  'ZisInteger',
  'ZmembersCount',
  'ZserverIcon',
  'ZuserJoined',
  'ZcreationDate',
  'ZuseChannel',
  'ZchannelName',
  'ZroleName',
  'ZuserRoles',
  'ZargsCheck',
  'ZserverCooldown',
  'ZgetCooldown',
  'Zround',
  'ZnumberSeparator',
  'ZtitleURL',
  'ZfooterIcon',
];

const DURATION_EXAMPLES: readonly [string, string][] = [
  ['10s', '10 seconds'],
  ['30s', '30 seconds'],
  ['5m', '5 minutes'],
  ['1h', '1 hour'],
  ['1h30m', '1 hour 30 minutes'],
  ['1d', '1 day'],
  ['1w', '1 week'],
];

/** Functions whose permission arguments carry a `+`/`-`/`/` prefix. */

interface FunctionEntry {
  readonly fn: FunctionRecord;
  readonly snippet: string;
  readonly commonRank: number;
  /** It never writes text (a setter, an action, a builder: engine.json's writesNothing): no value for an argument. */
  readonly writesNothing: boolean;
  /** Shown in the list beside the name (clients that support it): the parameters. */
  readonly labelDetails: CompletionItemLabelDetails | undefined;
  /** A function of the engine that the catalog does not document. */
  readonly engineOnly: boolean;
}

const entriesByCatalog = new WeakMap<Catalog, FunctionEntry[]>();

function functionEntries(catalog: Catalog): FunctionEntry[] {
  let entries = entriesByCatalog.get(catalog);
  if (!entries) {
    entries = catalog.functions.map((fn) => {
      const rank = COMMON_FUNCTIONS.indexOf(fn.name);
      return {
        fn,
        snippet: snippetFor(fn),
        commonRank: rank < 0 ? 998 : rank,
        writesNothing: writesNothing(fn.name),
        labelDetails: labelDetailsOf(fn),
        engineOnly: false,
      };
    });
    // The engine's functions the catalog does not document: real, offered after the documented ones
    // (rank 999, after the uncommon documented ones' 998: clients such as eglot order by sortText alone).
    for (const fn of catalog.engineOnlyFunctions)
      entries.push({
        fn,
        snippet: snippetFor(fn),
        commonRank: 999,
        writesNothing: writesNothing(fn.name),
        labelDetails: { ...labelDetailsOf(fn), description: 'not in the catalog' },
        engineOnly: true,
      });
    entriesByCatalog.set(catalog, entries);
  }
  return entries;
}

/** Writes no text whatever its arguments; not a lazy form, which gives the text of the code it runs (Zif's branch). */
function writesNothing(name: string): boolean {
  const e = engineFacts.forCall(name);
  return e?.writesNothing === true && !e.lazy;
}

/**
 * `{ detail: '{name;value;inline?;index?}' }`: the syntax after the name, for
 * the list itself. No `description` (the catalog section): it would add about
 * a third to every function list on the wire, and hover shows it anyway.
 */
function labelDetailsOf(fn: FunctionRecord): CompletionItemLabelDetails | undefined {
  if (!fn.syntax.startsWith(fn.name) || fn.syntax.length === fn.name.length) return undefined;
  return { detail: fn.syntax.slice(fn.name.length) };
}

/**
 * `Zname{${1:required};;${2:required}}`: tab stops for the parameters a call
 * needs, empty places for optional ones before them. What a call needs is
 * the catalog's required parameters, and as many as the engine's minimum
 * argument count (which is higher for some: `ZsetUserVar{name;value}`), so
 * the inserted call never halts on too few arguments. A place the engine
 * needs but names nowhere gets an unnamed tab stop.
 */
export function snippetFor(fn: FunctionRecord): string {
  const { params } = signatureOf(fn);
  const engine = engineFacts.forCall(fn.name);
  const least = engine?.min ?? 0;
  let lastRequired = -1;
  params.forEach((p, i) => {
    if (p.required) lastRequired = i;
  });
  const count = Math.max(lastRequired + 1, least);
  if (count === 0) return fn.syntax === fn.name ? fn.name : `${fn.name}{}`;
  let stop = 1;
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const p = params[i];
    const named = p?.name ?? engine?.required.find((r) => r.pos === i + 1)?.name;
    // An optional place before a required one stays empty; one the engine needs after them gets a stop.
    if (p?.required || i > lastRequired) parts.push(named ? `\${${stop++}:${snippetText(named)}}` : `\${${stop++}}`);
    else parts.push('');
  }
  return `${fn.name}{${parts.join(';')}}`;
}

function snippetText(text: string): string {
  return text.replace(/[$}\\]/g, (c) => `\\${c}`);
}

const isWordChar = (code: number): boolean => (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

/**
 * How the request came: the character the editor saw typed when it asked on its own (a trigger
 * character), or nothing when the user asked (Ctrl+Space) or kept typing a word.
 */
export interface CompletionTrigger {
  readonly character?: string;
}

/**
 * Why completion is so careful about what it offers unasked: editors accept the focused item on
 * Enter by default (VS Code's `acceptSuggestionOnEnter`), so a list that pops up while the user is
 * writing text turns their Enter into a function call. Functions are offered when a `Z` starts the
 * word (that is how a call begins) or when the user asks with nothing typed; after `{`, `;` and the
 * other trigger characters only a closed set of values for the parameter there (booleans,
 * permissions, a function's fixed words), never free text or functions.
 */
export function completionsAt(model: DocumentModel, offset: number, ctx: FeatureContext, trigger: CompletionTrigger = {}): CompletionList {
  const loc = locateStatement(model.tree, offset);
  const empty: CompletionList = { isIncomplete: false, items: [] };
  const unasked = trigger.character !== undefined && trigger.character !== 'Z';
  const rel = loc ? offset - loc.start : 0;
  const st = loc?.statement;
  // No statement, or a fresh line after the last one (past a header's or comment's line break): a body line begins.
  const freshLine = st !== undefined && (st.kind === StatementKind.Header || st.kind === StatementKind.Comment) && /[\r\n]/.test(loc!.text.slice(st.end, rel));
  if (!loc || !st || freshLine) {
    if (unasked) return empty;
    return { isIncomplete: false, items: [...directiveItemsAt(model, offset), ...functionItems(ctx.catalog, model, offset, offset, '', false, '1')] };
  }
  if (!unasked && st.kind === StatementKind.Blank) {
    // A blank line asked for completion: a header line may begin here as well as a body line.
    return { isIncomplete: false, items: [...directiveItemsAt(model, offset), ...functionItems(ctx.catalog, model, offset, offset, '', false, '1')] };
  }
  switch (st.kind) {
    case StatementKind.Comment:
      return rel > st.start ? empty : bodyCompletions(model, loc, rel, ctx, unasked);
    case StatementKind.Header:
      return { isIncomplete: false, items: headerCompletions(model, loc, st, rel, ctx) };
    default:
      return bodyCompletions(model, loc, rel, ctx, unasked);
  }
}

function bodyCompletions(model: DocumentModel, loc: LocatedStatement, rel: number, ctx: FeatureContext, unasked: boolean): CompletionList {
  const { text, statement: st } = loc;
  const list: CompletionList = { isIncomplete: false, items: [] };
  // In a trailing `//` comment: nothing.
  if (st.kind === StatementKind.Body && (st as BodyStatement).nodes.some((n) => n.kind === NodeKind.Comment && rel > n.start)) return list;
  // On a `//` line inside a call spanning lines, which the engine skips: nothing either.
  if (st.kind === StatementKind.Body && commentLineAt(text, 0, st.end, rel)) return list;

  let wordStart = rel;
  while (wordStart > 0 && isWordChar(text.charCodeAt(wordStart - 1))) wordStart--;
  let wordEnd = rel;
  while (wordEnd < text.length && isWordChar(text.charCodeAt(wordEnd))) wordEnd++;
  const run = text.slice(wordStart, rel);
  // The name being typed starts at the word's last Z: `ZuserIDZdis` is a bare call followed by one typed after it.
  const z = run.lastIndexOf('Z');
  const fnStart = z >= 0 ? wordStart + z : wordStart;
  // `\Zname` outputs the name as text, and after a lone `\` the next character is escaped: never complete there.
  if (isEscaped(text, fnStart)) return list;
  const typed = text.slice(fnStart, rel);

  const path = callPathAt(st, rel);
  const frame = path[path.length - 1];
  let valueItems: CompletionItem[] = [];
  let closedValues = false;
  let valueToken = '';
  if (frame && z < 0) {
    const bound = bindCall(ctx.catalog, text, frame.call);
    if (bound) {
      const entry = boundParamAt(bound.fn, bound.binding, frame.argIndex);
      if (entry?.param) {
        const arg = frame.call.args[frame.argIndex];
        // The value being typed starts after the last nested node before the cursor and after leading blanks.
        let tokenStart = arg.start;
        for (const node of arg.nodes) if (node.end <= rel) tokenStart = Math.max(tokenStart, node.end);
        while (tokenStart < rel && /\s/.test(text[tokenStart])) tokenStart++;
        const range = toRange(model.doc, loc.start + tokenStart, loc.start + wordEnd);
        const token = text.slice(tokenStart, rel);
        valueToken = token;
        const values = valueCompletions(model, ctx, bound.fn, entry.param, token, range);
        valueItems = values.items;
        closedValues = values.closed;
      }
    }
  }
  const startsWithToken = (item: CompletionItem, lower: string) => (item.filterText ?? item.label).toLowerCase().startsWith(lower);
  if (unasked) {
    // Popped up by `{`, `;`, `+`... while typing: only a closed value set, nothing focused for Enter to take.
    const token = valueToken.trim().toLowerCase();
    list.items = closedValues && valueItems.some((i) => startsWithToken(i, token)) ? valueItems : [];
    return list;
  }
  if ((z < 0 && typed.length > 0) || (valueItems.length > 0 && valueToken.length > 0)) {
    // A word typed without `Z` is text the user is writing (`Welcome to the server`), or a value
    // where the parameter has known ones (`t` in a boolean, `ban` in a permission): function names
    // would let Enter turn the word into a call. The preselected item, if any, is a value (typing
    // `Z` asks again and brings the functions back).
    const lower = valueToken.toLowerCase();
    const match = lower ? valueItems.find((i) => startsWithToken(i, lower)) : undefined;
    if (match) match.preselect = true;
    list.items = valueItems;
    return list;
  }
  // With nothing typed before the cursor a function is inserted there: the word after the cursor
  // (`¦Ztitle{x}`, `Ztitle{¦abc}`) is the user's text, not a name being typed, and stays.
  // The name ends where the next one glued to it begins (`ZuserI¦ZdisplayName` keeps ZdisplayName).
  let fnEnd = typed === '' ? rel : wordEnd;
  const nextName = text.indexOf('Z', rel);
  if (nextName >= rel && nextName < fnEnd) fnEnd = nextName;
  const followedByBrace = text.charCodeAt(fnEnd) === 123; /* { */
  const range = toRange(model.doc, loc.start + fnStart, loc.start + fnEnd);
  // Glued to a name before it (`ZuserIDZdis`), a call would join that name: the engine reads letters up to the
  // first other character, so the inserted call gets `{}` in front to close the one before (as bare-call-needs-braces advises).
  // Only after a name that runs bare (ZuserID): `Ztitle{}` would halt for want of its text.
  const before = z > 0 ? run.slice(run.lastIndexOf('Z', z - 1), z) : '';
  const glued = before.length > 1 && isWordChar(text.charCodeAt(fnStart - 1)) && ctx.catalog.isBareCallable(before);
  // In the argument of a function (not a lazy form's code: Zif's branches, ZtryRun's, a loop's) a value is wanted.
  const valueWanted = frame !== undefined && engineFacts.forCall(text.slice(frame.call.start, frame.call.nameEnd))?.lazy !== true;
  const fnItems = functionItemsWithRange(ctx.catalog, range, typed, followedByBrace, valueItems.length ? '5' : '1', glued ? '{}' : '', valueWanted);
  list.items = valueItems.concat(fnItems);
  // Past `Z` the list holds only the names the typed letters can still match: the client must ask
  // again when the word changes (a backspace widens it), which isIncomplete tells it.
  if (typed.length > 1) list.isIncomplete = true;
  return list;
}

/** Whether the character at `index` is escaped by an odd run of backslashes. */
function isEscaped(text: string, index: number): boolean {
  let count = 0;
  for (let i = index - 1; i >= 0 && text.charCodeAt(i) === 92; i--) count++;
  return count % 2 === 1;
}

function functionItems(
  catalog: Catalog,
  model: DocumentModel,
  start: number,
  end: number,
  typed: string,
  followedByBrace: boolean,
  group: string,
): CompletionItem[] {
  return functionItemsWithRange(catalog, toRange(model.doc, start, end), typed, followedByBrace, group);
}

/**
 * The function items for the name `typed` so far (`Z...` or nothing). Only those it may still
 * match: a list of every function is 594 items (about 70 KB on the wire), and one of the names
 * after `Zse` a third of that, which the client receives, parses and filters on every request.
 */
function functionItemsWithRange(
  catalog: Catalog,
  range: Range,
  typed: string,
  followedByBrace: boolean,
  group: string,
  before = '',
  valueWanted = false,
): CompletionItem[] {
  const startsWithZ = typed.startsWith('Z');
  const filter = typed.length > 1;
  const items: CompletionItem[] = [];
  let best: CompletionItem | undefined;
  let bestKey = '';
  let bestRank = 999;
  for (const entry of functionEntries(catalog)) {
    const { fn } = entry;
    // The loosest filter an editor applies: leaving the other names out never hides one it would have shown.
    if (filter && !matchesInOrder(typed, fn.name)) continue;
    const exact = typed.length > 0 && (startsWithZ ? fn.name.startsWith(typed) : fn.name.slice(1).startsWith(typed));
    // Exact prefix first; in an argument that wants a value, the functions that write one; the common ones
    // in their order; then the shorter names (the basic ones: ZhttpGet before ZhttpAddHeader), then A to Z.
    const quiet = valueWanted && entry.writesNothing ? '1' : '0';
    const sortText = `${group}${exact ? '0' : '1'}${quiet}${String(entry.commonRank).padStart(3, '0')}${String(fn.name.length).padStart(2, '0')}${fn.name}`;
    const item: CompletionItem = {
      label: fn.name,
      kind: Kind.Function,
      detail: entry.engineOnly ? `${fn.syntax} (engine function, not in the catalog)` : fn.syntax,
      documentation: fn.description,
      sortText,
      filterText: startsWithZ ? fn.name : fn.name.slice(1),
      insertTextFormat: followedByBrace ? 1 : 2,
      textEdit: { range, newText: before + (followedByBrace ? fn.name : entry.snippet) },
      data: { zscript: 'function', name: fn.name },
    };
    if (entry.labelDetails) item.labelDetails = entry.labelDetails;
    items.push(item);
    if (exact && (!best || sortText < bestKey)) {
      best = item;
      bestKey = sortText;
      bestRank = entry.commonRank;
    }
  }
  // Only a name typed with its `Z` preselects: after a plain word (`Say tit`) the user may be writing
  // text, and Enter must not turn it into a call unasked. And only a common one: among the rare ones
  // the first is a guess, which the editor's own ranking may do better.
  if (best && startsWithZ && bestRank < 998) best.preselect = true;
  return items;
}

function valueItem(
  label: string,
  kind: CompletionItemKind,
  range: Range,
  sortIndex: number,
  detail?: string,
  documentation?: string | MarkupContent,
): CompletionItem {
  const item: CompletionItem = { label, kind, sortText: `0${String(sortIndex).padStart(4, '0')}`, textEdit: { range, newText: label }, filterText: label };
  if (detail) item.detail = detail;
  if (documentation) item.documentation = documentation;
  return item;
}

function valueCompletions(
  model: DocumentModel,
  ctx: FeatureContext,
  fn: FunctionRecord,
  param: Parameter,
  token: string,
  range: Range,
): { items: CompletionItem[]; closed: boolean } {
  const items: CompletionItem[] = [];
  const open = { items, closed: false };
  const closed = { items, closed: true };
  let n = 0;
  const detail = `${param.name}: ${paramSummary(param).replace(/`/g, '')}`;
  const vf = variableFunction(fn.name);
  if (vf && param.index === 0) {
    const names = ctx.workspace.variableNames(vf.scope, model.uri);
    for (const [name, count] of names) {
      // The name being typed is itself an occurrence: skip it unless it is used elsewhere.
      if (name === token && count <= 1) continue;
      items.push(valueItem(name, Kind.Variable, range, n++, `${vf.scope} variable`));
    }
    return open;
  }
  if (fn.name === 'ZinputValue' && param.index === 0) {
    // The field IDs of the workspace's modals (the modal is shown by another command, usually).
    const seen = new Set<string>();
    for (const [, index] of ctx.workspace.entries())
      for (const f of index.fieldIds) {
        if (seen.has(f.name) || f.name === token) continue;
        seen.add(f.name);
        items.push(valueItem(f.name, Kind.Field, range, n++, 'text input of a modal'));
      }
    return open;
  }
  if (isInteractionIdParameter(param.name) && interactionIdArgument(fn.name) !== param.index) {
    // A component made elsewhere (ZeditButton, ZremoveComponent...): the custom IDs of this file, then of the workspace.
    const seen = new Set<string>([token]);
    const own = ctx.workspace.get(model.uri)?.customIds ?? [];
    const add = (name: string, where: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      items.push(valueItem(name, Kind.Value, range, n++, where));
    };
    for (const id of own) add(id.name, 'custom ID in this file');
    for (const [file, index] of ctx.workspace.entries())
      if (file.uri !== model.uri) for (const id of index.customIds) add(id.name, 'custom ID in the workspace');
    return open;
  }
  if (fn.name === 'Zoption' && param.index === 0) {
    for (const option of headerInfo(model.tree).options) items.push(valueItem(option.name, Kind.Property, range, n++, 'slash-command option'));
    return closed;
  }
  if (PERMISSION_EDITING_FUNCTIONS.has(fn.name) && (param.type === 'permission' || param.name === 'operation')) {
    const prefix = token.charAt(0);
    const prefixes = prefix === '+' || prefix === '-' || prefix === '/' ? [prefix] : ['+', '-', '/'];
    const meaning: Record<string, string> = { '+': 'allow', '-': 'deny', '/': 'reset' };
    for (const p of prefixes) for (const perm of PERMISSIONS) items.push(valueItem(p + perm.name, Kind.EnumMember, range, n++, `${meaning[p]} ${perm.name}`));
    return closed;
  }
  if (param.type === 'permission') {
    for (const perm of PERMISSIONS)
      items.push(valueItem(perm.name, Kind.EnumMember, range, n++, perm.aliases.length ? `alias: ${perm.aliases.join(', ')}` : 'permission'));
    return closed;
  }
  if (param.type === 'boolean') {
    for (const v of ['true', 'false']) items.push(valueItem(v, Kind.Value, range, n++, v === param.default ? `${detail} (default)` : detail));
    return closed;
  }
  if (param.type === 'duration') {
    for (const [v, doc] of DURATION_EXAMPLES) items.push(valueItem(v, Kind.Value, range, n++, doc));
    return open;
  }
  if (TIME_ZONE_ARGUMENT[fn.name] === param.index) {
    // Every name the engine's zone database knows; a misspelt one halts Ztime (invalid-value).
    const common = new Set(COMMON_TIME_ZONES);
    for (const zone of COMMON_TIME_ZONES) items.push(valueItem(zone, Kind.EnumMember, range, n++, 'time zone'));
    for (const zone of TIME_ZONE_NAMES) if (!common.has(zone)) items.push(valueItem(zone, Kind.EnumMember, range, n++, 'time zone'));
    return closed;
  }
  for (const value of closedValuesFor(fn.name, param.name)) {
    items.push(valueItem(value.value, Kind.EnumMember, range, n++, value.value === param.default ? `${detail} (default)` : detail, value.description));
  }
  return closed;
}

/**
 * The directives as items inserted at `offset`, on a line with nothing before the cursor. In a
 * file without a #trigger line, before its first body line, they come first with #trigger
 * preselected (the engine does not load a file without one: the first line a new file needs);
 * elsewhere after the functions.
 */
function directiveItemsAt(model: DocumentModel, offset: number): CompletionItem[] {
  const text = model.tree.text;
  let lineStart = offset;
  while (lineStart > 0 && text.charCodeAt(lineStart - 1) !== 10 && text.charCodeAt(lineStart - 1) !== 13) lineStart--;
  if (text.slice(lineStart, offset).trim() !== '') return [];
  let hasTrigger = false;
  let bodyBefore = false;
  const { statements, starts } = model.tree;
  for (let i = 0; i < statements.length; i++) {
    const st = statements[i];
    // The engine's reading: `#trigger ` and a word (a byte-order mark before the first line hides it).
    if (
      st.kind === StatementKind.Header &&
      !(starts[i] === 0 && text.charCodeAt(0) === 0xfeff) &&
      /^#trigger[ \t]+\S/.test(text.slice(starts[i] + st.start, starts[i] + st.end))
    )
      hasTrigger = true;
    else if (starts[i] < offset && st.kind !== StatementKind.Header && st.kind !== StatementKind.Comment && st.kind !== StatementKind.Blank) bodyBefore = true;
  }
  const first = !hasTrigger && !bodyBefore;
  const range = toRange(model.doc, offset, offset);
  return DIRECTIVES.map((d, i) => {
    const item: CompletionItem = {
      label: `#${d.name}`,
      kind: Kind.Keyword,
      detail: d.summary,
      documentation: { kind: 'markdown', value: directiveMarkdown(d) },
      sortText: `${first ? '0' : '9'}${String(i).padStart(2, '0')}`,
      filterText: `#${d.name}`,
      textEdit: { range, newText: `#${d.name} ` },
    };
    if (first && d.name === 'trigger') item.preselect = true;
    return item;
  });
}

function headerCompletions(model: DocumentModel, loc: LocatedStatement, st: HeaderStatement, rel: number, ctx: FeatureContext): CompletionItem[] {
  const { text } = loc;
  if (rel <= st.nameEnd) {
    const range = toRange(model.doc, loc.start + st.start, loc.start + st.nameEnd);
    // A space after the name unless one is already there (`#ty¦pe event` must not become `#type  event`).
    const next = text.charCodeAt(st.nameEnd);
    const space = next === 32 || next === 9 ? '' : ' ';
    return DIRECTIVES.map((d, i) => ({
      label: `#${d.name}`,
      kind: Kind.Keyword,
      detail: d.summary,
      documentation: { kind: 'markdown', value: directiveMarkdown(d) },
      sortText: String(i).padStart(2, '0'),
      filterText: `#${d.name}`,
      textEdit: { range, newText: `#${d.name}${space}` },
    }));
  }
  const directive = text.slice(st.start + 1, st.nameEnd);
  // The value word around the cursor (header values never get function completions).
  const lineEnd = st.end;
  let start = rel;
  while (start > st.nameEnd && !/\s/.test(text[start - 1]) && (directive !== 'option' || text[start - 1] !== '|')) start--;
  let end = rel;
  while (end < lineEnd && !/\s/.test(text[end]) && (directive !== 'option' || text[end] !== '|')) end++;
  const range = toRange(model.doc, loc.start + start, loc.start + end);
  const simple = (values: readonly { name: string; doc: string }[], kind: CompletionItemKind) =>
    values.map((v, i): CompletionItem => ({ label: v.name, kind, detail: v.doc, sortText: String(i).padStart(2, '0'), textEdit: { range, newText: v.name } }));
  switch (directive) {
    case 'type':
      return simple(COMMAND_TYPES, Kind.EnumMember);
    case 'scope':
      return simple(SCOPES, Kind.EnumMember);
    case 'trigger': {
      const header = headerInfo(model.tree);
      const type = header.typeWritten ? header.type : undefined;
      // Without a `#type` line an event name would be read as a chat command's name: choosing one
      // also writes `#type event` (or `#type interaction`) above the trigger, so the file means what the user picked.
      const lineStart = toRange(model.doc, loc.start + st.start, loc.start + st.start);
      const eol = lineBreakAt(model.tree.text, loc.start + st.start);
      const addType = (word: string) => (type === undefined ? [{ range: lineStart, newText: `#type ${word}${eol}` }] : undefined);
      /** `onInteraction` (every component) and `onInteraction{ID}` for the custom IDs of the workspace's components. */
      const interactionTriggers = (): CompletionItem[] => {
        const added = addType('interaction');
        const note = added ? ' (adds #type interaction)' : '';
        const items: CompletionItem[] = [
          {
            label: 'onInteraction',
            kind: Kind.Event,
            detail: `every button, menu and modal${note}`,
            sortText: '000',
            textEdit: { range, newText: 'onInteraction' },
          },
        ];
        const seen = new Set<string>();
        for (const [, index] of ctx.workspace.entries()) {
          for (const id of index.customIds) {
            if (seen.has(id.name)) continue;
            seen.add(id.name);
            const label = `onInteraction{${id.name}}`;
            items.push({
              label,
              kind: Kind.Event,
              detail: `the component with custom ID ${id.name}${note}`,
              sortText: `1${id.name}`,
              textEdit: { range, newText: label },
            });
          }
        }
        if (added) for (const item of items) item.additionalTextEdits = added;
        return items;
      };
      if (type === 'event' || type === undefined) {
        const added = addType('event');
        const events = ctx.catalog.triggers
          .filter((t) => t.kind === 'event')
          .map((t, i): CompletionItem => {
            const item: CompletionItem = {
              label: t.name,
              kind: Kind.Event,
              detail: added ? `${t.description} (adds #type event)` : t.description,
              documentation: { kind: 'markdown', value: triggerMarkdown(t) },
              sortText: String(i).padStart(3, '0'),
              textEdit: { range, newText: t.name },
            };
            if (added) item.additionalTextEdits = added;
            return item;
          });
        // A button's handler is started the same way, often before its #type line is written.
        if (type === undefined) for (const item of interactionTriggers()) events.push({ ...item, sortText: `z${item.sortText}` });
        return events;
      }
      if (type === 'interaction') {
        const before = text.slice(st.valueStart, rel);
        const inBraces = /^\s*onInteraction\{([^{}]*)$/.exec(before);
        if (inBraces) {
          // `onInteraction{` + custom ID: only the ID between the braces is replaced.
          let idEnd = rel;
          while (idEnd < lineEnd && text[idEnd] !== '}' && text[idEnd] !== '\r' && text[idEnd] !== '\n') idEnd++;
          const idRange = toRange(model.doc, loc.start + rel - inBraces[1].length, loc.start + idEnd);
          const ids: CompletionItem[] = [];
          const seenIds = new Set<string>();
          for (const [, index] of ctx.workspace.entries()) {
            for (const id of index.customIds) {
              if (seenIds.has(id.name)) continue;
              seenIds.add(id.name);
              ids.push({ label: id.name, kind: Kind.Value, detail: 'component custom ID', sortText: id.name, textEdit: { range: idRange, newText: id.name } });
            }
          }
          return ids;
        }
        return interactionTriggers();
      }
      return [];
    }
    case 'option': {
      const value = text.slice(st.valueStart, rel);
      const part = (value.match(/\|/g) ?? []).length;
      if (part === 2)
        return OPTION_TYPES.map(
          (t, i): CompletionItem => ({
            label: t,
            kind: Kind.EnumMember,
            detail: 'option type',
            sortText: String(i).padStart(2, '0'),
            textEdit: { range, newText: t },
          }),
        );
      if (part === 0 && st.valueEnd <= rel && value.trim() === '') {
        // The whole line at once: the engine refuses to load a file whose `#option` lacks one of the four parts.
        const snippet = `\${1:name}|\${2:description}|\${3|${OPTION_TYPES.join(',')}|}|\${4|required,optional|}`;
        return [
          {
            label: 'name|description|type|required',
            kind: Kind.Snippet,
            detail: 'slash-command option (all four parts)',
            documentation: { kind: 'markdown', value: directiveMarkdown(DIRECTIVES.find((d) => d.name === 'option')!) },
            sortText: '0',
            insertTextFormat: 2,
            textEdit: { range, newText: snippet },
          },
        ];
      }
      if (part === 3)
        return <CompletionItem[]>[
          { label: 'required', kind: Kind.Keyword, detail: 'the option must be given', sortText: '0', textEdit: { range, newText: 'required' } },
          {
            label: 'optional',
            kind: Kind.Keyword,
            detail: 'anything but `required` makes the option optional',
            sortText: '1',
            textEdit: { range, newText: 'optional' },
          },
        ];
      return [];
    }
    default:
      return [];
  }
}

export function resolveCompletionItem(item: CompletionItem, ctx: FeatureContext): CompletionItem {
  const data = item.data as { zscript?: string; name?: string } | undefined;
  if (data?.zscript === 'function' && typeof data.name === 'string') {
    const fn = ctx.catalog.getAnyFunction(data.name);
    if (fn) return { ...item, documentation: { kind: 'markdown', value: functionMarkdown(ctx.catalog, fn) } };
  }
  return item;
}
