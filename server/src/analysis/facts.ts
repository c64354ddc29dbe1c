/**
 * The facts a statement contributes to the file-level checks (its summary),
 * and a statement's cached result: its own diagnostics plus that summary.
 *
 * A summary holds RELATIVE offsets and nothing that depends on other
 * statements, so a statement's result can be cached by the statement object
 * and reused wherever that statement moves. Two summaries that are equal as
 * facts (sameFacts) make the file-level checks find the same things, which is
 * what lets the analyzer skip the walk over the file after an edit (refold).
 */
import type { AnalysisDiagnostic } from './diagnostic';
import type { LoaderLine } from './engine/loader';
import type { VariableScope } from '../language/variableFunctions';
import type { StatementKind } from '../syntax/tree';

/** A Zif that looks like an access check but only writes a message (offsets RELATIVE to its statement; rules/ifGuard.ts). */
export interface IfGuard {
  start: number;
  end: number;
  condition: string;
  /** The one branch with text (the refusal), trimmed: the fix puts it in Zerror{...}. */
  refusal: { start: number; end: number; text: string };
}

/** When a prepared diagnostic is true: see StatementSummary.reportIf. */
export type ReportWhen =
  | 'prefix-command'
  // A slash, sub-slash, interaction or event command (#type says so).
  | 'not-prefix-command'
  | 'reads-mentions'
  | 'first-word-mention'
  | 'thread-without-member'
  | 'loop-index-positional'
  | 'chat-message-event'
  | 'image-untested'
  | 'replies-in-prefix'
  // A prefix command whose reply carries reactions (ZaddReactions), and that adds none to its own message.
  | 'reply-decorated'
  | 'no-user-agent'
  // No ZhttpAddHeader{Accept;...} in the file (RareFacts.setsAccept).
  | 'no-accept-header'
  | 'no-text-split'
  | 'mention-untested'
  // A prefix command where no line tests the word (its number) with ZisNumber or ZisInteger.
  | `prefix-word-untested:${string}`
  // The file declares an #option of that name with the type role (its value is the role's bare ID).
  | `role-option:${string}`
  // The file declares an #option of that name with the type boolean (its value is exactly "true" or "false").
  | `option-boolean:${string}`
  // A slash command (or sub-slash) that declares an #option of that name required; and the opposite.
  | `option-required:${string}`
  | `option-not-required:${string}`
  // No line of the file has a code block's fence (RareFacts.codeBlock).
  | 'no-code-block'
  // chat-message-event, and the Zvar of that name holds the message's text (RareFacts.userTextCopies).
  | `chat-message-copy:${string}`
  // No condition of the file tests the saved variable `scope:name`, and no line sets it.
  | `saved-untested:${string}`
  // The file sends a poll with ZpollSend outside ZtryRun; or only inside it.
  | 'poll-sent'
  | 'poll-sent-caught'
  // `count-copy:n`: the file copies a list's count into Zvar{n} and tests neither (RareFacts.countCopies).
  | `count-copy:${string}`
  // No condition of the file tests a count of a list (RareFacts.countTested).
  | 'count-untested'
  // Positional: a header or body statement starts after the diagnostic (FileWalk.contentAfter); and the opposite.
  | 'content-after'
  | 'nothing-after'
  // count-untested, for ZsplitText{n}: and the last split before it is not of text the bot writes in a fixed shape with at least n items (RareFacts.splitCounts).
  | `split-index:${number}`
  // Neither, nor a ZargsCheck of at least that many words (a count of the message's words: ZargCount, ZwordCount{Zmessage}).
  | `words-untested:${number}`
  // No condition tests an image getter or ZuserRoles, and no role guard or role given shows that the author has a role.
  | 'author-roles-untested'
  // A ZtextSplit with a written separator surely ran, and no split can give no items (RareFacts.splits).
  | 'split-has-items'
  // count-untested, in a file that parses JSON made by a call (a saved variable, a request's answer).
  | 'count-untested-outside-json'
  // The file chooses a time zone with Ztime{zone}.
  | 'zone-chosen'
  // The command's own lines choose a zone other than the engine's first (Asia/Tokyo) before the diagnostic (RareFacts.zoneChoice).
  | 'zone-chosen-before'
  // No condition of the file tests a moderation result ("failed", "banned"...: RareFacts.resultTested).
  | 'refusal-untested'
  // The file requests a web API known to answer with a JSON list (RareFacts.listApi), and no other address.
  | 'list-api-requested'
  // No condition bounds the amount (`Zmessage{2}`, `Zoption{amount}`) from below, and no staff guard (RareFacts).
  | `amount-unbounded:${string}`
  // The file uses the key path as a JSON list (RareFacts.jsonLists), and keys no objects of its own by ZloopIndex.
  | `json-list:${string}`
  // No staff guard (RareFacts.staffOnly) protects the command.
  | 'not-staff-only'
  /** A staff-only prefix command that reads a mention: its resets are meant for that member. */
  | 'staff-only-member-named'
  // No guard lets only given users through (RareFacts.ownerOnly): a server's staff may run the command.
  | 'not-owner-only'
  // A prefix command that calls ZreplyIn (an answer to the command's message, sent later).
  | 'replies-later'
  // The engine gives the run no message (bot.rs trigger_message_id): the answer to a submitted modal; an event about no message.
  | 'modal-answer'
  // An event with a channel but no message; one with neither.
  | 'event-without-message'
  | 'event-without-channel'
  // The file reads or sets a saved variable of that name.
  | `saved-name-used:${string}`
  // An interaction command that answers this custom ID (#trigger onInteraction{id}) and reads no ZinputValue.
  | `handles-id:${string}`;

