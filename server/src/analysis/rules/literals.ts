/**
 * Literal arguments against their parameter's type (whole number, number,
 * true/false, Discord ID, URL, duration, colour, permission, closed word
 * set) and the documented limits (Zclear, Ztimeout, the audit log). Only
 * plain-text arguments are checked: an argument containing a call is unknown
 * until run time.
 */
import type { ArgumentType, FunctionRecord } from '../../catalog/types';
import { engineFacts } from '../../catalog/engine';
import { inValueSet, valueSetFor } from '../../language/valueSets';
import { unknownDateCode } from '../../language/dateFormat';
import { regexError } from '../../language/regex';
import { textLimit } from '../../language/discordLimits';
import { TIME_ZONE_NAMES } from '../../language/timeZones';
import { hasEngineEscape, isBoolean, isHexColor, isHttpUrl, isInteger, isNumber, isSnowflake, parseDuration, readEngineEscapes } from '../../language/literals';
import { PERMISSION_EDITING_FUNCTIONS, PERMISSIONS, plainSign, resolvePermission, splitPermissionPrefix } from '../../language/permissions';
import { type Argument, NodeKind } from '../../syntax/tree';
import type { DiagnosticCode, Severity } from '../codes';
import type { AnalysisFix } from '../diagnostic';
import { closest } from '../suggest';
import { ownText, type ReadArgument, reportIf, type StatementContext, trimmedRange } from './context';
import { HTTP_REQUESTS } from './callFacts';
import { utf8Length } from '../engine/statementReader';

/** Words written for "false" that the engine, reading everything but "true" as false, takes as meant. */
const MEANT_AS_FALSE = new Set(['no', 'n', 'off', '0', 'false', 'disabled', 'disable']);

/**
 * Boolean parameters the engine reads strictly: exactly `true` or `false`
 * (and `!unchanged` where it keeps the current value), halting the command
 * on any other word, by function and parameter.
 */
const STRICT_BOOLEANS: Record<string, Record<string, readonly string[]>> = {
  ZsendMessage: { returnID: ['true', 'false'] },
  ZsendEmbed: { returnID: ['true', 'false'] },
  ZsendWebhook: { returnID: ['true', 'false'] },
  ZstartThread: { returnID: ['true', 'false', '!unchanged'] },
  ZeditThread: { archived: ['true', 'false', '!unchanged'], locked: ['true', 'false', '!unchanged'] },
  ZcreateRole: { hoisted: ['true', 'false'], mentionable: ['true', 'false'] },
  ZmodifyRole: { hoisted: ['true', 'false', '!unchanged'], mentionable: ['true', 'false', '!unchanged'] },
  ZmodifyChannel: { nsfw: ['true', 'false', '!unchanged'] },
  Zclear: { removePinned: ['true', 'false'] },
  Zenabled: { condition: ['true', 'false'] },
};

/** Boolean parameters the engine reads the other way round: only the exact word `false` is false. */
const TRUE_UNLESS_FALSE: Record<string, readonly string[]> = {
  ZaddTextInput: ['required'],
};

const COLOR_PARAMS: Record<string, string[]> = {
  Zcolor: ['hex'],
  ZcreateRole: ['color', 'colour'],
  ZmodifyRole: ['color', 'colour'],
  ZcolorRole: ['color', 'colour'],
};
/** Functions whose permission argument edits a permission: it starts with +, - or /. */

/**
 * The type of a parameter as the engine reads it, where the catalog's says
 * less: Zdelay's duration is text in the catalog, but the engine reads it
 * with the duration parser and halts on what that refuses (runtime.rs).
 */
export function engineType(fnName: string, paramName: string, type: ArgumentType): ArgumentType {
  return fnName === 'Zdelay' && paramName === 'duration' ? 'duration' : type;
}

