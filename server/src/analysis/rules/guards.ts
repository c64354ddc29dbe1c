/**
 * The guard lists (ZonlyPerms, ZonlyForChannels, ZonlyForRoles, ...): the
 * engine reads their last argument as the refusal message when it is not an
 * entry of the list (a permission it knows, a number), so a misspelt last
 * permission or a mention in last place silently drops out of the guard. And
 * ZonlyForRoles compares role names, which a mention or an ID never is. The
 * name lists take a last argument with a space, "!" or "." as the message, so
 * a username with a "." in last place drops out.
 */
import { resolvePermission } from '../../language/permissions';
import { meantPermission } from './literals';
import type { ReadArgument, StatementContext } from './context';
import { SENTENCE_MESSAGE_LISTS } from '../binding';

/** Guards whose entries are permissions; for ZonlyBotChannelPerms they follow the channel. */
const PERMISSION_GUARDS: Readonly<Record<string, number>> = { ZonlyPerms: 0, ZonlyBotPerms: 0, ZonlyBotChannelPerms: 1 };
/** Guards whose entries are IDs: a last argument that is no number is the message. */
const ID_GUARDS: ReadonlySet<string> = new Set([
  'ZonlyForChannels',
  'ZonlyForIDs',
  'ZonlyForCategories',
  'ZonlyForServers',
  'ZonlyForRoleIDs',
  'ZignoreChannels',
  'ZblackListIDs',
  'ZblackListRolesIDs',
  'ZblackListServers',
]);
/** Guards that compare role names. */
const ROLE_NAME_GUARDS: ReadonlySet<string> = new Set(['ZonlyForRoles', 'ZblackListRoles']);