export interface StatementSummary {
  /** Header directive name (lower case, with `#`) and its value. */
  header?: {
    name: string;
    value: string;
    valueStart: number;
    valueEnd: number;
    /** The directive as the engine recognises it (the exact word followed by a space), if it does. */
    engine?: string;
    /** What the file checks read of the value, split once here: the trimmed value (#type), the option's name (#option). */
    key: string | undefined;
    /** An #option's value split at `|` (name, description, type, required). */
    fields: readonly string[] | undefined;
    /** An #option of the type attachment. */
    attachment: true | undefined;
  };
  /** The file starts with a byte-order mark before this (first) header line. */
  bom?: true;
  /** The engine loader's lines of this statement, where its grouping may differ from the tree's (engine/loader.ts). */
  loader?: LoaderLine[];
  /** Names defined with Zalias{expression;name} (without Z), where. */
  aliasDefs?: { name: string; start: number }[];
  /** Embed parts set, in text order. */
  embedContent?: EmbedContent[];
  /** Comment statement: a silencing directive. */
  disable?: DisableDirective;
  /** Options read with Zoption{name} (literal names) and their relative ranges. */
  optionReads?: { name: string; start: number; end: number; inCondition?: true }[];
  /** Zoption{name} reads that are a whole address (URL) argument, and their ranges. */
  optionAddresses?: { name: string; start: number; end: number; caught?: true }[];
  /** Function names called in this statement (for the component checks). */
  calls?: Set<string>;
  /** Literal custom IDs of components created at the top level (not inside any call argument). */
  componentIds?: { id: string; menu?: true; start: number; end: number }[];
  /** Component parts in text order: menus and modals created, options and text inputs added. */
  componentEvents?: ComponentEvent[];
  /**
   * Buttons and select menus created at the top level (not inside any call's argument), in text
   * order: each runs every time the command does (component-rows-dropped). `newRow`: a button's
   * first argument is the exact word "true".
   */
  componentRows?: ComponentRowPart[];
  /**
   * Uses of the message that started the command (its text, mentions, the message itself),
   * which slash commands do not have: `halts` when the function halts without it.
   */
  messageUses?: { name: string; halts?: true; start: number; end: number }[];
  /**
   * Diagnostics a statement prepares whose truth depends on the rest of the file, each with the condition
   * that makes it true (fileChecks.ts decides each once per file):
   * - `prefix-command`: `Zkick{Zmessage{1}}`, a typed word where an ID is read (a slash option's value is one);
   * - `reads-mentions`: `Zmessage==` misread when it ends with a mention, in a prefix command that reads mentions;
   * - `first-word-mention`: the same for `Zmessage{1}==`, unless the first word is shown to be something else;
   * - `thread-without-member`: ZstartThread without a message, where no member is added or mentioned;
   * - `loop-index-positional`: ZloopIndex as a JSON key read by position, unless the file keys an object by it;
   * - `chat-message-event`: `Zmessage contains word`, in the events that run on every chat message.
   */
  reportIf?: { when: ReportWhen; diagnostic: AnalysisDiagnostic }[];
  /**
   * The facts few lines have (DMs, member lookups, mention checks, default cooldown messages,
   * mentions written, loop-index keys, time zones), in one object present only on the lines that
   * have one of them: the file walk, which reads every line after each edit, tests one field.
   */
  rare?: RareFacts;
  /**
   * Zban, Zkick and Ztimeout calls at the top level, with no text before them in the statement:
   * their result text goes into the reply (action-prints-result). `close`: the closing brace.
   */
  printedResults?: PrintedResult[];
  /** ZsendEmbed calls with a literal index (as written, "1" by default): the embed they send and leave out of the reply. */
  embedSends?: EmbedSend[];
  /** ZsendWebhook calls: the embed they send (its literal index, "1" by default) and the name's range. */
  webhookSends?: { index: string; start: number; end: number }[];
  /** Calls whose effect depends on the command's type (Zdefer, ZuseChannel, Zephemeral, ZaddReactions): name, inside another call's argument, the name's range. */
  typeDependentCalls?: { name: string; nested?: true; start: number; end: number }[];
  /** Zvar sets and reads with literal names, in text order (reads inside loops are left out). */
  varEvents?: VarEvent[];
  /** Temporary variables set to a call that writes nothing (empty-value): reported where a later line reads them. */
  emptyVarSets?: { name: string; diagnostic: AnalysisDiagnostic }[];
  /** An access guard at the statement's top level (the first), and where its name is. */
  guard?: { name: string; start: number; end: number };
  /** The first call in the statement that can end the command with a message (a guard, ZonlyIf, Zerror...), anywhere but in Zdelay's code. */
  refusal?: { name: string; start: number; end: number };
  /** The first action the statement surely runs that a refusal after it does not undo (Zban, Zkick...). */
  action?: string;
  /** The statement can stop the command on a test (a guard, ZonlyIf, Zstop...): who gets past it is already checked. */
  mayStop?: true;
  /** Saved-variable reads a halting number function needs, sets and tests (saved-variable-unset). */
  savedVars?: SavedVarEvent[];
  /** Embed parts that need their base part set first (ZauthorIcon after Zauthor ...), in text order. */
  embedEvents?: { base: string; dependent: boolean; name: string; index: string; start: number; end: number }[];
  /** ZinputValue uses, HTTP requests and HTTP result reads, in text order. */
  orderEvents?: OrderEvent[];
  /** Argument-less uses of context-dependent functions. */
  contextUses?: { name: string; start: number; end: number; caught?: true }[];
  /**
   * Body statement: where the first text it prints as written (outside every call) starts, if
   * any. Only the start: typing inside that text leaves the fact, and so the file's findings, as
   * they are (refold).
   */
  printedText?: number;
  /** Body statement without text of its own that writes what its calls give (`ZgetUserVar{coins}`): where the first call starts (relative). */
  printedValue?: number;
  /** Body statement with printed text: at least this many characters of it reach the reply (what calls write comes on top). */
  printedLength?: number;
  /**
   * Body statement: certainly puts nothing into the command's answer (no text, embed or component;
   * rules/reply.ts): 'always', or 'slash' where a Zdefer or modal answers an interaction all the
   * same. A command of such statements only is no-reply.
   */
  silent?: 'always' | 'slash';
  /** Body statement: a top-level Zif with text in a branch, or a text function's result, written as the answer (event-output-nowhere). */
  meantText?: true;
  /** Body statement, not silent: it puts only buttons or select menus (and embed parts) into the answer, no text. */
  componentsOnly?: true;
  /** Body statement: where a Zstop at its top level starts, so the command always ends here with its text thrown away. */
  stops?: number;
  /** Body statement, silent: its only answer is embed parts (the reply's, unless ZsendEmbed sends the embed away). */
  embedAnswer?: true;
  /** The last ZsuppressErrors at the statement's top level; `last`: no call after it in the statement (suppress-too-late, guard-message-suppressed). */
  suppress?: { start: number; end: number; last: boolean };
  /**
   * Zvar{v} read in a condition (`number`: inside ZisNumber or ZisInteger
   * there): a test of what v copies, if it is a copy (RareFacts.copies). Not
   * a rare fact: conditions on temporary variables are everywhere, and the
   * walk reads it only while it knows a copy.
   */
  testedVars?: { v: string; number: boolean }[];
  /**
   * The line is `Zif{ZgetUserVar{started}==true;Zvar{registered;true}}` (a saved getter compared with written
   * text by ==, or with empty text by !=; one Zvar set to written text, no other branch): the flag gets its
   * `value` only where the saved variable holds one (FileWalk.stateFlags).
   */
  stateFlag?: { v: string; value: string };
  /** The line is `ZonlyIf{Zvar{registered}==true;...}`: the command goes on only where the variable holds `value`. */
  flagGuard?: { v: string; value: string };
}

