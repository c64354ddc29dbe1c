/**
 * The facts a call contributes to the file-level order and component checks
 * (facts.ts): embed parts, HTTP requests and reads, split text, Zvar sets and
 * reads, context-dependent functions, select-menu options and text inputs,
 * component custom IDs. Nothing here reports; fileChecks.ts does, in file order.
 */
import { recordPollSend } from './polls';
import { CONTEXT_ALWAYS, CONTEXT_DEPENDENT_FUNCTIONS, MEMBER_FUNCTIONS, USER_VARIABLE_MEMBER_AT } from '../../language/eventContext';
import { type BareCallNode, type CallNode, NodeKind } from '../../syntax/tree';
import { createdComponentIdArgument } from '../../language/componentIds';
import { variableFunction } from '../../language/variableFunctions';
import { argumentText, hasCall, reportIf, type StatementContext, wholeCall, wholeCallOrBare } from './context';
import {
  type ComponentEvent,
  type EmbedContent,
  type EmbedSend,
  gatesCover,
  type OrderEvent,
  rareFacts,
  type SavedScope,
  type RareFacts,
  type SavedVarEvent,
  type ZeroTest,
  savedKey,
  type VarEvent,
} from '../facts';

/** Functions that make an HTTP request: the answer is kept for ZhttpStatus and ZhttpResult, not written. */
export const HTTP_REQUESTS: ReadonlySet<string> = new Set(['ZhttpGet', 'ZhttpPost', 'ZhttpPut', 'ZhttpPatch', 'ZhttpDelete', 'ZhttpHead', 'ZhttpOptions']);

/**
 * A request to GitHub's API, which refuses one without a User-Agent header
 * (403, "Please make sure your request has a User-Agent header"); the
 * engine's HTTP client sends none of its own (http/helpers.rs builds a bare
 * reqwest client and sends only the headers ZhttpAddHeader set). Reported
 * unless the file sets a User-Agent (fileChecks decides).
 */
function recordGithubRequest(node: CallNode, name: string, ctx: StatementContext): void {
  const url = node.args[0];
  // icanhazdadjoke.com answers a request that does not ask for JSON with its web page (HTML), not the joke's JSON.
  if (url && /^\s*https?:\/\/icanhazdadjoke\.com(?:[/?]|\s*$)/i.test(ctx.rel(url.start, url.end)))
    reportIf(ctx, 'no-accept-header', {
      code: 'http-accept-missing',
      severity: 'warning',
      start: node.start,
      end: node.nameEnd,
      message: `icanhazdadjoke.com answers with its web page (HTML) unless the request asks for JSON, and the engine asks for JSON only when told to (http/helpers.rs adds no Accept header of its own): ZhttpResult{joke} then finds no JSON and halts the command. Ask for JSON first: ZhttpAddHeader{Accept;application/json}.`,
      fixes: [
        {
          title: 'Add ZhttpAddHeader{Accept;application/json} before it',
          edits: [{ start: 0, end: 0, newText: 'ZhttpAddHeader{Accept;application/json}\n' }],
          preferred: true,
        },
      ],
    });
  if (!url || !/^\s*https?:\/\/api\.github\.com(?:[/?]|\s*$)/i.test(ctx.rel(url.start, url.end))) return;
  reportIf(ctx, 'no-user-agent', {
    code: 'http-user-agent-missing',
    severity: 'warning',
    start: node.start,
    end: node.nameEnd,
    message: `GitHub's API refuses a request without a User-Agent header (403 Forbidden, with a text that is no JSON), and the engine sends none of its own: ${name} gets that refusal every time. Set one first: ZhttpAddHeader{User-Agent;MyBot}.`,
    fixes: [
      {
        title: 'Add ZhttpAddHeader{User-Agent;MyBot} before it',
        edits: [{ start: 0, end: 0, newText: 'ZhttpAddHeader{User-Agent;MyBot}\n' }],
        preferred: true,
      },
    ],
  });
}

/**
 * Web APIs that answer with a JSON list at the top, as their documentation
 * shows: TheCatAPI's and TheDogAPI's image search (`[{"id":..,"url":..}]`),
 * ZenQuotes' random, today and quotes (`[{"q":..,"a":..}]`).
 */
const LIST_APIS = /^\s*https:\/\/(?:api\.the(?:cat|dog)api\.com\/v1\/images\/search|zenquotes\.io\/api\/(?:random|today|quotes))(?:[/?]|\s*$)/i;

/**
 * Moderation actions whose result the engine returns as text: "banned: <IDs>", and "failed: <IDs>"
 * for those Discord refused (the word, by function). A top-level one's text goes into the reply.
 */
export const PRINTED_RESULTS: Readonly<Record<string, string>> = { Zban: 'banned', Zkick: 'kicked', Ztimeout: 'timed out' };
/** Functions that read or edit the elements stored by ZtextSplit (catalog: "split-text element", "from ZtextSplit"). */
const SPLIT_READERS = new Set([
  'ZsplitText',
  'ZforSplit',
  'ZeditSplitText',
  'ZremoveSplitTextElement',
  'ZgetTextSplitIndex',
  'ZgetTextSplitLength',
  'ZjoinSplitText',
]);
/**
 * The embed parts, one table: which argument holds the embed index, whether the part alone lets
 * the embed be sent, and for the parts that need another one first (`ZauthorIcon` after
 * `Zauthor`) that base; a base names itself.
 */
const EMBED_PARTS: Record<string, { index: number; sendable: boolean; base?: string }> = {
  Ztitle: { index: 1, sendable: true, base: 'Ztitle' },
  Zdescription: { index: 1, sendable: true },
  Zauthor: { index: 1, sendable: true, base: 'Zauthor' },
  ZaddField: { index: 3, sendable: true },
  Zcolor: { index: 1, sendable: false },
  Zfooter: { index: 1, sendable: false, base: 'Zfooter' },
  ZfooterIcon: { index: 1, sendable: false, base: 'Zfooter' },
  Zimage: { index: 1, sendable: false },
  Zthumbnail: { index: 1, sendable: false },
  Ztimestamp: { index: 0, sendable: false },
  ZauthorIcon: { index: 1, sendable: false, base: 'Zauthor' },
  ZauthorURL: { index: 1, sendable: false, base: 'Zauthor' },
  ZtitleURL: { index: 1, sendable: false, base: 'Ztitle' },
};
const COMPONENT_EVENTS: Record<string, 'menu' | 'option' | 'modal' | 'input'> = {
  ZnewSelectMenu: 'menu',
  ZaddSelectMenuOption: 'option',
  ZnewModal: 'modal',
  ZaddTextInput: 'input',
};

/**
 * Functions that read the message that started the command. A slash command
 * has none: the engine gives it empty text and no trigger message, so these
 * read nothing, or halt the command.
 */
const MESSAGE_USES: Record<string, 'halts' | 'empty'> = {
  Zmessage: 'empty',
  Zmentioned: 'empty',
  ZgetAttachments: 'empty',
  ZargsCheck: 'halts',
  ZaddCmdReactions: 'halts',
  ZreplyIn: 'halts',
  // Without its sixth argument (the message ID) it edits the trigger message (components/editButton.rs 23-28).
  ZeditButton: 'halts',
  // The trigger message's ID: none in a slash command (bot.rs 1002, messageID.rs).
  ZmessageID: 'empty',
};

/**
 * Arguments the engine reads as numbers and halts on when empty (its number
 * reader refuses empty text): every argument (-1), or the first n.
 */