/** One literal, non-empty argument (`text` trimmed) bound to the parameter `paramName` of `fn`. */
export function checkLiteral(fn: FunctionRecord, paramName: string, type: ArgumentType, text: string, arg: Argument, ctx: StatementContext): void {
  const push = (code: DiagnosticCode, severity: Severity, message: string, fixes?: AnalysisFix[]) =>
    ctx.diagnostics.push({ code, severity, start: arg.start, end: arg.end, message, fixes });
  // The functions that keep a field as it is for the word "!unchanged" take it for any field they edit.
  if (text === UNCHANGED && KEEPS_UNCHANGED.has(fn.name)) return;
  const limit = textLimit(fn.name, paramName);
  // What the engine sends is never longer than what is written: most texts need no counting.
  if (limit && text.length > limit.max) {
    // The text as the engine sends it (each line trimmed, empty lines and line-end \r dropped by its loader;
    // its escapes read), counted as Discord counts: characters, not UTF-16 units.
    const sent = text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .join('\n');
    const length = [...readEngineEscapes(sent)].length;
    // In ZtryRun a function's halt is caught: the message is not sent, and the command goes on.
    const caught = limit.lost === 'halts' && ctx.caught > 0;
    if (length > limit.max)
      push(
        'limit-exceeded',
        caught ? 'warning' : 'error',
        `Discord takes at most ${limit.max} characters for ${limit.what}; this one has ${length}, so ${limit.lost === 'reply' ? 'Discord refuses the reply, and nothing is sent' : limit.lost === 'halts' ? `Discord refuses it and ${fn.name} ${caught ? 'fails (ZtryRun catches it)' : 'halts the command'}. ${limit.advice ?? 'Put the long text in an embed (up to 4,096 characters in Zdescription{...}), or send it in parts'}` : 'the modal never opens ("This interaction failed")'}.`,
      );
  }
  const colorParams = COLOR_PARAMS[fn.name];
  if (colorParams && (colorParams.includes('*') || colorParams.includes(paramName.toLowerCase()))) {
    if (!isHexColor(text)) checkColor(fn.name, text, arg, ctx);
    return;
  }
  const set = valueSetFor(fn.name, paramName);
  if (set) {
    if (!inValueSet(set, text)) {
      const s = set.aliases?.[text.toLowerCase()] ?? closest(text, set.values);
      // A value that is also a word the engine runs (`time`) is offered in a spelling that reaches the function.
      const spelt = set.values.map((v) => engineFacts.textSpelling(v));
      const fix = s === undefined ? undefined : engineFacts.textSpelling(s);
      push(
        'invalid-value',
        set.halts ? 'error' : 'warning',
        set.otherwise
          ? `${fn.name} does not know the ${paramName} "${text}": it ${set.otherwise}. Use one of: ${spelt.join(', ')}.`
          : `"${text}" is not a valid ${paramName} for ${fn.name}${set.halts ? ': the engine halts the command' : ''}. Use one of: ${spelt.join(', ')}.`,
        fix ? [{ title: `Change to ${fix}`, edits: [{ start: arg.start, end: arg.end, newText: fix }], preferred: true }] : undefined,
      );
    }
    return;
  }
  const special = parameterCheck(fn.name, paramName);
  if (special) {
    special(fn.name, text, arg, ctx);
    return;
  }
  if (PERMISSION_EDITING_FUNCTIONS.has(fn.name) && paramName === 'operation') type = 'permission';
  type = engineType(fn.name, paramName, type);
  const lenient = Object.hasOwn(LENIENT_NUMBERS, fn.name) ? LENIENT_NUMBERS[fn.name][paramName] : undefined;
  if (lenient) {
    if (!lenient.reads(text))
      push(
        'invalid-integer',
        'warning',
        `${fn.name} cannot read "${text}" as ${lenient.what}, and silently uses ${lenient.instead}.`,
        lenient.fixes?.(text, arg, ctx),
      );
    return;
  }
  switch (type) {
    case 'integer':
      if (isLenientEmbedIndex(fn.name, paramName)) {
        if (!isEmbedIndexNumber(text))
          push(
            'invalid-integer',
            'warning',
            fn.name === 'ZsendWebhook'
              ? `ZsendWebhook sends an embed, not text: its second argument is the embed's number, and the engine reads "${text}" as embed 1. Put the text in an embed (Zdescription{...}) and send that.`
              : `"${text}" is not an embed number: the engine silently uses embed 1.`,
          );
      } else if (!isInteger(text)) push('invalid-integer', 'error', `"${paramName}" must be a whole number, not "${text}".`);
      break;
    case 'number':
      if (!isNumber(text)) push('invalid-number', 'error', `"${paramName}" must be a number, not "${text}".`);
      break;
    case 'boolean': {
      const strict = Object.hasOwn(STRICT_BOOLEANS, fn.name) ? STRICT_BOOLEANS[fn.name][paramName] : undefined;
      if (strict) {
        if (!strict.includes(text))
          push(
            'invalid-boolean',
            'error',
            `${fn.name} takes exactly ${strict.map((w) => `"${w}"`).join(' or ')} for "${paramName}" and halts the command on "${text}".`,
            [
              { title: 'Change to true', edits: [{ start: arg.start, end: arg.end, newText: 'true' }], preferred: /^(yes|y|1|on|true|enabled?)$/i.test(text) },
              { title: 'Change to false', edits: [{ start: arg.start, end: arg.end, newText: 'false' }], preferred: MEANT_AS_FALSE.has(text.toLowerCase()) },
            ],
          );
        break;
      }
      if (Object.hasOwn(TRUE_UNLESS_FALSE, fn.name) && TRUE_UNLESS_FALSE[fn.name].includes(paramName)) {
        if (text !== 'false' && MEANT_AS_FALSE.has(text.toLowerCase()))
          push('invalid-boolean', 'warning', `The engine reads only the exact word "false" as false for "${paramName}": "${text}" means true.`, [
            { title: 'Change to false', edits: [{ start: arg.start, end: arg.end, newText: 'false' }], preferred: true },
          ]);
        break;
      }
      // Znot takes any text: "false for `true` or `1`, true for anything else" (catalog), so Znot{1} is valid.
      // The engine compares with "true" exactly and reads anything else as false: a word meant as
      // false works; one meant as true silently does not.
      if (fn.name !== 'Znot' && !isBoolean(text) && !MEANT_AS_FALSE.has(text.toLowerCase())) {
        push('invalid-boolean', 'warning', `The engine reads only the exact word "true" as true: "${text}" means false for "${paramName}".`, [
          { title: 'Change to true', edits: [{ start: arg.start, end: arg.end, newText: 'true' }], preferred: /^(yes|y|1|on|true|enabled?)$/i.test(text) },
          { title: 'Change to false', edits: [{ start: arg.start, end: arg.end, newText: 'false' }] },
        ]);
      }
      break;
    }
    case 'snowflake':
      if (!isSnowflake(text)) checkSnowflake(fn.name, paramName, text, arg, ctx);
      break;
    case 'emoji':
      checkEmoji(fn.name, text, arg, ctx);
      break;
    case 'url':
      // Every URL parameter goes through the engine's URL check, which halts the command on failure.
      if (!isHttpUrl(text))
        push(
          'invalid-url',
          'error',
          `"${paramName}" must be a full web address starting with https://; "${text}" is not one, and ${fn.name} halts the command.`,
        );
      else if (HTTP_REQUESTS.has(fn.name) && isLocalHost(text))
        push(
          'invalid-url',
          'error',
          `The engine refuses requests to local and private addresses (this machine, a home network, localhost), and ${fn.name} halts the command. Serve the data from a public address.`,
        );
      break;
    case 'duration': {
      // ZslowMode reads a plain number as seconds (and "0" or "0s" as off) before it reads a duration.
      const slowMode = fn.name === 'ZslowMode';
      const secs = slowMode && /^\d+$/.test(text) ? Number(text) : slowMode && text === '0s' ? 0 : parseDuration(text);
      if (secs === undefined) {
        push(
          'invalid-duration',
          'error',
          `"${text}" is not a duration; write it like ${slowMode ? '30s, 5m or 30 (seconds)' : '10m, 1h30m or 7d'}.`,
          unitFixes(text, arg, ctx),
        );
      } else if (secs === 0 && !slowMode) {
        push('invalid-duration', 'error', `A duration of zero is an error for ${fn.name}; write a length such as 10m.`);
      } else if (fn.name === 'Ztimeout' && secs > 28 * 86400) {
        push('limit-exceeded', 'error', 'A timeout can last at most 28 days.');
      } else if (slowMode && secs > 6 * 3600) {
        push('limit-exceeded', 'error', 'Slow mode can be at most 6 hours (21600 seconds); the engine halts the command on a longer one.');
      }
      break;
    }
    case 'permission': {
      const { prefix, name } = splitPermissionPrefix(text);
      if (PERMISSION_EDITING_FUNCTIONS.has(fn.name) && prefix === '') {
        push('invalid-permission', 'error', `${fn.name} needs "+" (allow), "-" (deny) or "/" (reset) before the permission, e.g. +${text}.`, [
          { title: `Change to +${text}`, edits: [{ start: arg.start, end: arg.end, newText: `+${text}` }] },
        ]);
        break;
      }
      // ZeditChannelPerms never looks a reset name up: it rebuilds the overwrite from the + and - names
      // only, so whatever is not named there ends neutral, spelt right or not (editChannelPerms.rs:40-42).
      // ZmodifyRolePerms looks every name up, / included (modifyRolePerms.rs:46-49).
      if (fn.name === 'ZeditChannelPerms' && prefix === '/') break;
      const target = PERMISSION_EDITING_FUNCTIONS.has(fn.name) ? name : text;
      if (!resolvePermission(target)) {
        if (/^useexternalemojis$/i.test(target)) {
          push(
            'unknown-permission',
            'error',
            'The bot spells this permission "usexternalEmojis" (one "e" after "us"); "useExternalEmojis" fails when the command runs.',
            [
              {
                title: 'Change to usexternalEmojis',
                edits: [{ start: arg.start, end: arg.end, newText: `${text.slice(0, text.length - target.length)}usexternalEmojis` }],
                preferred: true,
              },
            ],
          );
        } else {
          const suggestion = meantPermission(target);
          // The prefix (+, - or /, with any space after it) stays as written.
          const replacement = suggestion && text.slice(0, text.length - target.length) + suggestion;
          push(
            'unknown-permission',
            'error',
            `"${target}" is not a permission name the bot knows.${suggestion ? ` Did you mean ${suggestion}?` : ''}`,
            replacement ? [{ title: `Change to ${replacement}`, edits: [trimmedEdit(text, arg, ctx, replacement)], preferred: true }] : undefined,
          );
        }
      }
      break;
    }
  }
}

/**
 * ID parameters the engine does not parse as a number: the variable
 * functions use any text as the storage key (no diagnostic), and the
 * others compare or paste the text as it is, so a word is never a match.
 */
const BULK_IDS: ReadonlySet<string> = new Set(['Zban', 'Zkick', 'Ztimeout']);
/** ID lists whose last argument, when it is no number, is the refusal message. */
const ROLE_ID_LISTS: ReadonlySet<string> = new Set(['ZonlyForRoleIDs', 'ZblackListRolesIDs']);
const TEXT_KEY_IDS: ReadonlySet<string> = new Set(['ZgetChannelVar', 'ZgetServerVar', 'ZgetUserVar', 'ZsetChannelVar', 'ZsetServerVar', 'ZsetUserVar']);
// The role lists (ZonlyForRoleIDs, ZblackListRolesIDs) read their IDs as numbers and halt on a word or mention.
const COMPARED_IDS: ReadonlySet<string> = new Set([
  'ZblackListIDs',
  'ZblackListServers',
  'ZallowRoleMentions',
  'ZallowUserMentions',
  'ZchannelExists',
  'ZguildExists',
  'ZroleExists',
  'ZuserExists',
  'ZignoreChannels',
  'ZonlyForCategories',
  'ZonlyForChannels',
  'ZonlyForIDs',
  'ZonlyForServers',
  'ZonlyBotChannelPerms',
  'ZisMentioned',
  'ZmessageLink',
  'ZsetPostTags',
  'ZcreationDate',
  'ZchannelCreated',
  'Zclear',
]);

/**
 * A literal ID that is not 17 to 20 digits. Most functions parse it as a
 * number and halt the command on anything else, and build a Discord ID from
 * it that cannot be 0 (the engine then crashes running the command); a
 * number of the wrong length reaches Discord, which knows no such thing.
 */