/** StatementSummary.rare: the facts few lines have. */
export interface RareFacts {
  /**
   * Saved-variable getters and setters in Zdelay's code (delayed-read-cached): the run's cache of saved variables
   * goes with the delayed code (executor.rs var_cache), so one the command read or set already reads as it was
   * then. `read`: a getter of the author's own (or this place's) variable; `tested`: in a condition.
   */
  delayedUses?: { scope: SavedScope; name: string; text: string; start: number; end: number; block: number; read?: true; tested?: true }[];
  /** Saved variables (`scope:name`) the command's own lines set to a value a call computes (delayed-read-cached). */
  computedSets?: string[];
  /** Saved variables (`scope:name`) set to a written number other than 0 and 1: amounts, not on/off flags (saved-variable-unset's ==0). */
  numberSets?: string[];
  /** `Zmessage{1}==warn`, `ZisNumber{Zmessage{1}}`: the first word is a subcommand or a number, not a mention. */
  firstWordNamed?: true;
  /**
   * `// zscript-disable-next-line` on a comment line inside a multi-line call (the engine skips that line): the
   * next non-blank line of the statement, its codes (null: all).
   */
  innerSilence?: { start: number; end: number; codes: string[] | null }[];
  /** ZjsonSet{ZloopIndex;...}: the file keys an object by the loop's count itself. */
  loopIndexObject?: true;
  /** The first call whose answer depends on the time zone (a clock, a date). */
  zoneRead?: { name: string; start: number; end: number };
  /** The first Ztime{zone}: the command chooses its time zone there. */
  setsZone?: { start: number; end: number };
  /** The first Ztime{zone} of the command's own lines (not Zdelay's or Zasync's) choosing a zone other than Asia/Tokyo, where it starts. */
  zoneChoice?: number;
  /** How many Ztime{zone} calls the line has. */
  zoneSets?: number;
  /** Zdm calls outside ZtryRun (the whole call): their failure halts what follows. */
  dms?: { start: number; end: number }[];
  /** Cooldowns with no message of their own (they refuse with the engine's default one), outside ZtryRun. */
  defaultCooldowns?: { name: string; start: number; end: number }[];
  /** The statement writes a user mention (`<@`): a mention in a private thread adds the user to it. */
  writesMention?: true;
  /** Calls that fetch the command's author as a member of the server (MEMBER_FUNCTIONS); `caught`: inside ZtryRun. */
  memberUses?: { name: string; start: number; end: number; caught?: true }[];
  /** Calls that fetch the command's own message over Discord's API (ZgetMessage{...;ZmessageID}, ZgetAttachments): gone in onMessageDelete. */
  ownMessageFetches?: { name: string; start: number; end: number; caught?: true }[];
  /** An image getter (ZserverIcon, ZuserBanner...) in a condition: the file handles a missing image. */
  imageTested?: true;
  /** The words (their numbers) the line tests with ZisNumber{Zmessage{n}} or ZisInteger: taken as numbers, not mentions. */
  numberTestedWords?: string[];
  /** ZhttpAddHeader{User-Agent;...}: the requests send one. */
  setsUserAgent?: true;
  /** ZhttpAddHeader{Accept;...}: the requests say what they accept. */
  setsAccept?: true;
  /** Zmentioned or ZisMentioned in a condition: the file checks for a mention. */
  mentionTested?: true;
  /** `Zmessage{n}` with a written number: in a slash command, the nth option given. */
  messageWords?: { n: number; start: number; end: number }[];
  /** A count of a list (ZgetTextSplitLength, ZargCount...) in a condition: the file checks how many items there are. */
  countTested?: true;
  /**
   * The line's top-level ZtextSplits in order: where, and how many items one of text the bot writes in a
   * fixed shape gives (`ZtextSplit{Zdate;-}`: 3; none for other text: what a user typed, a saved list).
   */
  splitCounts?: { start: number; count?: number }[];
  /** ZargsCheck{min;...}: the message has at least min words (not a list split at another separator); the largest min. */
  wordsAtLeast?: number;
  /** Zvar names set to a count of the message's words (ZargCount, ZwordCount{Zmessage}): a ZargsCheck may settle them. */
  wordCountCopies?: string[];
  /** A request to a web API known to answer with a JSON list (api-answers-list). */
  listApi?: true;
  /** A request to any other address (computed ones included): the answer read after it may be an object. */
  otherApi?: true;
  /** Amounts a condition compares with a number, or tests for a minus (`Zmessage{2}>0`): negative-amount. */
  boundedAmounts?: string[];
  /** A guard that lets staff only through (ZonlyAdmin, ZonlyPerms, ZonlyForRoles...): an admin may mean any amount. */
  staffOnly?: true;
  /** A guard that lets only given users through (ZonlyForIDs, ZonlyForUsers, ZonlyIf{ZuserID==id}): the bot's owner, say. */
  ownerOnly?: true;
  /** Top-level Zifs that test access but only write a message (rules/ifGuard.ts; if-does-not-stop). */
  ifGuards?: IfGuard[];
  /** A code block's fence (```) in the line. */
  codeBlock?: true;
  /** Zvar{v;...} sets of the message's text (`Zvar{msg;Zlowercase{Zmessage}}`): the names. */
  userTextCopies?: string[];
  /** Zoption{name} as a whole typed argument (a number, ID, URL...): what reads it, and whether ZtryRun catches its halt (optional-option-missing). */
  typedOptionReads?: { name: string; fn: string; param: string; type: string; start: number; end: number; caught?: true }[];
  /**
   * Options whose absence the line tests: a condition or a ZreplaceText with the text `not found`
   * (`Zoption{amount}==option "amount" not found`), or ZisNumber/ZisInteger of the option. The file handles a left-out one.
   */
  testedOptions?: string[];
  /** Temporary variables tested the same way (`Zvar{bet}==option "bet" not found`, ZisNumber{Zvar{bet}}). */
  absenceTestedVars?: string[];
  /** `Zvar{reason;Zoption{reason}}`: the variable holds the option, so a test of it tests the option. */
  optionCopies?: { v: string; option: string }[];
  /** Key paths (joined by ".") the line uses as JSON lists: a ZjsonArray* or ZforJson path, a `"key":[` of literal JSON. */
  jsonLists?: string[];
  /** `Zvar{bet;Zmessage{2}}` at a line's top level: the temporary variable holds an amount the user typed (negative-amount). */
  amountCopies?: { v: string; from: string }[];
  /** `Zvar{n;ZgetTextSplitLength}` at a line's top level: the temporary variable holds a list's count (random-range-may-be-empty). */
  countCopies?: string[];
  /** `ZtextSplit{Zvar{list};,}`: temporary variables split as lists (their sets to written text: VarEvent.written). */
  splitVars?: string[];
  /** A ZpollSend outside ZtryRun, and one inside (the polls' refusals halt or are caught: rules/polls.ts). */
  pollSendUncaught?: true;
  pollSendCaught?: true;
  /** Temporary variables compared in a condition (`Zvar{n}>1`): a count copied into one is tested there. */
  comparedVars?: string[];
  /** A condition that reads a moderation result ("failed", "banned", "kicked", "timed out"): the file tells a refusal apart. */
  resultTested?: true;
  /** Zvar{v;...} sets of a copy of one call (`Zvar{w;ZgetUserVar{wallet}}`), with what a test of the copy tests. */
  copies?: { v: string; tests: CopyTests; getter?: SavedCopy }[];
  /** `Zvar{r;ZroleID{name}}`: a Zvar holding a lookup by name that halts when nothing has the name (lookup-halts-when-missing through the copy). */
  lookupCopies?: ({ v: string } & NameLookupAt)[];
  /** Temporary variables a condition compares with empty text (`Zvar{r}!=`), to see whether what they hold was found. */
  emptyTestedVars?: string[];
  /** ZjsonParse of text made by a call: the JSON comes from elsewhere, and its arrays may be empty. */
  outsideJson?: true;
  /** A role guard (ZonlyForRoles) or a role given to the author: the author has a role afterwards. */
  authorHasRole?: true;
  /**
   * ZeditChannelPerms calls that surely run (not in a Zif branch, ZtryRun or
   * background code): `target`, the channel's and the member's or role's
   * text; `perms`, the permission arguments as written; `close`, the call's
   * closing brace.
   */
  channelPerms?: { target: string; perms: string; start: number; end: number; close: number }[];
  /** ZtextSplit calls: `sure`, one that surely runs with a written separator (one item at least, even from empty text); `maybeNone`, one with an empty or computed separator (empty text gives no items). */
  splits?: 'sure' | 'maybeNone' | 'both';
}