const NUMERIC_ARGUMENTS: Record<string, number> = {
  Zsum: -1,
  Zsub: -1,
  Zmulti: -1,
  Zdiv: -1,
  Zmin: -1,
  Zmax: -1,
  Zmodulo: 2,
  Zpow: 2,
  Zabs: 1,
  Zceil: 1,
  Zfloor: 1,
  Zround: 1,
  Zsqrt: 1,
  // Zrandom reads whole numbers; the rest are engine functions the catalog leaves out (src/functions/math/).
  Zrandom: 2,
  Zabbreviate: 1,
  Zfinancial: 1,
  Ztruncate: 2,
  Zpercent: 2,
  Zclamp: 3,
  Zhypot: 2,
  Zroot: 2,
  Zlerp: 3,
  Zfactorial: 1,
  Zgcd: 2,
  Zlcm: 2,
  ZdecimalToHex: 1,
  // Whole numbers too: `s.parse()` into i64, or Zrepeat's count (src/functions/time/timeDiff.rs:7-14, fromTimestamp.rs:9-12, runtime.rs:510-513).
  ZtimeDiff: 2,
  ZfromTimestamp: 1,
  Zrepeat: 1,
  // control/isEven.rs, isOdd.rs: the number is parsed into an i64, and the function halts when that fails.
  ZisEven: 1,
  ZisOdd: 1,
};

/** Of those, the ones that read whole numbers: a division computed for them can still halt them ("2.5"). */
export const WHOLE_NUMBER_ARGUMENTS: ReadonlySet<string> = new Set([
  'Zrandom',
  'Zfactorial',
  'Zgcd',
  'Zlcm',
  'ZdecimalToHex',
  'ZtimeDiff',
  'ZfromTimestamp',
  'Zrepeat',
  'ZisEven',
  'ZisOdd',
]);

/** A saved-variable getter, setter or existence test (the temporary Zvar is Zvar's own fact), from the variable table. */
function savedVariable(name: string): { use: 'get' | 'set' | 'exists'; scope: SavedScope } | undefined {
  const fn = variableFunction(name);
  if (!fn || fn.scope === 'temporary' || (fn.access !== 'get' && fn.access !== 'set' && fn.access !== 'exists')) return undefined;
  return { use: fn.access, scope: fn.scope };
}

/** The cooldowns: when one is running, the command halts there with its message. */
export const COOLDOWNS: ReadonlySet<string> = new Set(['Zcooldown', 'ZserverCooldown', 'ZglobalCooldown']);

/** The access guards that let staff only through. */
const STAFF_GUARDS: ReadonlySet<string> = new Set(['ZonlyAdmin', 'ZonlyPerms', 'ZonlyForRoles', 'ZonlyForRoleIDs', 'ZonlyForIDs', 'ZonlyForUsers']);

/** Guards that decide who may run the command (not input checks such as ZonlyIf, nor the bot's own permissions). */
const ACCESS_GUARDS: ReadonlySet<string> = new Set([
  'ZonlyAdmin',
  'ZonlyPerms',
  'ZonlyForRoles',
  'ZonlyForRoleIDs',
  'ZonlyForIDs',
  'ZonlyForUsers',
  'ZonlyForServers',
  'ZonlyForChannels',
  'ZonlyForCategories',
  'ZonlyNSFW',
  'ZignoreChannels',
  'ZblackListIDs',
  'ZblackListRoles',
  'ZblackListRolesIDs',
  'ZblackListUsers',
  'ZblackListServers',
  // A cooldown stops a run too (who may run it again, and when): only the lines after it (src/functions/cooldown/cooldown.rs:31-45).
  ...COOLDOWNS,
]);

/** Moderation and server changes a later refusal does not undo. */
const LASTING_ACTIONS: ReadonlySet<string> = new Set([
  'Zban',
  'Zunban',
  'Zkick',
  'Ztimeout',
  'ZuntimeOut',
  'Zmute',
  'Zdeafen',
  'ZroleGrant',
  'ZsetUserRoles',
  'Zclear',
  'ZdeleteMessage',
  'ZdeleteChannels',
  'ZcreateChannel',
  'ZcreateRole',
  'ZdeleteRole',
  'ZmodifyRole',
]);

/**
 * `ZdeleteMessage{ZchannelID;ZmessageID}`: the command's own message deleted
 * (a `!say` command hides what was typed). Done for a user a later guard
 * refuses too, but that loses nothing of theirs: not an action guard-after-action warns of.
 */
function deletesTriggerMessage(node: CallNode, name: string, ctx: StatementContext): boolean {
  const message = node.args[1];
  return name === 'ZdeleteMessage' && message !== undefined && ctx.rel(message.start, message.end).trim() === 'ZmessageID';
}

/**
 * Zreply outside a prefix command: only the answer to a chat message can
 * refer to it (bot.rs send_response); slash, interaction and event answers
 * are sent without looking at it.
 */
function reportReplyOutsidePrefix(start: number, end: number, ctx: StatementContext): void {
  reportIf(ctx, 'not-prefix-command', {
    code: 'reply-ignored',
    severity: 'warning',
    start,
    end,
    message:
      'Zreply makes the answer a reply to the message that started the command, and the engine reads it for prefix commands alone: here it is ignored, and the answer is sent as a plain message.',
  });
}

/**
 * A call that deletes the command's own message: Zclear without a user
 * filter, or with the author's (it deletes the channel's newest messages,
 * the trigger among them: moderation/clear.rs), or ZdeleteMessage of
 * ZmessageID. With Zreply the answer refers to that message, which Discord
 * refuses for a deleted one, and the engine drops the failed send
 * (bot.rs send_response: sent_result.ok()). Not in Zdelay or Zasync code,
 * which runs after the answer is sent.
 */
function recordTriggerDeletion(node: CallNode, name: string, ctx: StatementContext): void {
  if (ctx.background > 0 || node.close < 0) return;
  const filter = node.args[1] ? ctx.rel(node.args[1].start, node.args[1].end).trim() : '';
  const deletes = name === 'Zclear' ? filter === '' || filter === 'ZuserID' || filter === 'ZauthorID' : deletesTriggerMessage(node, name, ctx);
  if (!deletes) return;
  reportIf(ctx, 'replies-in-prefix', {
    code: 'reply-to-deleted',
    severity: 'warning',
    start: node.start,
    end: node.nameEnd,
    message: `${name === 'Zclear' ? "Zclear deletes the newest messages of the channel, the command's own message among them" : "This deletes the command's own message"}, and the command answers with Zreply, a reply to that message: Discord refuses a reply to a deleted message, and the engine drops the whole answer without a word. Remove Zreply: the answer then goes to the channel as a plain message.`,
  });
  // ZreplyIn fetches the command's message when its time comes (actions/replyIn.rs) and sends nothing when it is gone.
  reportIf(ctx, 'replies-later', {
    code: 'reply-to-deleted',
    severity: 'warning',
    start: node.start,
    end: node.nameEnd,
    message: `${name === 'Zclear' ? "Zclear deletes the newest messages of the channel, the command's own message among them" : "This deletes the command's own message"}, and ZreplyIn answers that message later: when its time comes the engine looks the message up, finds it gone, and sends nothing, without a word. Send the later message with Zdelay{...;ZsendMessage{ZchannelID;text}} instead.`,
  });
}

/**
 * The functions that edit a message's components, and where their message
 * ID is (an index): without it they edit the message that started the
 * command (components/editButton.rs and the others read
 * trigger_message_id), which in a prefix command is the user's own message,
 * which the bot cannot edit: the command halts. (In an event it is the
 * event's message, a reaction's one included, which may be the bot's.)
 */
const COMPONENT_MESSAGE_ID: Readonly<Record<string, number>> = {
  ZeditButton: 5,
  ZremoveComponent: 1,
  ZremoveButtons: 0,
  ZremoveAllComponents: 0,
  ZeditSelectMenu: 4,
  ZeditSelectMenuOption: 6,
};

