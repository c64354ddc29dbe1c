/** Every diagnostic code the analyzer produces: default severity, a one-line description and an example. */
export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** The words a severity override may use (settings, `zscript-check --severity`): a severity, or 'off' to drop the code. */
export const SEVERITY_LEVELS = ['error', 'warning', 'information', 'hint', 'off'] as const;
export type SeverityLevel = (typeof SEVERITY_LEVELS)[number];
/** Severity overrides by diagnostic code. */
export type SeverityOverrides = Readonly<Record<string, SeverityLevel>>;

export function isSeverityLevel(value: unknown): value is SeverityLevel {
  return typeof value === 'string' && (SEVERITY_LEVELS as readonly string[]).includes(value);
}

/**
 * The severity a diagnostic is reported with under the overrides, or
 * undefined when its code is 'off': the one place overrides are applied
 * (the analyzer's flat list, the LSP conversion, the checker).
 */
export function effectiveSeverity(code: string, severity: Severity, overrides: SeverityOverrides): Severity | undefined {
  const level = Object.hasOwn(overrides, code) ? overrides[code] : undefined;
  return level === 'off' ? undefined : (level ?? severity);
}

export interface DiagnosticCodeInfo {
  readonly severity: Severity;
  readonly description: string;
  readonly example: string;
  /**
   * 'workspace': found by comparing files (the language service), not by analysing one file; 'bytes': found
   * in a file's bytes before it is read as text (zscript-check; an editor decodes the file itself).
   */
  readonly scope?: 'workspace' | 'bytes';
}