/**
 * What testing a temporary copy of a call tests, for the exemptions that
 * look for a test of the call itself: `ZonlyIf{Zvar{w}!=;...}` after
 * `Zvar{w;ZgetUserVar{wallet}}` tests the saved variable (`saved`,
 * `scope:name`), a copy of an image getter or ZuserRoles the image
 * (`image`), of Zmentioned the mention (`mention`), of Zmessage{n} the word
 * n when tested as a number (`word`). The copy holds the call's value for
 * the run: a saved variable's read is cached, the message does not change.
 */
/** The author's saved variable a Zvar copies whole (`Zvar{xp;ZgetUserVar{xp}}`): the getter's text and range (saved-variable-unset through the copy). */
export interface SavedCopy {
  scope: SavedScope;
  name: string;
  /** Another member's user variable (SavedVarEvent.of). */
  of?: string;
  text: string;
  start: number;
  end: number;
}

export interface CopyTests {
  saved?: string;
  image?: true;
  mention?: true;
  word?: string;
}

/** The line's rare facts, made on the first one recorded (every field present: one object shape). */
export function rareFacts(summary: StatementSummary): RareFacts {
  return (summary.rare ??= {
    firstWordNamed: undefined,
    lookupCopies: undefined,
    emptyTestedVars: undefined,
    innerSilence: undefined,
    loopIndexObject: undefined,
    zoneRead: undefined,
    setsZone: undefined,
    zoneSets: undefined,
    zoneChoice: undefined,
    dms: undefined,
    defaultCooldowns: undefined,
    writesMention: undefined,
    memberUses: undefined,
    ownMessageFetches: undefined,
    imageTested: undefined,
    numberTestedWords: undefined,
    setsUserAgent: undefined,
    setsAccept: undefined,
    mentionTested: undefined,
    messageWords: undefined,
    countTested: undefined,
    splitCounts: undefined,
    resultTested: undefined,
    listApi: undefined,
    otherApi: undefined,
    boundedAmounts: undefined,
    staffOnly: undefined,
    ifGuards: undefined,
    ownerOnly: undefined,
    userTextCopies: undefined,
    codeBlock: undefined,
    amountCopies: undefined,
    countCopies: undefined,
    wordCountCopies: undefined,
    wordsAtLeast: undefined,
    splitVars: undefined,
    pollSendUncaught: undefined,
    pollSendCaught: undefined,
    comparedVars: undefined,
    copies: undefined,
    outsideJson: undefined,
    authorHasRole: undefined,
    channelPerms: undefined,
    splits: undefined,
  });
}