function recordComponentEdit(node: CallNode | BareCallNode, name: string, at: number, ctx: StatementContext): void {
  if (node.kind === NodeKind.Call) {
    if (node.close < 0) return;
    const arg = node.args[at];
    if (arg && ctx.rel(arg.start, arg.end).trim() !== '') return;
  }
  // One finding, kept for the kind of command that has no message of its own to change (each condition says which).
  const where = {
    code: 'component-message-missing',
    severity: ctx.caught ? 'warning' : 'error',
    start: node.start,
    end: node.kind === NodeKind.Call ? node.nameEnd : node.end,
  } as const;
  const missing = `Without a message ID (argument ${at + 1}), ${name} changes the components of the message that started the command`;
  const fails = ctx.caught ? 'fails here every time (ZtryRun catches it)' : 'halts the command every time';
  reportIf(ctx, 'prefix-command', {
    ...where,
    message: `${missing}: in a prefix command that is the user's own message, which the bot cannot edit, so ${name} ${ctx.caught ? 'fails (ZtryRun catches it)' : 'halts the command'}. Give it the ID of the bot's message that has the components, or do this in the command of the button or menu (#type interaction), where it is the message clicked.`,
  });
  reportIf(ctx, 'modal-answer', {
    ...where,
    message: `${missing}, and the answer to a submitted modal has none, not even the message whose button opened the modal: ${name} ${fails}. Give it the ID of the message with the components: keep it in the command of the button that opens the modal (ZsetUserVar{form_message;ZmessageID}) and read it here.`,
  });
  reportIf(ctx, 'event-without-message', {
    ...where,
    message: `${missing}, and this event is about no message: ${name} ${fails}. Give it the ID of the message with the components (in this event's channel).`,
  });
  // components/*.rs look the message up in the command's channel, which such an event has not: an ID does not help.
  reportIf(ctx, 'event-without-channel', {
    ...where,
    message: `${missing}, and this event is about no message and no channel: ${name} ${fails}, and would with an ID too, since it looks the message up in the command's channel. Change the components from a command run in their channel (a button's, or a prefix command's there).`,
  });
}

/** Calls that end the command with a message of their own (besides the access guards): refusal-not-ephemeral. */
const REFUSERS: ReadonlySet<string> = new Set(['Zerror', 'ZonlyIf', 'ZvarExistError', 'ZonlyIfMessageContains', 'ZonlyBotPerms', 'ZargsCheck']);

/** A call that can end the command with a message, where it is. Zdelay's and Zasync's code ends nothing but itself; ZtryRun catches it. */
function recordRefusal(name: string, start: number, end: number, kinds: CallFactKinds | undefined, ctx: StatementContext): void {
  // In ZtryRun the refusal is an error it catches: no one is refused.
  if (ctx.summary.refusal || ctx.background || ctx.caught || !(REFUSERS.has(name) || kinds?.access === 'guard')) return;
  ctx.summary.refusal = { name, start, end };
}

/**
 * A refusal whose message is empty: the engine ignores an empty user error
 * (runtime.rs 101-104), so nothing is shown, suppressed or not (and
 * `ZargsCheck{0;...}` never refuses). Zerror's message is its first
 * argument, ZonlyIf's its second, ZargsCheck's its last (second or third).
 */
function silentRefusal(node: CallNode, name: string, ctx: StatementContext): boolean {
  const text = (i: number) => (node.args[i] ? ctx.rel(node.args[i].start, node.args[i].end).trim() : '');
  if (name === 'Zerror') return text(0) === '';
  if (name === 'ZonlyIf') return text(1) === '';
  if (name === 'ZargsCheck') return /^\+?0*$/.test(text(0)) || text(node.args.length >= 3 ? 2 : 1) === '';
  return false;
}

/** Functions whose answer is a time of day or a date in the active time zone (time/*.rs, users/creationDate.rs, users/userJoined.rs). */
const ZONE_READERS: ReadonlySet<string> = new Set(['Zhour', 'Zdate', 'Zday', 'ZfromTimestamp', 'ZcreationDate', 'ZuserJoined']);

/** Calls that stop the command when their test fails (besides the access guards). */
const STOPPERS: ReadonlySet<string> = new Set(['Zstop', ...REFUSERS]);

/** The functions that create the reply's select menu (one per reply: each replaces the one before). */
const SELECT_MENUS: ReadonlySet<string> = new Set(['ZnewSelectMenu', 'ZaddUserSelect', 'ZaddRoleSelect', 'ZaddMentionableSelect']);

type OrderKind = OrderEvent['kind'];