/** The table: adding a code here is what makes it usable (AnalysisDiagnostic.code is typed by these keys). */
const CODE_TABLE = {
  'unknown-function': {
    severity: 'error',
    description:
      'Neither the catalog nor the engine has a function of this name, and no Zalias defines it: the engine halts with "Unknown function" (with a "did you mean" suggestion).',
    example: 'ZaddFeild{a;b}',
  },
  'missing-argument': {
    severity: 'error',
    description:
      'Fewer arguments than the engine requires for the function (its registry\'s minimum, which can differ from the catalog\'s syntax): it halts with "Too few arguments". Also a required argument left out: with one argument to a function whose first may be left out (ZsendMessage{Hello}, ZhasRole{roleID}), the engine reads it as the first (the channel, the user) and halts without the second; where that argument is text rather than an ID, the fix leaves the first empty (ZsendMessage{;Hello}).',
    example: 'Zsum{5}',
  },
  'too-many-arguments': {
    severity: 'error',
    description: 'More arguments than the engine accepts for the function: it halts with "Too many arguments".',
    example: 'Zlowercase{a;b}',
  },
  'ignored-arguments': {
    severity: 'warning',
    description:
      'A lazily evaluated function (Zif, ZtryRun, Zrepeat, ...) given more arguments than it uses: the engine ignores the rest (often an unescaped ";").',
    example: 'Zif{a==a;yes;no;maybe}',
  },
  'empty-required-argument': {
    severity: 'error',
    description:
      'An argument the engine\'s function halts on when it is empty ("argument N is required"): written empty, or one whole call to a function that writes nothing (ZjsonParse{ZhttpGet{url}}: ZhttpGet keeps its answer for ZhttpResult). A warning inside ZtryRun, which catches it.',
    example: 'ZnewSelectMenu{menu} + ZaddSelectMenuOption{;red}',
  },
  'invalid-integer': {
    severity: 'error',
    description:
      "A literal that must be a whole number is not. A warning for a Zdiv result given to Zrandom or as Zrepeat's count: a fraction unless the division is exact, and those read whole numbers only.",
    example: 'Zclear{ten}',
  },
  'invalid-number': { severity: 'error', description: 'A literal that must be a number is not.', example: 'Zround{abc}' },
  'invalid-boolean': {
    severity: 'warning',
    description:
      'A true/false argument written another way: the engine reads every word but "true" as false (so "yes", "1" and "True" mean false; "false", "no", "off" and "0" are read as meant). An error where the function takes exactly true or false and halts on anything else (returnID of ZsendMessage and ZsendEmbed, ZcreateRole, ZmodifyRole, ZeditThread, ...); for ZaddTextInput\'s required, only "false" is false. Also an #option whose fourth part is true or yes: only the word "required" makes the option required.',
    example: 'ZaddButton{a;b;c;;yes}',
  },
  'invalid-snowflake': {
    severity: 'warning',
    description:
      "A literal ID that is not 17 to 20 digits: a warning for a number of the wrong length; an error where the engine halts on a word or a mention, or crashes on 0. Also, in a prefix command, Zmessage{N} given as the member to Zban, Zkick, Ztimeout, ZroleGrant, ZsetUserRoles, Zusername, ZuserAvatar, ZdisplayName, ZisBot, ZuserJoined, Zdm, ZhasRole or ZeditChannelPerms (a warning): a mention arrives as <@id>, which they halt on; given to ZsetUserVar or ZgetUserVar, the variable is kept under that text, which the member's own commands never read. The fix writes Zmentioned{N}. An error where words are written around a call in an ID argument (ZstartThread{ZmessageID;Discussion: Zmessage}): whatever the call gives, it is no ID, and the function halts on every run.",
    example: 'Zban{1234}',
  },
  'invalid-url': {
    severity: 'error',
    description:
      "A literal URL is not an absolute http(s) address: the engine checks every URL argument and halts the command. Also a link button's address that is none (ZaddButton's custom ID with the style link: Discord refuses the message), and ZeditButton with the style link, which makes its custom ID the address: Discord refuses the edit, and it halts.",
    example: 'Ztitle{Hi} + Zimage{example.com/a.png}',
  },
  'invalid-duration': {
    severity: 'error',
    description:
      'A literal duration is not like 10m, 1h30m, 7d; or a duration is read from an integer or number slash option, which gives digits without a unit ("5"): the engine halts on it (not ZslowMode, which takes seconds).',
    example: 'Ztimeout{123456789012345678;ten minutes}',
  },
  'invalid-color': {
    severity: 'error',
    description:
      'A colour parameter is not a hex colour: the engine halts the command. A warning for fewer than six hex digits, which it reads as a number (#fff is #000fff).',
    example: 'Ztitle{Hi} + Zcolor{blue}',
  },
  'unknown-permission': { severity: 'error', description: 'A permission name the bot does not know.', example: 'ZonlyPerms{banMembers2}' },
  'invalid-permission': {
    severity: 'error',
    description: 'A permission edit without its +, - or / prefix.',
    example: 'ZmodifyRolePerms{123456789012345678;manageMessages}',
  },
  'invalid-value': {
    severity: 'warning',
    description:
      'A word outside the closed set a parameter takes (language/valueSets.ts): an error where the engine halts on it (a button style, ZgetMessage type, ZinviteInfo type, ...), a warning where it silently uses a default. Also a Zdice formula other than NdM (d20, 1D20, 2d6+3 halt); and a role name with a space in last place of ZonlyForRoles or ZblackListRoles (Head Moderator), which the engine takes as the refusal message.',
    example: 'ZstartThread{Chat;234567890123456789;;120}',
  },
  'limit-exceeded': {
    severity: 'error',
    description:
      "A literal the engine halts on, or that Discord refuses (the reply or modal is then lost): Zclear 1 to 100 messages, Ztimeout at most 28 days, ZslowMode at most 6 hours, ZauditCount/ZauditEntries limit 1 to 100, Zrepeat 1 to 1000, an embed index 1 to 10, Zmentioned from 1, a select menu's choices 0 to 25 and its 1 to 25 options, a modal's 1 to 5 text inputs, Discord's text lengths (embed title 256, field value 1024, button label 80, modal title and input label 45, a channel name 100...), a division by zero (Zpercent's total 0 too), Zrandom's minimum not below its maximum, Zfactorial above 20, Zroman 1 to 3999, ZbaseConvert's bases 2 to 36, ZrgbToHex 0 to 255, a poll open at most 768 hours with a question of 300 and answers of 55 characters (ZpollSend halts on Discord's refusal). Several are warnings inside ZtryRun, which catches the halt.",
    example: 'Zclear{500}',
  },
  'condition-always-true': {
    severity: 'warning',
    description:
      'A check that is always true: an empty word in ZcheckContains (often a ";" left at the end), which every text contains, or != between a true/false function and another word (ZisAdmin!=False), or between a saved variable that every command of the bot saves as true or false and another spelling (ZgetUserVar{afk}!=FALSE; with the whole bot only).',
    example: 'ZcheckContains{Zmessage;spam;scam;}',
  },
  'condition-never-true': {
    severity: 'warning',
    description:
      'A comparison that can never be true: the value has a fixed range (ZboostLevel is 0 to 3; ZtimeDiff is never below 0, the engine drops the sign), or a function that writes exactly true or false is compared with another word (ZisAdmin==True, ==yes), as is a boolean #option (Zoption{locked}==True: the engine passes it as true or false), or an option compared with empty text (Discord sends none empty; a required one always comes), or a saved variable that every command of the bot saves as true or false (or empty) compared with another spelling (ZgetUserVar{afk}==True, or a Zvar copy of it: == compares text exactly; with the whole bot only), or a call\'s value compared with a word in quotes (=="red", =="" for empty, typographic quotes too: the quotes are compared) or with null, undefined or nil (just those words to the engine). An error as the condition of a ZonlyIf (not joined by ||), which then halts the command every time.',
    example: 'Zif{ZboostLevel>=4;x;y}',
  },
  'mixed-condition-operators': {
    severity: 'error',
    description: 'A condition mixes " && " and " || " (a run-time error).',
    example: 'Zif{a==a && b==b || c==c;x;y}',
  },
  'condition-without-operator': {
    severity: 'warning',
    description:
      'A literal condition with no operator that is not true/1 (always false; false/0 are accepted as written), or a condition whose own text has a single "=" and no operator (Zif{Zmessage{1}=yes;...}), or one that is only a call giving an ID or a name, or the whole message (Zif{Zmentioned{1};...}, ZonlyIf{Zmessage;...}: never "true" or "1", so always false; an error for ZonlyIf, which then refuses every run). The fix adds != (not empty). Also a word alone after || or && (Zif{Zmessage{1}==hi || hello;...}): each side is a comparison of its own, and the fix repeats the comparison before it.',
    example: 'Zif{yes;x;y}',
  },
  'non-numeric-comparison': {
    severity: 'warning',
    description:
      '> or < with literal text or a number the engine cannot read (`1,000`, `50%`, `10k`, `$100`, `10s`), ">==" / "<==" in any condition (read as >= or <= against text starting with "="), a call\'s mention right before "==", or < and > with contains, startsWith or endsWith: the bot compares lengths. Also == or != with contains, startsWith or endsWith: the engine splits at "==" first; compared with true or false the result is fixed, and an error where ZonlyIf{A contains B==false;...} then refuses on every run.',
    example: 'Zif{abc>b;x;y}',
  },
  'unknown-directive': { severity: 'warning', description: 'A #directive the bot does not know.', example: '#trigerr !ping' },
  'invalid-type': { severity: 'warning', description: 'A #type word the bot replaces with prefix.', example: '#type slah' },
  'invalid-scope': { severity: 'warning', description: 'A #scope word the bot replaces with guild.', example: '#scope server' },
  'invalid-option': {
    severity: 'error',
    description: '#option without four parts or with an unknown type (file fails to load).',
    example: '#option user|the user|member',
  },
  'invalid-json': {
    severity: 'error',
    description: 'ZjsonParse of literal text that is no JSON (single quotes, keys without quotes, a trailing comma): the command halts.',
    example: "ZjsonParse{\\{'items': []\\}}",
  },
  'invalid-regex': {
    severity: 'error',
    description:
      "A ZregexMatch or ZregexReplace pattern the engine's regex library cannot compile: look-around, back-references, atomic groups, an unbalanced ( or [. The command halts.",
    example: 'ZregexMatch{Zmessage;^(?!admin).*$}',
  },
  'unknown-operator': {
    severity: 'warning',
    description:
      'An operator the engine does not know in a condition with calls: ===, !==, =>, =<, <>, Contains or startswith in another case, "and"/"or" instead of && and ||, a leading "!". The condition compares something else, or nothing.',
    example: 'Zif{ZgetUserVar{level}==10 and ZisAdmin==true;...}',
  },
  'slash-not-registered': {
    severity: 'error',
    description:
      'A slash command Discord refuses to register: a #description over 100 characters, an option name with capitals, spaces or over 32 characters, declared twice, an option description empty or over 100 characters, a required option after an optional one, more than 25 options. The engine only logs the refusal, and the command never appears.',
    example: '#trigger /warn + #type slash + #option User|The member|user|required',
  },
  'missing-trigger': { severity: 'error', description: 'No "#trigger " line the engine recognises: it does not load the file.', example: '(no #trigger line)' },
  'directive-ignored': {
    severity: 'warning',
    description:
      'A directive the engine does not recognise (not the exact lower-case word, not followed by a space, or without a value), one a later line of the same directive replaces, or #scope on a sub-slash command (registered in the GUILD_ID server only). The line is ignored.',
    example: '#Trigger !ping',
  },
  'trigger-list': {
    severity: 'warning',
    description:
      'A prefix trigger written as a list of names (!ping, !p): the engine reads the whole line as one trigger, so the command runs only for a message starting with all of it.',
    example: '#trigger !ping, !p',
  },
  'header-comment': {
    severity: 'warning',
    description:
      'A // comment after a #trigger or #name value: the engine keeps it as part of the value, so the command answers only to the whole text (an error for a slash command, whose name Discord then refuses). After an #option\'s "required" it makes the option optional.',
    example: '#trigger !ping // replies with pong',
  },
  'header-word-case': {
    severity: 'warning',
    description:
      'A header word in the wrong case: the engine compares #type and #scope words and the "required" of #option exactly, and silently falls back (prefix, guild, optional).',
    example: '#type Slash',
  },
  'byte-order-mark': {
    severity: 'error',
    description:
      'The file starts with a byte-order mark, which the engine reads as part of the first line: a header line is then no header (an error; without its #trigger the file is not loaded), and before a comment or text the mark is written at the start of the answer (a warning).',
    example: '(BOM)#trigger !ping',
  },
  'non-ascii-letter': {
    severity: 'error',
    description:
      "A letter outside ASCII in a command's text or arguments: the engine's loader crashes on it and the bot does not start. Comments and header lines are safe.",
    example: 'Ztitle{Résumé}',
  },
  'lines-never-loaded': {
    severity: 'error',
    description:
      'The engine\'s brace count never returns to zero (a "//" on a continuation line, a "//" line inside a call, a stray "}"): every statement from there to the end of the file is silently dropped.',
    example: 'Zdescription{See: + https://example.com} + Ztitle{Hi}',
  },
  'lines-joined': {
    severity: 'warning',
    description: "The engine reads several lines as one statement where the language's rules read several, so later lines become text of the first.",
    example: 'Zdescription{Read the rules at + https://example.com/rules} + }',
  },
  'word-runs-function': {
    severity: 'warning',
    description:
      'A plain word, or the end of one, that the engine runs as a function ("Friday" prints "Fri" and the day); an error where that function halts the command ("stop").',
    example: 'Happy Friday',
  },
  'no-line-break': {
    severity: 'information',
    description:
      "A line of text right after another, or beside a line that only writes what its calls give (a variable's value, a sum, a Zif's text): the engine concatenates the lines' output with no line break between them, so both appear on one line.",
    example: 'Welcome! + Read the rules.',
  },
  'blank-line-dropped': {
    severity: 'information',
    description: "An empty line inside a call: the engine skips empty lines before it joins a call's lines, so a paragraph break in the text is lost.",
    example: 'Zdescription{Rules: +  + Be nice.}',
  },
  'event-output-nowhere': {
    severity: 'warning',
    description:
      'Text or an embed in an event command whose event is about no channel (onMemberJoin, ...), without ZuseChannel: the engine has nowhere to send it and drops it.',
    example: '#trigger onMemberJoin + #type event + Welcome <@ZuserID>!',
  },
  'modal-outside-interaction': {
    severity: 'warning',
    description:
      'ZnewModal in a command that is not #type interaction: the engine shows modals only as the answer to a button or menu, and ignores them elsewhere.',
    example: 'ZnewModal{form;Apply} + ZaddTextInput{age;Your age}',
  },
  'separator-trimmed': {
    severity: 'warning',
    description:
      'A separator or replacement argument that is only white space: the engine trims every argument, so the function gets an empty one (ZregexReplace and ZreplaceText then remove what they find).',
    example: 'ZtextSplit{a b c; }',
  },
  'separator-space-lost': {
    severity: 'information',
    description:
      'A separator or replacement argument that ends in a space (ZuserRoles{;name;, }, ZjoinSplitText{ | }): the engine trims every argument, so the items are joined with "," and read "a,b,c" (not for ZjoinSplitText in a file that splits text with ZtextSplit, whose items keep their spaces). The fix writes each space as ZfromCharCode{32}, a call, whose answer is not trimmed. A space after the opening ";" alone is taken for layout. A warning for a space at the end of a saved list\'s new item (ZsetServerVar{list;ZgetServerVar{list}ZuserID }): the items run together; the fix puts the space before the item.',
    example: 'Roles: ZuserRoles{;name;, }',
  },
  'escape-in-call': {
    severity: 'warning',
    description:
      "An escape between a call's braces that the engine does not honour there: \\} closes the call, \\{ opens a brace, \\Zname runs, \\; in a call inside another call's argument splits that call's arguments, and a call written escaped to be shown (Zvar\\{name\\;value\\}) runs, since the engine reads an argument again once unescaped.",
    example: 'Ztitle{a \\} b}',
  },
  'text-skipped-after-call': {
    severity: 'warning',
    description: 'Text right after a call that contains characters outside ASCII: the engine skips as many characters as those take extra bytes.',
    example: 'Ztitle{🎉 Party} time',
  },
  'embed-without-body': {
    severity: 'error',
    description:
      'An embed given content (colour, footer, image, timestamp, ...) but no title, description, author or field: the engine replaces the whole reply with an error message.',
    example: 'Zcolor{#ff0000}',
  },
  'too-many-embed-fields': {
    severity: 'error',
    description:
      'A 26th ZaddField into one embed at the top level of a command: an embed holds at most 25 fields, and the engine halts the command at the one past them.',
    example: 'ZaddField{Name;Value} ×26',
  },
  'action-prints-result': {
    severity: 'warning',
    description:
      'Zban, Zkick or Ztimeout at the top level of a line, or in a Zif branch before any text of it: the engine writes its result ("banned: " and the user\'s ID, or "failed: ...") into the reply. The fix stores it in a variable instead; a refusal does not halt the command, so test the stored result to tell the user.',
    example: 'Zban{123456789012345678;Spam} + The user was banned.',
  },
  'refusal-not-caught': {
    severity: 'warning',
    description:
      'Zban, Zkick or Ztimeout in the code of a ZtryRun with a fallback: when Discord refuses (the member is above the bot, or owns the server) the call does not fail, it gives "failed: " and the ID, so the fallback does not run for it and the success text is shown anyway (only a missing or malformed ID reaches the fallback). Test the result as well. Not reported in a file whose conditions compare a Zvar or the call itself with a result word (failed, banned, kicked, timed out).',
    example: 'ZtryRun{Zban{123456789012345678}Banned.;I could not ban them.}',
  },
  'loop-passes-on-lines': {
    severity: 'warning',
    description:
      'The code of ZforSplit, ZforJson or Zrepeat ending with a list separator (",", "|", "·", "•", \\;): the engine writes each pass on a line of its own, so the separator ends every line instead of standing between the items. The fix, where the code is only ZloopValue and the separator, joins the items with ZjoinSplitText or ZjsonJoinArray. Also Zrepeat of one symbol or emoji (Zrepeat{5;⭐}, a rating or a progress bar; not a blank, a vertical line or an arrow, stacked on purpose): the symbols come out in a column; the fix repeats them on one line with ZrepeatText{⭐;5} (string/repeatText.rs), offered only for a count the command computes (ZrepeatText has no limit, Zrepeat stops at 1,000).',
    example: 'ZtextSplit{a b c; }ZforSplit{ZloopValue, }',
  },
  'name-in-mention': {
    severity: 'warning',
    description:
      'A mention written around a name: <@ZrandomUser>, <@Zusername>, <@ZdisplayName{...}>. Discord makes a mention of <@digits> only, so the reply shows the text "<@Bob>". The fix writes ZrandomMention, or <@ID> with the ID the name was asked for (<@ZuserID> for the author).',
    example: 'Congratulations <@ZrandomUser>!',
  },
  'saved-word-list': {
    severity: 'warning',
    description:
      "A saved variable as a word of ZcheckContains (a word filter's list): while nothing has saved it, it is empty, and every text contains the empty word, so the check is true for every message; and a saved list is looked for whole, never split at its commas. Not reported where the file tests or sets the variable.",
    example: 'ZcheckContains{Zmessage;ZgetServerVar{badwords}}',
  },
  'api-answers-list': {
    severity: 'error',
    description:
      'ZhttpResult{word} after a request to a web API known to answer with a JSON list (TheCatAPI and TheDogAPI image search, ZenQuotes): a word key into a list halts the command. The fix reads the first item, ZhttpResult{0;word}. Not in a file that also requests another address: the engine keeps only the last answer, which may be an object.',
    example: 'ZhttpGet{https://api.thecatapi.com/v1/images/search} + Cat: ZhttpResult{url}',
  },
  'negative-amount': {
    severity: 'warning',
    description:
      'A saved variable set to Zsub{ZgetUserVar{coins};Zmessage{2}} (a balance, or a copy of it, less a Zmessage or Zoption amount, or a Zvar copy of one) where no condition compares the amount with a number: -500 passes ZisInteger and ZisNumber, a slash option has no minimum, and Zsub of a negative amount adds it (a !pay that takes from the other side). Not in a command only staff may run (ZonlyAdmin, ZonlyPerms, ZonlyForRoles..., or a ZonlyIf on the author\'s admin or moderator flag, permission, role or ID), nor where a condition matches the amount against digits only (ZregexMatch{Zmessage{2};^[0-9]+$}) or looks for a "-" in it (ZcheckContains{Zmessage{2};-}).',
    example: 'ZsetUserVar{coins;Zsub{ZgetUserVar{coins};Zmessage{2}}}',
  },
  'invalid-emoji': {
    severity: 'warning',
    description:
      'An emoji Discord refuses: a button keeps only the first character of an emoji given as text (<:name:id> becomes "<"), and Discord then refuses the whole reply (an error); a reaction written as a :short_code: is not added (a warning).',
    example: 'ZaddReactions{:thumbsup:}',
  },
  'emoji-not-shown': {
    severity: 'warning',
    description: 'The emoji of ZaddSelectMenuOption or ZeditButton: the engine stores it but never sends it, so it does not appear.',
    example: 'ZnewSelectMenu{m} + ZaddSelectMenuOption{Red;red;;;🔴}',
  },
  'message-in-slash': {
    severity: 'warning',
    description:
      'A function that reads the message that started the command, in a slash command, which has none: Zmentioned, ZgetAttachments, ZmessageID and (without any #option) Zmessage are empty there (a warning); ZargsCheck, ZaddCmdReactions and ZreplyIn halt the command (an error). Also Zmessage in the command that answers a submitted modal (it reads ZinputValue): the engine gives it no text either.',
    example: '#trigger /echo + #type slash + You said: Zmessage',
  },
  'invalid-expression': {
    severity: 'error',
    description:
      'A Zcalculate expression the engine cannot read (it knows numbers, + - * / %, ** and parentheses: 2^3 or 3 x 4 halt the command), or one that divides by zero.',
    example: 'Zcalculate{2^10}',
  },
  'invalid-time-format': {
    severity: 'warning',
    description:
      'A date pattern of ZcreationDate or ZuserJoined without % codes, printed as it is (the fix writes DD/MM/YYYY as %d/%m/%Y); a lone % at its end crashes the command (an error).',
    example: 'ZuserJoined{;DD/MM/YYYY}',
  },
  'select-menu-replaced': {
    severity: 'warning',
    description: 'A second select menu in one reply (ZnewSelectMenu, ZaddUserSelect, ...): it replaces the first, options and all.',
    example: 'Pick: + ZaddRoleSelect{roles} + ZaddUserSelect{users}',
  },
  'use-channel-ignored': {
    severity: 'warning',
    description:
      'ZuseChannel in a slash or interaction command: the engine answers those where they were used and reads ZuseChannel only for prefix and event commands.',
    example: '#trigger /news + #type slash + ZuseChannel{234567890123456789} + Hello',
  },
  'arguments-swapped': {
    severity: 'warning',
    description:
      "ZmessageLink{ZmessageID;ZchannelID}: with two arguments the engine reads the channel ID first and the message ID second, the other way round from the catalog, so the link leads nowhere. Reported where an argument says what it is. Also ZchangeNickname{Zmentioned{1};Zmessage{2}}: the nickname comes first, and the engine halts on the word read as a member's ID (an error then). And a saved-variable setter given a number as the name and, as the value, a word the file uses as a variable's name (ZsetUserVar{50;coins}). And Zban{ID1;ID2} or Zkick{ID1;ID2}: the second member is read as the reason, and only the first is banned or kicked.",
    example: 'ZmessageLink{ZmessageID;ZchannelID}',
  },
  'always-halts': {
    severity: 'error',
    description:
      'A call the engine cannot run successfully: ZeditSelectMenu sends a menu with no options, which Discord refuses; ZslashID without a name looks for a trigger slash commands do not have; ZmessageSnapshot is unfinished and answers with an error for every message; ZvoiceSuppress reads the stage channel from a third argument, which the engine refuses (at most 2). Each halts the command every time.',
    example: 'ZeditSelectMenu{colors;1;1;Pick one;123456789012345678}',
  },
  'delayed-output-lost': {
    severity: 'warning',
    description:
      "Text or embed parts in Zdelay's code: the engine runs it after the command has replied and throws its output away. The fix sends the text with ZsendMessage.",
    example: 'Zdelay{10s;Time is up!}',
  },
  'loop-value-in-delay': {
    severity: 'warning',
    description:
      "ZloopValue or ZloopIndex in the code of a Zdelay that is itself inside a loop's code: the delayed code runs after the loop has finished, when the loop values hold its last pass (runtime.rs keeps them in the command's variables), so every delayed run reads the same one. Also a Zvar the loop sets on each pass (Zvar{item;ZloopValue}), read in that code: the command's variables are one set, which the delayed code shares.",
    example: 'Zrepeat{3;Zdelay{ZloopIndex{}s;ZsendMessage{ZchannelID;ZloopIndex...}}}',
  },
  'saved-id-is-command-message': {
    severity: 'warning',
    description:
      "ZmessageID saved in a variable (ZsetServerVar{panel;ZmessageID}) by a prefix command whose reply gets reactions (ZaddReactions, and no ZaddCmdReactions): ZmessageID is the message that ran the command, the user's own, not the bot's reply (context/messageID.rs), so the reaction-role or click command that compares the ID it gets with the saved one never matches. ZsendMessage{;text;true} gives the sent message's ID to save.",
    example: '#trigger !panel + React for a role + ZaddReactions{🔴} + ZsetServerVar{panel;ZmessageID}',
  },
  'reaction-by-bot': {
    severity: 'warning',
    description:
      "An onReactionAdd command that never asks whether the user is a bot (ZisBot, ZbotID) nor compares ZuserID, in a bot where a command adds reactions: Discord sends these events for the bot's own reactions too, and the engine runs the command for whoever reacted (bot.rs), so a poll's or a role panel's own reactions count as votes, give the bot the role, or fill a log. Only when every command file of the bot is known.",
    scope: 'workspace',
    example: '#trigger onReactionAdd (with ZaddReactions{👍;👎} in a suggestion command of the bot)',
  },
  'modal-answered-by-itself': {
    severity: 'warning',
    description:
      'ZnewModal{id;...} in the command of #trigger onInteraction{id}, the same ID (a button and the modal it opens named alike): the engine sends a submitted modal to onInteraction{its ID} (bot.rs), so the answers come back to this command, which builds the modal again and cannot show it, and nothing reads them. Not in a command that reads ZinputValue.',
    example: '#trigger onInteraction{apply} + #type interaction + ZnewModal{apply;Application} + ZaddTextInput{why;Why?}',
  },
  'delays-fire-together': {
    severity: 'warning',
    description:
      'Zdelay with a written duration in the code of a loop (Zrepeat, ZforSplit, ZforJson): every pass runs it right away, and each starts its own wait then (runtime.rs spawns a task that sleeps the duration), so all the delayed runs happen at once, one duration from now, not one after another. A duration computed from ZloopIndex (Zmulti{ZloopIndex;5}m) spaces them out.',
    example: 'Zrepeat{3;Zdelay{5m;ZsendMessage{ZchannelID;Snooze!}}}',
  },
  'delay-lost-on-restart': {
    severity: 'warning',
    description:
      "Zdelay or ZreplyIn with a written duration of more than a day: the engine keeps the waiting code in the bot's memory only (runtime.rs, actions/replyIn.rs), so a restart, an update or a crash before then drops it (a temporary role is never taken back).",
    example: 'Zdelay{7d;ZroleGrant{ZuserID;-123456789012345678}}',
  },
  'component-rows-dropped': {
    severity: 'warning',
    description:
      'Buttons and a select menu that make more than one row (at most 5 buttons to a row; a button with "true" first starts a new one; a select menu has its own): the engine attaches each row in place of the one before, so only the last row is sent.',
    example: 'ZaddButton{false;vote-yes;Yes;success} + ZnewSelectMenu{pick;1;1;Choose one} + ZaddSelectMenuOption{Red;red}',
  },
  'defer-discards-reply': {
    severity: 'warning',
    description:
      'Zdefer in an interaction command that also replies: answering a button or select menu, the engine then sends a bare acknowledgement and throws the reply (text, embeds, components, modal) away.',
    example: '#trigger onInteraction{refresh} + #type interaction + Zdefer + Updated!',
  },
  'no-reply': {
    severity: 'warning',
    description:
      'A slash command or interaction that writes no text and builds no embed, component or modal: the engine answers with an empty message, which Discord refuses, so the user sees "The application did not respond" (or "This interaction failed").',
    example: '#trigger /save + #type slash + ZsetUserVar{note;Zoption{text}}',
  },
  'defer-ignored': {
    severity: 'warning',
    description: 'Zdefer in a prefix, slash or event command: the engine reads it only when it answers a button or select menu, so it does nothing here.',
    example: '#trigger /report + #type slash + Zdefer + Working on it',
  },
  'components-in-modal-reply': {
    severity: 'warning',
    description:
      'A button or select menu in the answer to a submitted modal (an onInteraction{id} command that reads ZinputValue): the engine sends only the text and embeds of that answer, so it never appears.',
    example: '#trigger onInteraction{form} + #type interaction + Thanks ZinputValue{name}! + ZaddButton{;edit;Edit}',
  },
  'update-in-modal-reply': {
    severity: 'warning',
    description:
      'Zupdate in the answer to a submitted modal (an onInteraction{id} command that reads ZinputValue): the engine sends that answer as a new message every time (bot.rs reads Zupdate for buttons and select menus only), so the message whose button opened the modal is not edited.',
    example: '#trigger onInteraction{rename} + #type interaction + Zupdate + Renamed to ZinputValue{name}.',
  },
  'update-ignored': {
    severity: 'warning',
    description:
      'Zupdate in a prefix, slash or event command: the engine reads it only when it answers a button or select menu (bot.rs), so it does nothing here and the reply is a new message; no earlier message is edited.',
    example: '#trigger /refresh + #type slash + Zupdate + Refreshed.',
  },
  'cooldown-labels-late': {
    severity: 'warning',
    description:
      'ZchangeCooldownTime after Zcooldown (or ZserverCooldown, ZglobalCooldown): the cooldown message is made, and the command halted, before it runs, so its words are never used.',
    example: 'Zcooldown{1h} + ZchangeCooldownTime{d;h;min;s}',
  },
  'webhook-fields-lost': {
    severity: 'warning',
    description: 'ZsendWebhook of an embed with ZaddField fields: the engine writes the fields under a key Discord does not read, so they never appear.',
    example: 'Ztitle{News} + ZaddField{Date;today} + ZsendWebhook{https://discord.com/api/webhooks/1/x}',
  },
  'stop-drops-text': {
    severity: 'warning',
    description:
      'Text written right before Zstop in the same branch (Zif{Zmessage==;Usage: !say <text>Zstop}): Zstop throws away all the text the command has written, so the line is never sent. Zerror{text} shows it and ends the command.',
    example: 'Zif{Zmessage==;Usage: !say <text>Zstop}',
  },
  'refusal-not-ephemeral': {
    severity: 'warning',
    description:
      'A guard, cooldown, ZonlyIf or Zerror after Zephemeral in a slash or interaction command (not after ZsuppressErrors): the engine sends a refusal (and any error) as a reply of its own without the ephemeral flag, so everyone sees it; Zephemeral applies only to the answer of a command that runs to its end.',
    example: '#type slash + #trigger /clear + Zephemeral + ZonlyPerms{manageMessages;You need Manage Messages.}',
  },
  'ephemeral-ignored': {
    severity: 'warning',
    description:
      "Zephemeral in a prefix or event command: the engine makes only slash and interaction answers visible to one user, so this reply is posted for everyone. Also beside Zupdate in a button's or menu's command: the engine edits the clicked message without the flag (bot.rs), so everyone sees the edit.",
    example: '#trigger !secret + Zephemeral + Only you can see this',
  },
  'reactions-ignored': {
    severity: 'warning',
    description:
      "ZaddReactions in an interaction command (the engine adds reactions to prefix, slash and event replies only, never to the answer to a button, menu or modal), or in a command that writes no reply (no text, no embed: the engine then sends nothing and drops the reactions; ZsendMessage's message is another one).",
    example: '#trigger onInteraction + #type interaction + Vote! + ZaddReactions{👍;👎}',
  },
  'operator-without-spaces': {
    severity: 'warning',
    description: '"&&" or "||" without spaces around it in a condition: the engine only splits at " && " and " || ", so this is one comparison.',
    example: 'Zif{1==1&&2==2;a;b}',
  },
  'trigger-type-mismatch': {
    severity: 'error',
    description:
      'The trigger form does not fit #type. An error where Discord refuses to register a slash command (no "/", a space or a capital in its name); a warning where the command loads but is never reached: an event name in a prefix command, an unknown event, an interaction trigger of another form, onInteraction{} or onInteraction{id_*} (the engine matches a custom ID exactly, with no wildcard), a sub-slash trigger of three words. An unknown event gets the event it most likely means (onMemberRemove: onMemberLeave; onGuildMemberAdd: onMemberJoin; otherwise the closest spelling).',
    example: '#type slash + #trigger !ping',
  },
  'option-value-lost': {
    severity: 'warning',
    description: 'A slash-command option of type mentionable: the engine never passes its value, so Zoption{name} prints "option not found".',
    example: '#option target|Who or what|mentionable|required',
  },
  'unknown-option': {
    severity: 'warning',
    description:
      'Zoption{name} names no #option declared with exactly that name, or is used outside a slash or sub-slash command (which alone receive options): it prints "option "name" not found".',
    example: '#trigger /ban + #type slash + #option user|The member|user|required + Zoption{usr}',
  },
  'unclosed-call': { severity: 'error', description: 'A call whose { is never closed.', example: 'Zuppercase{hi' },
  'unclosed-brace': { severity: 'error', description: 'A { group that is never closed.', example: '{hi' },
  'stray-brace': {
    severity: 'error',
    description:
      'A } with nothing open: the engine never loads its line nor any line after it. Information only when nothing but blank and comment lines follow it (a } left over at the end of the file changes nothing); the fix then removes it.',
    example: 'hi}',
  },
  'missing-name': { severity: 'warning', description: 'Z{ with no function name: the engine calls nothing and writes it as text.', example: 'Z{a}' },
  'loop-value-outside-loop': {
    severity: 'warning',
    description: 'ZloopIndex/ZloopValue outside the code of Zrepeat, ZforSplit or ZforJson, or ZloopValue in Zrepeat, which sets only the index.',
    example: 'Item: ZloopValue',
  },
  'time-to-come-ago': {
    severity: 'warning',
    description:
      'ZfromTimestamp{...;relative} of a time visibly to come (Zsum{ZgetTimestamp;86400}): the engine writes "1d ago" for either side of now. The fix writes the Discord markup <t:...:R>, which says "in 1 day".',
    example: 'Next daily: ZfromTimestamp{Zsum{ZgetTimestamp;86400};relative}',
  },
  'newline-escape': {
    severity: 'warning',
    description:
      'A \\n in printed text (a line, a title, a description, a field, a message): the engine has no such escape and Discord shows the backslash and the n. Not reported in JSON, regular expressions or HTTP bodies, where it is a line break to what reads them. The fix, inside a call, breaks the line there.',
    example: 'Zdescription{Line one\\nLine two}',
  },
  'timestamp-unit': {
    severity: 'warning',
    description:
      "A Unix time in milliseconds or nanoseconds (ZgetTimestamp{ms} or {ns}, or 13 or 19 written digits) where seconds are read: as the time of ZfromTimestamp, ZrelativeTime or ZtimeFormat, or in Discord's <t:...> markup. The date shown is far in the future (ZtimeFormat writes that date's clock, not now's), and ZrelativeTime says \"in the future\". An error where ZfromTimestamp is given nanoseconds, past the last date it can write: it halts; and where ZtimeFormat is, which crashes the command (a panic that ZtryRun does not catch). The fix writes ZgetTimestamp (seconds), or the first 10 digits.",
    example: 'Started <t:ZgetTimestamp{ms}:R>',
  },
  'loop-index-from-one': {
    severity: 'warning',
    description:
      'ZloopIndex as a key of ZjsonGet or ZhttpResult: loops count it from 1, and the engine reads a key into an array as a position from 0, so each pass reads the next element (the first is skipped, the last pass finds nothing). The fix writes Zsub{ZloopIndex;1}.',
    example: 'Zrepeat{3;ZloopIndex. ZjsonGet{players;ZloopIndex;name}}',
  },
  'lookup-halts-when-missing': {
    severity: 'warning',
    description:
      'ZchannelID{name} or ZroleID{name} used to test whether the channel or role exists (inside ZchannelExists/ZroleExists, or compared with empty text): the lookup halts the command when nothing has that name ("no channel found"), so the test never sees a missing one. The fix looks it up in ZtryRun, which gives empty text instead (or "none" for ZchannelExists and ZroleExists, which read it as false).',
    example: 'ZonlyIf{ZchannelExists{ZchannelID{ticket-ZuserID}}==false;You already have a ticket.}',
  },
  'optional-option-missing': {
    severity: 'warning',
    description:
      'Zoption{name} of an optional #option in a slash command: a left-out option reads as the text option "name" not found (context/option.rs). As the whole argument of a function that wants a number, an ID, an address, a duration or a colour (Zclear{Zoption{amount}}) the function cannot use it; anywhere else that text is what the reply, the ban reason or the saved variable gets (ZtryRun catches nothing there: reading a left-out option is no error; a typed read in ZtryRun is left alone, since the fallback may be the default meant). Not where the file tells a left-out option apart: a condition or a ZreplaceText with the text not found, a startsWith, endsWith or contains test with a start or an end of it of four letters or more (Zoption{reason} startsWith option, ZendsWith{...;found}), or ZisNumber/ZisInteger of the option, or the same of a Zvar holding it.',
    example: '#trigger /purge + #type slash + #description Delete messages + #option amount|How many|integer|optional + Zclear{Zoption{amount}}',
  },
  'split-index-may-be-missing': {
    severity: 'warning',
    description:
      'ZsplitText{N} (N of 2 or more) in a file that splits text it does not write itself and tests no count: the engine halts the command when the list has fewer than N items ("index out of range"), as when a user writes fewer parts than the command reads. Check ZgetTextSplitLength first. After a split of text the bot writes in a fixed shape (Zdate, ZtimeFormat or ZfromTimestamp with a written format), an index within its items is fine and one past them an error (it halts every time).',
    example: 'ZtextSplit{Zmessage;|}Ztitle{ZsplitText{1}}Zdescription{ZsplitText{2}}',
  },
  'reset-clears-everyone': {
    severity: 'warning',
    description:
      "ZresetUserVar, ZresetChannelVar or ZresetServerVar at a line's top level (not in a Zif branch) in a command no staff guard protects (ZonlyAdmin, ZonlyPerms..., or, at a line's top level, a ZonlyIf that lets only the author's admin or moderator flag, permission, role or ID through, ZonlyIf{ZisAdmin==true;...}, or Zif{ZisAdmin==true;;Zstop}): they delete the variable for every member of the server, every channel, or every server, not the author's or this one's. To reset one, set it: ZsetUserVar{coins;0} (empty for an ID or a text). ZresetServerVar also behind a staff guard: one server's staff then wipe every other server's value; only a guard letting given users through (ZonlyForIDs, the bot's owner) makes that meant. ZresetUserVar also behind a staff guard in a prefix command that reads a mention: the reset takes no member, and wipes everyone's, not the mentioned one's (set theirs: ZsetUserVar{xp;0;Zmentioned{1}}).",
    example: 'ZresetUserVar{coins}Your balance was reset.',
  },
  'json-path-through-list': {
    severity: 'warning',
    description:
      'ZjsonSet or ZjsonUnset with a position (a number, or ZloopIndex) after the first key: the engine goes into objects only. ZjsonSet replaces a list on the way with an empty object (the other items are lost), and ZjsonUnset removes nothing from a list. Reported where the file uses that path as a list (a ZjsonArray function, ZforJson, or "key":[ in literal JSON), and not in a file that keys its own objects by ZloopIndex.',
    example: 'ZjsonParse{{"items":[{"count":1}]}}ZjsonSet{items;0;count;5}',
  },
  'json-get-in-loop': {
    severity: 'warning',
    description:
      "ZjsonGet{name} in ZforJson's code with a key path that does not start at the loop's list: ZjsonGet reads from the top of the parsed JSON, not from the loop's item, so every pass reads the same top-level key (empty when there is none). The fix reads the item's field by its position: ZjsonGet{items;Zsub{ZloopIndex;1};name}. Not reported where the loop's code parses its item (ZjsonParse{ZloopValue}).",
    example: 'ZjsonParse{{"items":[{"name":"a"}]}}ZforJson{items;- ZjsonGet{name}}',
  },
  'duplicate-custom-id': {
    severity: 'error',
    description: 'Two components created at the top level share a custom ID.',
    example: 'ZaddButton{;a;Yes} ZaddButton{;a;No}',
  },
  'select-option-without-menu': {
    severity: 'error',
    description: 'ZaddSelectMenuOption before any ZnewSelectMenu in the command: the engine halts.',
    example: 'ZaddSelectMenuOption{Red;red}',
  },
  'text-input-without-modal': {
    severity: 'error',
    description: 'ZaddTextInput before any ZnewModal in the command: the engine halts.',
    example: 'ZaddTextInput{name;Your name}',
  },
  'deleted-message-fetched': {
    severity: 'error',
    description:
      "ZgetMessage{channel;ZmessageID} or ZgetAttachments in an onMessageDelete command: the message is already deleted, so fetching it over Discord's API fails and the command halts (a warning inside ZtryRun). The event carries no content and no author either.",
    example: '#type event + #trigger onMessageDelete + ZsendMessage{123456789012345678;Deleted: ZgetMessage{ZchannelID;ZmessageID;content}}',
  },
  'call-without-z': {
    severity: 'warning',
    description:
      "A function's name written without its Z and followed by a brace (title{Hello}, addField{...}): the engine reads a call only where a Z starts it, so the bot writes the text as it is, braces and all. Only where a call could have been meant: first on its line or next to another call, written as the function's name is, with an argument count the engine takes, in a file without code blocks (```). Also for the functions that need no argument (message{1}: a word is run only where no brace follows it) and for a lower-case z (ztitle{...}).",
    example: 'title{Welcome}',
  },
  'empty-event-context': {
    severity: 'warning',
    description:
      'In an event command, a function reading the author, channel, message or target ID that the event leaves empty (or Zusername where the event has no username): an error where the function then halts (ZuserAvatar, ZchannelName, ZisAdmin, ZdisplayName, ...). Also ZgetUserVar or ZsetUserVar without a member in an event without an author (onMessageEdit, onMessageDelete, the channel and role events): the value is kept under an empty ID, one shared by everyone.',
    example: '#type event + #trigger onBanAdd + Zmessage',
  },
  'variable-read-before-set': {
    severity: 'warning',
    description:
      'Zvar{name} read where no Zvar{name;value} can have run before it. A read inside Zdelay code runs after every line of the command, so any set in the command counts for it.',
    example: 'Total: Zvar{total}',
  },
  'split-text-before-split': {
    severity: 'warning',
    description:
      'ZsplitText, ZforSplit, ZjoinSplitText or another split-text reader before any ZtextSplit in the command: an error for ZsplitText, ZforSplit, ZeditSplitText and ZremoveSplitTextElement, which halt the command then.',
    example: 'ZjoinSplitText{,} ZtextSplit{a,b;,}',
  },
  'http-result-before-request': {
    severity: 'warning',
    description:
      'ZhttpStatus or ZhttpResult (with braces or bare) before any HTTP request in the command: every run starts with no answer (executor.rs), so ZhttpStatus is 0 there and ZhttpResult empty, and `Zif{ZhttpStatus!=200;The API is down.;ZhttpGet{...}}` always says the API is down.',
    example: 'ZhttpStatus{} ZhttpGet{https://x.io}',
  },
  'http-header-after-request': {
    severity: 'warning',
    description: "ZhttpAddHeader after the command's HTTP request, with no request after it: the request went without the header.",
    example: 'ZhttpGet{https://x.io} + ZhttpAddHeader{Authorization;Bot abc}',
  },
  'input-value-outside-modal': {
    severity: 'warning',
    description: 'ZinputValue in a command that is not an interaction command.',
    example: '#trigger !x + ZinputValue{name}',
  },
  'embed-not-built': {
    severity: 'error',
    description:
      'ZsendEmbed, ZsendWebhook or ZeditEmbed (which puts the embed this command builds into a message) before anything gives its embed a part: the engine halts the command ("embed 1 not found").',
    example: 'ZsendEmbed{123456789012345678} + Ztitle{News}',
  },
  'embed-already-sent': {
    severity: 'warning',
    description:
      'An embed part after ZsendEmbed has sent that embed: the reply leaves sent embeds out, so the part never appears unless the embed is sent again.',
    example: 'Ztitle{News} + ZsendEmbed{123456789012345678} + Ztitle{Posted!}',
  },
  'embed-part-replaced': {
    severity: 'warning',
    description:
      'A title, description, colour, footer, image, thumbnail or author given twice to the same embed, both on lines that always run, with no send between them: an embed has one of each, and the engine keeps the last one set, so the first never shows.',
    example: 'Zdescription{Welcome!} + Zdescription{Read the rules.}',
  },
  'interaction-not-handled': {
    severity: 'warning',
    scope: 'workspace',
    description:
      "A button, select menu or modal whose custom ID no command of the bot's commands folder handles (no #trigger onInteraction{id}, no onInteraction): the engine acknowledges the click or submission and does nothing. Reported when every command file of the folder is known (a bot folder with zbr.json, indexed); the nearest handled ID is offered as a fix.",
    example: 'ZaddButton{;apply-btn;Apply;primary} (the folder handles onInteraction{apply-button})',
  },
  'duplicate-option-value': {
    severity: 'error',
    description:
      "Two options of one select menu with the same value (ZaddSelectMenuOption's second argument): Discord refuses the menu, and the reply never appears.",
    example: 'ZnewSelectMenu{colors;1;1;Pick} + ZaddSelectMenuOption{Red;color} + ZaddSelectMenuOption{Blue;color}',
  },
  'await-without-async': {
    severity: 'error',
    description:
      "Zawait{name} with no Zasync{name;...} started before it in the same command (blocks are the command run's own): the engine halts the command.",
    example: 'Zasync{fetch;ZhttpGet{https://api.example.com}} + Zawait{fetchh}',
  },
  'single-random-choice': {
    severity: 'warning',
    description:
      'ZrandomText with one argument that holds commas (ZrandomText{Yes, No, Maybe}): the engine picks among arguments, which only ";" separates, so it always gives the whole text. The fix separates the choices with ";".',
    example: 'ZrandomText{Yes, No, Maybe}',
  },
  'empty-random-choice': {
    severity: 'warning',
    description:
      'An empty choice in ZrandomText, often a ";" after the last one: the engine keeps the empty argument and picks it like any other, so now and then the result is empty (and a reply with nothing else is not sent).',
    example: 'ZrandomText{Yes;No;Maybe;}',
  },
  'member-gone': {
    severity: 'error',
    description:
      'A function that looks the user up as a member of the server (ZdisplayName, ZuserRoles, ZuserJoined, ZisAdmin, ZhasRole...) for the user of onMemberLeave, onBanAdd or onBanRemove, who is no longer a member: Discord answers "Unknown Member" and the command halts, with no channel to show the error in. A warning inside ZtryRun.',
    example: '#trigger onMemberLeave + #type event + ZsendMessage{123456789012345678;Bye ZdisplayName!}',
  },
  'event-cooldown-message': {
    severity: 'warning',
    description:
      'A cooldown with no message in an event command (onMessage, reactions...): while it lasts the engine refuses with its default "You are on cooldown. Try again in ..." in the channel, every time the event fires. ZsuppressErrors before it keeps the refusal silent.',
    example: '#trigger onMessage + #type event + Zcooldown{1m} + ZsetUserVar{xp;...}',
  },
  'private-thread': {
    severity: 'warning',
    description:
      'ZstartThread without a message and without its sixth argument (private: true or false): Discord makes the thread private, with only the bot in it. Not reported where the file adds a member with ZthreadAddMember or mentions a user (a mention in a private thread adds them).',
    example: 'ZstartThread{Discussion;ZchannelID}',
  },
  'args-check-message': {
    severity: 'warning',
    description:
      'ZargsCheck{min;max} with a number second and no third argument: the engine reads the second as the message, so there is no maximum and a wrong count gets the number as its answer.',
    example: 'ZargsCheck{1;2}',
  },
  'dm-may-fail': {
    severity: 'warning',
    description:
      'Zdm outside ZtryRun on a line before an action the command means to take (Zban, Zkick, Ztimeout, ZroleGrant...): the DM fails for a user who does not accept DMs from the server, the failure halts the command, and the action never happens. The fix wraps it in ZtryRun.',
    example: 'Zdm{Zmentioned{1};You were banned.} + Zban{Zmentioned{1}}',
  },
  'time-zone-name': {
    severity: 'warning',
    description:
      'Ztime with no time zone where the words before it ask for the time of day ("Updated at Ztime", "Time: Ztime", a field named Time whose value it is): without an argument Ztime writes the name of the active time zone (Asia/Tokyo unless a Ztime{zone} set another), not the time. Not where the line speaks of a zone or writes a clock too (Zhour, Zminute, ZgetTimestamp, <t:...>: the name is a label then), nor in a condition. Where Discord renders its markup (message text, Zdescription, a field\'s value) the fix writes <t:ZgetTimestamp:t>, which Discord shows in each reader\'s own time.',
    example: 'Last updated at Ztime',
  },
  'time-without-zero': {
    severity: 'warning',
    description:
      'Zminute or Zsecond after a ":" (a clock, Zhour:Zminute): the engine writes them with no leading zero, so 9:05 shows as "9:5". The fix writes Zif{Zminute<10;0}Zminute.',
    example: 'It is Zhour:Zminute',
  },
  'components-not-sent': {
    severity: 'warning',
    description:
      "Buttons or a select menu in a prefix or event command whose embed is sent with ZsendEmbed (or text with ZsendMessage) and that writes nothing else: those send the embed or text alone, and components go only with the command's own reply. A ticket or role panel posted with ZsendEmbed{channel} has no buttons; ZuseChannel{channel} sends the reply, embed and components, there.",
    example: 'Ztitle{Support} + ZaddButton{;open_ticket;Open a ticket} + ZsendEmbed{123456789012345678}',
  },
  'component-message-missing': {
    severity: 'error',
    description:
      "ZeditButton, ZremoveComponent, ZremoveButtons, ZremoveAllComponents, ZeditSelectMenu or ZeditSelectMenuOption without a message ID in a prefix command: they then change the components of the message that started the command, the user's own (which the bot cannot edit), and halt the command. Also in the answer to a submitted modal and in an event about no message, which have no message at all: they halt every time. In a button's or menu's command they change the message clicked.",
    example: '#trigger !close + ZremoveButtons',
  },
  'http-user-agent-missing': {
    severity: 'warning',
    description:
      "A request to GitHub's API (https://api.github.com/...) in a command that sets no User-Agent header: GitHub refuses such requests (403, with a text that is no JSON, so ZhttpResult{key} then halts), and the engine's HTTP client sends none of its own. The fix adds ZhttpAddHeader{User-Agent;MyBot} before it.",
    example: 'ZhttpGet{https://api.github.com/repos/zbrlang/zbr} + Stars: ZhttpResult{stargazers_count}',
  },
  'http-accept-missing': {
    severity: 'warning',
    description:
      'A request to icanhazdadjoke.com in a command that sets no Accept header: the site answers with its web page (HTML) unless asked for JSON, so ZhttpResult{joke} halts. The fix adds ZhttpAddHeader{Accept;application/json} before it.',
    example: 'ZhttpGet{https://icanhazdadjoke.com/} + ZhttpResult{joke}',
  },
  'option-position': {
    severity: 'warning',
    description:
      'Zmessage{n} in a slash command with an option that is not required at or before position n (and options after it): Zmessage{n} is the nth option the user gave, so leaving that option out shifts the rest. The fix reads the option by name with Zoption{name}.',
    example:
      '#trigger /warn + #type slash + #option user|Who|user|required + #option reason|Why|string|optional + #option points|How many|integer|optional + Points: Zmessage{3}',
  },
  'shared-cooldown': {
    severity: 'warning',
    description:
      "Two commands of one bot with the same name (their #name, or a trigger without ! or /) that both take a cooldown, under different triggers: the engine keeps cooldowns by the command's name, so using one starts the other's cooldown too (a copied file that kept its #name). Not for the prefix and slash forms of one command (!daily and /daily), nor for aliases of one command (!daily and !diario, both #name daily: the same calls, numbers and cooldown, their texts in other languages).",
    scope: 'workspace',
    example: '#name Rewards + Zcooldown{1d} (in !daily and !weekly, two files of commands/)',
  },
  'mention-falls-back': {
    severity: 'warning',
    description:
      'ZsetUserVar{name;value;Zmentioned{1}} in a prefix command that never checks for a mention: without one Zmentioned{1} is empty, and an empty user ID means the author\'s, so "!warn spam" warns the moderator. Not when a condition tests Zmentioned or ZisMentioned (or a Zvar copy of Zmentioned), nor inside Zif or ZtryRun. The fix adds ZonlyIf{Zmentioned{1}!=;Mention a user.} before the line.',
    example: 'ZsetUserVar{warns;1;Zmentioned{1}}',
  },
  'reply-to-deleted': {
    severity: 'warning',
    description:
      "Zreply in a prefix command that deletes its own message: Zclear without a user filter (it deletes the channel's newest messages, the command's among them) or ZdeleteMessage{ZchannelID;ZmessageID}. Discord refuses a reply to a deleted message, and the engine drops the whole answer without a word. Likewise ZreplyIn in such a command: when its time comes the engine looks the message up (actions/replyIn.rs), finds it gone and sends nothing.",
    example: 'Zclear{10} + Zreply + Deleted 10 messages.',
  },
  'time-zone-too-late': {
    severity: 'warning',
    description:
      "Ztime{zone} after a clock or date (Zhour, Zdate, ZfromTimestamp...): Ztime sets the zone for the calls after it only, so the ones before it show Tokyo time, the engine's default. Also ZtimeFormat without its third argument in a command that chooses a zone: it reads no zone from the run and shows UTC.",
    example: 'It is Zhour:Zminute in Paris. + Ztime{Europe/Paris}',
  },
  'default-time-zone': {
    severity: 'information',
    description:
      'A clock or date (Zhour, Zdate, Zday, ZfromTimestamp, ZcreationDate, ZuserJoined) in a command that does not choose its time zone with Ztime{...}: the engine starts every run in Asia/Tokyo, so it shows Tokyo time. Information: a bot in Japan means it. Not for a Unix timestamp (a format of %s only, or ZfromTimestamp{...;relative}), the same in every zone.',
    example: 'Server time: Zhour h',
  },
  'empty-value': {
    severity: 'warning',
    description:
      'A function that writes nothing (the engine always answers it with no text) used as a value: a creator (ZcreateChannel, ZcreateRole...) as the whole value of a saved variable, or of a temporary one a later line reads, or any such call as an ID argument. The variable or the ID is empty; ZcreateChannel and ZcreateRole give no ID back (find it with ZchannelID{name} or ZroleID{name}).',
    example: 'Zvar{ticket;ZcreateChannel{ticket-Zusername}} + ZsendMessage{Zvar{ticket};Welcome!}',
  },
  'guard-after-action': {
    severity: 'warning',
    description:
      'An access guard (ZonlyPerms, ZonlyAdmin, ZonlyForRoles, a blacklist, a cooldown...) on a line after one that surely bans, kicks, times out, changes roles, or creates or deletes channels, roles or messages: the engine runs the lines in order and a refusal stops only what follows, so a refused user (or one on cooldown) still gets the action done. Not when an earlier line can already stop the command (a guard, ZonlyIf, Zstop). The fix moves the guard above it.',
    example: 'Zban{Zmentioned{1}} + ZonlyPerms{banMembers}',
  },
  'reply-ignored': {
    severity: 'warning',
    description:
      "Zreply in a slash, sub-slash, interaction or event command: only a prefix command's answer can be a reply to the message that started it, and the engine ignores Zreply elsewhere.",
    example: '#trigger onMemberJoin + #type event + ZuseChannel{123456789012345678} + Zreply Welcome!',
  },
  'if-does-not-stop': {
    severity: 'warning',
    description:
      'A Zif that asks who the author is (ZisAdmin, ZisModerator, ZhasRole, ZcheckUserPerms, ZuserPerms, or ZuserID compared with an ID) and only writes a refusal in one branch ("Admins only!", "You need..."), before a line that surely bans, kicks, times out, changes roles, or creates or deletes channels, roles or messages: a Zif chooses what is written and does not stop the command, so the action runs for everyone. Not when a guard, ZonlyIf or Zstop comes before the action, not for a note (a VIP greeting, a thank-you) or a condition about another member, not in an event. The fix puts the refusal in Zerror{...}, which writes it and ends the run.',
    example: 'Zif{ZisAdmin==false;Admins only!} + ZroleGrant{Zmentioned{1};+123456789012345678}',
  },
  'arithmetic-as-text': {
    severity: 'error',
    description:
      'Arithmetic written around calls in an argument (Zvar{a}/2, ZgetUserVar{coins}+10): the engine computes nothing there. A function that reads a number halts on the text (an error); a setter stores the text "5+10", which grows each time (a warning). Also a setter given a signed amount (ZsetUserVar{coins;+50}), stored as "+50" instead of added. The fix computes it with Zcalculate, or Zsum and the like.',
    example: 'Zround{Zvar{total}/2}',
  },
  'image-may-be-missing': {
    severity: 'warning',
    description:
      "An embed's image or link (Zthumbnail, Zimage, ZauthorIcon, ZfooterIcon, ZtitleURL, ZauthorURL) taken straight from ZserverIcon, ZuserBanner, ZguildBanner, ZguildSplash, ZguildDiscoverySplash or ZgetAttachments: they give empty text when the server, user or message has no such image, and the embed function halts the command on an empty address. Not reported inside Zif or ZtryRun, or when the file tests one of those getters in a condition (or a Zvar copy of one: Zvar{icon;ZserverIcon} then ZonlyIf{Zvar{icon}!=;...}). The fix adds it only when there is one.",
    example: 'Ztitle{ZserverName} + Zthumbnail{ZserverIcon}',
  },
  'value-may-be-empty': {
    severity: 'warning',
    description:
      "A field value of ZaddField taken straight from ZuserRoles, ZhighestRole or ZlowestRole, which are empty for a member without roles (ZuserRoles leaves out @everyone), or from ZchannelTopic or ZserverDescription, empty where none is set, or ZgetBanReason, empty for a ban without a reason: ZaddField halts the command on an empty value. Likewise Zcolor{ZuserBannerColor} (empty for a user without a banner colour: Zcolor halts), and ZroleName, ZroleColor, ZrolePosition and the other role readers given ZhighestRole{member} or ZlowestRole{member} of another member (empty for one without roles: the reader then describes the author's own first role). Not reported inside Zif or ZtryRun, or when the file tests ZuserRoles (or a Zvar copy of it) in a condition; for the author's own roles, not after a role guard (ZonlyForRoles, ZonlyForRoleIDs) or a role given to them. The fix writes None for that case.",
    example: 'Ztitle{User info} + ZaddField{Roles;ZuserRoles{Zmentioned{1;true};name;, }}',
  },
  'saved-variable-unset': {
    severity: 'warning',
    description:
      "A saved variable (ZgetUserVar, ZgetServerVar, ZgetChannelVar, ZgetVar) read where an empty number halts: Zsum, Zsub and the other arithmetic, Zrandom, ZtimeDiff, ZfromTimestamp, the count of Zrepeat, engine functions such as Zabbreviate, or an operand of Zcalculate (not one followed by -, a minus sign then); or where an empty text halts: a field value of ZaddField, Zcolor, Zimage, Zthumbnail. Saved variables have no start value, so the first use by each new user (server, channel) halts. Also inside a Zif branch whose condition is about something else (Zif{Zmessage{1}==42;...}). Not reported when the file tests the variable (or a Zvar copy of it: Zvar{w;ZgetUserVar{wallet}} then ZonlyIf{Zvar{w}!=;...}) in a condition before the read, sets it before, or stops earlier for those without some saved value (also through a flag set only where a saved variable holds a value, by a line of its own: Zif{ZgetUserVar{started}==true;Zvar{registered;true}} then ZonlyIf{Zvar{registered}==true;...}); nor in a Zif branch whose condition tests a saved variable, ZcustomID or a Zvar that may hold a saved value (not one last set to a value made of no saved variable: Zvar{a;ZrandomText{...}}); nor, for a server or global variable in the command of a button or menu (a channel's own where the maker answers in its channel, and a user's own in the command of a modal), when every command of the bot that makes it sets the variable first, to written text or a computed number. Also through a Zvar copy of the author's own variable (Zvar{xp;ZgetUserVar{xp}} then Zdiv{Zvar{xp};100}), reported at the copy. And where a condition compares it with 0 by == or != (Zif{ZgetUserVar{coins}==0;...}) in a file that treats it as a number (arithmetic reads it, a line sets it to an amount other than 0 and 1, or its name says an amount: coins, xp, points...; a 0/1 flag may mean on while unset): == compares text, and the empty value is not \"0\", so for a new user ==0 is false and !=0 true; the fix takes the empty value too (ZgetUserVar{coins}== || ZgetUserVar{coins}==0). Not where the condition also compares it with empty text.",
    example: 'ZsetUserVar{coins;Zsum{ZgetUserVar{coins};10}}',
  },
  'modal-drops-reply': {
    severity: 'warning',
    description:
      'Text or an embed in an interaction command that surely builds a modal: the engine answers a button or menu with the modal alone and drops the text and embeds, and answers a submitted modal with the text alone (a modal built there never shows).',
    example: '#trigger onInteraction{apply} + #type interaction + Opening the form... + ZnewModal{form;Apply} + ZaddTextInput{age;Your age}',
  },
  'guard-message-suppressed': {
    severity: 'warning',
    description:
      'An access guard, cooldown or usage check (ZonlyPerms, ZonlyAdmin, Zcooldown, ZargsCheck, ZonlyIf, Zerror...) on a line after ZsuppressErrors: the engine counts a refusal as an error, which the suppression replaces by its own text (or nothing), so the refused user never reads why. Not in event commands, where silencing refusals is the point.',
    example: 'ZsuppressErrors{Something went wrong.} + ZonlyPerms{banMembers;You need Ban Members.}',
  },
  'suppress-too-late': {
    severity: 'warning',
    description:
      'ZsuppressErrors with no call after it: the engine stops at the first error and reads the setting then, so it hides only errors of what runs after it, and here nothing can fail after it.',
    example: 'Zban{Zmentioned{1}} + ZsuppressErrors{Could not ban that user.}',
  },
  'exists-checks-global': {
    severity: 'warning',
    description:
      "ZvarExists or ZvarExistError of a name the file only keeps per user, server or channel (ZsetUserVar, ZgetServerVar...): both look in the bot's global variables (ZsetVar) only, so ZvarExists is always false and ZvarExistError always halts. Not reported when the file also uses the name as a global variable, sets a global variable whose name a call computes, or runs Zeval.",
    example: 'Zif{ZvarExists{coins}==true;Welcome back!;ZsetUserVar{coins;100}}',
  },
  'alias-calls-itself': {
    severity: 'error',
    description:
      'A Zalias whose expression calls the name it defines: the engine expands an alias before anything else and counts no depth there, so each later call of that name expands into itself without end, overflows the stack and crashes the whole bot process (every server), not just the command.',
    example: 'Ztitle{Server info} + Zalias{Zfooter{Powered by MyBot};Zfooter}',
  },
  'await-crashes': {
    severity: 'error',
    description:
      'Zawait{name} of a block that exists: engine 1.8.5 waits for it with a blocking call from inside its own async runtime, which panics, so the command stops without a reply (ZtryRun does not catch it). With a computed name it either crashes or halts.',
    example: 'Zasync{fetch;ZhttpGet{https://api.example.com}} + Zawait{fetch}',
  },
  'json-read-before-parse': {
    severity: 'warning',
    description:
      'A JSON function before any ZjsonParse (or ZjsonSet, ZjsonArray) in the command: ZjsonGet and the other readers read nothing; an error for ZforJson and the array editors, which halt the command then.',
    example: 'ZhttpGet{https://api.example.com} + ZjsonGet{name}',
  },
  'embed-part-order': {
    severity: 'error',
    description: 'ZauthorIcon/ZauthorURL before Zauthor, ZfooterIcon before Zfooter, ZtitleURL before Ztitle (same embed index): the engine halts the command.',
    example: 'Ztitle{Hi} + ZfooterIcon{https://x.io/i.png} Zfooter{hi}',
  },
  'misspelt-function': {
    severity: 'warning',
    description:
      'A word without braces that is one letter from a function name, or differs from one in capitals only (at least 6 letters, Z included, unless only capitals differ), or is built as the names are (a first part of four letters or more that several names begin with, or get, set or add, then capitalised words: ZdeleteCommand, ZuserMention, ZgetDate), outside names, IDs and keys: the engine knows no such function and takes the word as text.',
    example: 'Welcome Zusernme!',
  },
  'foreign-syntax': {
    severity: 'warning',
    description:
      'Punctuation other languages need, which the engine writes into the reply: a ";" ending a line after a call (ZsetServerVar{prefix;?};), a /* */ comment (only // starts a comment), arguments in square brackets (Zmessage[1] runs Zmessage bare and writes "[1]"; $title[Hi] is text), or doubled braces around a shown text or a variable\'s name (Ztitle{{Hello}} shows the braces; Zvar{{x}} is another variable than x). The fix removes the ";", writes the call in braces or removes the extra braces.',
    example: 'ZsetServerVar{prefix;?};',
  },
  'trigger-punctuation': {
    severity: 'warning',
    description:
      'A prefix trigger in quotes ("!hello") or ending with ";" (!rules;): the engine keeps the trigger as written, so the command runs only for messages that start with the quotes or the ";". The fix removes them.',
    example: '#trigger !rules;',
  },
  'keyword-not-function': {
    severity: 'warning',
    description:
      "Another language's keyword written as a function without braces (Zreturn, Zexit, Zbreak, Zelse, Zelseif, Zendif, Zthen): the engine knows no such function and prints the word, and the command goes on. To end the command write Zstop or Zerror{message}; an else is Zif's third argument.",
    example: 'Please mention someone!Zreturn',
  },
  'bare-call-needs-braces': {
    severity: 'warning',
    description:
      'A function with required arguments written without braces, or a function that runs bare with letters written right after it (Zpingms): the bot prints it as text. The fix for the second ends the call with {}.',
    example: 'Hello Zmentioned',
  },
  'trigger-overlap': {
    severity: 'warning',
    description:
      "The trigger starts with another file's trigger and a space (!ticket close and !ticket): a message for this command matches both, and the engine runs whichever it tries first, in an order that changes at each start of the bot.",
    example: '#trigger !ticket close (with !ticket in another file of commands/)',
    scope: 'workspace',
  },
  'slash-name-shared': {
    severity: 'error',
    description:
      'A slash command /ticket and a sub-slash command /ticket close in one commands folder: the engine registers the sub-slash commands under a parent command of that name, which replaces the slash command (and Discord refuses the parent when the slash command has options, mixed with subcommands), so one of them never appears.',
    example: '#trigger /ticket + #type slash (with /ticket close, #type sub-slash, in another file of commands/)',
    scope: 'workspace',
  },
  'duplicate-trigger': {
    severity: 'error',
    description:
      'Another file of the same folder has the same trigger (or handles the same event or onInteraction ID): the engine loads only one of them and drops the others without a word (loader.rs keeps its commands in a map by trigger), and which one is not defined. Related information names the other files.',
    example: '#trigger !ping (in two files of commands/)',
    scope: 'workspace',
  },
  'not-utf8': {
    severity: 'error',
    scope: 'bytes',
    description:
      'A command file saved in another encoding than UTF-8 (UTF-16, or Windows-1252 with an accented letter): the engine cannot read it and does not load it ("Failed to read file"). Reported by zscript-check, on the line of the first byte that is no UTF-8.',
    example: 'a file saved as UTF-16',
  },
  'invisible-character': {
    severity: 'warning',
    description:
      'An invisible character (zero-width space, word joiner, soft hyphen...) inside a function name, where it ends the name and the call is printed as text, or in a #trigger value, which nobody then types. Not reported in plain text. The fix removes it.',
    example: 'Zti(U+200B)tle{Hello}',
  },
  'delayed-read-cached': {
    severity: 'warning',
    description:
      "A saved variable read in Zdelay's code that the command itself reads or sets: the run's cache of saved variables goes with the delayed code, so the read gives the value this run left, not one another command saved during the delay (a Cancel button never stops a delayed close). Not for a value the command computed and the delayed code only shows (a reminder's text), nor for another member's or place's variable (the cache keeps those apart). Also where two Zdelay codes of the command read the same variable: the one that runs first keeps its value for the other.",
    example: 'ZsetServerVar{closing;yes} + Zdelay{10s;Zif{ZgetServerVar{closing}==yes;ZsendMessage{ZchannelID;Closed.}}}',
  },
  'channel-perms-replaced': {
    severity: 'warning',
    description:
      "A second ZeditChannelPerms for the same channel and member or role in one command: the engine sends each call's permissions as that target's whole overwrite, so the second replaces the first (a ticket's owner given +viewChannel, then +sendMessages, can no longer see the channel). Only calls that surely run. The fix adds the first call's permissions to the second.",
    example: 'ZeditChannelPerms{Zvar{ch};ZuserID;+viewChannel} + ZeditChannelPerms{Zvar{ch};ZuserID;+sendMessages}',
  },
  'repeat-count-may-be-zero': {
    severity: 'warning',
    description:
      'Zrepeat whose count is a count of a list that can be empty (ZjsonArrayCount of JSON made by a call, ZargCount, ZwordCount, ZroleMemberCount): the engine refuses a count of 0 and halts the command, so an empty list stops it with an error. Not inside Zif or ZtryRun, nor in a file that tests a count in a condition or checks the words with ZargsCheck. ZforJson writes nothing for an empty array.',
    example: 'ZjsonParse{ZgetUserVar{inv}} + Zrepeat{ZjsonArrayCount{items};- ZjsonGet{items;Zsub{ZloopIndex;1}}}',
  },
  'formatted-number-saved': {
    severity: 'warning',
    description:
      'A saved variable set to a number formatted for people (ZsetUserVar{coins;ZnumberSeparator{...}}, Zabbreviate): from 1,000 on it holds "1,050" or "1.1K", which Zsum and the other arithmetic halt on when it is read again. The fix saves the plain number.',
    example: 'ZsetUserVar{coins;ZnumberSeparator{Zsum{ZgetUserVar{coins;ZuserID};10}}}',
  },
  'json-value-as-text': {
    severity: 'warning',
    description:
      'A list or object written as the value of ZjsonSet or ZjsonArrayAppend (ZjsonSet{items;[]}): the engine makes JSON values of true, false, null and numbers only and keeps the rest as text, so the list functions halt on it ("target is not an array"). The fix for [] makes the list with ZjsonArray{key}. Also a value that reads as a number but is not written as the engine writes that number back (007, +44..., 1.50): it is kept as the number, so the leading zeros, the + sign or the zeros at the end are lost.',
    example: 'ZjsonParse{\\{\\}} + ZjsonSet{items;[]} + ZjsonArrayAppend{items;sword}',
  },
  'random-range-may-be-empty': {
    severity: 'warning',
    description:
      "Zrandom{1;count} whose maximum is a count of a list (ZgetTextSplitLength, ZjsonArrayCount, ZargCount...): Zrandom halts the command when its minimum is not below its maximum, so a list of one item stops it with an error instead of picking. Also through a copy (Zvar{n;ZgetTextSplitLength}, then Zrandom{1;Zvar{n}}) that no condition compares. Not inside Zif or ZtryRun, nor in a file that tests a count in a condition, or tests with contains (a separator in the text). A ZargsCheck counts only for a count of the message's words (ZargCount, ZwordCount{Zmessage}), and only with a minimum above Zrandom's: it counts words, and `!choose pizza` passes ZargsCheck{1} with one item to pick from.",
    example: 'ZtextSplit{Zmessage;,} + I pick ZsplitText{Zrandom{1;ZgetTextSplitLength}}!',
  },
  'saved-variable-misnamed': {
    severity: 'warning',
    description:
      'A saved variable read (ZgetUserVar, ZgetServerVar, ZgetChannelVar, ZgetVar) under a name no command of the bot saves in that scope, while one saves a name that differs in capitals or one letter (4 letters or more), or saves that very name in another scope: the engine compares names exactly and keeps each scope apart, so the read is always empty. Only when every command file of the bot is known; not when a setter of that scope computes its name, nor in a bot that runs Zeval.',
    scope: 'workspace',
    example: 'Balance: ZgetUserVar{Coins} (and ZsetUserVar{coins;...} in another file of commands/)',
  },
  'input-not-in-modal': {
    severity: 'warning',
    description:
      "ZinputValue{id} in the command that answers a modal (#trigger onInteraction{modal}, or the catch-all onInteraction) when no modal of that ID the bot builds has a text input with that ID: the engine looks the ID up exactly, capitals included, and gives empty text. Also ZinputValue in the command of a button or select menu of the bot (no modal of that ID): the engine passes no text inputs there, and a menu's choice is Zmessage{1}. Only when every command file of the bot is known and each such modal and input has a written ID.",
    scope: 'workspace',
    example: 'Age: ZinputValue{Age} (in onInteraction{apply}, with ZnewModal{apply;Apply} ZaddTextInput{age;Your age} in another file)',
  },
  'components-replaced': {
    severity: 'warning',
    description:
      "ZeditButton or ZremoveComponent without a message ID, in the command that answers a button or menu (#trigger onInteraction{id}), when the command that made that component made others with it: ZeditButton replaces all of the message's components with the one button (components/editButton.rs), and ZremoveComponent clears them all (removeComponent.rs), so a poll's other answers or a ticket's Close button disappear at the first click. Not when the command makes components of its own (Zupdate puts them on the message). Only when every command file of the bot is known.",
    scope: 'workspace',
    example: 'ZeditButton{vote_yes;Yes (1);success} (in onInteraction{vote_yes}, with ZaddButton{;vote_yes;Yes} ZaddButton{;vote_no;No} in another file)',
  },
  'file-not-loaded': {
    severity: 'warning',
    description:
      'The file is in a subfolder of a commands/ folder that sits next to zbr.json: the engine reads only the files directly in commands/, so the command never exists. Information in a folder whose name says its files are set aside (disabled, old, archive, drafts, templates, examples, backup, wip, test...).',
    example: 'commands/admin/ban.zbr',
    scope: 'workspace',
  },
  'comment-kept-as-text': {
    severity: 'warning',
    description:
      "A // inside a call's braces, written where a comment goes (after a space that follows a brace or a ;): the engine cuts comments only outside every brace, so the // and the words after it stay part of the argument (written out in a Zif branch, part of a title or a value). A line that starts with // is skipped even inside a call: the fix puts the comment on a line of its own, when no brace follows it on its line.",
    example: 'Zif{Zmessage{1}==help; // show the help\nUse !help.}',
  },
  'comment-cuts-text': { severity: 'warning', description: 'A top-level // cuts off text that looks like a URL.', example: 'see https://example.com' },
} satisfies Record<string, DiagnosticCodeInfo>;

/** Every code the analysis and the language service report. */
export type DiagnosticCode = keyof typeof CODE_TABLE;

export const DIAGNOSTIC_CODES: Readonly<Record<DiagnosticCode, DiagnosticCodeInfo>> = CODE_TABLE;

/** The default severity of a code (the table's), for rules that report it. */
export function severityOf(code: DiagnosticCode): Severity {
  return CODE_TABLE[code].severity;
}

/** Whether a string (a setting's key, a fixture's expectation) is a code of the table. */
export function isDiagnosticCode(code: string): code is DiagnosticCode {
  return Object.hasOwn(CODE_TABLE, code);
}