const MENTION = /^<(?:#|@!?|@&)(\d+)>$/;

export function checkGuardList(name: string, args: readonly ReadArgument[], ctx: StatementContext): void {
  if (Object.hasOwn(PERMISSION_GUARDS, name)) checkLastPermission(name, args, PERMISSION_GUARDS[name], ctx);
  else if (ID_GUARDS.has(name)) checkLastMention(name, args, ctx);
  else if (ROLE_NAME_GUARDS.has(name)) checkRoleNames(name, args, ctx);
  else if (SENTENCE_MESSAGE_LISTS.has(name)) checkDottedUsername(name, args, ctx);
}

/**
 * A username with a "." in last place (`john.doe`, as Discord allows): the
 * engine takes a last argument with a ".", "!" or space as the message, so
 * the user drops out of the list.
 */
function checkDottedUsername(name: string, args: readonly ReadArgument[], ctx: StatementContext): void {
  if (args.length < 2) return;
  const last = args[args.length - 1];
  // A "." between name characters (`john.doe`); one at the end reads as a sentence's (`nope.`), as it was meant.
  if (!last.literal || last.text.length > 32 || !/^[a-z0-9_]+(?:\.[a-z0-9_]+)+$/.test(last.text)) return;
  reportLastReadAsMessage(
    name,
    last,
    `"${last.text}" has a ".", so ${name} reads this last argument as the message it refuses with, not as a username: ${last.text} ${name === 'ZonlyForUsers' ? 'is not let through' : 'is not blocked'}. Write a message after it.`,
    ctx,
  );
}

/** A list entry the engine takes for the refusal message: reported with the fix that writes the default message after it. */
function reportLastReadAsMessage(name: string, last: ReadArgument, message: string, ctx: StatementContext): void {
  // The message the engine refuses with by default, as the catalog gives it.
  const refusal = ctx.catalog.getFunction(name)?.arguments.at(-1)?.default;
  if (!refusal) return;
  ctx.diagnostics.push({
    code: 'invalid-value',
    severity: 'warning',
    start: last.arg.start,
    end: last.arg.end,
    message,
    fixes: [{ title: 'Add the message after it', edits: [{ start: last.arg.end, end: last.arg.end, newText: `;${refusal}` }], preferred: true }],
  });
}

/** A last argument one slip away from a permission: the engine takes it as the message. */
function checkLastPermission(name: string, args: readonly ReadArgument[], first: number, ctx: StatementContext): void {
  if (args.length < first + 2) return;
  const last = args[args.length - 1];
  if (!last.literal || last.text === '' || /\s/.test(last.text) || resolvePermission(last.text)) return;
  const meant = meantPermission(last.text);
  if (!meant) return;
  ctx.diagnostics.push({
    code: 'unknown-permission',
    severity: 'warning',
    start: last.arg.start,
    end: last.arg.end,
    message: `"${last.text}" is no permission the engine knows, so ${name} reads this last argument as the message it refuses with, and checks only the permissions before it. Did you mean ${meant}?`,
    fixes: [{ title: `Change to ${meant}`, edits: [{ start: last.arg.start, end: last.arg.end, newText: meant }], preferred: true }],
  });
}

/** A mention in last place: no number, so the engine takes it as the message. */
function checkLastMention(name: string, args: readonly ReadArgument[], ctx: StatementContext): void {
  if (args.length < 2) return;
  const last = args[args.length - 1];
  const m = last.literal ? MENTION.exec(last.text) : null;
  if (!m) return;
  ctx.diagnostics.push({
    code: 'invalid-snowflake',
    severity: 'warning',
    start: last.arg.start,
    end: last.arg.end,
    message: `${name} reads a last argument that is not a number as the message it refuses with: this mention is not in the list. Write the ID alone: ${m[1]}.`,
    fixes: [{ title: `Change to ${m[1]}`, edits: [{ start: last.arg.start, end: last.arg.end, newText: m[1] }], preferred: true }],
  });
}

/** Role names compared with a role's name: a mention or an ID never matches. */
function checkRoleNames(name: string, args: readonly ReadArgument[], ctx: StatementContext): void {
  checkSpacedLastRole(name, args, ctx);
  for (const a of args) {
    if (!a.literal) continue;
    const mention = /^<@&(\d+)>$/.exec(a.text);
    if (!mention && !/^\d{17,20}$/.test(a.text)) continue;
    ctx.diagnostics.push({
      code: 'invalid-value',
      severity: 'warning',
      start: a.arg.start,
      end: a.arg.end,
      message: `${name} compares role names, and no role is named "${a.text}": this entry never matches. For roles by ID use ${name === 'ZonlyForRoles' ? 'ZonlyForRoleIDs' : 'ZblackListRolesIDs'}{${mention ? mention[1] : a.text}}.`,
    });
  }
}

/** A role's name as people write one: two or three capitalised words (Head Moderator, Staff Team, VIP 2), no sentence. */
const ROLE_NAME_WITH_SPACE = /^(?:[A-Z0-9][\w'&+-]*)(?: [A-Z0-9][\w'&+-]*){1,2}$/u;

/** Words of a short refusal written in title case ("No Permission", "Access Denied"), which no role name needs. */
const MESSAGE_WORDS: ReadonlySet<string> = new Set([
  'no',
  'not',
  'you',
  'only',
  'access',
  'denied',
  'permission',
  'permissions',
  'sorry',
  'missing',
  'required',
  'cannot',
  "can't",
  "don't",
  'allowed',
  'feature',
  'features',
  'command',
  'commands',
  'error',
  'needed',
  'restricted',
  'locked',
  'blocked',
  'unauthorized',
  'forbidden',
  'lacking',
]);

/** Words role names are made of (Head Moderator, Server Booster, Level 10): a last entry without one may be a message ("Premium Feature"). */
const ROLE_WORDS: ReadonlySet<string> = new Set([
  'admin',
  'admins',
  'administrator',
  'mod',
  'mods',
  'moderator',
  'moderators',
  'staff',
  'team',
  'owner',
  'co-owner',
  'helper',
  'helpers',
  'member',
  'members',
  'vip',
  'manager',
  'management',
  'dev',
  'developer',
  'developers',
  'support',
  'trial',
  'senior',
  'junior',
  'head',
  'booster',
  'level',
  'lvl',
  'tier',
  'rank',
  'verified',
  'premium',
  'donator',
  'supporter',
  'partner',
  'bot',
  'event',
  'host',
  'officer',
  'leader',
  'captain',
  'guardian',
  'elite',
  'legend',
  'veteran',
]);

/**
 * `ZonlyForRoles{Admin;Head Moderator}`: the engine reads a last argument
 * with a space, "!" or "." as the refusal message (onlyForRoles.rs,
 * blackListRoles.rs split_last_as_error), so a role name with a space in
 * last place drops out of the list and becomes the message. Reported for a
 * name-like last argument; the fix writes the message after it.
 */
function checkSpacedLastRole(name: string, args: readonly ReadArgument[], ctx: StatementContext): void {
  if (args.length < 2) return;
  const last = args[args.length - 1];
  if (!last.literal || !ROLE_NAME_WITH_SPACE.test(last.text)) return;
  const words = last.text.toLowerCase().split(' ');
  if (words.some((w) => MESSAGE_WORDS.has(w)) || !words.some((w) => ROLE_WORDS.has(w))) return;
  reportLastReadAsMessage(
    name,
    last,
    `"${last.text}" has a space, so ${name} reads this last argument as the message it refuses with, not as a role: members with that role ${name === 'ZonlyForRoles' ? `are refused, and see "${last.text}"` : 'are not blocked'}. Write a message after it.`,
    ctx,
  );
}
