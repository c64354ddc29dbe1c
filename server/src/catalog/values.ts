/**
 * What the engine accepts as a literal value of each parameter type, and the
 * permission names it knows (docs/language.md). One place for these rules:
 * the binding rule, diagnostics, completion and hover all read them.
 */
import { ArgumentType } from './types';

/** Canonical permission names, each with the aliases the engine also accepts. */
export const PERMISSIONS: readonly { name: string; aliases: readonly string[] }[] = [
  { name: 'administrator', aliases: [] },
  { name: 'manageGuild', aliases: ['manageServer'] },
  { name: 'manageChannels', aliases: [] },
  { name: 'manageRoles', aliases: [] },
  { name: 'manageGuildExpressions', aliases: ['manageEmojis'] },
  { name: 'manageMessages', aliases: [] },
  { name: 'manageWebhooks', aliases: [] },
  { name: 'manageNicknames', aliases: [] },
  { name: 'kickMembers', aliases: [] },
  { name: 'banMembers', aliases: [] },
  { name: 'mentionEveryone', aliases: [] },
  { name: 'sendMessages', aliases: [] },
  { name: 'viewChannel', aliases: ['readMessages'] },
  { name: 'readMessageHistory', aliases: [] },
  { name: 'embedLinks', aliases: [] },
  { name: 'attachFiles', aliases: [] },
  { name: 'addReactions', aliases: [] },
  { name: 'connect', aliases: [] },
  { name: 'speak', aliases: [] },
  { name: 'muteMembers', aliases: [] },
  { name: 'deafenMembers', aliases: [] },
  { name: 'moveMembers', aliases: [] },
  { name: 'viewAuditLog', aliases: [] },
  { name: 'createInstantInvite', aliases: [] },
  { name: 'prioritySpeaker', aliases: [] },
  { name: 'stream', aliases: [] },
  { name: 'sendTTSMessages', aliases: [] },
  { name: 'useApplicationCommands', aliases: ['useSlashCommands'] },
  { name: 'requestToSpeak', aliases: [] },
  { name: 'manageEvents', aliases: [] },
  { name: 'manageThreads', aliases: [] },
  { name: 'createPublicThreads', aliases: [] },
  { name: 'createPrivateThreads', aliases: [] },
  { name: 'moderateMembers', aliases: ['timeout'] },
  // The engine only accepts the external-emoji permission under this misspelling.
  { name: 'usexternalEmojis', aliases: [] },
];

/** Functions whose permission arguments carry a `+` (allow), `-` (deny) or `/` (reset) prefix. */
export const PERMISSION_EDITING_FUNCTIONS: ReadonlySet<string> = new Set(['ZeditChannelPerms', 'ZmodifyRolePerms']);

/** Functions whose first argument is a condition (docs/language.md, "Conditions"). */
export const CONDITION_FUNCTIONS: ReadonlySet<string> = new Set(['Zif', 'ZonlyIf', 'ZcheckCondition']);

/** How the engine compares permission names: case-insensitive, ignoring spaces, `_` and `-`. */
export function normalizePermission(text: string): string {
  return text.replace(/[\s_-]+/g, '').toLowerCase();
}

const permissionByKey = new Map<string, string>();
for (const p of PERMISSIONS) {
  permissionByKey.set(normalizePermission(p.name), p.name);
  for (const alias of p.aliases) permissionByKey.set(normalizePermission(alias), p.name);
}

/** The canonical permission a name stands for, or undefined when the engine would reject it. */
export function resolvePermission(text: string): string | undefined {
  return permissionByKey.get(normalizePermission(text));
}

/** Splits a permission-editing argument (`+manageMessages`) into its prefix and name. */
export function splitPermissionPrefix(text: string): { prefix: '+' | '-' | '/' | ''; name: string } {
  const first = text.charAt(0);
  if (first === '+' || first === '-' || first === '/') return { prefix: first, name: text.slice(1).trim() };
  return { prefix: '', name: text };
}

const DURATION_UNITS_SECONDS: Record<string, number> = { y: 31536000, w: 604800, d: 86400, h: 3600, m: 60, s: 1 };

/** Total seconds of a duration literal (`1h30m`), or undefined when it is not one. Zero is returned as 0. */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  // Units are case-sensitive for the engine: 10M halts.
  if (!/^(\d+[ywdhms])+$/.test(trimmed)) return trimmed === '0' ? 0 : undefined;
  let total = 0;
  for (const match of trimmed.matchAll(/(\d+)([ywdhms])/g)) {
    total += Number(match[1]) * DURATION_UNITS_SECONDS[match[2]];
  }
  return total;
}

export const isInteger = (text: string): boolean => /^[+-]?\d+$/.test(text.trim());
export const isNumber = (text: string): boolean => /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text.trim());
export const isBoolean = (text: string): boolean => text === 'true' || text === 'false';
export const isSnowflake = (text: string): boolean => /^\d{17,20}$/.test(text.trim());
export const isHttpUrl = (text: string): boolean => {
  const trimmed = text.trim();
  if (!/^https?:\/\//i.test(trimmed)) return false;
  try {
    return new URL(trimmed).hostname.length > 0;
  } catch {
    return false;
  }
};
export const isHexColor = (text: string): boolean => /^#?[0-9a-fA-F]{6}$/.test(text.trim());

/**
 * Whether a literal argument text could be a value of `type`. Used where the
 * answer decides meaning (the binding rule), so it is permissive: a value that
 * the engine might accept counts.
 */
export function couldBeValueOf(type: ArgumentType, text: string): boolean {
  const value = text.trim();
  if (value === '') return false;
  switch (type) {
    case 'integer':
      return isInteger(value);
    case 'number':
      return isNumber(value);
    case 'boolean':
      return isBoolean(value);
    case 'snowflake':
      return isSnowflake(value);
    case 'url':
      return isHttpUrl(value);
    case 'duration':
      return parseDuration(value) !== undefined;
    case 'permission':
      return resolvePermission(splitPermissionPrefix(value).name) !== undefined;
    case 'emoji':
      // Unicode emoji or a custom emoji (`<:name:id>`, `<a:name:id>` or a bare id/name): no spaces.
      return !/\s/.test(value);
    case 'string':
      return true;
  }
}

/**
 * Functions whose value (called with no arguments) comes from the execution
 * context: an `event` trigger whose catalog context leaves that part null makes
 * them empty. Kept small and explicit; read by the event-context diagnostic.
 */
export const CONTEXT_DEPENDENT_FUNCTIONS: Readonly<Record<string, 'author' | 'channel' | 'message' | 'target'>> = {
  Zmessage: 'message',
  // The message/target id column of the event table: the reacted, deleted or
  // edited message, or the channel or role an event is about.
  ZmessageID: 'target',
  ZchannelID: 'channel',
  ZchannelName: 'channel',
  Zusername: 'author',
  ZuserID: 'author',
  ZuserAvatar: 'author',
};