/**
 * A summary with no facts, every field present (undefined): all summaries then
 * share one object shape, and the walk over a file's summaries (fileChecks.ts),
 * which reads some twenty fields of each, reads them from one known layout
 * instead of one of dozens (summaries grown field by field measured about
 * three times slower to walk). Fields are cleared with `= undefined`, never
 * `delete`, which would turn the object into a dictionary.
 */
export function emptySummary(): StatementSummary {
  return {
    header: undefined,
    bom: undefined,
    loader: undefined,
    aliasDefs: undefined,
    embedContent: undefined,
    disable: undefined,
    optionReads: undefined,
    optionAddresses: undefined,
    calls: undefined,
    componentIds: undefined,
    componentEvents: undefined,
    componentRows: undefined,
    messageUses: undefined,
    reportIf: undefined,
    rare: undefined,
    printedResults: undefined,
    embedSends: undefined,
    webhookSends: undefined,
    typeDependentCalls: undefined,
    varEvents: undefined,
    emptyVarSets: undefined,
    savedVars: undefined,
    guard: undefined,
    refusal: undefined,
    action: undefined,
    mayStop: undefined,
    embedEvents: undefined,
    orderEvents: undefined,
    contextUses: undefined,
    printedText: undefined,
    printedValue: undefined,
    printedLength: undefined,
    silent: undefined,
    meantText: undefined,
    componentsOnly: undefined,
    stops: undefined,
    embedAnswer: undefined,
    suppress: undefined,
    testedVars: undefined,
    stateFlag: undefined,
    flagGuard: undefined,
  } satisfies { [K in keyof Required<StatementSummary>]: undefined };
}