/** Functions that give the command its JSON object (an empty one, if there was none). */
const JSON_MAKERS: ReadonlySet<string> = new Set(['ZjsonParse', 'ZjsonSet', 'ZjsonArray', 'ZjsonMerge']);
const JSON_MAKER_CALL = /Zjson(?:Parse|Set|Array|Merge)\{/;
/**
 * Functions that read or change the command's JSON object: without one the
 * array editors and ZforJson halt (JSON_READERS_THAT_HALT), the others read
 * nothing.
 */
export const JSON_READERS_THAT_HALT: ReadonlySet<string> = new Set([
  'ZforJson',
  'ZjsonArrayAppend',
  'ZjsonArrayUnshift',
  'ZjsonArrayReverse',
  'ZjsonArraySort',
  'ZjsonArrayPop',
  'ZjsonArrayShift',
]);
const JSON_READERS: ReadonlySet<string> = new Set([
  'ZjsonGet',
  'ZjsonExists',
  'ZjsonArrayCount',
  'ZjsonArrayIndex',
  'ZjsonJoinArray',
  'ZjsonStringify',
  'ZjsonPretty',
  ...JSON_READERS_THAT_HALT,
]);

/**
 * Which facts a called name contributes beyond being called, worked out once
 * per name (see CallProfiles): undefined for most names, which contribute
 * only that.
 */
export interface CallFactKinds {
  readonly embedPart: (typeof EMBED_PARTS)[string] | undefined;
  readonly orderKind: OrderKind | undefined;
  readonly isVar: boolean;
  readonly contextDependent: boolean;
  readonly component: 'menu' | 'option' | 'modal' | 'input' | undefined;
  readonly createdIdIndex: number | undefined;
  /** A component that takes a place in the reply's action rows. */
  readonly row: 'button' | 'menu' | undefined;
  /** Its effect depends on the command's type (Zdefer, ZuseChannel, Zephemeral, ZaddReactions). */
  readonly typeDependent: boolean;
  /** Reads the message that started the command: 'halts' without one, 'empty' reads nothing then. */
  readonly messageUse: 'halts' | 'empty' | undefined;
  /** How many of its arguments are numbers it halts on when empty (-1: all), if any. */
  readonly numericArguments: number | undefined;
  /** ZsendWebhook: sends an embed of the command elsewhere. */
  readonly webhook: boolean;
  /** ZsendEmbed: sends an embed of the command to a channel, and leaves it out of the reply. */
  readonly embedSend: boolean;
  /** A saved-variable getter, setter or existence test. */
  readonly savedVar: { use: 'get' | 'set' | 'exists'; scope: SavedScope } | undefined;
  /** An access guard, or an action a later refusal does not undo (guard-after-action). */
  readonly access: 'guard' | 'action' | undefined;
  /** A guard that lets staff only through (an admin's command may mean any amount: negative-amount). */
  readonly staffGuard: boolean;
  /** A guard that lets given users only through: not one server's staff (reset-clears-everyone of server variables). */
  readonly ownerGuard: boolean;
}

export function callFactKinds(name: string): CallFactKinds | undefined {
  const kinds: CallFactKinds = {
    embedPart: Object.hasOwn(EMBED_PARTS, name) ? EMBED_PARTS[name] : undefined,
    orderKind:
      name === 'ZinputValue'
        ? 'input'
        : HTTP_REQUESTS.has(name)
          ? 'request'
          : name === 'ZhttpStatus' || name === 'ZhttpResult'
            ? 'result'
            : name === 'ZtextSplit'
              ? 'split'
              : SPLIT_READERS.has(name)
                ? 'split-read'
                : COOLDOWNS.has(name)
                  ? 'cooldown'
                  : name === 'ZchangeCooldownTime'
                    ? 'cooldown-labels'
                    : JSON_MAKERS.has(name)
                      ? 'json-make'
                      : JSON_READERS.has(name)
                        ? 'json-read'
                        : name === 'ZhttpAddHeader'
                          ? 'header'
                          : name === 'Zasync'
                            ? 'async'
                            : name === 'Zawait'
                              ? 'await'
                              : undefined,
    isVar: name === 'Zvar',
    contextDependent: Object.hasOwn(CONTEXT_DEPENDENT_FUNCTIONS, name),
    component: Object.hasOwn(COMPONENT_EVENTS, name) ? COMPONENT_EVENTS[name] : undefined,
    createdIdIndex: createdComponentIdArgument(name),
    row: name === 'ZaddButton' ? 'button' : SELECT_MENUS.has(name) ? 'menu' : undefined,
    typeDependent: name === 'Zdefer' || name === 'Zupdate' || name === 'ZuseChannel' || name === 'Zephemeral' || name === 'ZaddReactions',
    messageUse: Object.hasOwn(MESSAGE_USES, name) ? MESSAGE_USES[name] : undefined,
    numericArguments: Object.hasOwn(NUMERIC_ARGUMENTS, name) ? NUMERIC_ARGUMENTS[name] : undefined,
    webhook: name === 'ZsendWebhook',
    embedSend: name === 'ZsendEmbed',
    savedVar: savedVariable(name),
    access: ACCESS_GUARDS.has(name) ? 'guard' : LASTING_ACTIONS.has(name) ? 'action' : undefined,
    staffGuard: STAFF_GUARDS.has(name),
    ownerGuard: name === 'ZonlyForIDs' || name === 'ZonlyForUsers',
  };
  const none =
    !kinds.embedPart &&
    !kinds.orderKind &&
    !kinds.isVar &&
    !kinds.contextDependent &&
    !kinds.component &&
    kinds.createdIdIndex === undefined &&
    !kinds.row &&
    !kinds.typeDependent &&
    !kinds.messageUse &&
    kinds.numericArguments === undefined &&
    !kinds.webhook &&
    !kinds.embedSend &&
    !kinds.savedVar &&
    !kinds.access &&
    name !== 'Zcalculate';
  return none ? undefined : kinds;
}

/**
 * Records the facts of a call `name{...}`, whose kinds (callFactKinds) are
 * `kinds`. `inCall`: the call is inside another call's argument (its
 * component ID is then not a top-level one); `inLoop`: inside the code of a
 * loop (a Zvar read there may follow a set made by an earlier iteration, so
 * it is left out).
 */
export function recordCallFacts(node: CallNode, name: string, kinds: CallFactKinds | undefined, ctx: StatementContext, inCall: boolean, inLoop: boolean): void {
  if (name === 'ZpollSend') recordPollSend(ctx);
  (ctx.summary.calls ??= new Set()).add(name);
  if (STOPPERS.has(name) || kinds?.access === 'guard') ctx.mayStop = true;
  if (!silentRefusal(node, name, ctx)) recordRefusal(name, node.start, node.nameEnd, kinds, ctx);
  if (name === 'Zreply') reportReplyOutsidePrefix(node.start, node.nameEnd, ctx);
  // What the time zone decides: a clock or a date read; a zone chosen with Ztime{...}.
  // Not in Zdelay or Zasync code: it runs after the command's lines, in the zone they chose (the context's time zone is shared).
  if (ZONE_READERS.has(name) && ctx.background === 0 && !readsNoZone(node, name, ctx))
    rareFacts(ctx.summary).zoneRead ??= { name, start: node.start, end: node.nameEnd };
  if (name === 'Ztime' && node.args[0] && ctx.rel(node.args[0].start, node.args[0].end).trim() !== '') {
    const rare = rareFacts(ctx.summary);
    rare.setsZone ??= { start: node.start, end: node.nameEnd };
    rare.zoneSets = (rare.zoneSets ?? 0) + 1;
    // The run starts in Asia/Tokyo (executor.rs): choosing it changes nothing a name made with Ztime{} holds.
    if (ctx.background === 0 && ctx.rel(node.args[0].start, node.args[0].end).trim() !== 'Asia/Tokyo') rare.zoneChoice ??= node.start;
  }
  // A DM whose failure (DMs closed) halts the command: reported when an action the command means to take follows (fileWalk.ts).
  if (name === 'Zdm' && !ctx.caught && !ctx.background && node.close >= 0) (rareFacts(ctx.summary).dms ??= []).push({ start: node.start, end: node.close + 1 });
  if (name === 'Zclear' || name === 'ZdeleteMessage') recordTriggerDeletion(node, name, ctx);
  if (Object.hasOwn(COMPONENT_MESSAGE_ID, name)) recordComponentEdit(node, name, COMPONENT_MESSAGE_ID[name], ctx);
  if (HTTP_REQUESTS.has(name)) {
    recordGithubRequest(node, name, ctx);
    if (node.args.length > 0 && LIST_APIS.test(ctx.rel(node.args[0].start, node.args[0].end))) rareFacts(ctx.summary).listApi = true;
    else rareFacts(ctx.summary).otherApi = true;
  }
  if (name === 'Zmessage' && node.args.length === 1 && node.close >= 0) {
    const n = ctx.rel(node.args[0].start, node.args[0].end).trim();
    if (/^[1-9]\d?$/.test(n)) (rareFacts(ctx.summary).messageWords ??= []).push({ n: Number(n), start: node.start, end: node.close + 1 });
  }
  // A User-Agent set for the requests after it (any case: HTTP header names are not case-sensitive).
  if (name === 'ZhttpAddHeader' && node.args[0] && /^\s*user-agent\s*$/i.test(ctx.rel(node.args[0].start, node.args[0].end)))
    rareFacts(ctx.summary).setsUserAgent = true;
  if (name === 'ZhttpAddHeader' && node.args[0] && /^\s*accept\s*$/i.test(ctx.rel(node.args[0].start, node.args[0].end)))
    rareFacts(ctx.summary).setsAccept = true;
  // Before the kinds: most member functions have no other fact.
  const memberArgument = MEMBER_FUNCTIONS.get(name);
  if (memberArgument !== undefined) {
    const user = node.args[memberArgument];
    const text = user ? ctx.rel(user.start, user.end).trim() : '';
    if (text === '' || text === 'ZuserID' || text === 'ZuserID{}') recordMemberUse(name, node.start, node.nameEnd, ctx);
  }
  // embeds/editEmbed.rs puts this command's embed (index 1, or its third argument) into the message, and
  // halts like a send when nothing built it ("embed 1 not found"); the embed stays in the reply.
  if (name === 'ZeditEmbed' && node.close >= 0) {
    const a = node.args.length >= 2 ? node.args[2] : undefined;
    const index = a === undefined ? '1' : hasCall(a) ? undefined : ctx.rel(a.start, a.end).trim() || '1';
    if (index !== undefined) {
      const send: EmbedSend = { index, start: node.start, end: node.nameEnd, edit: true };
      if (ctx.caught) send.caught = true;
      (ctx.summary.embedSends ??= []).push(send);
    }
  }
  if (!kinds) return;
  const part = kinds.embedPart;
  if (part) {
    const idx = node.args[part.index];
    if (!idx || !hasCall(idx)) {
      const given = idx ? argumentText(ctx.rel(idx.start, idx.end)) : '';
      const index = given === '' ? '1' : given;
      if (part.base) {
        (ctx.summary.embedEvents ??= []).push({ base: part.base, dependent: part.base !== name, name, index, start: node.start, end: node.nameEnd });
      }
      const content: EmbedContent = { index, sendable: part.sendable, name, start: node.start, end: node.nameEnd };
      if (!inCall) content.topLevel = true;
      // Zdelay's code builds after the reply has gone (delayed-output-lost says so): not the reply's embed. (Zasync's
      // task starts at once and shares the embeds: whether its part makes the reply is a race, so it counts.)
      if (ctx.delayed > 0) content.background = true;
      (ctx.summary.embedContent ??= []).push(content);
    }
  }
  // A header added in a loop goes with the next pass's request. A result read in a loop's code may be the last
  // pass's (a retry loop), and one in Zdelay's or Zasync's code comes after the lines below it.
  if (
    kinds.orderKind &&
    !(kinds.orderKind === 'cooldown' && inCall) &&
    !(kinds.orderKind === 'header' && inLoop) &&
    !(kinds.orderKind === 'result' && (inLoop || ctx.background > 0))
  ) {
    // The engine runs a call's arguments first: a JSON object made there exists when the call reads it.
    if (kinds.orderKind === 'json-read' && node.close >= 0 && JSON_MAKER_CALL.test(ctx.rel(node.open, node.close)))
      (ctx.summary.orderEvents ??= []).push({ kind: 'json-make', name, start: node.start, end: node.nameEnd });
    const event: OrderEvent = { kind: kinds.orderKind, name, start: node.start, end: node.nameEnd };
    // An input read in a Zif's condition chooses by whether there is one: the command may answer a button as well.
    if (kinds.orderKind === 'input' && ctx.choosing) event.tested = true;
    if (kinds.orderKind === 'async' || kinds.orderKind === 'await') {
      const first = node.args[0];
      const raw = first && !hasCall(first) ? ctx.rel(first.start, first.end) : undefined;
      // An escape is read by the engine before the name is compared: such a name is left unknown.
      if (raw !== undefined && !raw.includes('\\')) event.block = raw.trim();
      // A wait in ZtryRun halts nothing (its failure is caught); one in a branch, a loop or an argument may not run once.
      if (kinds.orderKind === 'await' && ctx.caught) event.caught = true;
      if (kinds.orderKind === 'await' && ctx.background) event.background = true;
      if (inCall || inLoop || ctx.guarded) event.uncertain = true;
    }
    (ctx.summary.orderEvents ??= []).push(event);
  }
  // Without a message of its own a cooldown answers with its default one ("You are on cooldown..."), in a branch too.
  if (kinds.orderKind === 'cooldown' && !ctx.caught && (node.args.length < 2 || ctx.rel(node.args[1].start, node.args[1].end).trim() === ''))
    (rareFacts(ctx.summary).defaultCooldowns ??= []).push({ name, start: node.start, end: node.nameEnd });
  if (kinds.numericArguments !== undefined) markNumericReads(node, name, kinds.numericArguments, ctx);
  const emptyHalt = EMPTY_VALUE_HALTS[name];
  if (emptyHalt) markEmptyValueRead(node, name, emptyHalt, ctx);
  if (kinds.savedVar) recordSavedVariable(node, kinds.savedVar, ctx, inCall, inLoop);
  // A guard at a line's top level; an action that surely runs (not in a Zif branch, ZtryRun or loop).
  if (kinds.access === 'guard' && !inCall && !ctx.summary.guard) ctx.summary.guard = { name, start: node.start, end: node.nameEnd };
  else if (kinds.access === 'action' && !ctx.guarded && !inLoop && !ctx.summary.action && !deletesTriggerMessage(node, name, ctx)) ctx.summary.action = name;
  if (name === 'Zcalculate') markCalculationRead(node, ctx);
  // ZsendWebhook sends an embed as ZsendEmbed does, and halts alike when nothing built it (webhooks/sendWebhook.rs).
  if (kinds.embedSend || kinds.webhook) {
    const index = sentEmbedIndex(node, ctx);
    if (index !== undefined && kinds.webhook) (ctx.summary.webhookSends ??= []).push({ index, start: node.start, end: node.nameEnd });
    if (index !== undefined) {
      const send: EmbedSend = { index, start: node.start, end: node.nameEnd };
      if (kinds.webhook) send.webhook = true;
      if (!inCall) send.topLevel = true;
      if (ctx.caught) send.caught = true;
      (ctx.summary.embedSends ??= []).push(send);
    }
  }
  if (kinds.isVar && node.args.length >= 2 && hasCall(node.args[0])) {
    // A set whose name a call computes may set any variable: later reads are not known to be empty.
    const event: VarEvent = { name: '', set: true, start: node.args[0].start, end: node.args[0].end };
    (ctx.setEnds ??= new Map()).set(event, node.end);
    (ctx.summary.varEvents ??= []).push(event);
  } else if (kinds.isVar && !hasCall(node.args[0])) {
    const varName = ctx.rel(node.args[0].start, node.args[0].end).trim();
    const set = node.args.length >= 2;
    // In ZtryRun an empty number's halt is caught: an ordinary read then. In a Zif branch it halts whenever the
    // branch runs (the first "hello" a counting loop meets): a numeric read that may not run (`branch`).
    // Nor in Zdelay's or Zasync's code, whose halt stops that code only (the command has answered).
    const numeric = set || ctx.caught || ctx.background ? undefined : ctx.numericReads?.get(node.start);
    // The same for a value that halts its function empty (a field's value): said as that function says it.
    const emptyHalt = set || ctx.caught || ctx.background || numeric ? undefined : ctx.emptyHalts?.get(node.start);
    // A read in a loop may follow a set of an earlier pass: only an empty number (which halts on the first pass) is certain.
    if (varName !== '' && (set || !inLoop || numeric || emptyHalt)) {
      const event: VarEvent = { name: varName, set, start: node.args[0].start, end: node.args[0].end };
      // A set happens once its value is read: after the reads inside it (statement.ts orders them by this).
      if (set) (ctx.setEnds ??= new Map()).set(event, node.end);
      if (numeric) event.numeric = numeric;
      if (emptyHalt) event.emptyHalt = emptyHalt;
      if ((numeric || emptyHalt) && inLoop) event.inLoop = true;
      if ((numeric || emptyHalt) && ctx.guarded > 0) event.branch = true;
      if (!set && ctx.delayed > 0) event.later = true;
      // A list written in the command (`Zvar{choices;Yes|No|Maybe}`): its count is known where it is split (fileWalk countKnown).
      if (set && node.args.length === 2 && !hasCall(node.args[1]) && ctx.rel(node.args[1].start, node.args[1].end).trim() !== '') event.written = true;
      if (set && (ctx.guarded > 0 || inLoop || (hasCall(node.args[1]) && !freshValue(ctx.rel(node.args[1].start, node.args[node.args.length - 1].end)))))
        event.fromState = true;
      (ctx.summary.varEvents ??= []).push(event);
    }
  }
  // Without its first argument (the ID it would read), the function reads the context.
  const first = node.args[0];
  if (
    kinds.contextDependent &&
    (CONTEXT_ALWAYS.has(name) || first === undefined || first.start === first.end || ctx.rel(first.start, first.end).trim() === '')
  ) {
    recordContextUse(name, node.start, node.nameEnd, ctx);
  }
  if (Object.hasOwn(USER_VARIABLE_MEMBER_AT, name)) {
    const member = node.args[USER_VARIABLE_MEMBER_AT[name]];
    if (member === undefined || ctx.rel(member.start, member.end).trim() === '') recordContextUse(name, node.start, node.nameEnd, ctx);
  }
  if (kinds.component) {
    const event: ComponentEvent = { kind: kinds.component, name, start: node.start, end: node.nameEnd };
    if (inCall || inLoop) event.uncertain = true;
    if (kinds.component === 'menu') {
      const choices = (i: number) => {
        const a = node.args[i];
        const t = a && !hasCall(a) ? ctx.rel(a.start, a.end).trim() : '';
        return /^\d{1,3}$/.test(t) ? Number(t) : undefined;
      };
      const min = choices(1);
      const max = choices(2);
      if (min !== undefined) event.min = min;
      if (max !== undefined) event.max = max;
    } else if (kinds.component === 'option') {
      const a = node.args[1];
      const raw = a && !hasCall(a) ? ctx.rel(a.start, a.end) : '';
      const value = raw.trim();
      if (value !== '' && !raw.includes('\\')) {
        event.value = value;
        event.valueStart = a!.start + raw.indexOf(value);
        event.valueEnd = event.valueStart + value.length;
      }
    }
    (ctx.summary.componentEvents ??= []).push(event);
  }
  if (kinds.typeDependent) recordTypeDependentCall(name, node.start, node.nameEnd, inCall, ctx);
  if (kinds.messageUse) recordMessageUse(node, name, kinds.messageUse, ctx);
  if (kinds.row && !inCall) {
    // The engine starts a new row for a button whose first argument is exactly "true" (after trimming).
    const first = node.args[0];
    const newRow = kinds.row === 'button' && first !== undefined && !hasCall(first) && ctx.rel(first.start, first.end).trim() === 'true';
    (ctx.summary.componentRows ??= []).push(
      newRow ? { kind: kinds.row, name, newRow, start: node.start, end: node.nameEnd } : { kind: kinds.row, name, start: node.start, end: node.nameEnd },
    );
  }
  const idIndex = kinds.createdIdIndex;
  if (!inCall && idIndex !== undefined && !isLinkButton(node, name, ctx)) {
    const a = node.args[idIndex];
    if (a && !hasCall(a)) {
      const id = ctx.rel(a.start, a.end).trim();
      // A select menu replaces the one before it in the reply (select-menu-replaced): marked, for the duplicate check.
      if (id !== '')
        (ctx.summary.componentIds ??= []).push(kinds.row === 'menu' ? { id, menu: true, start: a.start, end: a.end } : { id, start: a.start, end: a.end });
    }
  }
}

/** Zvar{name} reads that are a whole numeric argument of `name` (`count` of them: -1 all), for the Zvar calls to find. */
function markNumericReads(node: CallNode, name: string, count: number, ctx: StatementContext): void {
  const n = count < 0 ? node.args.length : Math.min(count, node.args.length);
  for (let i = 0; i < n; i++) {
    // Only the call in the argument: text around it would make a number of its own.
    const read = wholeCall(node.args[i], ctx);
    if (!read) continue;
    const getter = savedGetter(read, ctx);
    if (getter) recordSavedRead(read, getter.scope, getter.name, name, ctx, zeroHaltsArgument(name, i));
    if (read.args.length !== 1 || ctx.rel(read.start, read.nameEnd) !== 'Zvar') continue;
    (ctx.numericReads ??= new Map()).set(read.start, name);
  }
}

/** Calls that give the author's own ID: a user variable keyed by them is the author's. */
const AUTHOR_IDS: ReadonlySet<string> = new Set(['ZuserID', 'ZauthorID']);

/**
 * Whose user variable a getter (`use` get, the user in argument 2) or setter
 * (argument 3) names, when not the author's: the user argument as written,
 * without spaces (SavedVarEvent.of). Undefined for the author's own, and for
 * other scopes.
 */
function savedOwner(node: CallNode, use: 'get' | 'set' | 'exists', scope: SavedScope, ctx: StatementContext): string | undefined {
  if (scope !== 'user' || use === 'exists') return undefined;
  const arg = node.args[use === 'get' ? 1 : 2];
  if (!arg) return undefined;
  const who = ctx.rel(arg.start, arg.end).replace(/\s+/g, '');
  return who === '' || AUTHOR_IDS.has(who) || AUTHOR_IDS.has(who.replace(/\{\}$/, '')) ? undefined : who;
}

/** The literal name a saved-variable function's first argument gives, or undefined. */
function savedName(node: CallNode, ctx: StatementContext): string | undefined {
  const first = node.args[0];
  if (!first || hasCall(first)) return undefined;
  const name = ctx.rel(first.start, first.end).trim();
  return name === '' || name.includes('\\') ? undefined : name;
}

/**
 * Calls whose result holds no saved state (a registration flag cannot come from them): chance, the command's own
 * input and author, and arithmetic or text changes of those. Anything else (a getter, another Zvar, a split or
 * JSON item of stored data, a Zif that may test a saved value) may.
 */
const FRESH_SOURCES: ReadonlySet<string> = new Set([
  'ZrandomText',
  'Zrandom',
  'Zmessage',
  'Zoption',
  'Zmentioned',
  'ZuserID',
  'Zusername',
  'Zsum',
  'Zsub',
  'Zmulti',
  'Zdiv',
  'Zlowercase',
  'Zuppercase',
]);

/** Whether a set's value text calls only FRESH_SOURCES (see there). */
function freshValue(value: string): boolean {
  for (const m of value.matchAll(/Z[A-Za-z0-9]+/g)) if (!FRESH_SOURCES.has(m[0])) return false;
  return true;
}

/** A getter or setter of a saved variable, or a test of one (saved-variable-unset). */
function recordSavedVariable(
  node: CallNode,
  saved: { use: 'get' | 'set' | 'exists'; scope: SavedScope },
  ctx: StatementContext,
  inCall: boolean,
  inLoop: boolean,
): void {
  const name = savedName(node, ctx);
  if (name === undefined) {
    // A set whose name a call computes may set any saved variable of its scope ('' stands for any).
    if (saved.use === 'set' && node.args.length >= 2) (ctx.summary.savedVars ??= []).push({ kind: 'set', scope: saved.scope, name: '' });
    return;
  }
  // A use in Zdelay's code, kept apart: what matters is whether the command's own lines read or set it (delayed-read-cached).
  // The cache key holds the user or place (variables/get*Var.rs): a getter given another one reads its own entry.
  if (ctx.delayed > 0 && saved.use !== 'exists') {
    const use: NonNullable<RareFacts['delayedUses']>[number] = {
      scope: saved.scope,
      name,
      text: ctx.rel(node.start, node.end),
      start: node.start,
      end: node.end,
      block: ctx.delayBlock,
    };
    const other = node.args[1] !== undefined && ctx.rel(node.args[1].start, node.args[1].end).trim() !== '';
    if (saved.use === 'get' && !other) use.read = true;
    if (use.read && ctx.operand) use.tested = true;
    (rareFacts(ctx.summary).delayedUses ??= []).push(use);
    return;
  }
  if (saved.use === 'set' && node.args.length >= 2 && hasCall(node.args[1])) (rareFacts(ctx.summary).computedSets ??= []).push(`${saved.scope}:${name}`);
  const events = (ctx.summary.savedVars ??= []);
  const of = savedOwner(node, saved.use, saved.scope, ctx);
  if (saved.use === 'exists')
    events.push({ kind: 'exists', scope: saved.scope, name, by: ctx.rel(node.start, node.nameEnd), start: node.start, end: node.end });
  else if (!events.some((e) => e.kind === 'use' && e.scope === saved.scope && e.name === name)) events.push({ kind: 'use', scope: saved.scope, name });
  // A test guards the reads after it only (a read before it has halted already): where it is, for the walk to compare.
  if (saved.use === 'exists' || (saved.use === 'get' && ctx.operand)) events.push(owned({ kind: 'test', scope: saved.scope, name, start: node.start }, of));
  else if (saved.use === 'set' && node.args.length >= 2 && !inLoop && !ctx.background) {
    const event: SavedVarEvent = owned({ kind: 'set', scope: saved.scope, name }, of);
    if ((!inCall && !ctx.guarded) || ctx.setupBranch > 0) {
      (ctx.savedSetEnds ??= new Map()).set(event, { end: node.end, until: Number.POSITIVE_INFINITY });
      (ctx.summary.savedVars ??= []).push(event);
    } else if (ctx.guarded) {
      // In a branch that may not run, the set covers only the reads after it in the same branch.
      (ctx.savedSetEnds ??= new Map()).set(event, { end: node.end, until: ctx.branchEnd });
    }
  }
}

/** The event with its owner, when another member's (no `of` key at all otherwise: facts compare by keys). */
function owned(event: SavedVarEvent, of: string | undefined): SavedVarEvent {
  if (of !== undefined) event.of = of;
  return event;
}

/** The scope, literal name and owner (savedOwner) of a saved-variable getter call, or undefined for any other call (the name's profile says). */
export function savedGetter(call: CallNode, ctx: StatementContext): { scope: SavedScope; name: string; of?: string } | undefined {
  const saved = ctx.profiles.get(ctx.rel(call.start, call.nameEnd)).facts?.savedVar;
  if (saved?.use !== 'get') return undefined;
  const name = savedName(call, ctx);
  if (name === undefined) return undefined;
  const of = savedOwner(call, 'get', saved.scope, ctx);
  return of === undefined ? { scope: saved.scope, name } : { scope: saved.scope, name, of };
}

/**
 * A saved-variable read where an empty value halts `by` (not in a Zif branch or ZtryRun: it may not run, or is caught).
 * `zeroHalts`: read as 0, the function halts too (a divisor, Zrandom's bounds), so the fix that reads it as 0 is not offered.
 */
export function recordSavedRead(
  read: CallNode,
  scope: SavedScope,
  name: string,
  by: string,
  ctx: StatementContext,
  zeroHalts = false,
  halts?: string,
  zeroTest?: ZeroTest,
): void {
  // A halt inside ZtryRun is caught; a Zif branch under a test of a saved variable may be for those who have one.
  // A branch under any other condition (Zif{Zmessage{1}==42;...}) halts for a new user whenever it runs.
  const of = savedOwner(read, 'get', scope, ctx);
  const key = savedKey({ scope, name, of });
  if (ctx.caught || (ctx.guarded && ctx.setupBranch > 0 && (ctx.setupTests.includes(key) || gatesCover((gate) => ctx.setupTests.includes(gate), scope))))
    return;
  const text = ctx.rel(read.start, read.end);
  const event: SavedVarEvent = zeroTest
    ? { kind: 'read', scope, name, by, text, start: read.start, end: read.end, zeroTest }
    : zeroHalts
      ? { kind: 'read', scope, name, by, text, start: read.start, end: read.end, zeroHalts: true }
      : halts
        ? { kind: 'read', scope, name, by, text, start: read.start, end: read.end, halts }
        : { kind: 'read', scope, name, by, text, start: read.start, end: read.end };
  // Under a condition on temporary variables only (a slot machine's Zvar{a}==Zvar{b}): the file walk knows what they hold.
  if (ctx.guarded && ctx.setupBranch > 0) for (const t of ctx.setupTests) if (t.startsWith('var:')) (event.underVars ??= []).push(t.slice(4));
  (ctx.summary.savedVars ??= []).push(owned(event, of));
}

/**
 * Arguments that halt their function when empty though they are no number
 * (embeds/addField.rs: "value" required; helpers.rs validate_color and
 * validate_url, which Zcolor, Zimage and Zthumbnail call on the empty text),
 * by function: the argument's index and what is then empty, in words.
 */
const EMPTY_VALUE_HALTS: Readonly<Record<string, { index: number; what: string; scopes?: readonly string[] }>> = {
  ZaddField: { index: 1, what: 'an empty field value' },
  Zcolor: { index: 0, what: 'an empty colour' },
  Zimage: { index: 0, what: 'an empty address' },
  Zthumbnail: { index: 0, what: 'an empty address' },
  // json/jsonParse.rs 7-10: "argument 1 (JSON string) is required". A user's own data only (an inventory):
  // a server's JSON (a shop's items, a queue) is set up before it is read, by another command.
  ZjsonParse: { index: 0, what: 'empty text to parse', scopes: ['user'] },
};

/** A saved-variable getter that is the whole of such an argument: a read that halts while the variable is unset (`halts` says what is empty). */
function markEmptyValueRead(node: CallNode, name: string, halt: { index: number; what: string; scopes?: readonly string[] }, ctx: StatementContext): void {
  const arg = node.args[halt.index];
  const read = arg && wholeCall(arg, ctx);
  // ZaddField{Answer;ZrandomText{Yes;No;}}: its empty choice halts this function (empty-random-choice says so).
  // So does a temporary variable read there (ZaddField{Coins;Zvar{coins}}) while nothing has set it (variable-read-before-set).
  const reader = read && halt.scopes === undefined ? ctx.rel(read.start, read.nameEnd) : '';
  if (reader === 'ZrandomText' || (reader === 'Zvar' && read!.args.length === 1))
    (ctx.emptyHalts ??= new Map()).set(read!.start, `${name} ${ctx.caught > 0 ? 'fails' : 'halts the command'} on ${halt.what}`);
  const getter = read && savedGetter(read, ctx);
  if (read && getter && (!halt.scopes || halt.scopes.includes(getter.scope))) recordSavedRead(read, getter.scope, getter.name, name, ctx, false, halt.what);
}

/**
 * Whether argument `index` of `name` halts the function as 0: a divisor
 * (Zdiv's after the first, Zmodulo's second: "divide by zero"; Zpercent's
 * total and Zroot's degree: math/percent.rs:13, root.rs:13), a bound of
 * Zrandom (min must be below max, and a bound read as 0 may not be), or
 * Zrepeat's count ("N must be a positive integer").
 */
function zeroHaltsArgument(name: string, index: number): boolean {
  return (
    name === 'Zrandom' ||
    name === 'Zrepeat' ||
    (name === 'Zdiv' && index > 0) ||
    ((name === 'Zmodulo' || name === 'Zpercent' || name === 'Zroot') && index === 1)
  );
}

/**
 * Getters that are operands of Zcalculate's expression (`ZgetServerVar{count}+1`,
 * `a + ZgetUserVar{bank}`): empty, they leave an operator without its number
 * (or the expression empty), and Zcalculate halts. Not one followed by `-`,
 * which then reads as a minus sign (`ZgetUserVar{x} - 1` is -1).
 */
function markCalculationRead(node: CallNode, ctx: StatementContext): void {
  const arg = node.args[0];
  if (!arg) return;
  const expression = ctx.rel(arg.start, arg.end);
  for (const n of arg.nodes) {
    if (n.kind !== NodeKind.Call) continue;
    const getter = savedGetter(n, ctx);
    if (!getter) continue;
    const before = expression.slice(0, n.start - arg.start).trimEnd();
    const after = expression.slice(n.end - arg.start).trimStart();
    const operandBefore = before === '' || '(+-*/%'.includes(before[before.length - 1]);
    const operandAfter = after === '' || ')+*/%'.includes(after[0]);
    // After `/` or `%`, 0 halts Zcalculate as well ("cannot divide by zero").
    const divisor = before !== '' && '/%'.includes(before[before.length - 1]);
    if (operandBefore && operandAfter) recordSavedRead(n, getter.scope, getter.name, 'Zcalculate', ctx, divisor);
  }
}

/** A use of what the event context holds; `caught`: inside ZtryRun, which catches the halt when it is empty. */
function recordContextUse(name: string, start: number, end: number, ctx: StatementContext): void {
  (ctx.summary.contextUses ??= []).push(ctx.caught ? { name, start, end, caught: true } : { name, start, end });
}

/** A call that fetches the author as a member of the server; `caught`: inside ZtryRun. */
function recordMemberUse(name: string, start: number, end: number, ctx: StatementContext): void {
  (rareFacts(ctx.summary).memberUses ??= []).push(ctx.caught ? { name, start, end, caught: true } : { name, start, end });
}

/** A call whose effect depends on the command's type; `inCall`: inside another call's argument, so it may not run. */
function recordTypeDependentCall(name: string, start: number, end: number, inCall: boolean, ctx: StatementContext): void {
  (ctx.summary.typeDependentCalls ??= []).push(inCall ? { name, nested: true, start, end } : { name, start, end });
}

/**
 * A use of the trigger message. Not recorded where the function still works
 * without one: Zmentioned{n;true} falls back to the author, and ZargsCheck
 * whose minimum is 0 lets an empty message through.
 */
function recordMessageUse(node: CallNode, name: string, use: 'halts' | 'empty', ctx: StatementContext): void {
  const literal = (i: number) => {
    const a = node.args[i];
    return a && !hasCall(a) ? ctx.rel(a.start, a.end).trim() : undefined;
  };
  if (name === 'Zmentioned' && literal(1) === 'true') return;
  if (name === 'ZargsCheck' && !/^\+?0*[1-9]\d*$/.test(literal(0) ?? '')) return;
  if (name === 'ZeditButton' && node.args.length > 5 && literal(5) !== '') return;
  (ctx.summary.messageUses ??= []).push(
    use === 'halts' ? { name, halts: true, start: node.start, end: node.nameEnd } : { name, start: node.start, end: node.nameEnd },
  );
}

/** The date functions whose second argument is the format (chrono's strftime). */
const FORMAT_SECOND: ReadonlySet<string> = new Set(['ZfromTimestamp', 'ZuserJoined', 'ZcreationDate']);

/**
 * A date call whose answer is the same in every time zone: `relative`
 * (ZfromTimestamp), or a format of `%s` only, the Unix timestamp
 * (`<t:ZuserJoined{;%s}:R>`, which Discord shows in each reader's own zone).
 */
function readsNoZone(node: CallNode, name: string, ctx: StatementContext): boolean {
  if (!FORMAT_SECOND.has(name) || !node.args[1] || hasCall(node.args[1])) return false;
  const format = ctx.rel(node.args[1].start, node.args[1].end).trim();
  return (name === 'ZfromTimestamp' && format === 'relative') || (format.includes('%s') && /^(?:[^%]|%[s%])*$/.test(format));
}

/** Records the facts of a bare call (`Zname` without braces), whose kinds (callFactKinds) are `kinds`. */
export function recordBareCallFacts(
  node: BareCallNode,
  name: string,
  kinds: CallFactKinds | undefined,
  ctx: StatementContext,
  inCall: boolean,
  inLoop: boolean,
): void {
  if (ZONE_READERS.has(name) && ctx.background === 0) rareFacts(ctx.summary).zoneRead ??= { name, start: node.start, end: node.end };
  // A call all the same (`Welcome ZdisplayName!`): what runs after a ZsuppressErrors, what a file calls.
  (ctx.summary.calls ??= new Set()).add(name);
  if (STOPPERS.has(name) || kinds?.access === 'guard') ctx.mayStop = true;
  recordRefusal(name, node.start, node.end, kinds, ctx);
  if (MEMBER_FUNCTIONS.has(name)) recordMemberUse(name, node.start, node.end, ctx);
  if (Object.hasOwn(COMPONENT_MESSAGE_ID, name)) recordComponentEdit(node, name, COMPONENT_MESSAGE_ID[name], ctx);
  if (name === 'Zreply') reportReplyOutsidePrefix(node.start, node.end, ctx);
  if (name === 'ZpollSend') recordPollSend(ctx);
  if (!kinds) return;
  if (name === 'Ztimestamp') (ctx.summary.embedContent ??= []).push({ index: '1', sendable: false, name, start: node.start, end: node.end });
  if (kinds.typeDependent) recordTypeDependentCall(name, node.start, node.end, inCall, ctx);
  if (kinds.messageUse === 'empty') (ctx.summary.messageUses ??= []).push({ name, start: node.start, end: node.end });
  if (kinds.contextDependent) recordContextUse(name, node.start, node.end, ctx);
  // `Zif{ZhttpStatus!=200;Down;ZhttpGet{...}}`: written bare as often as not, and 0 before any request (executor.rs).
  if (kinds.orderKind === 'split' || kinds.orderKind === 'split-read' || (kinds.orderKind === 'result' && !inLoop && ctx.background === 0))
    (ctx.summary.orderEvents ??= []).push({ kind: kinds.orderKind, name, start: node.start, end: node.end });
  // ZonlyAdmin and ZonlyNSFW are mostly written bare.
  if (kinds.access === 'guard' && !inCall && !ctx.summary.guard) ctx.summary.guard = { name, start: node.start, end: node.end };
}

/**
 * `ZaddButton{row;url;label;link}`: a link button's second argument is the
 * address it opens, not a custom ID (the engine gives it none), so two link
 * buttons to one address do not clash.
 */
export function isLinkButton(node: CallNode, name: string, ctx: Pick<StatementContext, 'rel'>): boolean {
  if (name !== 'ZaddButton') return false;
  const style = node.args[3];
  return style !== undefined && !hasCall(style) && ctx.rel(style.start, style.end).trim().toLowerCase() === 'link';
}

/** Calls whose value is what a user typed: text, never meant as an embed's number. */
const TYPED_TEXT: ReadonlySet<string> = new Set(['Zmessage', 'ZinputValue', 'Zoption']);

/** ZsendWebhook{url;Zmessage}: the user's text where the embed's number goes, which the engine reads as embed 1 (or a number typed). */
export function webhookTextIndex(node: CallNode, ctx: StatementContext): string | undefined {
  const a = node.args[1];
  const call = a && wholeCallOrBare(a, ctx);
  const name = call && ctx.rel(call.start, call.kind === NodeKind.Call ? call.nameEnd : call.end);
  return name && TYPED_TEXT.has(name) ? name : undefined;
}

/**
 * ZsendWebhook's or ZsendEmbed's embed index (the second argument) as written, "1" when left out or empty; undefined when a
 * call gives it, but for a webhook given the user's text (read as embed 1).
 */
function sentEmbedIndex(node: CallNode, ctx: StatementContext): string | undefined {
  const a = node.args[1];
  if (a === undefined) return '1';
  if (hasCall(a)) return ctx.rel(node.start, node.nameEnd) === 'ZsendWebhook' && webhookTextIndex(node, ctx) ? '1' : undefined;
  return ctx.rel(a.start, a.end).trim() || '1';
}