function checkSnowflake(fnName: string, paramName: string, text: string, arg: Argument, ctx: StatementContext): void {
  if (TEXT_KEY_IDS.has(fnName)) {
    // Any text is a storage key, but a short number after a getter's name is a default value that is not one.
    if (fnName.startsWith('Zget') && /^\d{1,16}$/.test(text))
      ctx.diagnostics.push({
        code: 'invalid-snowflake',
        severity: 'warning',
        start: arg.start,
        end: arg.end,
        message: `${fnName}'s "${paramName}" is whose variable it reads, not a default value: this reads the variable stored for "${text}", which is empty. There is no default: test the value with Zif{...==;...} instead.`,
      });
    return;
  }
  // The moderation functions take several IDs in one argument, separated by \; (the reading unescapes it).
  if (BULK_IDS.has(fnName) && text.includes('\\;')) {
    if (text.split('\\;').every((id) => isSnowflake(id))) return;
  }
  const push = (severity: Severity, message: string, fixes?: AnalysisFix[]) =>
    ctx.diagnostics.push({ code: 'invalid-snowflake', severity, start: arg.start, end: arg.end, message, fixes });
  const numeric = /^\+?\d+$/.test(text);
  if (COMPARED_IDS.has(fnName) || (numeric && !/^\+?0+$/.test(text))) {
    push('warning', `"${paramName}" should be a Discord ID (17 to 20 digits); "${text}" is not one.`);
    return;
  }
  if (numeric) {
    push('error', `Discord IDs start from 1: ${fnName} stops the command on an ID of 0 (most functions crash on it, without a reply).`);
    return;
  }
  // A mention pasted where the ID goes: <@123>, <@!123>, <@&123>, <#123>.
  const mention = /^<(?:@[!&]?|#)(\d{17,20})>$/.exec(text);
  push(
    'error',
    `${fnName} halts the command: "${paramName}" must be a Discord ID, a number${mention ? ' without the mention around it' : ''}, and "${text}" is not one.`,
    mention ? [{ title: `Change to ${mention[1]}`, edits: [trimmedEdit(text, arg, ctx, mention[1])], preferred: true }] : undefined,
  );
}

/**
 * `ZstartThread{Zmessage;Discussion: Zmessage}`: an ID parameter given words
 * around calls (outside any call). Whatever the calls give, the argument has
 * letters in it and is no ID, so the functions that parse it (those that
 * halt on a written word, checkSnowflake) halt on every run. Not `<@ZuserID>`
 * (checkMentionAroundId), nor the functions that keep or compare any text.
 */
export function checkWordsAroundId(fnName: string, paramName: string, arg: Argument, last: boolean, ctx: StatementContext): void {
  if (TEXT_KEY_IDS.has(fnName) || COMPARED_IDS.has(fnName) || arg.nodes.length === 0) return;
  // The role lists read a last argument that is no number as their refusal message (onlyForRoleIDs.rs, blackListRolesIDs.rs).
  if (last && ROLE_ID_LISTS.has(fnName)) return;
  const { text: own, calls } = ownText(arg, ctx);
  const word = /[A-Za-z]{2,}/.exec(own);
  if (!word || calls === 0 || (BULK_IDS.has(fnName) && own.includes('\\;'))) return;
  const caught = ctx.caught > 0;
  ctx.diagnostics.push({
    code: 'invalid-snowflake',
    severity: caught ? 'warning' : 'error',
    start: arg.start,
    end: arg.end,
    message: `"${paramName}" must be a Discord ID, a number, and the text "${own.trim()}" written around the call${calls > 1 ? 's' : ''} makes it no ID whatever ${calls > 1 ? 'they give' : 'it gives'}: ${fnName} ${caught ? 'fails on every run (ZtryRun catches it)' : 'halts the command on every run'}. Are the arguments in the right order?`,
  });
}

/**
 * A URL whose host the engine's request guard refuses whatever it resolves
 * to: the names it blocks, and literal loopback, private, link-local,
 * unspecified, broadcast, documentation and unique-local addresses. (Names
 * that resolve to such addresses are refused too; that is not knowable here.)
 */
function isLocalHost(url: string): boolean {
  let host: string;
  try {
    host = new URL(url.trim()).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (['localhost', 'localhost.localdomain', 'metadata', 'metadata.google.internal', 'metadata.google.internal.'].includes(host)) return true;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (v4) {
    const [a, b, c] = [Number(v4[1]), Number(v4[2]), Number(v4[3])];
    return (
      a === 127 ||
      a === 10 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      host === '0.0.0.0' ||
      host === '255.255.255.255' ||
      (a === 192 && b === 0 && c === 2) ||
      (a === 198 && b === 51 && c === 100) ||
      (a === 203 && b === 0 && c === 113)
    );
  }
  if (host.startsWith('[')) {
    const v6 = host.slice(1, -1);
    return v6 === '::1' || v6 === '::' || /^f[cd][0-9a-f]{2}:/.test(v6);
  }
  return false;
}

/**
 * Ztime's time zone: the engine looks the name up exactly in the IANA
 * database and halts the command on one it does not find. Fixes: the right
 * case, an offset as its Etc zone (whose sign is the other way round:
 * UTC+2 is Etc/GMT-2), or the closest name.
 */
function checkTimeZone(fnName: string, text: string, arg: Argument, ctx: StatementContext): void {
  if (TIME_ZONE_NAMES.has(text)) return;
  let suggestion = TIME_ZONES_BY_LOWER_CASE.get(text.toLowerCase());
  const offset = /^(?:UTC|GMT)\s*([+-])\s*(\d{1,2})$/i.exec(text);
  if (!suggestion && offset) {
    const etc = `Etc/GMT${offset[1] === '+' ? '-' : '+'}${Number(offset[2])}`;
    if (TIME_ZONE_NAMES.has(etc)) suggestion = etc;
  }
  // An abbreviation names no zone, and the closest spelling would be another zone (PST is not EST).
  if (!suggestion && /^[A-Za-z]{2,5}$/.test(text)) suggestion = ABBREVIATIONS[text.toUpperCase()];
  else suggestion ??= closest(text, TIME_ZONE_LIST);
  const why =
    offset && suggestion?.startsWith('Etc/') ? ` (the Etc names count the other way: ${suggestion} is ${text.toUpperCase().replace(/\s+/g, '')})` : '';
  // ZtimeFormat falls back to UTC without a word where Ztime halts.
  const silent = fnName === 'ZtimeFormat';
  ctx.diagnostics.push({
    code: 'invalid-value',
    severity: silent ? 'warning' : 'error',
    start: arg.start,
    end: arg.end,
    message: `"${text}" is not a time zone name the engine knows (it wants the exact name, like Europe/Paris or America/New_York), and ${silent ? `${fnName} silently formats the time in UTC` : `${fnName} halts the command`}.${suggestion ? ` Did you mean ${suggestion}${why}?` : ''}`,
    fixes: suggestion ? [{ title: `Change to ${suggestion}`, edits: [trimmedEdit(text, arg, ctx, suggestion)], preferred: true }] : undefined,
  });
}

const TIME_ZONE_LIST: readonly string[] = [...TIME_ZONE_NAMES];
const TIME_ZONES_BY_LOWER_CASE: ReadonlyMap<string, string> = new Map(TIME_ZONE_LIST.map((n) => [n.toLowerCase(), n]));

/** Common abbreviations that are not zone names, and the zone people mean by them. */
const ABBREVIATIONS: Record<string, string> = {
  PST: 'America/Los_Angeles',
  PDT: 'America/Los_Angeles',
  MDT: 'America/Denver',
  CST: 'America/Chicago',
  CDT: 'America/Chicago',
  EDT: 'America/New_York',
  AKST: 'America/Anchorage',
  BST: 'Europe/London',
  CEST: 'Europe/Paris',
  EEST: 'Europe/Athens',
  IST: 'Asia/Kolkata',
  JST: 'Asia/Tokyo',
  KST: 'Asia/Seoul',
  AEST: 'Australia/Sydney',
  AEDT: 'Australia/Sydney',
  NZST: 'Pacific/Auckland',
};

/** Date patterns people write the spreadsheet way, and their strftime spelling. */
const DATE_TOKENS: [RegExp, string][] = [
  [/YYYY/g, '%Y'],
  [/YY/g, '%y'],
  [/MM/g, '%m'],
  [/DD/g, '%d'],
  [/HH/g, '%H'],
  [/hh/g, '%I'],
  [/mm/g, '%M'],
  [/ss/g, '%S'],
];

/**
 * A strftime pattern: without any `%` the engine prints it as it is (the
 * date never shows), and a lone `%` at its end makes the formatting fail,
 * which crashes the command with no reply.
 */
function checkTimeFormat(fnName: string, text: string, arg: Argument, ctx: StatementContext): void {
  const push = (severity: Severity, message: string, fixes?: AnalysisFix[]) =>
    ctx.diagnostics.push({ code: 'invalid-time-format', severity, start: arg.start, end: arg.end, message, fixes });
  if (!text.includes('%')) {
    let spelled = text;
    for (const [token, spec] of DATE_TOKENS) spelled = spelled.replace(token, spec);
    // A fix only where every letter became a code (D.M.YYYY would be left half done).
    const whole = spelled !== text && !/[A-Za-z]/.test(spelled.replace(/%[A-Za-z]/g, ''));
    push(
      'warning',
      `${fnName} prints "${text}" as it is: a date pattern is written with % codes (%d day, %m month, %Y year, %H:%M time).`,
      whole ? [{ title: `Change to ${spelled}`, edits: [trimmedEdit(text, arg, ctx, spelled)], preferred: true }] : undefined,
    );
    return;
  }
  // Pairs of %% are a literal percent sign; what is left must not end in a lone %.
  if (/%$/.test(text.replace(/%%/g, ''))) {
    push(
      'error',
      `A pattern ending in a lone "%" makes ${fnName}'s date formatting fail, and the command crashes without a reply. Write %% for a percent sign.`,
    );
    return;
  }
  const unknown = unknownDateCode(text);
  if (unknown)
    push(
      'error',
      `"${unknown}" is no date code the engine knows, so ${fnName}'s date formatting fails and the command crashes without a reply. Codes: %d day, %m month, %Y year, %H:%M time, %A weekday, %B month name; %% for a percent sign.`,
    );
}

/**
 * ZtimeFormat{timestamp;format;timezone?}, which the engine has and the
 * catalog does not (so no parameter types): a timestamp that is no whole
 * number of seconds halts it; the pattern is read as ZcreationDate's; an
 * unknown zone silently means UTC.
 */
export function checkTimeFormatCall(args: readonly ReadArgument[], ctx: StatementContext): void {
  const [timestamp, format, zone] = args;
  if (timestamp?.literal && timestamp.text !== '' && !/^[+-]?\d+$/.test(timestamp.text))
    ctx.diagnostics.push({
      code: 'invalid-integer',
      severity: 'error',
      start: timestamp.arg.start,
      end: timestamp.arg.end,
      message: `ZtimeFormat takes a Unix timestamp in whole seconds (ZgetTimestamp gives one) and halts the command on "${timestamp.text}".`,
    });
  if (format?.literal && format.text !== '') checkTimeFormat('ZtimeFormat', format.text, format.arg, ctx);
  if (zone?.literal && zone.text !== '') checkTimeZone('ZtimeFormat', zone.text, zone.arg, ctx);
  // time/timeFormat.rs reads no zone from the run: without its third argument it shows UTC, whatever Ztime chose.
  const epoch = format?.literal === true && format.text.includes('%s') && /^(?:[^%]|%[s%])*$/.test(format.text);
  if ((!zone || (zone.literal && zone.text === '')) && format && !epoch) {
    const end = format.arg.end;
    reportIf(ctx, 'zone-chosen', {
      code: 'time-zone-too-late',
      severity: 'warning',
      start: format.arg.start,
      end,
      message:
        'ZtimeFormat does not use the time zone Ztime{...} chose: without a third argument it shows UTC. Give it the zone, e.g. ZtimeFormat{...;...;Europe/Berlin}.',
    });
  }
}

/**
 * ZsplitText's element: a number (whose range is checkLimits'), `<` for the
 * first or `>` for the last; the engine halts the command on any word.
 */
function checkSplitIndex(_fnName: string, text: string, arg: Argument, ctx: StatementContext): void {
  if (/^[+-]?\d+$/.test(text) || text === '<' || text === '>') return;
  const meant = /^(first|start)$/i.test(text) ? '<' : /^(last|end)$/i.test(text) ? '>' : undefined;
  ctx.diagnostics.push({
    code: 'invalid-value',
    severity: 'error',
    start: arg.start,
    end: arg.end,
    message: `ZsplitText takes an element number from 1, "<" for the first or ">" for the last, and halts the command on "${text}".`,
    fixes: meant ? [{ title: `Change to ${meant}`, edits: [trimmedEdit(text, arg, ctx, meant)], preferred: true }] : undefined,
  });
}

/** The endings of domain and file names, which a JSON key may be. */
const NAME_ENDINGS = /\.(?:com|net|org|io|gg|dev|app|co|me|xyz|uk|de|fr|tv|js|ts|json|txt|png|jpe?g|gif|webp|mp3|mp4|zbr)$/i;

/**
 * A JavaScript-style path in one key (`current.temp`, `items[0]`, `list.0.name`): the engine
 * looks it up as one key, and finds nothing. A position in brackets alone (`[0]`) is no list
 * position either. Each step is an argument of its
 * own (`current;temp`, `items;0`). A warning: a key may really hold a dot.
 * Not for ZjsonSet, which makes the key it is given.
 */
function checkJsonKey(fnName: string, text: string, arg: Argument, ctx: StatementContext): void {
  const bracketed = /^\[(\d+)\]((?:\.[A-Za-z_$][\w$-]*|\.\d+|\[\d+\])*)$/.exec(text);
  if (bracketed) {
    // A list's position is a bare number: http/httpResult.rs halts on any other key of a list, and ZforJson
    // on a path it does not find (runtime.rs: "key path not found"); json/helpers.rs (get_at_path) finds nothing.
    const halts = (fnName === 'ZhttpResult' || fnName === 'ZforJson') && ctx.caught === 0;
    const meant = [
      bracketed[1],
      ...bracketed[2]
        .replace(/\[(\d+)\]/g, '.$1')
        .split('.')
        .filter((step) => step !== ''),
    ].join(';');
    ctx.diagnostics.push({
      code: 'invalid-value',
      severity: halts ? 'error' : 'warning',
      start: arg.start,
      end: arg.end,
      message: `${fnName} takes a list's position as a bare number, without brackets, and one key per argument: ${halts ? `on a list, "${text}" halts the command (${fnName === 'ZforJson' ? '"key path not found"' : '"not a valid array index"'})` : `"${text}" finds nothing in a list`}. Write ${meant}.`,
      fixes: [{ title: `Change to ${meant}`, edits: [trimmedEdit(text, arg, ctx, meant)], preferred: true }],
    });
    return;
  }
  // A step may be a list position (`list.0.definition`), as in most real API paths.
  if (!/^[A-Za-z_$][\w$-]*(?:\.(?:[A-Za-z_$][\w$-]*|\d+)|\[\d+\])+$/.test(text)) return;
  // A key that names a site or a file ("example.com", "config.json") holds its dot.
  if (NAME_ENDINGS.test(text)) return;
  const steps = text.replace(/\[(\d+)\]/g, '.$1').split('.');
  const meant = steps.join(';');
  ctx.diagnostics.push({
    code: 'invalid-value',
    severity: 'warning',
    start: arg.start,
    end: arg.end,
    message: `${fnName} takes one key per argument: "${text}" is looked up as a single key, so unless the JSON has a key with that very name it finds nothing${fnName === 'ZforJson' ? ', and ZforJson halts the command ("key path not found")' : ''}. For nested values write the steps as arguments: ${meant}.`,
    // Not preferred: a key may really hold a dot ("discord.js").
    fixes: [{ title: `Change to ${meant}`, edits: [trimmedEdit(text, arg, ctx, meant)] }],
  });
}

/**
 * ZjsonParse of literal text: the engine halts the command when it is no
 * JSON (single quotes, keys without quotes, a trailing comma). Read after the
 * engine's own escapes (`\{` is "{"); text with a `\\` is left alone (how
 * many the engine removes depends on how deep the call is).
 */
function checkJsonLiteral(_fnName: string, text: string, arg: Argument, ctx: StatementContext): void {
  if (text.includes('\\\\')) return;
  try {
    JSON.parse(readEngineEscapes(text));
  } catch {
    ctx.diagnostics.push({
      code: 'invalid-json',
      severity: 'error',
      start: arg.start,
      end: arg.end,
      message:
        'This is no JSON, so ZjsonParse halts the command. JSON puts keys and text in double quotes and has no trailing commas or comments: \\{"items": [1, 2]\\}.',
    });
  }
}

/**
 * A regular expression the engine's regex library cannot compile: the
 * function halts the command. Patterns with an escape the engine itself
 * reads (`\\`, `\;`, `\{`...) are left alone: how many of those it removes
 * depends on how deep the call is.
 */
function checkRegex(fnName: string, text: string, arg: Argument, ctx: StatementContext): void {
  if (hasEngineEscape(text)) return;
  const why = regexError(text);
  if (why)
    ctx.diagnostics.push({
      code: 'invalid-regex',
      severity: 'error',
      start: arg.start,
      end: arg.end,
      message: `The engine cannot compile this pattern (${why} by its regex library), so ${fnName} halts the command.`,
    });
}

/** Header fields the engine refuses to set (it halts the command), compared in lower case; and any `sec-` one. */
const REFUSED_HEADERS: ReadonlySet<string> = new Set([
  'cookie',
  'set-cookie',
  'host',
  'connection',
  'transfer-encoding',
  'proxy-connection',
  'upgrade',
  'via',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
]);

/**
 * ZhttpAddHeader's field name: the engine halts on the fields above, and a
 * name that is no HTTP token (a space, a colon) makes the next request fail
 * to build, which halts the command there.
 */
function checkHeaderName(_fnName: string, text: string, arg: Argument, ctx: StatementContext): void {
  const lower = text.toLowerCase();
  const refused = REFUSED_HEADERS.has(lower) || lower.startsWith('sec-');
  if (!refused && /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(text)) return;
  const spaced = !refused && /^[A-Za-z0-9-]+(\s+[A-Za-z0-9-]+)+$/.test(text) ? text.replace(/\s+/g, '-') : undefined;
  ctx.diagnostics.push({
    code: 'invalid-value',
    severity: 'error',
    start: arg.start,
    end: arg.end,
    message: refused
      ? `The engine does not let a command set the "${text}" header: ZhttpAddHeader halts the command.`
      : `"${text}" is no HTTP header name (letters, digits and "-" only: no spaces or colons): the next HTTP request fails to build, and the command halts.`,
    fixes: spaced ? [{ title: `Change to ${spaced}`, edits: [trimmedEdit(text, arg, ctx, spaced)], preferred: true }] : undefined,
  });
}

/** ZroleGrant's operations: `+` (add) or `-` (remove) right before a role ID; the engine halts on anything else. */
function checkRoleOperation(_fnName: string, text: string, arg: Argument, ctx: StatementContext): void {
  if (/^[+-]\d+$/.test(text)) return;
  const signed = /^[+-]/.test(text);
  const bareId = /^\d+$/.test(text);
  // Its `&arg[0..1]` cuts a character of more than one byte (an en dash) in two: a panic (roleGrant.rs).
  if (text.charCodeAt(0) >= 0x80) {
    const first = String.fromCodePoint(text.codePointAt(0)!);
    const dash = plainSign(first) === '-';
    const { start } = trimmedRange(arg, ctx);
    ctx.diagnostics.push({
      code: 'invalid-value',
      severity: 'error',
      start,
      end: start + first.length,
      message: `ZroleGrant reads the first byte of each role as its sign, and "${first}" takes more than one byte: the engine crashes the command here (a panic: nothing is sent, and ZtryRun does not catch it). ${dash ? 'Write a plain "-".' : 'Start with "+" (add) or "-" (remove).'}`,
      fixes: dash ? [{ title: 'Change to "-"', edits: [{ start, end: start + first.length, newText: '-' }], preferred: true }] : undefined,
    });
    return;
  }
  ctx.diagnostics.push({
    code: 'invalid-value',
    severity: 'error',
    start: arg.start,
    end: arg.end,
    message: signed
      ? `ZroleGrant takes a role by its ID right after the sign, and halts the command on "${text}"${/^[+-]\s+\d+$/.test(text) ? ' (no space after the sign)' : ': a role name is not enough'}.`
      : `ZroleGrant needs "+" (add) or "-" (remove) before each role ID, and halts the command on "${text}".`,
    fixes: bareId
      ? [
          { title: `Change to +${text}`, edits: [trimmedEdit(text, arg, ctx, `+${text}`)], preferred: true },
          { title: `Change to -${text}`, edits: [trimmedEdit(text, arg, ctx, `-${text}`)] },
        ]
      : /^[+-]\s+\d+$/.test(text)
        ? [{ title: `Change to ${text.replace(/\s+/, '')}`, edits: [trimmedEdit(text, arg, ctx, text.replace(/\s+/, ''))], preferred: true }]
        : undefined,
  });
}

/** Functions whose emoji argument the engine reads but never sends. */
const EMOJI_NOT_SENT: ReadonlySet<string> = new Set(['ZaddSelectMenuOption', 'ZeditButton']);
/** Functions that add reactions: a failed one is dropped without a word. */
const REACTION_ADDERS: ReadonlySet<string> = new Set(['ZaddReactions', 'ZaddCmdReactions', 'ZaddMessageReactions']);

/**
 * An emoji argument. A button keeps only the first character of an emoji
 * that is not a plain number (a custom emoji's ID), so `<:name:123>` becomes
 * "<" and `:smile:` ":", which Discord refuses with the whole reply. A
 * reaction takes a Unicode emoji, an ID or `<:name:id>`; a `:name:` short
 * code is no emoji to Discord, and the failed reaction is dropped silently.
 */
function checkEmoji(fnName: string, text: string, arg: Argument, ctx: StatementContext): void {
  const push = (code: DiagnosticCode, severity: Severity, message: string, fixes?: AnalysisFix[]) =>
    ctx.diagnostics.push({ code, severity, start: arg.start, end: arg.end, message, fixes });
  if (EMOJI_NOT_SENT.has(fnName)) {
    push('emoji-not-shown', 'warning', `The engine stores ${fnName}'s emoji but never sends it to Discord: it does not appear.`);
    return;
  }
  const custom = /^<a?:\w*:(\d+)>$/.exec(text);
  const ascii = text.charCodeAt(0) < 128 && !/^\d+$/.test(text);
  if (fnName === 'ZaddButton' && ascii) {
    const keepId = custom ? [{ title: `Change to ${custom[1]}`, edits: [trimmedEdit(text, arg, ctx, custom[1])], preferred: true }] : undefined;
    // A keycap (1️⃣, #️⃣) is a Unicode emoji, but of several characters: a digit or sign first.
    const keycap = /[^\x00-\x7f]/.test(text) && !custom;
    push(
      'invalid-emoji',
      'error',
      keycap
        ? `A button keeps only the first character of its emoji, and "${text}" is several characters (a keycap is a digit or sign, then two marks): the button gets "${text[0]}", which is no emoji, and Discord refuses the whole reply. Choose an emoji of one character, or a custom emoji's ID.`
        : `A button keeps only the first character of its emoji, "${text[0]}" here, and Discord refuses the whole reply with it. Write a Unicode emoji${custom ? ', or a custom emoji as its ID alone' : " (👍), or a custom emoji's ID"}.`,
      keepId,
    );
    return;
  }
  // A flag, a skin tone or a joined emoji is several characters: the button shows the first (bot.rs 1606-1612).
  if (fnName === 'ZaddButton' && !ascii && !/^\d+$/.test(text)) {
    const chars = [...text.replace(/\ufe0f/g, '')];
    if (chars.length > 1)
      push(
        'invalid-emoji',
        'warning',
        `A button keeps only the first character of its emoji, and "${text}" is ${chars.length} characters (a flag, a skin tone or a joined emoji is several): the button shows "${chars[0]}". Choose an emoji of one character, or a custom emoji's ID.`,
      );
    return;
  }
  // A number is a custom emoji's ID to the engine, not several emoji.
  if (REACTION_ADDERS.has(fnName) && !ascii && !/^\d+$/.test(text)) {
    checkOneEmoji(fnName, text, arg, ctx);
    return;
  }
  // Only text that is all ASCII is no emoji: a keycap (1️⃣) starts with an ASCII digit but is one.
  if (REACTION_ADDERS.has(fnName) && ascii && !custom && /^[\x20-\x7e]+$/.test(text)) {
    push(
      'invalid-emoji',
      'warning',
      `Discord knows no emoji "${text}" (short codes such as :thumbsup: are a chat-box feature): the reaction is not added, and the engine says nothing. Write the emoji itself (👍), or a custom one as <:name:id>.`,
    );
  }
}

let graphemes: Intl.Segmenter | undefined;

/**
 * A reaction argument holding several emoji (`👍 👎`, `👍,👎`, `✅❌`): the
 * engine sends the whole text as one emoji, which Discord refuses, and the
 * reaction is dropped without a word. The fix gives each emoji its own
 * argument when every part is one.
 */
function checkOneEmoji(fnName: string, text: string, arg: Argument, ctx: StatementContext): void {
  // One code point (and its variation selector) is one emoji: most reactions. No segmenter then,
  // whose first use loads ICU's break rules (about 8 ms, on the path of a file's first diagnostics).
  const first = text.codePointAt(0) ?? 0;
  const rest = text.slice(first > 0xffff ? 2 : 1);
  if (rest === '' || rest === '\ufe0f') return;
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const parts: string[] = [];
  let separated = false;
  for (const { segment } of graphemes.segment(text)) {
    if (/^[\s,]+$/.test(segment)) separated = true;
    else parts.push(segment);
  }
  if (parts.length < 2 && !separated) return;
  const allEmoji = parts.every((p) => /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u.test(p));
  const split = parts.join(';');
  ctx.diagnostics.push({
    code: 'invalid-emoji',
    severity: 'warning',
    start: arg.start,
    end: arg.end,
    message: `${fnName} takes one emoji per argument: "${text}" goes to Discord as one emoji, which it refuses, so no reaction is added and the engine says nothing.${allEmoji ? ` Write ${fnName}{${fnName === 'ZaddMessageReactions' ? '...;' : ''}${split}}.` : ''}`,
    fixes: allEmoji && parts.length > 1 ? [{ title: `Change to ${split}`, edits: [trimmedEdit(text, arg, ctx, split)], preferred: true }] : undefined,
  });
}

/** The word that tells the engine's editing functions to leave a field as it is. */
const UNCHANGED = '!unchanged';
const KEEPS_UNCHANGED: ReadonlySet<string> = new Set([
  'ZmodifyChannel',
  'ZmodifyRole',
  'ZeditThread',
  'ZstartThread',
  'ZeditEvent',
  'ZcreateForumTag',
  'ZeditForumTag',
]);

/** A whole number the engine reads with an unsigned parse (no sign but "+"), from `min` up to `max`. */
const unsigned =
  (min: number, max = Number.MAX_SAFE_INTEGER) =>
  (text: string): boolean =>
    /^\+?\d+$/.test(text) && Number(text) >= min && Number(text) <= max;

/**
 * Whole-number parameters the engine reads leniently: a value it cannot read
 * (a word, a sign, out of its type's range) becomes a default instead of
 * halting the command. `reads`: what it reads; `what`: what it wanted;
 * `instead`: what it uses otherwise.
 */
interface LenientNumber {
  readonly reads: (text: string) => boolean;
  readonly what: string;
  readonly instead: string;
  readonly fixes?: (text: string, arg: Argument, ctx: StatementContext) => AnalysisFix[] | undefined;
}

const AUDIT_LIMIT: LenientNumber = { reads: unsigned(1, 255), what: 'a number of entries from 1 to 255', instead: '1 entry' };
const SELECT_LIMIT: LenientNumber = { reads: unsigned(1), what: 'a number of values from 1', instead: 'every selected value' };

const LENIENT_NUMBERS: Record<string, Record<string, LenientNumber>> = {
  ZauditCount: { limit: AUDIT_LIMIT },
  ZauditEntries: { limit: AUDIT_LIMIT },
  ZcreateInvite: {
    maxUses: { reads: unsigned(0, 255), what: 'a number of uses from 0 to 255', instead: '0: unlimited uses' },
    maxAge: {
      reads: unsigned(0, 4294967295),
      what: 'a number of seconds',
      instead: '0: an invite that never expires',
      fixes: (text, arg, ctx) => {
        const secs = parseDuration(text);
        return secs ? [{ title: `Change to ${secs} (seconds)`, edits: [trimmedEdit(text, arg, ctx, String(secs))], preferred: true }] : undefined;
      },
    },
  },
  ZgetMentionableSelectUserIDs: { limit: SELECT_LIMIT },
  ZgetRoleSelectRoleIDs: { limit: SELECT_LIMIT },
  ZgetUserSelectUserIDs: { limit: SELECT_LIMIT },
  ZreplaceText: { amount: { reads: (text) => /^[+-]?\d+$/.test(text), what: 'a number of replacements', instead: 'every occurrence' } },
  Zsubstring: { length: { reads: unsigned(0), what: 'a length', instead: 'the rest of the text' } },
  Zround: { decimals: { reads: unsigned(0, 4294967295), what: 'a number of decimals', instead: '0 decimals (a whole number)' } },
  ZserverNames: { amount: { reads: unsigned(0), what: 'a number of servers', instead: 'every server' } },
  Zmessage: { index: { reads: unsigned(1), what: 'a word number from 1', instead: 'empty text' } },
};

/** Permission names and their aliases, the candidates for a misspelt one. */
const PERMISSION_WORDS: readonly string[] = [...PERMISSIONS.map((p) => p.name), ...PERMISSIONS.flatMap((p) => p.aliases)];

/**
 * The permission a name the engine does not know was meant to be: its own
 * spelling of useExternalEmojis, else the closest name or alias.
 */
export function meantPermission(name: string): string | undefined {
  return /^useexternalemojis$/i.test(name) ? 'usexternalEmojis' : closest(normalizeSpacing(name), PERMISSION_WORDS);
}

/** The engine ignores spaces, `_` and `-` in permission names: so does the search for the closest one. */
function normalizeSpacing(name: string): string {
  return name.replace(/[\s_-]+/g, '');
}

/** A bare number where a duration belongs (`10`): the units it most likely meant, none preferred. */
function unitFixes(text: string, arg: Argument, ctx: StatementContext): AnalysisFix[] | undefined {
  if (!/^\d+$/.test(text) || Number(text) === 0) return undefined;
  return ['s', 'm'].map((unit) => ({ title: `Change to ${text}${unit}`, edits: [trimmedEdit(text, arg, ctx, text + unit)] }));
}

/** An edit replacing the argument's trimmed `text` (the spaces around it stay). */
function trimmedEdit(text: string, arg: Argument, ctx: StatementContext, newText: string): { start: number; end: number; newText: string } {
  const { start } = trimmedRange(arg, ctx);
  return { start, end: start + text.length, newText };
}

/** The documented ranges of literal whole-number arguments (INTEGER_LIMITS): Zclear, Zrepeat, the audit log. */
export function checkLimits(name: string, args: readonly ReadArgument[], ctx: StatementContext): void {
  checkEmbedIndex(name, args, ctx);
  checkArithmetic(name, args, ctx);
  if (name === 'ZnewSelectMenu') checkRangePair(args[1], args[2], 0, 25, 'a select menu', 'choices', ctx);
  else if (name === 'ZaddTextInput') checkRangePair(args[3], args[4], 0, 4000, 'a text input', 'characters', ctx);
  else if (name === 'ZchangeNickname') checkNicknameLength(args[0], ctx);
  const limits = Object.hasOwn(INTEGER_LIMITS, name) ? INTEGER_LIMITS[name] : undefined;
  if (!limits) return;
  for (const limit of limits) {
    const a = args[limit.index];
    if (!a?.literal || !isInteger(a.text)) continue;
    const n = Number(a.text);
    if ((n >= limit.min && n <= limit.max) || (limit.upTo !== undefined && (n > limit.upTo || n < limit.min))) continue;
    ctx.diagnostics.push({ code: 'limit-exceeded', severity: 'error', start: a.arg.start, end: a.arg.end, message: limit.message(a.text, n > limit.max) });
  }
}

/**
 * A literal nickname longer than the engine's 32 bytes (UTF-8: an emoji
 * counts 4), which halts ZchangeNickname. Counted as the engine receives it:
 * the argument's escapes read as the character, and not where a plain word
 * runs a function (`%username%` is the author's name by then).
 */
function checkNicknameLength(nickname: ReadArgument | undefined, ctx: StatementContext): void {
  if (!nickname?.literal || hasRunningWord(nickname.text)) return;
  let bytes = 0;
  for (const ch of readEngineEscapes(nickname.text)) bytes += utf8Length(ch.codePointAt(0)!);
  if (bytes <= 32) return;
  ctx.diagnostics.push({
    code: 'limit-exceeded',
    severity: 'error',
    start: nickname.arg.start,
    end: nickname.arg.end,
    message: `This nickname is ${bytes} bytes long; the engine takes at most 32 (counted in UTF-8 bytes: an accented letter counts 2, an emoji 4) and halts the command.`,
  });
}

/** Whether a word of the text (a run of letters and digits), or one of its endings, runs a function in the engine. */
function hasRunningWord(text: string): boolean {
  const word = /[A-Za-z0-9]+/g;
  for (let m = word.exec(text); m; m = word.exec(text)) if (engineFacts.endingRunsAsWord(text, m.index, m.index + m[0].length)) return true;
  return false;
}

/**
 * A literal minimum and maximum Discord refuses together: a minimum above
 * the maximum, or a text input's length past Discord's 4,000 characters.
 * The engine sends them as written and drops the refusal: the reply or the
 * modal never appears.
 */
function checkRangePair(
  minArg: ReadArgument | undefined,
  maxArg: ReadArgument | undefined,
  least: number,
  most: number,
  what: string,
  unit: string,
  ctx: StatementContext,
): void {
  // The engine reads a leading "+" as Rust's number parse does; a select menu's maximum left out is 1.
  const value = (a: ReadArgument | undefined) => (a?.literal && /^\+?\d+$/.test(a.text) ? Number(a.text) : undefined);
  const min = value(minArg);
  const max = what === 'a select menu' && (!maxArg || (maxArg.literal && maxArg.text === '')) ? 1 : value(maxArg);
  const lost =
    what === 'a text input' ? 'Discord refuses to open the modal (the user sees "This interaction failed")' : 'Discord refuses the reply, and nothing is sent';
  if (unit === 'characters') {
    for (const [a, n] of [
      [minArg, min],
      [maxArg, max],
    ] as const) {
      if (a && n !== undefined && n > most) {
        ctx.diagnostics.push({
          code: 'limit-exceeded',
          severity: 'error',
          start: a.arg.start,
          end: a.arg.end,
          message: `A text input holds at most ${most} characters: with ${n}, ${lost}.`,
        });
        return;
      }
    }
  }
  if (min !== undefined && max !== undefined && min > max && min >= least && max <= most)
    ctx.diagnostics.push({
      code: 'limit-exceeded',
      severity: 'error',
      start: minArg!.arg.start,
      end: (maxArg ?? minArg!).arg.end,
      message: `The minimum number of ${unit} (${min}) is above the maximum (${max}${maxArg && maxArg.text !== '' ? '' : ', when none is given'}) of ${what}: ${lost}.`,
    });
}

/** A whole-number argument's documented range, and what to say outside it (`above`: past the maximum). */
interface IntegerLimit {
  readonly index: number;
  readonly min: number;
  readonly max: number;
  /** Values past this one (or below `min`) are another check's (the engine reads them as a default: LENIENT_NUMBERS). */
  readonly upTo?: number;
  readonly message: (text: string, above: boolean) => string;
}

/** A count or position from 1: the engine halts the command on 0. */
function fromOne(name: string, index: number, what: string): IntegerLimit {
  return {
    index,
    min: 1,
    max: Number.MAX_SAFE_INTEGER,
    message: (text) => `${name} takes ${what} from 1 (the first is 1); the engine halts the command on ${text}.`,
  };
}

const AUDIT_ENTRIES: IntegerLimit = {
  index: 1,
  min: 1,
  max: 100,
  upTo: 255,
  message: (text) => `Discord gives at most 100 audit log entries per request: it refuses ${text}, and the command halts.`,
};

/**
 * A select menu's minimum (0 to 25) and maximum (1 to 25) number of choices:
 * the engine halts above 255, and Discord refuses the reply past 25.
 */
const SELECT_CHOICES: readonly IntegerLimit[] = [1, 2].map((index) => ({
  index,
  min: index === 1 ? 0 : 1,
  max: 25,
  message: (text: string) =>
    `A select menu's ${index === 1 ? 'minimum' : 'maximum'} number of choices is ${index === 1 ? 0 : 1} to 25: ${Number(text) > 255 ? 'the engine halts the command on' : 'Discord refuses the reply, and nothing is sent, with'} ${text}.`,
}));

/** Ranges of whole-number arguments, by function. */
const INTEGER_LIMITS: Record<string, readonly IntegerLimit[]> = {
  Zmentioned: [
    { index: 0, min: 1, max: Number.MAX_SAFE_INTEGER, message: (text) => `Zmentioned counts mentions from 1; the engine halts the command on ${text}.` },
  ],
  ZnewSelectMenu: SELECT_CHOICES,
  ZaddUserSelect: SELECT_CHOICES,
  ZaddRoleSelect: SELECT_CHOICES,
  ZaddMentionableSelect: SELECT_CHOICES,
  Zclear: [
    {
      index: 0,
      min: 1,
      max: 100,
      // moderation/clear.rs refuses both ends ("must be between 1 and 100").
      message: (text, above) =>
        above
          ? 'Zclear can delete at most 100 messages at a time: the engine halts the command on more.'
          : `Zclear deletes 1 to 100 messages; the engine halts the command on ${text}.`,
    },
  ],
  Zrepeat: [{ index: 0, min: 1, max: 1000, message: (text) => `Zrepeat runs its code 1 to 1000 times; the engine halts the command on ${text}.` }],
  Zban: [{ index: 2, min: 0, max: 7, message: (text) => `Zban deletes the user's messages of the last 0 to 7 days; the engine halts the command on ${text}.` }],
  ZrandomString: [{ index: 0, min: 1, max: 2000, message: (text) => `ZrandomString makes 1 to 2000 characters; the engine halts the command on ${text}.` }],
  ZsplitText: [fromOne('ZsplitText', 0, 'an element number')],
  ZeditSplitText: [fromOne('ZeditSplitText', 0, 'an element number')],
  ZremoveSplitTextElement: [fromOne('ZremoveSplitTextElement', 0, 'an element number')],
  Zsubstring: [fromOne('Zsubstring', 1, 'a start position')],
  ZcropText: [fromOne('ZcropText', 1, 'a maximum length')],
  ZgetAttachments: [fromOne('ZgetAttachments', 0, 'an attachment number')],
  ZgetUserSelectUserID: [fromOne('ZgetUserSelectUserID', 0, 'a value number')],
  ZgetRoleSelectRoleID: [fromOne('ZgetRoleSelectRoleID', 0, 'a value number')],
  ZgetMentionableSelectUserID: [fromOne('ZgetMentionableSelectUserID', 0, 'a value number')],
  ZgetEmbedData: [fromOne('ZgetEmbedData', 2, 'an embed number')],
  ZsuppressErrors: [fromOne('ZsuppressErrors', 1, 'an embed number')],
  ZauditCount: [AUDIT_ENTRIES],
  ZauditEntries: [AUDIT_ENTRIES],
};

/**
 * A colour that is not six hex digits. The engine strips the leading `#`s and
 * reads the rest as one hexadecimal number: other characters halt the command
 * (Zcolor also halts past six digits), while fewer digits are a different
 * colour than a web designer means (`#fff` is #000fff, a dark blue).
 */
function checkColor(fnName: string, text: string, arg: Argument, ctx: StatementContext): void {
  const digits = text.replace(/^#+/, '');
  const hex = /^[0-9a-fA-F]+$/.test(digits);
  if (hex && digits.length < 6) {
    const meant = digits.length === 3 ? `#${[...digits].map((c) => c + c).join('')}` : undefined;
    ctx.diagnostics.push({
      code: 'invalid-color',
      severity: 'warning',
      start: arg.start,
      end: arg.end,
      message: `The engine reads "${text}" as the number ${digits}, the colour #${digits.padStart(6, '0').toLowerCase()}${meant ? `, not ${meant}` : ''}: write all six digits.`,
      fixes: meant ? [{ title: `Change to ${meant}`, edits: [{ start: arg.start, end: arg.end, newText: meant }], preferred: true }] : undefined,
    });
    return;
  }
  // Role colours take any number that fits; Zcolor refuses more than six digits too.
  if (hex && (fnName !== 'Zcolor' || digits.length <= 6)) return;
  ctx.diagnostics.push({
    code: 'invalid-color',
    severity: 'error',
    start: arg.start,
    end: arg.end,
    message: `"${text}" is not a hex colour: ${fnName} halts the command. Write it like #5865F2.`,
  });
}

/** The argument holding the embed index (0-based), by function: the engine reads it as a number from 1 to 10. */
const EMBED_INDEX_ARGUMENT: Record<string, number> = {
  ZaddField: 3,
  Zauthor: 1,
  ZauthorIcon: 1,
  ZauthorURL: 1,
  Zcolor: 1,
  Zdescription: 1,
  ZeditEmbed: 2,
  Zfooter: 1,
  ZfooterIcon: 1,
  Zimage: 1,
  ZsendEmbed: 1,
  Zthumbnail: 1,
  Ztimestamp: 0,
  Ztitle: 1,
  ZtitleURL: 1,
  ZsendWebhook: 1,
};

/** Whether the literal embed index `text` is one the engine reads as a number (an unsigned whole number). */
function isEmbedIndexNumber(text: string): boolean {
  return /^\+?\d+$/.test(text);
}

/**
 * An embed index: 0 or above 10 halts the command; anything that is not a
 * whole number (a word, a negative number) is silently embed 1.
 */
function checkEmbedIndex(name: string, args: readonly ReadArgument[], ctx: StatementContext): void {
  if (!Object.hasOwn(EMBED_INDEX_ARGUMENT, name)) return;
  const a = args[EMBED_INDEX_ARGUMENT[name]];
  // `Zfooter{text;ZuserAvatar}`: an icon where the embed's number goes. The engine reads any text
  // that is no number as embed 1, so the address is dropped.
  const only = a && !a.literal && a.arg.nodes.length === 1 ? a.arg.nodes[0] : undefined;
  const given = only?.kind === NodeKind.Call ? ctx.rel(only.start, only.nameEnd) : only?.kind === NodeKind.BareCall ? ctx.rel(only.start, only.end) : '';
  if (only && (name === 'Zfooter' || name === 'Zauthor') && /(?:Avatar|Icon|URL|Url)$/.test(given)) {
    ctx.diagnostics.push({
      code: 'invalid-integer',
      severity: 'warning',
      start: a!.arg.start,
      end: a!.arg.end,
      message: `${name}'s second argument is the embed's number, not an icon: the engine reads ${given}'s address as embed 1 and drops it. Set the icon with ${name}Icon{${ctx.rel(a!.arg.start, a!.arg.end).trim()}} (after ${name}).`,
    });
    return;
  }
  if (!a?.literal || a.text === '' || !isEmbedIndexNumber(a.text)) return;
  const n = Number(a.text);
  if (n >= 1 && n <= 10) return;
  ctx.diagnostics.push({
    code: 'limit-exceeded',
    severity: 'error',
    start: a.arg.start,
    end: a.arg.end,
    message:
      name === 'Ztimestamp' && n > 1e8
        ? `Ztimestamp takes the embed's number (1 to 10), not a time: the embed always shows when the message was sent, and the engine halts the command on ${a.text}. Write Ztimestamp{} for the first embed.`
        : `An embed index is 1 to 10; the engine halts the command on ${a.text}.`,
  });
}

/** Literal arithmetic the engine halts on: a zero divisor of Zdiv, Zrandom's minimum not below its maximum. */
function checkArithmetic(name: string, args: readonly ReadArgument[], ctx: StatementContext): void {
  if (name === 'Zdiv' || name === 'Zmodulo') {
    for (let i = 1; i < args.length; i++) {
      const a = args[i];
      if (a.literal && isNumber(a.text) && Number(a.text) === 0)
        ctx.diagnostics.push({
          code: 'limit-exceeded',
          severity: 'error',
          start: a.arg.start,
          end: a.arg.end,
          message: `${name} halts the command on a division by zero.`,
        });
    }
  } else if (name === 'Zsqrt' && args.length >= 1) {
    const a = args[0];
    if (a.literal && isNumber(a.text) && Number(a.text) < 0)
      ctx.diagnostics.push({
        code: 'limit-exceeded',
        severity: 'error',
        start: a.arg.start,
        end: a.arg.end,
        message: 'Zsqrt halts the command on a negative number.',
      });
  } else if (name === 'Zrandom' && args.length >= 2) {
    const [min, max] = args;
    if (min.literal && max.literal && isInteger(min.text) && isInteger(max.text) && Number(min.text) >= Number(max.text))
      ctx.diagnostics.push({
        code: 'limit-exceeded',
        severity: 'error',
        start: min.arg.start,
        end: max.arg.end,
        message: `Zrandom's minimum must be below its maximum; the engine halts the command on ${min.text} and ${max.text}.`,
      });
  }
}

/** The embed-index parameters, where a word is not an error: the engine silently uses embed 1. */
export function isLenientEmbedIndex(fnName: string, paramName: string): boolean {
  return paramName === 'index' && Object.hasOwn(EMBED_INDEX_ARGUMENT, fnName);
}

/** A check of one parameter of one function that takes the place of its type's check. */
type ParameterCheck = (fnName: string, text: string, arg: Argument, ctx: StatementContext) => void;

/**
 * The parameters with a reading of their own, by function and parameter: the
 * date patterns of the functions that format dates, time zones, role
 * operations, split positions, JSON keys and text, regular expressions,
 * HTTP header names.
 */
const PARAMETER_CHECKS: Readonly<Record<string, Readonly<Record<string, ParameterCheck>>>> = {
  ZcreationDate: { format: checkTimeFormat },
  ZuserJoined: { format: checkTimeFormat },
  Ztime: { timezone: checkTimeZone },
  ZroleGrant: { operation: checkRoleOperation },
  ZsplitText: { index: checkSplitIndex },
  ZjsonGet: { key: checkJsonKey },
  ZjsonExists: { key: checkJsonKey },
  ZjsonArrayCount: { key: checkJsonKey },
  ZforJson: { key: checkJsonKey },
  ZhttpResult: { key: checkJsonKey },
  ZjsonParse: { jsonString: checkJsonLiteral },
  ZregexMatch: { pattern: checkRegex },
  ZregexReplace: { pattern: checkRegex },
  ZhttpAddHeader: { name: checkHeaderName },
};

function parameterCheck(fnName: string, paramName: string): ParameterCheck | undefined {
  return Object.hasOwn(PARAMETER_CHECKS, fnName) && Object.hasOwn(PARAMETER_CHECKS[fnName], paramName) ? PARAMETER_CHECKS[fnName][paramName] : undefined;
}

/** Saved-variable functions whose user argument is a key, kept as written (a mention's text is another user). */
const USER_VARIABLE_KEYS: ReadonlySet<string> = new Set(['ZsetUserVar', 'ZgetUserVar']);

/**
 * `Zban{<@Zmentioned{1}>}`: a mention written around a call that gives an
 * ID. The ID is what the function needs; with `<@` and `>` around it the
 * function gets a mention's text, which those reading a number halt on,
 * and those keeping text (a variable's member, a list compared) never match.
 */
export function checkMentionAroundId(fnName: string, paramName: string, text: string, arg: Argument, ctx: StatementContext): void {
  const m = /^<(@[!&]?|#)(Z[A-Za-z]+(?:\{[^{}]*\})?)>$/.exec(text);
  if (!m) return;
  const inner = m[2];
  // The fix only where the mention's kind is the parameter's: a member's mention where a channel goes stays wrong without it.
  const kind = m[1] === '#' ? /channel/i : m[1] === '@&' ? /role/i : /user|member|target/i;
  const fixes =
    kind.test(paramName) || /^(?:id|snowflake)$/i.test(paramName)
      ? [{ title: `Write ${inner}`, edits: [trimmedEdit(text, arg, ctx, inner)], preferred: true }]
      : undefined;
  // A variable's member is any text (another, empty variable); every other reader parses or compares an ID.
  const kept = TEXT_KEY_IDS.has(fnName);
  ctx.diagnostics.push({
    code: 'invalid-snowflake',
    severity: kept ? 'warning' : 'error',
    start: arg.start,
    end: arg.end,
    message: kept
      ? `${inner} already gives the ID; with the mention written around it ${fnName} gets the text "${text.replace(inner, 'id')}", a key no member's own commands use (another, empty variable). Write ${inner}.`
      : `${fnName} halts the command: "${paramName}" must be a Discord ID, and the mention written around ${inner} makes it the text "${text.replace(inner, 'id')}".${fixes ? ` ${inner} already gives the ID: write ${inner}.` : ` Give it the ${paramName} itself.`}`,
    fixes,
  });
}

/**
 * Functions acting on or telling about a member the user names, usually by
 * mentioning them, that read the ID as a number (not Zunban: a banned user is
 * not mentioned). users/username.rs, userAvatar.rs, displayName.rs, isBot.rs,
 * userJoined.rs, message/dm.rs, roles/hasRole.rs parse it and halt otherwise;
 * so does channels/editChannelPerms.rs its member or role (a ticket's `!add @user`).
 */
const MENTIONED_MEMBERS: ReadonlySet<string> = new Set([
  'ZeditChannelPerms',
  'Zkick',
  'Zban',
  'Ztimeout',
  'ZroleGrant',
  'ZsetUserRoles',
  'Zusername',
  'ZuserAvatar',
  'ZdisplayName',
  'ZisBot',
  'ZuserJoined',
  'Zdm',
  'ZhasRole',
]);

/**
 * `Zkick{Zmessage{1}}`: the word the user typed where an ID goes. A mention
 * arrives as `<@id>`, which the functions that read the ID as a number halt
 * on (those keeping it as a text key or comparing it do not). A warning: an
 * ID typed as digits works.
 */
export function checkMessageWordAsId(fnName: string, paramName: string, text: string, arg: Argument, ctx: StatementContext): void {
  const m = /^Zmessage\{\s*(\d+)\s*\}$/.exec(text);
  if (!m || !/^user/i.test(paramName)) return;
  // Zmentioned counts mentions, not words: the mention in word 2 of `!pay 100 @user` is the first.
  const replacement = 'Zmentioned{1}';
  // A member or a role: Zmentioned reads members' mentions only (message/mentioned.rs), and nothing reads a role's <@&id>.
  const memberOrRole = fnName === 'ZeditChannelPerms';
  const gives =
    Number(m[1]) === 1
      ? `${replacement} gives the ID of the user mentioned.`
      : `${replacement} gives the ID of the first user mentioned (Zmentioned counts mentions, not words: Zmentioned{2} is a second mention).`;
  if (USER_VARIABLE_KEYS.has(fnName)) {
    // variables/setUserVar.rs, getUserVar.rs keep the user as the text given: no halt, another key.
    reportIf(ctx, `prefix-word-untested:${Number(m[1])}`, {
      code: 'invalid-snowflake',
      severity: 'warning',
      start: arg.start,
      end: arg.end,
      message: `Zmessage{${m[1]}} is the word as the user typed it: a mention arrives as <@id>, and ${fnName} keeps the variable under that text, not under the member's ID, so the member's own commands (which read it by ID) never see it. ${gives}`,
      fixes: [{ title: `Use ${replacement}`, edits: [{ start: arg.start, end: arg.end, newText: replacement }] }],
    });
    return;
  }
  // In ZtryRun the halt is caught and its fallback runs (runtime.rs evaluate_try_run): a lookup by a typed ID, handled.
  // Without a fallback the halt is caught all the same, and a mention does nothing, without a word.
  if (!MENTIONED_MEMBERS.has(fnName) || (ctx.caught && !ctx.caughtSilently)) return;
  // Reported for prefix commands only (fileChecks.ts): in a slash command Zmessage{1} is the first option's value, an ID;
  // and not where a line tests the word with ZisNumber or ZisInteger (a command that takes an ID).
  reportIf(ctx, `prefix-word-untested:${Number(m[1])}`, {
    code: 'invalid-snowflake',
    severity: 'warning',
    start: arg.start,
    end: arg.end,
    message: ctx.caughtSilently
      ? `Zmessage{${m[1]}} is the word as the user typed it: a mention arrives as <@id>, which ${fnName} cannot read ("${paramName}" must be an ID), and ZtryRun, with no fallback, hides that: nothing happens, and nobody is told. ${gives}`
      : memberOrRole
        ? `Zmessage{${m[1]}} is the word as the user typed it: a mention arrives as <@id> (a role's as <@&id>), and ${fnName} halts the command on it ("${paramName}" must be an ID). For a member, Zmentioned{1} gives the ID of the one mentioned; for a role, take it by name with ZroleID{name}.`
        : `Zmessage{${m[1]}} is the word as the user typed it: a mention arrives as <@id>, and ${fnName} halts the command on it ("${paramName}" must be an ID). ${gives}`,
    fixes: memberOrRole ? undefined : [{ title: `Use ${replacement}`, edits: [{ start: arg.start, end: arg.end, newText: replacement }] }],
  });
}
