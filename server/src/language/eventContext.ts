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