/** A menu or modal created, an option or text input added. */
export interface ComponentEvent {
  kind: 'menu' | 'option' | 'modal' | 'input';
  name: string;
  start: number;
  end: number;
  /** Inside a loop or another call's argument: it may run any number of times, or not at all. */
  uncertain?: true;
  /** A menu's literal minimum and maximum number of choices. */
  min?: number;
  max?: number;
  /** A select option's literal value (ZaddSelectMenuOption's second argument, trimmed), and where it is. */
  value?: string;
  valueStart?: number;
  valueEnd?: number;
}

/** A call whose order counts: HTTP requests and reads, inputs, split text, cooldowns (a cooldown: only at a line's top level). */
export interface OrderEvent {
  kind: 'input' | 'request' | 'result' | 'split' | 'split-read' | 'cooldown' | 'cooldown-labels' | 'json-make' | 'json-read' | 'header' | 'async' | 'await';
  name: string;
  start: number;
  end: number;
  /** Zasync/Zawait: the block's name as the engine trims it; undefined when a call computes it. */
  block?: string;
  /** Zawait inside ZtryRun (its failure is caught). */
  caught?: true;
  /** Zasync/Zawait inside another call, a loop or a Zif branch: it may run any number of times, or not at all. */
  uncertain?: true;
  /** Zawait in the code of a Zdelay or Zasync, which runs apart from the command. */
  background?: true;
  /** An input read inside a condition. */
  tested?: true;
}

/**
 * A Zvar set or read of a literal name; `start`/`end`: the name. In the
 * order they happen (statement.ts sorts them). Nothing that moves while the
 * value of a set is typed (its end) is kept: refold compares these.
 */
