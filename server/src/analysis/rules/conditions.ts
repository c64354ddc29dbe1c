/**
 * The condition argument of Zif, ZonlyIf and ZcheckCondition: a literal
 * condition's operators (mixed && and ||, no operator, > or < with text), and
 * comparisons of a value with a documented range that can never be true.
 */
import { CONDITION_FUNCTIONS } from '../../language/conditions';
import { isNumber } from '../../language/literals';
import { type Argument, type BareCallNode, type CallNode, NodeKind } from '../../syntax/tree';
import type { DiagnosticCode, Severity } from '../codes';
import type { AnalysisDiagnostic, AnalysisFix } from '../diagnostic';
import { hasCall, type ReadArgument, reportIf, type StatementContext, calledName, swapFix, trimmedRange, wholeCallOrBare } from './context';
import { rareFacts, type ReportWhen } from '../facts';
import { recordSavedRead, savedGetter } from './callFacts';

/**
 * Values with a fixed range of whole numbers (document 000 limits table, the
 * engine's source), compared in conditions: `excluded`, a number in the range
 * the value never is; `notFound`, what a position gives when there is none,
 * and `mistaken`, the number people take for it (the fix writes notFound).
 */
const RANGED_VALUES: Record<
  string,
  { min: number; max: number; excluded?: number; notFound?: number; mistaken?: number; what: string; when?: ReportWhen; advice?: string }
> = {
  ZboostLevel: { min: 0, max: 3, what: 'the boost tier, a number from 0 to 3' },
  // string/indexOf.rs: the 1-based character position, 0 when not found.
  ZindexOf: {
    min: 0,
    max: Number.POSITIVE_INFINITY,
    notFound: 0,
    mistaken: -1,
    what: 'the position of the first match counted from 1, and 0 (not -1) when the text is not found',
  },
  // textsplit/textSplit.rs: a written separator splits even empty text into one (empty) item; only when the file surely splits so.
  ZgetTextSplitLength: {
    min: 1,
    max: Number.POSITIVE_INFINITY,
    when: 'split-has-items',
    what: 'the number of items of the last ZtextSplit, and a split with a separator gives at least one, even from empty text (one empty item)',
    advice: ' Test the text itself instead, e.g. Zif{text==;...}.',
  },
  // textsplit/getTextSplitIndex.rs: the 1-based position of the first equal item, -1 when none is.
  ZgetTextSplitIndex: {
    min: -1,
    max: Number.POSITIVE_INFINITY,
    excluded: 0,
    notFound: -1,
    mistaken: 0,
    what: 'the position of the first equal item counted from 1, and -1 (not 0) when no item is equal',
  },
  // time/timeDiff.rs: (t1 - t2).abs().
  ZtimeDiff: {
    min: 0,
    max: Number.POSITIVE_INFINITY,
    what: 'how far apart the two times are, never below 0 (the engine drops the sign; Zsub{first;second} keeps it)',
  },
};

const RANGED_NAMES = Object.keys(RANGED_VALUES);

/**
 * Functions that write exactly "true" or "false" (read in the engine's
 * source), so `==True`, `==yes` or `==1` compares them with text they never
 * write (the engine's == compares text exactly).
 */
const BOOLEAN_RESULTS: ReadonlySet<string> = new Set([
  'ZemojiExists',
  'ZcheckUserPerms',
  'ZchannelExists',
  'ZforumTagModerated',
  'ZcheckContains',
  'ZendsWith',
  'ZisInteger',
  'ZisNumber',
  'ZisValidHex',
  'ZregexMatch',
  'ZstartsWith',
  'ZvarExists',
  'ZjsonExists',
  'ZisSlash',
  'ZisMentioned',
  'ZuserReacted',
  'ZguildExists',
  'ZisNSFW',
  'ZhasRole',
  'ZisHoisted',
  'ZisMentionable',
  'ZroleExists',
  'ZisAdmin',
  'ZisBanned',
  'ZisBooster',
  'ZisBot',
  'ZisInVoice',
  'ZisModerator',
  'ZisUserDMEnabled',
  'ZuserExists',
  'ZuserStreaming',
  'ZstickerExists',
]);

/** A yes/no function's name in a condition: the quick test before the parts are read. */
const BOOLEAN_CALL = new RegExp(`(?:${[...BOOLEAN_RESULTS].join('|')})(?![A-Za-z0-9])`);

/** What an author means by a word compared with true/false. */
const BOOLEAN_WORDS: Readonly<Record<string, 'true' | 'false'>> = {
  true: 'true',
  yes: 'true',
  y: 'true',
  on: 'true',
  '1': 'true',
  false: 'false',
  no: 'false',
  n: 'false',
  off: 'false',
  '0': 'false',
};

/** The name of the call that is the whole of `text` (`Zname`, `Zname{...}` with its braces matched), or undefined. */
function wholeCallName(text: string): string | undefined {
  const m = /^Z[A-Za-z0-9]+/.exec(text);
  if (!m) return undefined;
  const rest = text.slice(m[0].length);
  if (rest === '') return m[0];
  if (rest[0] !== '{' || !rest.endsWith('}')) return undefined;
  let depth = 0;
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0 && i !== rest.length - 1) return undefined;
  }
  return depth === 0 ? m[0] : undefined;
}

const MIXED_MESSAGE = 'A condition cannot mix " && " and " || "; the bot stops with an error. Use a nested Zif instead.';

/** Whether " && " and " || " both occur outside nested calls and braces (escapes skipped). */
function hasMixedTopLevelOperators(raw: string): boolean {
  if (raw.indexOf(' && ') < 0 || raw.indexOf(' || ') < 0) return false;
  return splitTopLevelCondition(raw) === undefined;
}

/**
 * A non-literal condition written with a single "=" (`Zif{Zmessage{1}=yes;...}`):
 * the text outside the nested calls holds no operator at all, only "=", so
 * (unless a call returns an operator) the bot finds none and the condition is
 * false: it is true only for "true" or "1", and "...=yes" is neither. Checked
 * per " && "/" || " part, on the part's own text outside nested calls and
 * braces; a part with ">" or "<" anywhere outside the calls is left alone.
 */
function checkSingleEquals(arg: Argument, ctx: StatementContext): void {
  const raw = ctx.rel(arg.start, arg.end);
  if (!hasLoneEquals(raw)) return;
  for (const at of singleEqualsConditions(raw)) {
    ctx.diagnostics.push({
      code: 'condition-without-operator',
      severity: 'warning',
      start: arg.start + at,
      end: arg.start + at + 1,
      message: 'A single "=" is not a comparison operator, so this condition has none and is false. Write "==" to compare.',
    });
  }
}

/**
 * An amount compared with a written number, or tested for a leading minus
 * (`Zmessage{2}>0`, `Zmessage{2}<1`, `0<Zoption{amount}`). A comparison with
 * a balance (`ZgetUserVar{coins}>=Zmessage{2}`) bounds it from above only.
 */
const BOUNDED_AMOUNT =
  /(Z(?:message|option|var)\{[^{}]*\})\s*(?:(?:>=|<=|>|<)\s*-?\d|\s(?:startsWith|contains)\s+-)|-?\d\s*(?:>=|<=|>|<)\s*(Z(?:message|option|var)\{[^{}]*\})/g;

/**
 * An amount tested so that a minus cannot pass whichever way the test goes:
 * matched against an anchored pattern of digits only
 * (`ZregexMatch{Zmessage{2};^[0-9]+$}`, `^\d+$`, `^[1-9][0-9]*$`: the regex
 * crate's is_match, string/regexMatch.rs), or searched for "-"
 * (`ZcheckContains{Zmessage{2};-}`, `ZstartsWith{Zmessage{2};-}`).
 */
const AMOUNT_PATTERN_TEST =
  /Z(?:regexMatch\{(Z(?:message|option|var)\{[^{}]*\});\s*\^(?:(?:\[(?:\d-\d|\d)+\]|\\d)(?:[+*?]|\{\d+(?:,\d*)?\})?)+\$\s*\}|(?:checkContains|startsWith)\{(Z(?:message|option|var)\{[^{}]*\});\s*-\s*\})/g;

/** An amount's call as negative-amount keys it: `Zmessage{ 2 }` and `Zmessage{2}` alike. */
export function normalAmount(call: string): string {
  return call.replace(/\s+/g, '');
}

