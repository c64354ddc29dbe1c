/**
 * What the engine (v1.8.5) does with a function that its catalog entry does
 * not say, shown in the function's documentation (hover, completion). Each
 * note matches a diagnostic where one applies; see docs/language.md.
 */
/** The note of a saved-variable getter: empty until set, which arithmetic halts on. */
function unsetSaved(getter: string): string {
  return `Empty for a variable never set: saved variables have no start value, and Zsum or Zcalculate halt on an empty number. Read it as 0 while unset: \`Zif{${getter}{coins}==;0;${getter}{coins}}\`.`;
}

/** The note of a clock reading: the time zone it is in, and no leading zero. */
function clock(what: string): string {
  return `The ${what} in Asia/Tokyo time unless Ztime{zone} ran before it in this command (every run starts in Tokyo again); written without a leading zero (9, not 09).`;
}

/** The note of a role function read without a role ID. */
const AUTHOR_ROLE =
  "Without a role ID it reads the author's role that Discord lists first, which is not always the highest; in an event with no author (onChannelCreate...) it crashes the command. Give the role's ID.";

export const ENGINE_NOTES: Readonly<Record<string, string>> = {
  Zhour: clock('hour (0-23)'),
  Zminute: clock('minute'),
  Zsecond: clock('second'),
  Zday: clock('day of the month'),
  Zmonth: clock('month, as a number (1-12),'),
  Zdate: 'The date (YYYY-MM-DD) in Asia/Tokyo time unless Ztime{zone} ran before it in this command.',
  ZfromTimestamp:
    'Reads seconds (ZgetTimestamp gives seconds): a timestamp in milliseconds prints a date some 50,000 years ahead, and one in nanoseconds halts the command. The formats date and time must be written in capitals inside Zlowercase (Zlowercase{DATE}): as plain words the engine runs Zdate and Ztime. In Asia/Tokyo time unless Ztime{zone} ran before it.',
  ZtextSplit: 'Without a separator (or with an empty one) it splits the text into its characters.',
  Zclamp: 'A minimum above the maximum (or NaN) crashes the command: a panic, which sends nothing and which ZtryRun does not catch.',
  Zerror:
    'Ends the command and sends its text as the reply (the text written before it and the embeds are dropped; ZsuppressErrors replaces it). To end a command showing a message, use this rather than text followed by Zstop.',
  Zstop:
    "Throws away all the text the command has written, not only this line's: a prefix command then sends nothing (embeds built before it still go). To show a message and end, use Zerror{message}.",
  ZroleName: AUTHOR_ROLE,
  ZroleColor: AUTHOR_ROLE,
  ZrolePosition: AUTHOR_ROLE,
  ZrolePerms: AUTHOR_ROLE,
  ZroleID: "Without a name it gives the ID of the author's role that Discord lists first, which is not always the highest.",
  ZgetUserVar: unsetSaved('ZgetUserVar'),
  ZgetServerVar: unsetSaved('ZgetServerVar'),
  ZgetChannelVar: unsetSaved('ZgetChannelVar'),
  ZgetVar: unsetSaved('ZgetVar'),
  Ztime:
    "Without Ztime the engine's clock runs in Asia/Tokyo time. The name must be an exact IANA name (Europe/Paris, America/New_York); another halts the command.",
  ZeditSelectMenu: 'The engine sends the edited menu without any options, which Discord refuses: the command halts every time.',
  Zdefer:
    "Acts only in an interaction command answering a button or select menu, and there the command's reply (text, embeds, components) is thrown away. Elsewhere it does nothing.",
  Zban: 'Returns "banned: " and the user ID (or "failed: ..."), which goes into the reply unless stored: `Zvar{result;Zban{...}}`.',
  Zkick: 'Returns "kicked: " and the user ID (or "failed: ..."), which goes into the reply unless stored: `Zvar{result;Zkick{...}}`.',
  Ztimeout: 'Returns "timed out: " and the user ID (or "failed: ..."), which goes into the reply unless stored: `Zvar{result;Ztimeout{...}}`.',
  ZuseChannel: 'Read for prefix and event commands only: slash commands and interactions are answered where they were used.',
  ZaddSelectMenuOption: 'The engine never sends the emoji.',
  ZeditButton:
    "The edited message keeps only this button, in a row of its own: the message's other buttons and menus disappear. The engine never sends the emoji.",
  ZspamDetect:
    'Counts each message twice in onMessage: the engine logs every message of a server before the command runs (bot.rs), and ZspamDetect logs it again before counting, so "6 in 5 seconds" is reached at the third message (and each further call in the same run adds one more). Double the count to mean what it says.',
  ZlinkSpamDetect:
    'Counts each message with a link twice in onMessage: the engine logs every message of a server before the command runs, and ZlinkSpamDetect logs it again before counting. Double the count to mean what it says.',
  ZrelativeTime: 'Reads seconds. A time to come gives just "in the future", without how long; Discord\'s markup `<t:TIME:R>` says "in 3 days" and counts down.',
  ZpollAnswerDetails: 'Unfinished in the engine: it always gives `{"text": "Option A", "count": 10}`, whatever the poll and the answer.',
  ZpollExpiration: 'Unfinished in the engine: it always gives 1721234567 and changes nothing.',
  ZmessageSnapshot: 'Unfinished in the engine: it halts the command for every message ("message does not contain a snapshot", or "not found").',
  ZremoveComponent:
    'Removes every component of the message, not only this one (the engine checks that the ID is there, then clears them all); it halts when no component has the ID.',
  ZeditChannelPerms:
    "Each call writes the target's whole overwrite in the channel from its + and - entries: every permission it does not name goes back to neutral (a private channel's denied viewChannel for @everyone among them), and a / entry is skipped.",
  Zsort:
    "The direction is exactly `asc` or `desc`; any other word (the example's `descending` too) halts the command. The return amount is -1 for all of them or at least 1; 0 halts.",
  ZaddButton:
    'Only the first character of a text emoji is kept (give a custom emoji as its ID). A reply sends only its last row of components: keep to one row of at most 5 buttons.',
  Zcalculate: 'Knows numbers, `+ - * / %`, `**` for powers and parentheses; anything else (`^`, `x`) or a division by zero halts the command.',
  Zawait:
    'Crashes the command in engine 1.8.5 when the block exists (the wait panics inside the engine), and halts it when it does not: the command stops without a reply, even inside ZtryRun. Run the code directly instead.',
  Zasync: 'Its text can never be read (Zawait crashes the command in engine 1.8.5): use it only for work whose result is not needed.',
  Zoption:
    'An option the user leaves out (and any option outside a slash command) reads as the text `option "name" not found`, never as empty: test it with `Zoption{reason}==option "reason" not found`.',
  Zdelay: 'The delayed code runs after the reply is sent: its text and embed parts are thrown away (send with ZsendMessage).',
  ZcreationDate: 'The format uses % codes (`%d.%m.%Y`); text without them is printed as it is.',
  ZuserJoined: 'The format uses % codes (`%d.%m.%Y`); text without them is printed as it is.',
  ZmessageLink: 'With two arguments the engine reads the channel ID first and the message ID second: `ZmessageLink{channelID;messageID}`.',
  ZauditCount: 'Without a readable limit the engine fetches 1 entry, not 20; Discord refuses more than 100.',
  ZauditEntries: 'Without a readable limit the engine fetches 1 entry, not 20; Discord refuses more than 100.',
};
