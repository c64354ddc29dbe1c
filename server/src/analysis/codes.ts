/** Every diagnostic code the analyzer produces: default severity, a one-line description and an example. */
export type Severity = 'error' | 'warning' | 'information' | 'hint';

export interface DiagnosticCodeInfo {
  readonly severity: Severity;
  readonly description: string;
  readonly example: string;
}

export const DIAGNOSTIC_CODES: Readonly<Record<string, DiagnosticCodeInfo>> = {
  'unknown-function': { severity: 'error', description: 'No catalog function has this name (with a "did you mean" suggestion).', example: 'ZaddFeild{a;b}' },
  'missing-argument': { severity: 'error', description: 'A required parameter has no argument.', example: 'Zban{}' },
  'too-many-arguments': { severity: 'error', description: 'More arguments than the function takes.', example: 'Zlowercase{a;b}' },
  'empty-required-argument': { severity: 'warning', description: 'A required typed parameter (ID, number, duration, URL, ...) or custom ID with no default is given an empty argument; empty text is allowed.', example: 'Ztimeout{;10m}' },
  'invalid-integer': { severity: 'error', description: 'A literal that must be a whole number is not.', example: 'Zclear{ten}' },
  'invalid-number': { severity: 'error', description: 'A literal that must be a number is not.', example: 'Zround{abc}' },
  'invalid-boolean': { severity: 'error', description: 'A literal that must be true/false is not.', example: 'ZaddButton{a;b;c;;yes}' },
  'invalid-snowflake': { severity: 'warning', description: 'A literal ID is not 17 to 20 digits.', example: 'Zban{1234}' },
  'invalid-url': { severity: 'warning', description: 'A literal URL is not an absolute http(s) address.', example: 'Zimage{example.com/a.png}' },
  'invalid-duration': { severity: 'error', description: 'A literal duration is not like 10m, 1h30m, 7d.', example: 'Ztimeout{123456789012345678;ten minutes}' },
  'invalid-color': { severity: 'warning', description: 'A colour parameter is not a hex colour.', example: 'Zcolor{blue}' },
  'unknown-permission': { severity: 'error', description: 'A permission name the bot does not know.', example: 'ZonlyPerms{banMembers2}' },
  'invalid-permission': { severity: 'error', description: 'A permission edit without its +, - or / prefix.', example: 'ZmodifyRolePerms{123456789012345678;manageMessages}' },
  'invalid-value': { severity: 'warning', description: 'A word outside the closed set the catalog lists (catalog/valueSets.ts).', example: 'ZaddButton{;id;OK;red}' },
  'limit-exceeded': { severity: 'error', description: 'A literal beyond a documented limit: Zclear 1 to 100 messages, Ztimeout at most 28 days, ZauditCount/ZauditEntries limit 1 to 100.', example: 'Zclear{500}' },
  'condition-never-true': { severity: 'warning', description: 'A comparison that can never be true because the value has a fixed range (ZboostLevel is 0 to 3).', example: 'Zif{ZboostLevel>=4;x;y}' },
  'mixed-condition-operators': { severity: 'error', description: 'A condition mixes " && " and " || " (a run-time error).', example: 'Zif{a==a && b==b || c==c;x;y}' },
  'condition-without-operator': { severity: 'warning', description: 'A literal condition with no operator that is not true/1 (always false; false/0 are accepted as written), or a condition whose own text has a single "=" and no operator (Zif{Zmessage{1}=yes;...}).', example: 'Zif{yes;x;y}' },
  'non-numeric-comparison': { severity: 'warning', description: '> or < with literal text, or ">==" / "<==" in any condition (read as >= or <= against text starting with "="): the bot compares lengths.', example: 'Zif{abc>b;x;y}' },
  'unknown-directive': { severity: 'warning', description: 'A #directive the bot does not know.', example: '#trigerr !ping' },
  'invalid-type': { severity: 'warning', description: 'A #type word the bot replaces with prefix.', example: '#type slah' },
  'invalid-scope': { severity: 'warning', description: 'A #scope word the bot replaces with guild.', example: '#scope server' },
  'invalid-option': { severity: 'error', description: '#option without four parts or with an unknown type (file fails to load).', example: '#option user|the user|member' },
  'missing-trigger': { severity: 'warning', description: 'The file has no #trigger.', example: '(no #trigger line)' },
  'trigger-type-mismatch': { severity: 'error', description: 'The trigger form does not fit #type.', example: '#type slash + #trigger !ping' },
  'unknown-option': { severity: 'warning', description: 'Zoption{name} names no declared #option.', example: '#option user|The member|user|required + Zoption{usr}' },
  'unclosed-call': { severity: 'error', description: 'A call whose { is never closed.', example: 'Zuppercase{hi' },
  'unclosed-brace': { severity: 'error', description: 'A { group that is never closed.', example: '{hi' },
  'stray-brace': { severity: 'error', description: 'A } with nothing open.', example: 'hi}' },
  'missing-name': { severity: 'error', description: 'Z{ with no function name.', example: 'Z{a}' },
  'loop-value-outside-loop': { severity: 'warning', description: 'ZloopIndex/ZloopValue outside the code of Zrepeat, ZforSplit or ZforJson.', example: 'Item: ZloopValue' },
  'duplicate-custom-id': { severity: 'error', description: 'Two components created at the top level share a custom ID.', example: 'ZaddButton{;a;Yes} ZaddButton{;a;No}' },
  'select-option-without-menu': { severity: 'warning', description: 'ZaddSelectMenuOption with no ZnewSelectMenu in the command.', example: 'ZaddSelectMenuOption{Red;red}' },
  'text-input-without-modal': { severity: 'warning', description: 'ZaddTextInput with no ZnewModal in the command.', example: 'ZaddTextInput{name;Your name}' },
  'empty-event-context': { severity: 'warning', description: 'In an event command, a function reading the author, channel, message or target ID that the event leaves empty (or Zusername where the event has no username).', example: '#type event + #trigger onBanAdd + Zmessage' },
  'variable-read-before-set': { severity: 'warning', description: 'Zvar{name} read where no Zvar{name;value} can have run before it.', example: 'Total: Zvar{total}' },
  'split-text-before-split': { severity: 'warning', description: 'ZsplitText, ZforSplit, ZjoinSplitText or another split-text reader before any ZtextSplit in the command.', example: 'ZsplitText{1} ZtextSplit{a,b;,}' },
  'http-result-before-request': { severity: 'warning', description: 'ZhttpStatus/ZhttpResult before any HTTP request in the command.', example: 'ZhttpStatus{} ZhttpGet{https://x.io}' },
  'input-value-outside-modal': { severity: 'warning', description: 'ZinputValue in a command that is not an interaction command.', example: '#trigger !x + ZinputValue{name}' },
  'embed-part-order': { severity: 'warning', description: 'ZauthorIcon/ZauthorURL before Zauthor, ZfooterIcon before Zfooter, ZtitleURL before Ztitle (same embed index).', example: 'ZfooterIcon{https://x.io/i.png} Zfooter{hi}' },
  'bare-call-needs-braces': { severity: 'warning', description: 'A function with required arguments written without braces: the bot prints it as text.', example: 'Hello Zmentioned' },
  'comment-cuts-text': { severity: 'warning', description: 'A top-level // cuts off text that looks like a URL.', example: 'see https://example.com' },
};