/** A moderation call's result, or a Zvar copy of it, compared with its result word ("banned: <id>", "failed: <id>": moderation/ban.rs). */
const MODERATION_RESULT =
  /(?:Zvar|Zban|Zkick|Ztimeout)\{[\s\S]*(?:(?:endsWith|==|!=)\s*(?:failed|banned|kicked|timed out)\b|(?:startsWith|contains)\s*(?:fail|ban|kick|time))|ZcheckContains\{\s*(?:Zvar|Zban|Zkick|Ztimeout)\{[\s\S]*;\s*(?:fail|ban|kick|time)/;

/** Calls whose value is an ID, a name or a user's text: never the "true" or "1" a condition without an operator needs. */
const NEVER_BOOLEAN_VALUES: ReadonlySet<string> = new Set([
  'Zmentioned',
  'ZuserID',
  'ZchannelID',
  'ZguildID',
  'ZroleID',
  'ZmessageID',
  'ZrepliedMessageID',
  'Zusername',
  'ZdisplayName',
  'ZcustomID',
]);

/**
 * `Zif{Zmentioned{1};...}`, `ZonlyIf{Zmessage;Usage: ...}`: a condition that
 * is one call giving an ID, a name or text, as if it were true when not empty.
 * With no operator the engine's condition is true only for "true" or "1"
 * (control/helpers.rs), which such a value never is: Zif always takes its
 * other branch, and ZonlyIf refuses every run. The fix adds "!=", "is not
 * empty".
 */
function checkValueAsCondition(name: string, a: ReadArgument, ctx: StatementContext): void {
  const call = wholeCallOrBare(a.arg, ctx);
  if (!call) return;
  const value = calledName(call, ctx);
  // The whole message as a usage check (ZonlyIf{Zmessage;Usage: ...}); one word of it, a modal's input or a loop's
  // value may be the "true" a toggle is given (`!maintenance true`), and is left alone. So is the whole message in
  // Zif, whose other branch may be meant for anything but a typed "true" (`!debug true`).
  const wholeMessage =
    name === 'ZonlyIf' &&
    value === 'Zmessage' &&
    (call.kind === NodeKind.BareCall || call.args.length === 0 || ctx.rel(call.args[0].start, call.args[0].end).trim() === '');
  if (!NEVER_BOOLEAN_VALUES.has(value) && !wholeMessage) return;
  const written = ctx.rel(call.start, call.end);
  const refuses = name === 'ZonlyIf';
  ctx.diagnostics.push({
    code: 'condition-without-operator',
    severity: refuses ? 'error' : 'warning',
    start: call.start,
    end: call.end,
    message: `${value} gives ${value === 'Zmessage' ? 'text' : value === 'Zusername' || value === 'ZdisplayName' ? 'a name' : 'an ID'}, not true or false, and a condition with no operator is true only for "true" or "1": ${refuses ? 'ZonlyIf refuses every run' : name === 'Zif' ? 'Zif always takes its other branch' : 'it is always false'}. To test that it is not empty, write ${written}!=`,
    fixes: [{ title: `Test that it is not empty: ${written}!=`, edits: [{ start: call.end, end: call.end, newText: '!=' }], preferred: true }],
  });
}

/** The operators the engine knows, in a part's own text (outside nested calls). */
const KNOWN_OPERATOR = /==|!=|>=|<=|>|<| contains | startsWith | endsWith /;
/** What checkOperatorSpelling looks for, anywhere in the condition (a quick test before reading it part by part). */
function maybeMisspelt(raw: string): boolean {
  if (/===|!==|=>|=<|<>|!\s*Z| (?:and|or) /i.test(raw)) return true;
  for (const m of raw.matchAll(/ (contains|startswith|endswith) /gi)) if (m[1] !== 'contains' && m[1] !== 'startsWith' && m[1] !== 'endsWith') return true;
  return false;
}

/** " and " / " or " written for a join. */
const WORD_JOIN = / (and|or|AND|OR|And|Or) /;

/**
 * Operators people write that the engine does not know, in a condition with
 * calls (a literal one is checkLiteralCondition's), part by part, in the
 * part's own text outside the nested calls (what the calls return cannot
 * take these characters away):
 * - `===` and `!==`: read as `==` or `!=` with a right side starting with
 *   "=", never equal; `=>`, `=<` and `<>`: read as `>` or `<` between texts
 *   that are no numbers, a length comparison.
 * - ` and ` / ` or ` between two comparisons (or two calls): the engine
 *   joins only with ` && ` and ` || `, so this is one comparison.
 * - `Contains`, `startswith`: the words count only exactly so; with no other
 *   operator the condition has none, and is false.
 * - a leading `!`: there is no "not"; `!true` has no operator and is false.
 */
function checkOperatorSpelling(arg: Argument, ctx: StatementContext): void {
  const raw = ctx.rel(arg.start, arg.end);
  // Most conditions have none of these: no part is read apart.
  if (!maybeMisspelt(raw)) return;
  const parts = splitTopLevelCondition(raw);
  if (!parts) return;
  const joins = parts.length > 1 ? raw.slice(parts[0].end, parts[0].end + 4) : undefined;
  const push = (at: number, length: number, message: string, newText?: string) =>
    ctx.diagnostics.push({
      code: 'unknown-operator',
      severity: 'warning',
      start: arg.start + at,
      end: arg.start + at + length,
      message,
      fixes:
        newText === undefined
          ? undefined
          : [{ title: `Write "${newText.trim()}"`, edits: [{ start: arg.start + at, end: arg.start + at + length, newText }], preferred: true }],
    });
  // The fix of a word join, unless it would mix " && " and " || " (which halts).
  const joinFix = (word: string) => {
    const op = word.toLowerCase() === 'and' ? ' && ' : ' || ';
    return joins === undefined || joins === op ? op : undefined;
  };
  for (const p of parts) {
    const { own, at } = ownText(raw, p);
    const misspelt = /===|!==|(?<![<>!=])=>|(?<![<>!=])=<|<>/.exec(own);
    // Right after an operator it is the text compared (`contains =>`), which the operator order checks read.
    if (misspelt && !OPERATOR_BEFORE.test(own.slice(0, misspelt.index))) {
      const op = misspelt[0];
      const meant = op === '===' ? '==' : op === '!==' ? '!=' : op === '=>' ? '>=' : op === '=<' ? '<=' : '!=';
      const read = op === '===' ? '==' : op === '!==' ? '!=' : op === '<>' ? '>' : op[1];
      push(
        at[misspelt.index],
        op.length,
        `The engine knows no "${op}": it reads "${read}" and compares the rest as text, which is not the comparison meant. Write "${meant}".`,
        meant,
      );
      continue;
    }
    const join = WORD_JOIN.exec(own);
    if (KNOWN_OPERATOR.test(own)) {
      if (join && KNOWN_OPERATOR.test(own.slice(0, join.index)) && KNOWN_OPERATOR.test(own.slice(join.index + join[0].length - 1)))
        push(
          at[join.index],
          join[0].length,
          `The engine joins comparisons only with " && " and " || ": with "${join[1]}" this is one comparison of the whole text, which is not what is meant. Write "${join[1].toLowerCase() === 'and' ? '&&' : '||'}".`,
          joinFix(join[1]),
        );
      continue;
    }
    const word = / (contains|startswith|endswith) /i.exec(own);
    if (word) {
      const lower = word[1].toLowerCase();
      const exact = lower === 'contains' ? 'contains' : lower === 'startswith' ? 'startsWith' : 'endsWith';
      push(
        at[word.index + 1],
        word[1].length,
        `The engine knows this operator only as "${exact}", exactly so: the condition has no operator, and it is false. Write "${exact}".`,
        exact,
      );
      continue;
    }
    if (join && /^\s*Z/.test(own) && /^\s*Z/.test(own.slice(join.index + join[0].length))) {
      push(
        at[join.index],
        join[0].length,
        `The engine joins conditions only with " && " and " || ": with "${join[1]}" this is one text with no operator, which is false. Write "${join[1].toLowerCase() === 'and' ? '&&' : '||'}".`,
        joinFix(join[1]),
      );
      continue;
    }
    const not = /^\s*!\s*Z/.exec(own);
    if (not)
      push(
        at[not[0].indexOf('!')],
        1,
        'The engine has no "not": "!" stays in the text, which then has no operator, so this condition is always false. Compare instead, e.g. ZisAdmin==false.',
      );
  }
}

/** Where checkSingleEquals reports in the condition `raw`: the first "=" of each part that has no operator. */
export function singleEqualsConditions(raw: string): number[] {
  const found: number[] = [];
  const parts = splitTopLevelCondition(raw);
  if (!parts) return found;
  for (const p of parts) {
    const { own, at } = ownText(raw, p);
    const eq = own.indexOf('=');
    const firstEq = eq < 0 ? -1 : at[eq];
    // Calls leave "Zname" in `own` (their braces are skipped); an operator would have to be in the part's own text.
    if (firstEq < 0 || KNOWN_OPERATOR.test(own)) continue;
    found.push(firstEq);
  }
  return found;
}

/**
 * Whether `raw` has an "=" that is not part of "==", "!=", ">=" or "<=": the
 * only kind checkSingleEquals can report (an "=" of such a pair leaves the
 * operator in the part's own text, which the check then leaves alone).
 */
export function hasLoneEquals(raw: string): boolean {
  // An escape hides one character of a pair (`\==` leaves a single "=" in the text): read it all.
  if (raw.indexOf('\\') >= 0) return raw.indexOf('=') >= 0;
  for (let i = raw.indexOf('='); i >= 0; i = raw.indexOf('=', i + 1)) {
    const before = raw[i - 1];
    if (raw[i + 1] === '=') {
      i++; // "==": both characters taken
      continue;
    }
    if (before !== '!' && before !== '>' && before !== '<') return true;
  }
  return false;
}

/** `ZisNumber{Zoption{amount}}`, `ZisInteger{Zvar{bet}}`: false for the text a left-out option reads as. */
const NUMBER_TEST_OF = /Z(?:isNumber|isInteger)\{\s*Z(option|var)\{([^{}\\;]+)\}\s*\}/g;

/**
 * The options, and the temporary variables (copies of options), whose absence
 * `text` tests: every one it reads when it has the text `not found` or
 * `option "` (a left-out option reads as `option "name" not found`,
 * context/option.rs; ZstartsWith{Zoption{x};option "x"}), and those it
 * tests with ZisNumber or ZisInteger. A comparison with another word
 * (`Zoption{bonus}==VIP`), with empty text, or with a number (`>0` compares the
 * text's length) does not tell a left-out option apart.
 */
export function recordAbsenceTests(text: string, ctx: StatementContext): void {
  if (!text.includes('Zoption{') && !text.includes('Zvar{')) return;
  const add = (kind: string, name: string) => {
    const facts = rareFacts(ctx.summary);
    if (kind === 'option') (facts.testedOptions ??= []).push(name.trim());
    else (facts.absenceTestedVars ??= []).push(name.trim());
  };
  if (text.includes('not found') || text.includes('option "')) for (const m of text.matchAll(/Z(option|var)\{([^{}\\;]+)\}/g)) add(m[1], m[2]);
  else {
    for (const m of text.matchAll(NUMBER_TEST_OF)) add(m[1], m[2]);
    for (const m of text.matchAll(WORD_TEST_OF)) if (tellsAbsence(m[3], m[4])) add(m[1], m[2]);
    for (const m of text.matchAll(WORD_CALL_TEST_OF)) if (m[4].split(';').some((word) => tellsAbsence(m[1], word))) add(m[2], m[3]);
  }
}

/** `Zoption{reason} startsWith option`: a read tested with a word operator, up to the end of its comparison. */
const WORD_TEST_OF = /Z(option|var)\{([^{}\\;]+)\}\s+(startsWith|endsWith|contains)\s+(.+?)\s*(?=$| && | \|\| )/g;
/** `ZstartsWith{Zoption{reason};option}`, `ZcheckContains{Zvar{r};not found}` (its words after the text). */
const WORD_CALL_TEST_OF = /Z(startsWith|endsWith|checkContains)\{\s*Z(option|var)\{([^{}\\;]+)\}\s*;([^{}]*)\}/g;

/**
 * Whether a test of the text with `word` holds for a left-out option's text
 * (`option "name" not found`, context/option.rs) whatever its name: a start
 * of `option "`, an end of `" not found`, or a part of either, of four
 * letters or more (ZcheckContains ignores case, string/checkContains.rs).
 */
function tellsAbsence(test: string, word: string): boolean {
  const head = 'option "';
  const tail = '" not found';
  const w = test === 'checkContains' ? word.trim().toLowerCase() : word.trim();
  // Four letters at least: `endsWith d` (days) or `startsWith o` holds for other text as much as for a left-out option.
  if (w.replace(/[\s"]/g, '').length < 4) return false;
  if (test === 'startsWith') return head.startsWith(w) || w.startsWith(head);
  if (test === 'endsWith') return tail.endsWith(w);
  return head.includes(w) || tail.includes(w);
}

/** The checks of a call's condition argument (its first), when `name` takes one. */
/** `Zvar{n}` right before or after a comparison operator, by name. */
const COMPARED_VAR = /Zvar\{\s*([\w-]+)\s*\}\s*(?:[<>]=?|[!=]=)|(?:[<>]=?|[!=]=)\s*Zvar\{\s*([\w-]+)\s*\}/g;

export function checkConditionArgument(name: string, args: readonly ReadArgument[], ctx: StatementContext): void {
  const before = ctx.diagnostics.length;
  checkCondition(name, args, ctx);
  // A ZonlyIf whose condition is never true refuses everyone, every time (control/onlyIf.rs answers its message
  // whenever the condition is false): a halt, so an error. Where the parts are joined by || each would have to be.
  if (name !== 'ZonlyIf' || args.length === 0 || ctx.rel(args[0].arg.start, args[0].arg.end).includes(' || ')) return;
  for (let i = before; i < ctx.diagnostics.length; i++) {
    const d = ctx.diagnostics[i];
    if (d.code !== 'condition-never-true' || d.severity !== 'warning') continue;
    ctx.diagnostics[i] = {
      ...d,
      severity: 'error',
      message: `${d.message} So ZonlyIf halts the command with its message ${ctx.guarded > 0 ? 'whenever this line runs' : 'every time'}, whoever runs it.`,
    };
  }
}

function checkCondition(name: string, args: readonly ReadArgument[], ctx: StatementContext): void {
  if (CONDITION_FUNCTIONS.has(name) && args.length > 0 && args[0].literal && args[0].text !== '') {
    if (!(name === 'ZonlyIf' && reportSwappedOnlyIf(args, ctx))) checkLiteralCondition(args[0].text, args[0].arg, ctx);
  }
  if (CONDITION_FUNCTIONS.has(name) && args.length > 0 && !args[0].literal) checkValueAsCondition(name, args[0], ctx);
  if (CONDITION_FUNCTIONS.has(name) && args.length > 0 && !args[0].literal) {
    if (hasMixedTopLevelOperators(ctx.rel(args[0].arg.start, args[0].arg.end))) {
      // The " && " and " || " written outside the nested calls stay in the condition whatever the calls return.
      ctx.diagnostics.push({ code: 'mixed-condition-operators', severity: 'error', start: args[0].arg.start, end: args[0].arg.end, message: MIXED_MESSAGE });
    } else {
      checkRangedComparisons(args[0].arg, ctx);
      checkForeignLiterals(args[0].arg, ctx);
      checkSingleEquals(args[0].arg, ctx);
      checkOperatorSpelling(args[0].arg, ctx);
    }
  }
  if (CONDITION_FUNCTIONS.has(name) && args.length > 0 && args[0].text !== '') {
    // `ZonlyIf{Zmessage contains ,;...}` before a split: the file makes sure there are several items (random-range-may-be-empty).
    const condition = ctx.rel(args[0].arg.start, args[0].arg.end);
    if (condition.includes(' contains ') || condition.includes('ZcheckContains{')) rareFacts(ctx.summary).countTested = true;
    // A temporary variable compared here: a count copied into it is tested (random-range-may-be-empty).
    if (condition.includes('Zvar{')) for (const m of condition.matchAll(COMPARED_VAR)) (rareFacts(ctx.summary).comparedVars ??= []).push(m[1] ?? m[2]);
    // A condition that tells a left-out option apart handles it (optional-option-missing).
    recordAbsenceTests(condition, ctx);
    // A moderation result read in a condition (Zvar{r} startsWith banned, or only its start: timed; ZcheckContains{Zvar{r};failed}):
    // a refusal is told apart (refusal-not-caught).
    if (MODERATION_RESULT.test(condition)) rareFacts(ctx.summary).resultTested = true;
    // An amount compared with a number, or tested for a minus: negative ones are turned away (negative-amount).
    if (condition.includes('Zmessage{') || condition.includes('Zoption{') || condition.includes('Zvar{'))
      for (const pattern of [BOUNDED_AMOUNT, AMOUNT_PATTERN_TEST])
        for (const m of condition.matchAll(pattern)) (rareFacts(ctx.summary).boundedAmounts ??= []).push(normalAmount(m[1] ?? m[2]));
    checkSeparatedNumbers(args[0].arg, ctx);
    recordZeroTests(args[0].arg, ctx);
    checkMisreadEquality(args[0].arg, ctx);
    if (!args[0].literal) checkOperatorOrder(name, args[0].arg, ctx);
    if (!args[0].literal) checkUserTextWordOperator(args[0].arg, ctx);
    checkUnspacedOperators(args[0].arg, ctx);
  }
}

/**
 * `&&` or `||` without a space on each side, in the condition's own text: the
 * engine splits only at " && " and " || ", so `1==1&&2==3` is one comparison
 * of "1" with "1&&2==3".
 */
function checkUnspacedOperators(arg: Argument, ctx: StatementContext): void {
  const raw = ctx.rel(arg.start, arg.end);
  if (raw.indexOf('&&') < 0 && raw.indexOf('||') < 0) return;
  forEachTopLevel(raw, 0, raw.length, (i, escape) => {
    if (escape) return 0;
    const op = raw.startsWith('&&', i) ? '&&' : raw.startsWith('||', i) ? '||' : undefined;
    if (!op) return 0;
    // Text compared, not a join: at either end of the condition, or right after or before an operator (`Zmessage contains ||`).
    if (isOperand(raw.slice(0, i), raw.slice(i + 2))) return 1;
    if (raw[i - 1] !== ' ' || raw[i + 2] !== ' ') {
      const fixed = `${raw[i - 1] === ' ' ? '' : ' '}${op}${raw[i + 2] === ' ' ? '' : ' '}`;
      // With the other operator spaced in the condition too, the spaces would make a condition that mixes both,
      // which the engine refuses every time (control/helpers.rs): no fix, and the way out said instead.
      const other = op === '&&' ? '||' : '&&';
      const mixes = raw.includes(other);
      ctx.diagnostics.push({
        code: 'operator-without-spaces',
        severity: 'warning',
        start: arg.start + i,
        end: arg.start + i + 2,
        message: `The engine only splits a condition at "${op}" with a space on each side; without them this is part of a single comparison.${
          mixes
            ? ` Spaced, it would mix " ${op} " with the "${other}" of this condition, which the engine refuses every time: test one of them in a nested Zif instead.`
            : ''
        }`,
        fixes: mixes ? undefined : [{ title: `Write " ${op} "`, edits: [{ start: arg.start + i, end: arg.start + i + 2, newText: fixed }], preferred: true }],
      });
    }
    return 1;
  });
}

/** Comparison operators at the end or start of a text (what stands right before or after an operand). */
const OPERATOR_BEFORE = /(==|!=|>=|<=|>|<|\scontains|\sstartsWith|\sendsWith)\s*$/;
const OPERATOR_AFTER = /^\s*(==|!=|>=|<=|>|<|contains\s|startsWith\s|endsWith\s)/;

/** Whether `&&` or `||` between `before` and `after` is an operand: nothing on one side, or an operator next to it. */
function isOperand(before: string, after: string): boolean {
  // Only the end of `before` can hold the operator: a search of all of it, at every `&&` of a long
  // condition, was quadratic (the longest operator, " startsWith", is 11 characters).
  return before.trim() === '' || after.trim() === '' || OPERATOR_BEFORE.test(before.trimEnd().slice(-12)) || OPERATOR_AFTER.test(after);
}

/**
 * The engine looks for the operators in a fixed order, anywhere in the
 * condition as evaluated: >=, <=, !=, ==, >, <, then the words. So in a
 * condition with calls:
 * - `Zmessage{1}==<@ZuserID>`: a mention compared with what a call returns
 *   is a mention too, ending in ">", and ">" then "==" is found as ">=" (a
 *   length comparison): never equal. A space before "==" keeps them apart.
 * - `Zmessage contains <3`: a "<" or ">" in the condition's own text is found
 *   before "contains", "startsWith" and "endsWith".
 * (Literal conditions are read in the same order by checkLiteralCondition.)
 */
/** The symbol operators in the order the engine looks for them (all before the word operators). */
const SYMBOL_ORDER = ['>=', '<=', '!=', '==', '>', '<'];
/** The word operators, spaces included, looked for after every symbol. */
const WORD_OPERATORS = [' contains ', ' startsWith ', ' endsWith '];
/** The symbol operator the engine finds first in a comparison's text, and where it is; undefined when there is none. */
function firstSymbolOperator(text: string): { op: string; at: number } | undefined {
  for (const op of SYMBOL_ORDER) {
    const at = text.indexOf(op);
    if (at >= 0) return { op, at };
  }
  return undefined;
}

/** The operator the engine finds in one comparison (the first of its order that the text holds), or undefined. */
function operatorOf(part: string): string | undefined {
  return SYMBOL_ORDER.find((o) => part.includes(o)) ?? WORD_OPERATORS.find((o) => part.includes(o));
}

function checkOperatorOrder(name: string, arg: Argument, ctx: StatementContext): void {
  const raw = ctx.rel(arg.start, arg.end);
  if (raw.indexOf('<') < 0 && raw.indexOf('>') < 0 && raw.indexOf('=') < 0) return;
  // Per part: the engine splits at " && " and " || " first, and reads each part on its own.
  let wordOp: string | undefined;
  let wordAt = -1;
  let partStart = 0;
  // The first of each symbol operator in the part, in the order the engine looks for them.
  const found = new Map<string, number>();
  const endPart = (partEnd: number) => {
    const op = wordOp ? SYMBOL_ORDER.find((o) => found.has(o)) : undefined;
    if (wordOp && op) {
      const at = found.get(op)!;
      const lengths = op !== '==' && op !== '!=';
      const word = wordOp.trim();
      const { fn, replacement, fix } = wordOperatorCall(raw, partStart, partEnd, wordAt, word, arg.start);
      // `A contains B==false` as the whole condition: "A contains B" is never the word true or false, so the
      // result is fixed (== never holds, != always does); ZonlyIf then refuses on every run.
      const against = raw
        .slice(at + op.length, partEnd)
        .trim()
        .toLowerCase();
      const fixed = !lengths && partStart === 0 && partEnd === raw.length && (against === 'true' || against === 'false') ? op === '!=' : undefined;
      const refusesAlways = fixed === false && name === 'ZonlyIf';
      ctx.diagnostics.push({
        code: 'non-numeric-comparison',
        severity: refusesAlways ? 'error' : 'warning',
        start: arg.start + at,
        end: arg.start + at + op.length,
        message:
          fixed === undefined
            ? `The bot looks for "${op}" before "${word}", so it splits this condition at "${op}" (or at one that a value put into it holds: a custom emoji or a mention ends in ">") and ${lengths ? 'compares the lengths of the two sides' : 'compares the text before it with the text after it'} instead: the result has nothing to do with the text. ${fn}{...}==true reads both sides as arguments, where no operator counts${fix ? `: ${replacement}` : ''}.`
            : `The bot looks for "${op}" before "${word}", so it compares the whole text before "${op}", "${word}" included, with the word ${against}: they are never the same, so the condition is always ${fixed}${refusesAlways ? ', and ZonlyIf refuses on every run' : name === 'Zif' ? `, and Zif always runs its ${fixed ? 'first' : 'second'} branch` : ''}. ${fn}{...} reads both sides as arguments, where no operator counts${fix ? `: ${replacement}` : ''}.`,
        fixes: fix ? [fix] : undefined,
      });
    }
    wordOp = undefined;
    found.clear();
  };
  forEachTopLevel(raw, 0, raw.length, (i, escape) => {
    if (escape) return 0;
    const c = raw[i];
    if (raw.startsWith(' && ', i) || raw.startsWith(' || ', i)) {
      endPart(i);
      partStart = i + 4;
      return 3;
    }
    if (c === '<' || c === '>' || c === '=' || c === '!') for (const o of SYMBOL_ORDER) if (!found.has(o) && raw.startsWith(o, i)) found.set(o, i);
    if (!wordOp && c === ' ') {
      wordOp = WORD_OPERATORS.find((w) => raw.startsWith(w, i));
      if (wordOp) wordAt = i;
    }
    // Only "==": "<@1>!=<@2>" holds no ">=" or "<=", so the engine finds "!=" as written.
    if ((raw.startsWith('==<@', i) || raw.startsWith('==<#', i)) && i > 0 && raw[i - 1] === '}') {
      const op = raw.slice(i, i + 2);
      ctx.diagnostics.push({
        code: 'non-numeric-comparison',
        severity: 'warning',
        start: arg.start + i,
        end: arg.start + i + 2,
        message: `When the call before "${op}" returns a mention, it ends in ">", and the bot reads ">" followed by "=" as ">=" (a length comparison), so the two are never compared. Put a space before "${op}".`,
        fixes: [{ title: `Write " ${op}"`, edits: [{ start: arg.start + i, end: arg.start + i, newText: ' ' }], preferred: true }],
      });
      return 1;
    }
    if ((raw.startsWith('==', i) || raw.startsWith('!=', i)) && i > 0) mentionEquality(arg, i, raw.startsWith('==', i), ctx);
    return 0;
  });
  endPart(raw.length);
}

/**
 * The function form of a word comparison (`X startsWith Y`:
 * `ZstartsWith{X;Y}==true`), for the part [partStart, partEnd) of the
 * condition `raw` whose operator, with its spaces, starts at `wordAt`; `fix`
 * (offsets from `argStart`) when both sides fit in arguments.
 */
function wordOperatorCall(
  raw: string,
  partStart: number,
  partEnd: number,
  wordAt: number,
  word: string,
  argStart: number,
): { fn: string; replacement: string; fix: AnalysisFix | undefined } {
  const fn = WORD_OPERATOR_FUNCTIONS[word];
  const left = raw.slice(partStart, wordAt).trim();
  let right = raw.slice(wordAt + word.length + 2, partEnd).trim();
  // `A contains B==false` means the test's result compared with false: that comparison stays outside the call.
  let result = 'true';
  const compared = /\s*(==|!=)\s*(true|false)$/.exec(right);
  if (compared) {
    right = right.slice(0, compared.index);
    result = (compared[1] === '==') === (compared[2] === 'true') ? 'true' : 'false';
  }
  const replacement = `${fn}{${left};${right}}==${result}`;
  // The sides become arguments: a ";" of their own would split them. A side that still holds an operator
  // (`contains sword==yes`) is no text to search for: what was meant cannot be told.
  if (left === '' || right === '' || hasTopLevelSemicolon(left) || hasTopLevelSemicolon(right) || operatorOf(left) || operatorOf(right))
    return { fn, replacement, fix: undefined };
  const part = raw.slice(partStart, partEnd);
  const lead = part.length - part.trimStart().length;
  const trail = part.length - part.trimEnd().length;
  return {
    fn,
    replacement,
    fix: {
      title: `Write ${replacement}`,
      edits: [{ start: argStart + partStart + lead, end: argStart + partEnd - trail, newText: replacement }],
      preferred: true,
    },
  };
}

/** Whether text has a ";" outside its calls' braces (it would split an argument it is put in). */
function hasTopLevelSemicolon(t: string): boolean {
  let found = false;
  forEachTopLevel(t, 0, t.length, (i, escape) => {
    if (!escape && t[i] === ';') found = true;
    return 0;
  });
  return found;
}

/**
 * `Zmessage{1}==` right after the call: a mention typed as that word ends in
 * ">", and the engine finds ">=" before "==" (a length comparison). Kept as a
 * fact and reported only in prefix commands that read mentions (fileChecks.ts):
 * a subcommand word (`Zmessage{1}==edit`) is not a mention where none is read.
 */
function mentionEquality(arg: Argument, i: number, equal: boolean, ctx: StatementContext): void {
  const at = arg.start + i;
  const call = arg.nodes.find((n): n is CallNode | BareCallNode => (n.kind === NodeKind.Call || n.kind === NodeKind.BareCall) && n.end === at);
  if (!call) return;
  const name = calledName(call, ctx);
  if (name !== 'Zmessage') return;
  // The check that a mention was given: the whole message, or its first word (where commands take the user), compared with nothing.
  // A later word (`Zmessage{3}==`, a reason) or a subcommand (`Zmessage{1}==kick`) is not the mention.
  const word = ctx.rel(call.start, call.end);
  // What follows in this part of the condition (the engine reads each side of " && " and " || " on its own).
  const rest = ctx.rel(at + 2, arg.end);
  const cut = [rest.indexOf(' && '), rest.indexOf(' || ')].filter((k) => k >= 0);
  const right = (cut.length ? rest.slice(0, Math.min(...cut)) : rest).trim();
  // `Zmessage{1}==warn`: the first word is a subcommand (or a word of the command's own), not the mention.
  if (word === 'Zmessage{1}' && right !== '' && !right.startsWith('<')) rareFacts(ctx.summary).firstWordNamed = true;
  if (!equal || (word !== 'Zmessage' && word !== 'Zmessage{1}' && word !== 'Zmessage{}') || right !== '') return;
  const whole = word !== 'Zmessage{1}';
  // A usage line on the same line names the first word (`Usage: !give <amount> @user`): not the mention.
  if (!whole && usageNamesOtherFirstWord(ctx.rel(0, ctx.end))) {
    rareFacts(ctx.summary).firstWordNamed = true;
    return;
  }
  reportIf(ctx, whole ? 'reads-mentions' : 'first-word-mention', {
    code: 'non-numeric-comparison',
    severity: 'warning',
    start: at,
    end: at + 2,
    message: `When ${word} ${whole ? 'ends with' : 'is'} a mention (this command reads mentions), the condition becomes "<@123...>==", and the engine looks for ">=" before "==": it finds the mention's ">" next to "=", compares the lengths of the two sides, and so this is true whenever ${whole ? 'the message ends with a mention' : 'someone is mentioned'}, as if nothing had been given. Put a space before "=="${whole ? '' : ', or test Zmentioned{1}== (the ID of the user mentioned, empty when there is none)'}.`,
    fixes: [
      { title: 'Write " =="', edits: [{ start: at, end: at, newText: ' ' }], preferred: true },
      ...(whole ? [] : [{ title: 'Test Zmentioned{1} instead', edits: [{ start: call.start, end: call.end, newText: 'Zmentioned{1}' }] }]),
    ],
  });
}

/**
 * Whether a usage line in `text` (`!give <amount> @user`) shows the command's
 * first word as something other than a user: a command word, then a first
 * word without "@" that names no user, member or mention.
 */
function usageNamesOtherFirstWord(text: string): boolean {
  const m = /(?:^|[\s:;(])[!/.?$][A-Za-z][\w-]*\s+([^\s;{}]+)/.exec(text);
  if (!m) return false;
  const first = m[1];
  return !first.includes('@') && !/user|member|mention|someone|person|target|who/i.test(first);
}

/** A number written with thousands separators (`1,000`, `25,000.50`): not a number to the engine. */
const SEPARATED_NUMBER = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;

/** A number with a sign or unit around it (`50%`, `10k`, `$100`, `100 coins`, `10s`): its currency sign, digits and unit. */
const UNIT_NUMBER = /^([$€£¥]?)\s*([+-]?\d+(?:\.\d+)?)\s*(%|[$€£¥]|[A-Za-z]{1,12})?$/;

/**
 * What a comparison's literal side means as a number when the engine cannot read it as one: a number
 * with thousands separators or with a sign or unit around it. `plain` is the number to write instead,
 * where the unit says it (`10k` is 10000; `5m` may be minutes or millions, `10s` a duration: none).
 */
function misreadNumber(text: string): { what: string; plain?: string } | undefined {
  if (SEPARATED_NUMBER.test(text)) return { what: 'thousands separators', plain: text.replace(/,/g, '') };
  const m = UNIT_NUMBER.exec(text);
  if (!m) return undefined;
  const [, currency, digits, unit] = m;
  if (!currency && !unit) return undefined; // a plain number
  if (currency && unit) return { what: 'currency sign or unit' };
  if (currency || (unit && /^[$€£¥]$/.test(unit))) return { what: 'currency sign', plain: digits };
  if (unit === '%') return { what: 'percent sign', plain: digits };
  if (unit === 'ms') return { what: 'unit ("ms")', plain: digits };
  if (unit === 'k' || unit === 'K') return { what: '"k" for thousands', plain: String(Math.round(Number(digits) * 1000 * 1e6) / 1e6) };
  return { what: `unit ("${unit}")` };
}

/**
 * `ZgetUserVar{coins}>=1,000`, `Zrandom{1;100}<=50%`, `Zvar{bet}>10k`: the
 * engine parses both (trimmed) sides as numbers, and none of these is one
 * (Rust's float parsing takes no separators, signs or units), so it compares
 * the lengths of the two texts (control/helpers.rs, compare_numeric): 1500
 * >= "1,000" is false, and any roll of 1 to 100 is <= "50%". Only for the
 * ordering operators; `==1,000` compares text.
 */
function checkSeparatedNumbers(arg: Argument, ctx: StatementContext): void {
  const raw = ctx.rel(arg.start, arg.end);
  if (!/\d/.test(raw) && !raw.includes('Zping') && !raw.includes('ZexecutionTime')) return;
  const literal = !hasCall(arg);
  const parts = splitTopLevelCondition(raw);
  if (!parts) return;
  for (const p of parts) {
    const part = raw.slice(p.start, p.end);
    // The operator the engine finds first in the part.
    const first = firstSymbolOperator(part);
    if (!first || first.op === '==' || first.op === '!=') continue;
    const { op, at } = first;
    for (const [from, to] of [
      [0, at],
      [at + op.length, part.length],
    ]) {
      const side = part.slice(from, to);
      const number = side.trim();
      if (MILLISECOND_TEXT.test(number)) {
        reportMillisecondText(number, arg.start + p.start + from + side.indexOf(number), op, ctx);
        continue;
      }
      // A fully written condition is checkLiteralCondition's to report.
      const misread = literal && !SEPARATED_NUMBER.test(number) ? undefined : misreadNumber(number);
      if (!misread) continue;
      const start = arg.start + p.start + from + side.indexOf(number);
      const { plain } = misread;
      // A value for which the length comparison gives the wrong answer, as the example.
      const left = from === 0;
      const value =
        plain === undefined
          ? undefined
          : [Math.round(Number(plain) * 1.5), Math.round(Number(plain) / 2), 5, 50, 500, 1500, 5000, 50000, 500000, 5000000].find((v) => {
              const [a, b] = left ? [Number(plain), v] : [v, Number(plain)];
              const [la, lb] = left ? [number.length, String(v).length] : [String(v).length, number.length];
              return compare(op, a, b) !== compare(op, la, lb);
            });
      const example =
        value === undefined
          ? ''
          : `: ${left ? `${number}${op}${value}` : `${value}${op}${number}`} is ${compare(op, ...((left ? [number.length, String(value).length] : [String(value).length, number.length]) as [number, number])) ? 'true' : 'false'}`;
      ctx.diagnostics.push({
        code: 'non-numeric-comparison',
        severity: 'warning',
        start,
        end: start + number.length,
        message: `The engine reads "${number}" as text, not as a number (it takes no ${misread.what}), so "${op}" compares the lengths of the two sides instead of their values${example}. ${plain === undefined ? 'Write the plain number.' : `Write ${plain}.`}`,
        fixes: plain === undefined ? undefined : [{ title: `Write ${plain}`, edits: [{ start, end: start + number.length, newText: plain }], preferred: true }],
      });
    }
  }
}

/** Calls whose answer is a number of milliseconds with "ms" after it (bot/ping.rs, executionTime.rs: "45.12345ms"). */
const MILLISECOND_TEXT = /^Z(?:ping|executionTime)(?:\{\s*\})?$/;

/** `Zif{Zping>200;...}`: the answer is no number, so the engine compares lengths ("45.12345ms" is longer than "200"). */
function reportMillisecondText(call: string, start: number, op: string, ctx: StatementContext): void {
  const plain = `ZreplaceText{${call};ms;}`;
  ctx.diagnostics.push({
    code: 'non-numeric-comparison',
    severity: 'warning',
    start,
    end: start + call.length,
    message: `${call} gives text such as "45.12345ms", not a number, so "${op}" compares the lengths of the two sides instead of their values (a 10-character answer is "greater" than 200). Compare the number alone: ${plain}.`,
    fixes: [{ title: `Write ${plain}`, edits: [{ start, end: start + call.length, newText: plain }], preferred: true }],
  });
}

/**
 * `Zif{ZgetUserVar{coins}==0;...}`: an unset saved variable reads as empty
 * text (db.rs get_user_var and the others: no row gives ""), and == and !=
 * compare text (control/helpers.rs apply_op), so for a new user `==0` is
 * false and `!=0` true. Recorded as a read of the variable, which the file
 * walk reports where nothing set or tested it before (saved-variable-unset).
 */
function recordZeroTests(arg: Argument, ctx: StatementContext): void {
  const raw = ctx.rel(arg.start, arg.end);
  if (!raw.includes('0')) return;
  const parts = splitTopLevelCondition(raw);
  if (!parts) return;
  const joiner = parts.length > 1 ? raw.slice(parts[0].end, parts[0].end + 4) : undefined;
  // A part that compares the same read with empty text takes the unset value already (`X==0 || X==`).
  const comparedWithEmpty = (text: string) =>
    parts.some((p) => {
      const t = raw.slice(p.start, p.end).replace(/\s+/g, '');
      return t === `${text}==` || t === `==${text}` || t === `${text}!=` || t === `!=${text}`;
    });
  for (const part of parts) {
    const { own, at } = ownText(raw, part);
    const first = firstSymbolOperator(own);
    if (first?.op !== '==' && first?.op !== '!=') continue;
    const op = first.op;
    const opAt = at[first.at];
    const left = trimmedSpan(raw, part.start, opAt);
    const right = trimmedSpan(raw, opAt + 2, part.end);
    const [zero, read] = raw.slice(right.start, right.end) === '0' ? [right, left] : raw.slice(left.start, left.end) === '0' ? [left, right] : [];
    if (!zero || !read) continue;
    const call = arg.nodes.find((n): n is CallNode => n.kind === NodeKind.Call && n.start === arg.start + read.start && n.end === arg.start + read.end);
    const getter = call && savedGetter(call, ctx);
    if (!call || !getter) continue;
    const text = ctx.rel(call.start, call.end);
    if (comparedWithEmpty(text.replace(/\s+/g, ''))) continue;
    // The comparison that also takes the empty value, where the condition's own joiner allows it (never both kinds).
    const wanted = op === '==' ? ' || ' : ' && ';
    const fix = joiner === undefined || joiner === wanted ? `${text}${op}${wanted}${text}${op}0` : undefined;
    const range = trimmedSpan(raw, part.start, part.end);
    recordSavedRead(call, getter.scope, getter.name, op, ctx, false, undefined, {
      op,
      start: arg.start + range.start,
      end: arg.start + range.end,
      ...(fix === undefined ? {} : { fix }),
    });
  }
}

/** The range of `text` from `start` to `end` without the white space at its ends. */
function trimmedSpan(text: string, start: number, end: number): { start: number; end: number } {
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  return { start, end };
}

function compare(op: string, a: number, b: number): boolean {
  return op === '>=' ? a >= b : op === '<=' ? a <= b : op === '>' ? a > b : a < b;
}

/** Calls that give the text of the message a user wrote. */
const USER_TEXT_CALLS: ReadonlySet<string> = new Set(['Zmessage']);

/** Calls that give back the text they are given, changed in case, spaces or words: the message's < and > go through. */
const TEXT_TRANSFORMS: ReadonlySet<string> = new Set(['Zlowercase', 'Zuppercase', 'ZtrimSpace', 'ZreplaceText', 'ZcropText', 'Zsubstring']);

/** The function that tests the same as each word operator, for the fix. */
const WORD_OPERATOR_FUNCTIONS: Readonly<Record<string, string>> = { contains: 'ZcheckContains', startsWith: 'ZstartsWith', endsWith: 'ZendsWith' };

/** The message's text, or it changed in case or spaces (`Zlowercase{Zmessage}`): what a user typed. */
export function isUserText(n: CallNode | BareCallNode, called: string, ctx: StatementContext): boolean {
  return USER_TEXT_CALLS.has(called) || (TEXT_TRANSFORMS.has(called) && ctx.rel(n.start, n.end).includes('Zmessage'));
}

/**
 * `Zmessage contains badword`: the engine puts the message in first and then
 * looks for >=, <=, !=, ==, > and < anywhere in the condition before the word
 * operators (control/helpers.rs 44-51), so a message holding a mention
 * (`<@1>`), a custom emoji or "<3" is split there instead, and the filter
 * passes or fails by chance. The functions (ZcheckContains, ZstartsWith,
 * ZendsWith) take the text as an argument, where nothing in it is read as an
 * operator. Not where the condition's own text already has a symbol operator
 * (checkOperatorOrder reports that).
 */
function checkUserTextWordOperator(arg: Argument, ctx: StatementContext): void {
  const raw = ctx.rel(arg.start, arg.end);
  if (raw.indexOf(' contains ') < 0 && raw.indexOf(' startsWith ') < 0 && raw.indexOf(' endsWith ') < 0) return;
  const parts = splitTopLevelCondition(raw);
  if (!parts) return;
  for (const p of parts) {
    let op: string | undefined;
    let at = -1;
    let symbol = false;
    forEachTopLevel(raw, p.start, p.end, (i, escape) => {
      if (escape) return 0;
      const c = raw[i];
      if (c === '<' || c === '>' || c === '=' || c === '!') symbol ||= SYMBOL_ORDER.some((o) => raw.startsWith(o, i));
      if (op === undefined && c === ' ') {
        const w = WORD_OPERATORS.find((x) => raw.startsWith(x, i));
        if (w) {
          op = w.trim();
          at = i + 1;
        }
      }
      return 0;
    });
    if (!op || symbol) continue;
    const word = op;
    let copy: string | undefined;
    const user = arg.nodes.find((n) => {
      if ((n.kind !== NodeKind.Call && n.kind !== NodeKind.BareCall) || n.start < arg.start + p.start || n.end > arg.start + p.end) return false;
      const called = calledName(n, ctx);
      // A Zvar that may hold the message (Zvar{msg;Zlowercase{Zmessage}} on an earlier line): decided with the file (userTextCopies).
      if (called === 'Zvar' && n.kind === NodeKind.Call && n.args.length === 1 && !hasCall(n.args[0])) {
        copy ??= ctx.rel(n.args[0].start, n.args[0].end).trim();
        return false;
      }
      // The message itself, or its text changed in case or spaces (Zlowercase{Zmessage}).
      return isUserText(n, called, ctx);
    });
    if (!user && copy === undefined) continue;
    const { fn, replacement, fix } = wordOperatorCall(raw, p.start, p.end, at - 1, word, arg.start);
    // Kept as a fact: reported in the events that run on every chat message (fileChecks.ts), whose text is
    // full of mentions and custom emoji; a command's own input is mostly what its usage asks for.
    reportIf(ctx, user ? 'chat-message-event' : `chat-message-copy:${copy}`, {
      code: 'non-numeric-comparison',
      severity: 'warning',
      start: arg.start + at,
      end: arg.start + at + word.length,
      message: `The engine puts the message's text into the condition first, then looks for ">=", "<=", "!=", "==", ">" and "<" anywhere in it before "${word}": when the text holds one (a mention <@...>, a custom emoji, "<3", "->"), it splits the condition there and compares other things, so this test passes or fails by chance. ${fn}{...}==true reads the text as an argument, where nothing in it counts as an operator${word === 'contains' ? ' (it ignores case)' : ''}: ${replacement}.`,
      fixes: fix ? [fix] : undefined,
    });
  }
}

/**
 * `>==` or `<==` in a condition's own text (outside nested calls): the bot
 * looks for >= and <= before ==, so `<@ZuserID>==Zmessage{1}` is read as
 * `<@ZuserID` >= `=Zmessage{1}` (a length comparison), never as equality.
 * The characters are in the condition whatever the calls return, so this is
 * certain for literal and non-literal conditions alike.
 */
function checkMisreadEquality(arg: Argument, ctx: StatementContext): void {
  const raw = ctx.rel(arg.start, arg.end);
  if (raw.indexOf('==') < 0) return;
  forEachTopLevel(raw, 0, raw.length, (i, escape) => {
    const c = raw[i];
    if (!escape && (c === '>' || c === '<') && raw.startsWith('==', i + 1)) {
      const op = `${c}=`;
      ctx.diagnostics.push({
        code: 'non-numeric-comparison',
        severity: 'warning',
        start: arg.start + i,
        end: arg.start + i + 3,
        message: `The bot looks for "${op}" before "==", so it reads "${c}==" as "${op}" followed by "=": the right side then starts with "=", so the bot compares the two texts' lengths and never tests equality. Put a space before "==", e.g. "${c} ==".`,
      });
      return 2;
    }
    return 0;
  });
}

/**
 * `ZonlyIf{You must mention someone;Zmentioned{1}!=}`: the message first and
 * the condition second. The engine reads the text as the condition, which
 * has no operator and so is false, and refuses every run with the
 * condition's text as its message (control/onlyIf.rs). The fix swaps them.
 */
function reportSwappedOnlyIf(args: readonly ReadArgument[], ctx: StatementContext): boolean {
  if (args.length !== 2) return false;
  const [first, second] = args;
  const t = first.text.trim();
  if (t === 'true' || t === '1' || operatorOf(t) || !operatorOf(ctx.rel(second.arg.start, second.arg.end))) return false;
  const a = trimmedRange(first.arg, ctx);
  const b = trimmedRange(second.arg, ctx);
  ctx.diagnostics.push({
    code: 'condition-without-operator',
    severity: 'error',
    start: first.arg.start,
    end: first.arg.end,
    message: `ZonlyIf takes the condition first and the message second: here "${t}" is read as the condition, which has no operator and so is false, and the command is refused on every run (with the condition's text as the message). Swap them: ZonlyIf{${b.text};${a.text}}.`,
    fixes: [swapFix('Swap the condition and the message', a, b)],
  });
  return true;
}

function checkLiteralCondition(cond: string, arg: Argument, ctx: StatementContext): void {
  const push = (code: DiagnosticCode, severity: Severity, message: string) => ctx.diagnostics.push({ code, severity, start: arg.start, end: arg.end, message });
  const hasAnd = cond.includes(' && ');
  const hasOr = cond.includes(' || ');
  if (hasAnd && hasOr) {
    push('mixed-condition-operators', 'error', MIXED_MESSAGE);
    return;
  }
  for (const part of cond.split(hasAnd ? ' && ' : hasOr ? ' || ' : /$^/)) {
    if (part.includes('>==') || part.includes('<==')) continue; // checkMisreadEquality says what happens
    const op = operatorOf(part);
    if (!op) {
      const t = part.trim();
      // "false" and "0" are false, as their author means them.
      if (t !== 'true' && t !== '1' && t !== 'false' && t !== '0')
        push(
          'condition-without-operator',
          'warning',
          `"${t}" has no comparison operator, so it is false (only "true" or "1" count as true). Did you mean to compare it with something, e.g. ==?`,
        );
      continue;
    }
    if (op === '>' || op === '<' || op === '>=' || op === '<=') {
      const [l, r] = part.split(op).map((s) => s.trim());
      if ((l !== '' && !isNumber(l)) || (r !== '' && !isNumber(r))) {
        push('non-numeric-comparison', 'warning', `"${op}" compares numbers; with text on either side the bot compares the texts' lengths instead.`);
      }
    }
  }
}

/**
 * Comparisons of a value with a documented range (ZboostLevel, 0 to 3)
 * against a literal number that can never be true: `ZboostLevel>=4`,
 * `ZboostLevel==5`, `ZboostLevel<0`. The condition is split like the engine
 * splits it (" && " or " || ", only outside nested calls); each part is
 * checked on its own and reported with its own range.
 */
function checkRangedComparisons(arg: Argument, ctx: StatementContext): void {
  const raw = ctx.rel(arg.start, arg.end);
  const ranged = RANGED_NAMES.some((name) => raw.includes(name));
  const option = raw.includes('Zoption{');
  if (!ranged && !option && !BOOLEAN_CALL.test(raw)) return;
  const parts = splitTopLevelCondition(raw);
  if (!parts) return;
  for (const p of parts) {
    const part = raw.slice(p.start, p.end);
    checkBooleanComparison(part, arg.start + p.start, ctx);
    if (option) checkOptionEmptyComparison(part, arg.start + p.start, ctx);
    if (option) checkBooleanOptionComparison(part, arg.start + p.start, ctx);
    if (!ranged) continue;
    const op = SYMBOL_ORDER.find((o) => part.includes(o));
    if (!op) continue;
    const at = part.indexOf(op);
    const left = part.slice(0, at).trim();
    const right = part.slice(at + op.length).trim();
    let fnName = wholeCallName(left);
    let literal = right;
    let o = op;
    if (!fnName || !RANGED_VALUES[fnName]) {
      fnName = wholeCallName(right);
      literal = left;
      o = op === '>=' ? '<=' : op === '<=' ? '>=' : op === '>' ? '<' : op === '<' ? '>' : op;
    }
    const range = fnName ? RANGED_VALUES[fnName] : undefined;
    if (!range || !isNumber(literal)) continue;
    const n = Number(literal);
    const known = comparisonOutcome(o, n, range);
    if (known === undefined) continue;
    const lead = part.length - part.trimStart().length;
    const trail = part.length - part.trimEnd().length;
    // `ZindexOf{...}==-1`: the number meant is the one the position gives when there is none.
    const literalAt = literal === right ? at + op.length + part.slice(at + op.length).indexOf(literal) : part.indexOf(literal);
    const fix =
      range.mistaken !== undefined && n === range.mistaken && (op === '==' || op === '!=') && literalAt >= 0
        ? [
            {
              title: `Compare with ${range.notFound}`,
              edits: [{ start: arg.start + p.start + literalAt, end: arg.start + p.start + literalAt + literal.length, newText: String(range.notFound) }],
              preferred: true,
            },
          ]
        : undefined;
    const diagnostic: AnalysisDiagnostic = {
      code: known === 'never' ? 'condition-never-true' : 'condition-always-true',
      severity: 'warning',
      start: arg.start + p.start + lead,
      end: arg.start + p.end - trail,
      message: `${fnName} is ${range.what}, so "${part.trim()}" is ${known} true.${fix ? ` Compare with ${range.notFound}.` : (range.advice ?? '')}`,
      fixes: fix,
    };
    if (range.when) reportIf(ctx, range.when, diagnostic);
    else ctx.diagnostics.push(diagnostic);
  }
}

/** Quote marks a side may be wrapped in: straight, and the typographic ones phones and word processors type. */
const QUOTED = /^(["'\u201c\u201d\u2018\u2019])([^"'\u201c\u201d\u2018\u2019{}\\;]*)(["'\u201c\u201d\u2018\u2019])$/;
/** Other languages' words for "no value": to the engine each is just that word. */
const NO_VALUE_WORDS = new Set(['null', 'NULL', 'undefined', 'nil', 'nullptr']);
/** Calls whose text may hold quote marks or those words on purpose: what a variable or a web answer holds is the author's. */
const ANY_TEXT = /^Z(var|get[A-Za-z]*Var|http|json|eval|tryRun|calculate|loopValue|splitText|getSplit|textSplit|forSplit)/i;
/** What a user types: the word null may be their own sentinel (`!setbio null` to clear). */
const TYPED = /^Z(message|option|inputValue)\b/;

/**
 * What authors bring from other languages into a comparison of a call's
 * value (the engine compares the two trimmed texts exactly; control/helpers.rs):
 * - a word in quotes, `Zmessage{1}=="red"`: the quotes are compared too;
 * - an empty value written `""`: never equal to an empty value;
 * - `null` (undefined, nil, None): just that word;
 * - a word alone after a comparison, `Zmessage{1}==hi || hello`: each side of
 *   || or && is a comparison of its own, and a word without an operator is
 *   false (only true and 1 are true).
 */
function checkForeignLiterals(arg: Argument, ctx: StatementContext): void {
  const raw = ctx.rel(arg.start, arg.end);
  const parts = splitTopLevelCondition(raw);
  if (!parts) return;
  let previous: { left: string; op: string } | undefined;
  for (const p of parts) {
    const part = raw.slice(p.start, p.end);
    const at = arg.start + p.start;
    const op = operatorOf(part);
    if (!op) {
      const word = part.trim();
      const wordAt = at + part.indexOf(word);
      if (previous && word !== '' && !/[{}\\;]|Z[A-Za-z]/.test(word) && !['true', '1', 'false', '0'].includes(word))
        ctx.diagnostics.push({
          code: 'condition-without-operator',
          severity: 'warning',
          start: wordAt,
          end: wordAt + word.length,
          message: `"${word}" has no comparison operator, so this part of the condition is false (only "true" or "1" count as true): each side of || and && is a comparison of its own. Write ${previous.left}${previous.op}${word}.`,
          fixes: [
            {
              title: `Write ${previous.left}${previous.op}${word}`,
              edits: [{ start: wordAt, end: wordAt, newText: previous.left + previous.op }],
              preferred: true,
            },
          ],
        });
      continue;
    }
    const cut = part.indexOf(op);
    const leftRaw = part.slice(0, cut);
    const rightRaw = part.slice(cut + op.length);
    const left = leftRaw.trim();
    const right = rightRaw.trim();
    previous = wholeCallName(left) ? { left, op } : undefined;
    if (op !== '==' && op !== '!=') continue;
    const subject = wholeCallName(left) ? left : wholeCallName(right) ? right : undefined;
    if (!subject || ANY_TEXT.test(subject)) continue;
    const word = subject === left ? right : left;
    const wordAt =
      subject === left ? at + cut + op.length + (rightRaw.length - rightRaw.trimStart().length) : at + (leftRaw.length - leftRaw.trimStart().length);
    const outcome = `"${part.trim()}" is ${op === '==' ? 'never' : 'always'} true`;
    const quoted = QUOTED.exec(word);
    if (quoted) {
      const inner = quoted[2];
      const typographic = /[\u201c\u201d\u2018\u2019]/.test(quoted[1] + quoted[3]);
      const marks = typographic ? 'The typographic quotes (as phones and word processors type them)' : 'The quotes';
      const message =
        inner === ''
          ? `${marks} are text to the engine, and an empty value is written as nothing: ${outcome}. Write ${subject} ${op.trim()} with nothing after it.`
          : `${marks} are compared too: ${subject} would have to be ${word} with its quotes, so ${outcome}. Write ${op.trim()}${inner} without quotes.`;
      // Nothing after == : a space before it keeps a mention the call may end with from reading as >= (checkOperatorOrder).
      const edits = [{ start: wordAt, end: wordAt + word.length, newText: inner }];
      if (inner === '' && subject === left && op === '==' && !/\s$/.test(leftRaw)) edits.unshift({ start: at + cut, end: at + cut, newText: ' ' });
      ctx.diagnostics.push(
        fixedComparison(part, at, op, message, [
          {
            title: inner === '' ? 'Remove the quotes' : `Write ${inner}`,
            edits,
            preferred: true,
          },
        ]),
      );
    } else if (NO_VALUE_WORDS.has(word) && !TYPED.test(subject)) {
      ctx.diagnostics.push(
        fixedComparison(
          part,
          at,
          op,
          `"${word}" is just the word ${word} here: the engine has no null, and an empty value is written as nothing, so ${outcome}. Write ${subject}${op} with nothing after ${op.trim()}.`,
          [{ title: `Remove ${word}`, edits: [{ start: wordAt, end: wordAt + word.length, newText: '' }], preferred: true }],
        ),
      );
    }
  }
}

/**
 * Whether `value op n` is never or always true for every whole number the
 * value can be (from min to max, but `excluded`), or undefined when it
 * depends on the value.
 */
function comparisonOutcome(op: string, n: number, range: { min: number; max: number; excluded?: number }): 'never' | 'always' | undefined {
  const lowest = range.min === range.excluded ? range.min + 1 : range.min;
  const highest = range.max === range.excluded ? range.max - 1 : range.max;
  const below = lowest < n;
  const above = highest > n;
  const equal = Number.isInteger(n) && n >= range.min && n <= range.max && n !== range.excluded;
  const [never, always] =
    op === '=='
      ? [!equal, equal && !below && !above]
      : op === '!='
        ? [equal && !below && !above, !equal]
        : op === '>'
          ? [!above, !below && !equal]
          : op === '>='
            ? [!above && !equal, !below]
            : op === '<'
              ? [!below, !above && !equal]
              : [!below && !equal, !above];
  return never ? 'never' : always ? 'always' : undefined;
}

/**
 * One comparison of a function that writes only "true" or "false" with
 * other literal text (`ZisAdmin==True`, `ZhasRole{...}==yes`): == is never
 * true, != always. The fix writes the word meant, where it is clear.
 */
function checkBooleanComparison(part: string, at: number, ctx: StatementContext): void {
  const op = part.includes('==') ? '==' : part.includes('!=') ? '!=' : undefined;
  if (!op) return;
  const found = wordComparedWith(part, at, op, (side) => {
    const fn = wholeCallName(side);
    return fn && BOOLEAN_RESULTS.has(fn) ? fn : undefined;
  });
  if (!found) return;
  const { subject: fnName, message, fixes } = found;
  ctx.diagnostics.push(fixedComparison(part, at, op, `${fnName} writes exactly "true" or "false", and == compares text exactly, so ${message}`, fixes));
}

/**
 * `part` compares, with `op`, a side `subjectOf` names (left first) with a
 * written word other than true and false: the subject, the end of a message
 * ("<part>" is never/always true, and the word meant) and the fix to that word.
 */
function wordComparedWith(
  part: string,
  at: number,
  op: '==' | '!=',
  subjectOf: (side: string) => string | undefined,
): { subject: string; message: string; fixes: AnalysisFix[] | undefined } | undefined {
  const cut = part.indexOf(op);
  const leftRaw = part.slice(0, cut);
  const rightRaw = part.slice(cut + 2);
  const left = leftRaw.trim();
  const right = rightRaw.trim();
  const leftSubject = subjectOf(left);
  const subject = leftSubject ?? subjectOf(right);
  if (subject === undefined) return undefined;
  const word = leftSubject !== undefined ? right : left;
  // Empty text, and a call's answer, are not known here.
  if (word === '' || word === 'true' || word === 'false' || /[{}\\;]|Z[A-Za-z]/.test(word)) return undefined;
  const wordStart = at + (leftSubject !== undefined ? cut + 2 + (rightRaw.length - rightRaw.trimStart().length) : leftRaw.length - leftRaw.trimStart().length);
  const meant = Object.hasOwn(BOOLEAN_WORDS, word.toLowerCase()) ? BOOLEAN_WORDS[word.toLowerCase()] : undefined;
  return {
    subject,
    message: `"${part.trim()}" is ${op === '==' ? 'never' : 'always'} true.${meant ? ` Compare with ${meant}.` : ''}`,
    fixes: meant ? [{ title: `Change to ${meant}`, edits: [{ start: wordStart, end: wordStart + word.length, newText: meant }], preferred: true }] : undefined,
  };
}

/** One comparison (`part`, at `at`) whose result is known: == never true, != always; the range is the comparison without its spaces. */
function fixedComparison(part: string, at: number, op: '==' | '!=', message: string, fixes: AnalysisFix[] | undefined): AnalysisDiagnostic {
  const lead = part.length - part.trimStart().length;
  const trail = part.length - part.trimEnd().length;
  return {
    code: op === '==' ? 'condition-never-true' : 'condition-always-true',
    severity: 'warning',
    start: at + lead,
    end: at + part.length - trail,
    message,
    fixes,
  };
}

/**
 * `Zoption{name}` compared with empty text (`Zoption{reason}==`): an option
 * the user leaves out is not in the command's options, and Zoption then
 * writes `option "reason" not found`; Discord sends no empty option. So ==
 * is never true and != always. The fix compares with that text.
 */
function checkOptionEmptyComparison(part: string, at: number, ctx: StatementContext): void {
  // The engine's order: != before ==; >= and <= come first but would not leave an empty side here.
  const op = part.includes('!=') ? '!=' : part.includes('==') ? '==' : undefined;
  if (!op || part.includes('>=') || part.includes('<=')) return;
  const cut = part.indexOf(op);
  const left = part.slice(0, cut).trim();
  const right = part.slice(cut + 2).trim();
  const read = left === '' ? right : right === '' ? left : undefined;
  const name = read === undefined ? undefined : /^Zoption\{([^{}\\;]*)\}$/.exec(read)?.[1]?.trim();
  if (!name || /Z[A-Za-z]/.test(name)) return;
  const missing = `option "${name}" not found`;
  // Where the empty side is: right after the operator, or at the start of the comparison.
  const insertAt = right === '' ? at + cut + 2 : at + (part.length - part.trimStart().length);
  const outcome = `"${part.trim()}" is ${op === '==' ? 'never' : 'always'} true`;
  // A required option cannot be left out: comparing with the missing option's text would be as fixed.
  reportIf(
    ctx,
    `option-required:${name}`,
    fixedComparison(part, at, op, `The option "${name}" is required: Discord always sends it, and never empty, so ${outcome}. The check can go.`, undefined),
  );
  reportIf(
    ctx,
    `option-not-required:${name}`,
    fixedComparison(
      part,
      at,
      op,
      `Zoption{${name}} is never empty: an option the user leaves out reads as the text ${missing} (and Discord sends no empty option), so ${outcome}. Compare with that text: Zoption{${name}}${op}${missing}.`,
      [{ title: `Compare with ${missing}`, edits: [{ start: insertAt, end: insertAt, newText: missing }], preferred: true }],
    ),
  );
}

/**
 * `Zoption{locked}==True` where `locked` is a boolean option: the engine
 * passes it as exactly "true" or "false" (bot.rs flatten_option_values), and
 * == compares text exactly, so any other word is never equal. Decided with
 * the file's options known (option-boolean:name); the fix writes the word
 * meant where it is clear.
 */
function checkBooleanOptionComparison(part: string, at: number, ctx: StatementContext): void {
  const op = part.includes('!=') ? '!=' : part.includes('==') ? '==' : undefined;
  if (!op || part.includes('>=') || part.includes('<=')) return;
  // Empty text is checkOptionEmptyComparison's.
  const found = wordComparedWith(part, at, op, (side) => {
    const name = /^Zoption\{([^{}\\;]*)\}$/.exec(side)?.[1].trim();
    return name && !/Z[A-Za-z]/.test(name) ? name : undefined;
  });
  if (!found) return;
  const { subject: name, message, fixes } = found;
  reportIf(
    ctx,
    `option-boolean:${name}`,
    fixedComparison(
      part,
      at,
      op,
      `The option "${name}" is a boolean: the engine passes it as exactly "true" or "false", and == compares text exactly, so ${message}`,
      fixes,
    ),
  );
}

/**
 * The comparisons of a condition, split at " && " or " || " outside braces
 * (offsets into `raw`); undefined when both appear (a run-time error reported
 * elsewhere for literal conditions).
 */
function splitTopLevelCondition(raw: string): { start: number; end: number }[] | undefined {
  const cuts: { at: number; op: string }[] = [];
  forEachTopLevel(raw, 0, raw.length, (i, escape) => {
    if (escape || !(raw.startsWith(' && ', i) || raw.startsWith(' || ', i))) return 0;
    cuts.push({ at: i, op: raw.slice(i, i + 4) });
    return 3;
  });
  if (new Set(cuts.map((c) => c.op)).size > 1) return undefined;
  const parts: { start: number; end: number }[] = [];
  let from = 0;
  for (const c of cuts) {
    parts.push({ start: from, end: c.at });
    from = c.at + 4;
  }
  parts.push({ start: from, end: raw.length });
  return parts;
}

/**
 * A condition part's own text (outside nested calls and braces; an escape
 * reads as "_", so it matches no operator), and where each of its characters
 * is in `raw`.
 */
function ownText(raw: string, part: { start: number; end: number }): { own: string; at: number[] } {
  let own = '';
  const at: number[] = [];
  forEachTopLevel(raw, part.start, part.end, (i, escape) => {
    own += escape ? '_' : raw[i];
    at.push(i);
  });
  return { own, at };
}

/**
 * Visits the characters of `raw[from, to)` that lie outside nested calls and
 * braces: the condition's own text, which the bot searches for operators.
 * An escape (`\x`, two characters) is visited once at its backslash with
 * `escape` true; braces inside escapes do not count. `visit` may return how
 * many further characters to skip (an operator it has consumed).
 */
export function forEachTopLevel(raw: string, from: number, to: number, visit: (index: number, escape: boolean) => number | void): void {
  let depth = 0;
  for (let i = from; i < to; i++) {
    const c = raw[i];
    if (c === '\\') {
      if (depth === 0) visit(i, true);
      i++;
    } else if (c === '{') depth++;
    else if (c === '}') depth = Math.max(0, depth - 1);
    else if (depth === 0) i += visit(i, false) || 0;
  }
}
