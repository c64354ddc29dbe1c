/**
 * Functions whose value (called without their first argument) comes from the
 * execution context: an `event` trigger whose catalog context leaves that
 * part null makes them empty, or halts them. Kept small and explicit; read by
 * the event-context diagnostic.
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
  ZdisplayName: 'author',
  ZisAdmin: 'author',
  ZisBooster: 'author',
  ZisBot: 'author',
  ZuserJoined: 'author',
  ZuserRoles: 'author',
  // Without a role ID they look up the author's roles (the first Discord lists, not the highest).
  ZroleID: 'author',
  ZroleName: 'author',
  ZroleColor: 'author',
  ZroleExists: 'author',
  ZrolePosition: 'author',
  ZrolePerms: 'author',
  ZisHoisted: 'author',
  ZisMentionable: 'author',
  // Without a channel ID it sends to the command's channel.
  ZsendMessage: 'channel',
  // They act on the message that started the command, whatever their arguments.
  ZaddCmdReactions: 'target',
  ZreplyIn: 'target',
};

/**
 * The user variables' functions, by the position of the member they take
 * (from 0): without it they key the value by the author
 * (variables/getUserVar.rs, setUserVar.rs), which an event without an author
 * leaves empty.
 */
export const USER_VARIABLE_MEMBER_AT: Readonly<Record<string, number>> = { ZgetUserVar: 1, ZsetUserVar: 2 };

/** Of those, the ones that read the context whatever their arguments (the others only without their first). */
export const CONTEXT_ALWAYS: ReadonlySet<string> = new Set(['ZaddCmdReactions', 'ZreplyIn']);

/**
 * Of those, the ones that crash the command without the context: they
 * unwrap the author's ID (roles/roleName.rs and its siblings), a panic, which
 * sends nothing and which ZtryRun does not catch.
 */
export const CONTEXT_PANICS: ReadonlySet<string> = new Set([
  'ZroleName',
  'ZroleColor',
  'ZroleExists',
  'ZrolePosition',
  'ZrolePerms',
  'ZisHoisted',
  'ZisMentionable',
]);

/**
 * Of those, the ones that read the context's ID as a number and halt the
 * command when it is empty (the others then give empty text).
 */
export const CONTEXT_HALTS: ReadonlySet<string> = new Set([
  'ZchannelName',
  'ZuserAvatar',
  'ZdisplayName',
  'ZisAdmin',
  'ZisBooster',
  'ZisBot',
  'ZuserJoined',
  'ZuserRoles',
  'ZsendMessage',
  'ZaddCmdReactions',
  'ZreplyIn',
  'ZroleID',
  ...CONTEXT_PANICS,
]);

/**
 * Functions that fetch the user as a member of the server (GuildId::member
 * over Discord's API, no cache), and the argument (0-based) holding the user:
 * without it, or with ZuserID there, they read the command's author. In
 * MEMBER_GONE_EVENTS that user is no longer a member, Discord answers
 * "Unknown Member" and each halts the command (users/displayName.rs,
 * roles/userRoles.rs, roles/hasRole.rs ...). Zusername, ZuserAvatar,
 * ZisBot and ZcreationDate fetch the user instead and keep working.
 */
export const MEMBER_FUNCTIONS: ReadonlyMap<string, number> = new Map([
  ['ZdisplayName', 0],
  ['ZuserJoined', 0],
  ['ZuserRoles', 0],
  ['ZuserServerAvatar', 0],
  ['ZisAdmin', 0],
  ['ZisBooster', 0],
  ['ZisModerator', 0],
  ['ZuserPerms', 0],
  ['ZhasRole', 0],
  ['ZhighestRole', 0],
  ['ZlowestRole', 0],
  ['ZisTimedOut', 0],
  ['ZmemberFlags', 0],
  ['ZmemberPending', 0],
  ['ZhasPerm', 0],
  ['ZcheckUserPerms', 0],
  ['ZeffectivePerms', 0],
  ['ZchangeNickname', 1],
]);

/** Events whose user has left the server, or was banned or unbanned (bot.rs: the user as author, no channel). */
export const MEMBER_GONE_EVENTS: ReadonlySet<string> = new Set(['onMemberLeave', 'onBanAdd', 'onBanRemove']);
