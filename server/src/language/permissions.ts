/**
 * The permission names the engine knows, with the aliases it also accepts,
 * and how it compares them (docs/language.md). The literal check, completion,
 * hover and code actions read this one table.
 */

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

/** Dashes and plus signs people type (or paste) for the ASCII sign. */
const SIGN_LOOKALIKES: Readonly<Record<string, string>> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\ufe63': '-',
  '\uff0d': '-',
  '\uff0b': '+',
};

/** The ASCII sign a pasted look-alike (an en dash, a full-width plus) stands for, if it is one. */
export function plainSign(ch: string): '+' | '-' | undefined {
  return Object.hasOwn(SIGN_LOOKALIKES, ch) ? (SIGN_LOOKALIKES[ch] as '+' | '-') : undefined;
}