export interface VarEvent {
  /** The name; '' for a set whose name a call computes (`Zvar{Zvar{key};5}`), which may set any variable. */
  name: string;
  set: boolean;
  start: number;
  end: number;
  /** A read that is a whole numeric argument of this function (which halts when it is empty). */
  numeric?: string;
  /** A read that is a whole argument its function halts on empty: how it says so ("ZaddField halts the command on an empty field value"). */
  emptyHalt?: string;
  /** A numeric (or emptyHalt) read inside a loop's code (empty on the first pass if nothing set it before). */
  inLoop?: true;
  /** A numeric read in a Zif branch: it halts the first time the branch runs, if it runs. */
  branch?: true;
  /** A read inside Zdelay's code: it runs after every line of the command (runtime.rs sleeps first, the variables are shared). */
  later?: true;
  /** A set to written text (`Zvar{choices;Yes|No|Maybe}`): a list split from it has a known count. */
  written?: true;
  /** A set to a value that may come from a saved variable (a getter, another Zvar, ZvarExists in it): a registration flag's copy. */
  fromState?: true;
}

/** Where a saved variable lives (every scope but the command's own temporary variables). */
export type SavedScope = Exclude<VariableScope, 'temporary'>;

/**
 * A saved variable's use: `read`, a getter that is a whole number argument of
 * a function that halts on an empty one (`by`), with the getter's relative
 * range; `set`, a setter at a statement's top level (it surely runs; name ''
 * when a call computes it: any variable of the scope); `test`, the name
 * compared in a condition or checked with ZvarExists; `use`, any getter or
 * setter with a literal name (once per statement and name); `exists`,
 * ZvarExists or ZvarExistError (`by`) with its relative range: those look at
 * global variables only. Sets, tests and uses keep no offsets: typing
 * elsewhere in the statement leaves them equal.
 */
export interface SavedVarEvent {
  kind: 'read' | 'set' | 'test' | 'use' | 'exists';
  scope: SavedScope;
  name: string;
  by?: string;
  /** A read: the getter call as written (the message and fix quote it). */
  text?: string;
  /** A read where 0 halts the function too (a divisor, Zrandom's bounds): no fix that reads it as 0. */
  zeroHalts?: true;
  /** A read whose emptiness halts the function though it is no number: what is empty, in words ("an empty field value"). */
  halts?: string;
  /** A test in a statement that can stop the command (ZonlyIf, ZvarExistError, Zstop): the lines after it may run only for those with a value. */
  gate?: true;
  /** A read compared with 0 by == or != (the unset value is empty text, not 0): that comparison, for the message and fix. */
  zeroTest?: ZeroTest;
  /**
   * A user variable of another member than the author (`ZgetUserVar{coins;Zmentioned{1}}`): who, as written without
   * spaces. A test or set of the author's own variable says nothing of it: a new member receiving a payment has none.
   */
  of?: string;
  /**
   * A read in a Zif branch whose condition tests these temporary variables (and nothing that may be a set-up):
   * reported only where each is set, before, to a value made of no saved variable (FileWalk.freshVars).
   */
  underVars?: string[];
  start?: number;
  end?: number;
}

/**
 * `ZgetUserVar{coins}==0` in a condition: the operator, the comparison's range (statement offsets) and,
 * where the condition has room for it, the comparison that also takes the unset value.
 */
export interface ZeroTest {
  op: '==' | '!=';
  start: number;
  end: number;
  fix?: string;
}

/** The key of a saved variable in the walk's sets: scope, name and, for another member's user variable, whose. */
/**
 * What a test of the saved variable `key` (savedKey) vouches for (setupTestsOf, and the file walk's
 * gates): `*` for a member's own state (a user variable: the command that set it may set their coins,
 * or a server's counter, with it), `*:scope` for a server's, channel's or the bot's (a game's channel
 * variable says nothing of a member's wins).
 */
export function gateOf(key: string): string {
  const scope = key.slice(0, key.indexOf(':'));
  return scope === 'user' ? '*' : `*:${scope}`;
}

/** Whether the gates `has` answers for (gateOf's) vouch for a saved variable of `scope`. */
export function gatesCover(has: (gate: string) => boolean, scope: string): boolean {
  return has('*') || has(`*:${scope}`);
}

/** A lookup by name that halts when nothing has the name (`ZroleID{name}`): where, what it looks for, as written. */
export interface NameLookupAt {
  start: number;
  end: number;
  nameEnd: number;
  /** "channel" or "role". */
  what: string;
  text: string;
}

export function savedKey(v: { scope: SavedScope; name: string; of?: string }): string {
  return v.of === undefined ? `${v.scope}:${v.name}` : `${v.scope}:${v.name}@${v.of}`;
}

