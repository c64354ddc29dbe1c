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