/** A moderation call whose result text goes into the reply (action-prints-result). */
export interface PrintedResult {
  name: string;
  start: number;
  nameEnd: number;
  /** The closing brace. */
  close: number;
  /** The call's text holds a backslash: wrapped in Zvar, its escapes would be read once more. */
  escaped?: true;
}

/** A button or select menu created at a statement's top level (component-rows-dropped, select-menu-replaced). */
export interface ComponentRowPart {
  kind: 'button' | 'menu';
  /** The function that creates it. */
  name: string;
  /** A button whose first argument is exactly "true": it starts a new row. */
  newRow?: true;
  start: number;
  end: number;
}

/** An embed part set by a call. */
export interface EmbedContent {
  /** Which embed: the 1-based index as written ("1" when left out). */
  index: string;
  /** The part alone lets the embed be sent (title, description, author, a field). */
  sendable: boolean;
  name: string;
  start: number;
  end: number;
  /** Not inside any call's argument: the call runs each time the statement does (the field count). */
  topLevel?: true;
  /** In Zdelay's code, which runs after the reply has gone: no part of the reply's embed. */
  background?: true;
}

/** A ZsendEmbed call: which embed, where its name is, and whether it is outside every call's argument. */
export interface EmbedSend {
  index: string;
  start: number;
  end: number;
  topLevel?: true;
  /** In a ZtryRun argument: a halt there is caught. */
  caught?: true;
  /** Sent by ZsendWebhook rather than ZsendEmbed. */
  webhook?: true;
  /** ZeditEmbed: it puts the embed into a message, and the reply keeps it. */
  edit?: true;
}

/** A `// zscript-disable[-next-line] [CODES]` comment. */
export interface DisableDirective {
  nextLine: boolean;
  /** null: every code. */
  codes: string[] | null;
}

export interface StatementResult {
  /** The statement's kind: the file walk reads it here, from one object shape, rather than from the statement classes' getters. */
  kind: StatementKind;
  diagnostics: AnalysisDiagnostic[]; // RELATIVE offsets
  summary: StatementSummary;
  /**
   * Names called here that neither the catalog nor the engine knows (each has an
   * unknown-function diagnostic, dropped by the walk when a Zalias defined the name
   * before). Not a fact: a file with a Zalias is never refolded.
   */
  unknownNames: { name: string; start: number }[] | undefined;
  /** `diagnostics` in (start, end) order, stable (the same array when already in order); set by sortedDiagnostics. */
  sorted: readonly AnalysisDiagnostic[] | undefined;
}

/** A statement's result, every field present (one object shape for the walk to read). */
export function statementResult(
  kind: StatementKind,
  diagnostics: AnalysisDiagnostic[],
  summary: StatementSummary,
  unknownNames?: { name: string; start: number }[],
): StatementResult {
  return { kind, diagnostics, summary, unknownNames, sorted: undefined };
}

/** The result's diagnostics in (start, end) order, stable; memoised on the result (the same array when already in order). */
export function sortedDiagnostics(result: StatementResult): readonly AnalysisDiagnostic[] {
  return (result.sorted ??= sortedByRange(result.diagnostics));
}

function sortedByRange(list: AnalysisDiagnostic[]): readonly AnalysisDiagnostic[] {
  for (let k = 1; k < list.length; k++) {
    const a = list[k - 1];
    const b = list[k];
    if (a.start > b.start || (a.start === b.start && a.end > b.end)) return [...list].sort((x, y) => x.start - y.start || x.end - y.end);
  }
  return list;
}

/**
 * Equality of two statement summaries as facts for the walk: deep, with
 * relative offsets, a field left undefined the same as one not there;
 * `calls` is compared by the caller (only the names asked about matter).
 */
export function sameFacts(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || depth > 8) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let k = 0; k < a.length; k++) if (!sameFacts(a[k], b[k], depth + 1)) return false;
    return true;
  }
  if (a instanceof Set || b instanceof Set) {
    if (!(a instanceof Set) || !(b instanceof Set) || a.size !== b.size) return false;
    for (const v of a) if (!b.has(v)) return false;
    return true;
  }
  if (a instanceof Map || b instanceof Map) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  // `calls` is compared by the caller. `embedContent` is compared too: besides the embed checks refold
  // recomputes, the walk reads where the first embed part is (defer-discards-reply, event-output-nowhere).
  const skip = (key: string) => (depth === 0 && key === 'calls') || x[key] === undefined;
  let count = 0;
  for (const key of Object.keys(x)) {
    if (skip(key)) continue;
    count++;
    if (!sameFacts(x[key], y[key], depth + 1)) return false;
  }
  for (const key of Object.keys(y)) if (!((depth === 0 && key === 'calls') || y[key] === undefined)) count--;
  return count === 0;
}
