/**
 * A call `Zname{...}`: the function exists (else a "did you mean"), its
 * arguments bind to its parameters (missing, extra, empty required ones),
 * then each literal argument, the condition and the limits are checked, and
 * the call's facts are recorded for the file-level checks.
 */
import { type EngineFunction, engineFacts } from '../../catalog/engine';
import type { FunctionRecord } from '../../catalog/types';
import { type Argument, type BareCallNode, type CallNode, type ContentNode, NodeKind } from '../../syntax/tree';
import { bindArguments } from '../binding';
import type { AnalysisDiagnostic, AnalysisFix } from '../diagnostic';
import { type NameLookupAt, rareFacts, type ReportWhen } from '../facts';
import { HTTP_REQUESTS, isLinkButton, PRINTED_RESULTS, recordCallFacts, webhookTextIndex } from './callFacts';
import { checkConditionArgument, normalAmount, recordAbsenceTests } from './conditions';
import {
  argumentText,
  hasCall,
  ownText,
  type ReadArgument,
  reportIf,
  type StatementContext,
  swapFix,
  trimmedRange,
  wholeCall,
  wholeCallOrBare,
  withoutCommentLines,
  calledName,
} from './context';
import { isHttpUrl, parseDuration } from '../../language/literals';
import { PERMISSION_EDITING_FUNCTIONS, plainSign } from '../../language/permissions';
import { calculationError, firstForeignCharacter } from '../../language/calculation';
import { checkLimits, checkLiteral, checkMentionAroundId, checkMessageWordAsId, checkTimeFormatCall, checkWordsAroundId, engineType } from './literals';
import { checkLoopValue } from './loops';
import { checkGuardList } from './guards';
import { checkTextArithmetic } from './textArithmetic';
import { checkEmptyValue, silentWholeCall } from './emptyValue';
import { checkMissingImage } from './missingImage';
import { checkMentionFallback } from './mentionFallback';
import { setterScope } from '../../language/variableFunctions';
import { CONDITION_FUNCTIONS } from '../../language/conditions';
import { joinedNameSplit } from '../../language/joinedNames';
import { inValueSet, valueSetFor } from '../../language/valueSets';
import type { CallProfile } from './callProfile';
import { recordIfGuard } from './ifGuard';
import { separatorHint } from './separatorHints';
import { checkEngineLiterals } from './engineLiterals';
import { checkPollHours } from './polls';
import { checkMarkupTimestampUnit, checkTimestampUnit } from './timestampUnits';
import { checkAppendedSpace, checkSetterValues } from './setterValues';
import { checkDoubledBraces } from './foreignSyntax';

/** `name`: the call's name, `profile` what it is (CallProfiles); `inCall`: inside another call's argument; `inLoop`: inside the code of a loop function. */
export function checkCall(node: CallNode, name: string, profile: CallProfile, ctx: StatementContext, inCall: boolean, inLoop: boolean): void {
  // Where a halt is caught: in ZtryRun's code, a failure the function returns (FnOutput::Error or UserError) runs
  // the fallback instead (runtime.rs evaluate_try_run); the engine's own refusals (argument counts, an unknown
  // name) and Zif's condition are Err results, which pass through it. What Discord refuses after the run
  // (a title too long for it) is no failure of the function, and nothing catches it.
  const caught = ctx.caught > 0 && name !== 'Zif';
  if (ctx.background === 0 && !caught) {
    checkOneCall(node, name, profile, ctx, inCall, inLoop);
    return;
  }
  const before = ctx.diagnostics.length;
  checkOneCall(node, name, profile, ctx, inCall, inLoop);
  // Zdelay's and Zasync's code runs in a task of its own whose error nobody sees (runtime.rs discards it): the
  // command itself has answered already, so it is not halted (a warning: what the code was to do never happens).
  // Said so where a message would send the author looking for an error.
  const background = ctx.background > 0;
  const code = ctx.delayed > 0 ? 'the delayed code' : "Zasync's code";
  const after = !background
    ? ' Inside ZtryRun that failure is caught: the fallback runs instead (and with no fallback, the code gives nothing).'
    : ctx.delayed > 0
      ? ' The command itself has answered already: nobody sees that error, and what the delayed code was to do never happens.'
      : ' Nobody sees that error: Zasync gives an empty result.';
  for (let i = before; i < ctx.diagnostics.length; i++) {
    const d = ctx.diagnostics[i];
    // A crash takes the whole bot down, wherever it happens.
    if (/crash/i.test(d.message) || (!background && (isEngineRefusal(d) || /Discord (?:refuses|rejects)/.test(d.message)))) continue;
    const halts = HALTS.test(d.message);
    if (!halts && d.severity !== 'error') continue;
    const message = !halts
      ? `${d.message} ${name} fails on it${background ? `, which stops ${code}` : ''}.`
      : d.message.replace(HALTS, (words) =>
          background ? (words === 'halts the command' ? `stops ${code}` : `${code} stops`) : words === 'halts the command' ? 'fails' : 'it fails',
        );
    ctx.diagnostics[i] = { ...d, severity: d.severity === 'error' ? 'warning' : d.severity, message: message + after };
  }
}

/**
 * Refusals of the engine itself, before or instead of running the function (runtime.rs returns Err): ZtryRun
 * does not catch them. A missing-argument that is the function's own check (ZsendMessage{text}: the channel
 * is no ID) is a failure it returns.
 */
function isEngineRefusal(d: AnalysisDiagnostic): boolean {
  if (d.code === 'missing-argument') return d.message.includes('Too few arguments') || d.message.startsWith('The engine needs at least');
  return d.code === 'too-many-arguments' || d.code === 'unknown-function';
}

/** How a message says that the command halts (the first time it does). */
const HALTS = /halts the command|the command halts/;

function checkOneCall(node: CallNode, name: string, profile: CallProfile, ctx: StatementContext, inCall: boolean, inLoop: boolean): void {
  if (name === 'Z') return; // missing-name is a syntax error already
  recordCallFacts(node, name, profile.facts, ctx, inCall, inLoop);
  if (name === 'ZsendWebhook') reportWebhookText(node, ctx);
  if (profile.loopValue) checkLoopValue(name, node.start, node.nameEnd, inLoop, ctx);
  const { fn, engine } = profile;
  if (name === 'Zalias') recordAlias(node, ctx);
  if (!fn && !engine) {
    // The engine halts with "Unknown function", unless a Zalias defined the name before (the walk in fileChecks.ts drops it then).
    if (ctx.suggester.names.length === 0) return; // no catalog loaded: nothing to compare with
    ctx.unknownNames.push({ name, start: node.start });
    const joined = joinedCalls(name, ctx);
    if (joined) {
      const at = node.start + joined.first.length;
      ctx.diagnostics.push({
        code: 'unknown-function',
        severity: 'error',
        start: node.start,
        end: node.nameEnd,
        message: `There is no function named ${name}: the engine reads a name up to the first character that is not a letter or digit, so ${joined.first} and ${joined.second} written together are one unknown name, and it halts the command with "Unknown function". Close the first call with {}: ${joined.first}{}${joined.second}.`,
        fixes: [{ title: `Write ${joined.first}{}${joined.second}`, edits: [{ start: at, end: at, newText: '{}' }], preferred: true }],
      });
      return;
    }
    const suggestion = ctx.suggester.suggest(name);
    ctx.diagnostics.push({
      code: 'unknown-function',
      severity: 'error',
      start: node.start,
      end: node.nameEnd,
      message: `There is no function named ${name}: the engine halts the command with "Unknown function".${suggestion ? ` Did you mean ${suggestion}?` : ''}`,
      fixes: suggestion
        ? [{ title: `Change to ${suggestion}`, edits: [{ start: node.start, end: node.nameEnd, newText: suggestion }], preferred: true }]
        : undefined,
    });
    return;
  }
  // Filled like the node's own argument list (one array shape for every call: optimised code
  // that reads it is not thrown away when a call with a different kind of list comes along).
  const nodeArgs = node.args;
  const args: ReadArgument[] = new Array(nodeArgs.length);
  for (let i = 0; i < nodeArgs.length; i++) {
    const a = nodeArgs[i];
    const raw = ctx.rel(a.start, a.end);
    const literal = !hasCall(a);
    const text = literal ? argumentText(raw) : raw.trim();
    // A literal with `//` lines (which the engine drops) is left unchecked: a fix's range could not skip them.
    args[i] = { arg: a, text, literal: literal && text === raw.trim() };
  }
  const before = ctx.diagnostics.length;
  if (engine && !engine.lazy && node.close >= 0) reportHaltInArguments(node, name, ctx);
  // The engine checks the count before it runs the function (runtime.rs): past a wrong count, nothing else about the call happens.
  if (engine && node.close >= 0 && checkEngineArity(node, name, engine, fn, args, ctx)) return;
  checkEngineLiterals(name, args, ctx);
  if (name === 'ZfromTimestamp' || name === 'ZrelativeTime' || name === 'ZtimeFormat') checkTimestampUnit(name, args[0], ctx);
  if (!fn) {
    // An engine function the catalog does not document: no parameter types to check, but for what the engine's source shows.
    if (name === 'ZtimeFormat') checkTimeFormatCall(args, ctx);
    if (name === 'Zdice') checkDiceFormula(args[0], ctx);
    if (name === 'ZweightedRandom') checkWeights(args[0], args[1], ctx);
    if (name === 'Zclamp') checkClampBounds(args, ctx);
    if (name === 'ZpollCreate') checkPollHours(args[1], ctx);
    // Their separator is the second argument (math/listMath.rs, textsplit/listShuffle.rs, listReverse.rs).
    if (Object.hasOwn(LIST_SEPARATOR_OUTCOME, name) && args[1]?.literal) checkTrimmedSeparator(name, 'separator', undefined, args[1].arg, args[1].text, ctx);
    if (name === 'Zcensor' && args.length === 3) reportCensorWordAsPad(args, ctx);
    // string/repeatText.rs repeats its trimmed text: `ZrepeatText{_ ;5}` writes "_____".
    if (name === 'ZrepeatText' && args[0]?.literal) reportRepeatedSpaces(args[0], ctx);
    // message/messageSnapshot.rs fetches the message and then always answers with an error: unfinished.
    if (name === 'ZmessageSnapshot' && node.close >= 0)
      reportAlwaysHalts(
        node.start,
        node.nameEnd,
        (outcome) =>
          `ZmessageSnapshot is unfinished in the engine: for a message it finds it answers "message does not contain a snapshot", and for one it does not, "not found", so it ${outcome}. Read a message with ZgetMessage{channelID;messageID} instead.`,
        ctx,
      );
    // voice/voiceSuppress.rs reads the stage channel from a third argument, which the registry's maximum of 2 refuses.
    if (name === 'ZvoiceSuppress' && node.close >= 0 && args.length === 2)
      reportAlwaysHalts(
        node.start,
        node.nameEnd,
        (outcome) =>
          `ZvoiceSuppress cannot work in this version of the engine: it reads the stage channel from a third argument, which the engine refuses (at most 2), so with two it ${outcome} ("channelID" is missing). Suppress or unsuppress a speaker from Discord itself for now.`,
        ctx,
      );
    checkTextArithmetic(node, name, profile.facts?.numericArguments, ctx);
    return;
  }
  const binding = bindArguments(fn, args);
  for (let i = 0; i < binding.args.length; i++) {
    const param = binding.args[i].param;
    if (!param) continue;
    const { arg, text, literal } = args[i];
    if (literal && SPACE_MATTERS.has(param.name)) checkTrimmedSeparator(name, param.name, param.default, arg, text, ctx);
    if (literal && text === '' && param.name === 'returnID' && EMPTY_RETURN_ID_HALTS.has(name)) reportEmptyReturnId(name, arg, ctx);
    if (!literal && param.type === 'url') recordOptionAddress(arg, ctx);
    const type = engineType(name, param.name, param.type);
    if (!literal && TYPED_PARAMETERS.has(type)) recordTypedOptionRead(name, param.name, type, arg, ctx);
    if (!literal && param.type === 'snowflake') {
      checkMessageWordAsId(name, param.name, text, arg, ctx);
      checkMentionAroundId(name, param.name, text, arg, ctx);
      checkWordsAroundId(name, param.name, arg, i === args.length - 1 && args.length > 1, ctx);
      // A required one is reported by checkEngineArity (the command halts).
      if (!engine?.required.some((r) => r.pos === i + 1)) checkEmptyValue(arg, `${name}'s ${param.name}`, ctx);
    }
    // The permissions: every argument after the channel and target (ZeditChannelPerms) or the role (ZmodifyRolePerms).
    // Only in a closed call: while it is typed, its last argument is not yet what the engine will read.
    const closed = node.close >= 0;
    if (closed && literal && PERMISSION_EDITING_FUNCTIONS.has(name) && i >= (name === 'ZeditChannelPerms' ? 2 : 1) && checkPermissionSign(name, text, arg, ctx))
      continue;
    if (closed && literal && name === 'ZroleGrant' && i >= 1 && Buffer.byteLength(text) < 2) {
      reportShortRole(text, arg, ctx);
      continue;
    }
    if (!literal && name === 'ZroleGrant' && i >= 1) checkUnsignedRoleCall(arg, ctx);
    if (!literal && type === 'duration') checkBranchDurations(fn, param.name, arg, ctx);
    if (text === '' || !literal) continue;
    if (name === 'ZaddButton' && i === 0 && reportLeftOutNewRow(args, ctx)) continue;
    if (name === 'Zoption' && i === 0)
      (ctx.summary.optionReads ??= []).push(
        ctx.tested > 0 ? { name: text, start: arg.start, end: arg.end, inCondition: true } : { name: text, start: arg.start, end: arg.end },
      );
    checkLiteral(fn, param.name, param.type, text, arg, ctx);
  }
  checkConditionArgument(name, args, ctx);
  checkTextArithmetic(node, name, profile.facts?.numericArguments, ctx);
  const scope = setterScope(name);
  if (scope !== undefined && scope !== 'temporary' && nodeArgs.length >= 2) checkSavedCommandMessageId(nodeArgs[1], ctx);
  if (scope !== undefined) {
    checkSetterValues(name, scope, args, ctx);
    checkAppendedSpace(name, scope, args, ctx);
  }
  checkDoubledBraces(name, args, ctx);
  if (scope !== undefined && scope !== 'temporary' && nodeArgs.length >= 2) checkFormattedNumberSaved(name, nodeArgs[1], ctx);
  if (scope !== undefined && nodeArgs.length >= 2) checkTimestampAsTime(nodeArgs[1], ctx);
  if (scope !== undefined && nodeArgs.length >= 2 && !hasCall(nodeArgs[0])) {
    const variable = ctx.rel(nodeArgs[0].start, nodeArgs[0].end).trim();
    checkEmptyValue(nodeArgs[1], `the variable "${variable}"`, ctx, true, scope === 'temporary' ? variable : undefined);
  }
  checkLimits(name, args, ctx);
  if (name === 'Zrandom') checkRandomUpToCount(args, ctx);
  if (name === 'Zrepeat') checkRepeatCount(args, ctx);
  if (name === 'ZjsonSet' || name === 'ZjsonArrayAppend') checkJsonValueAsText(node, name, args, ctx);
  // ZargsCheck{min;...} makes sure of the message's words (argsCheck.rs splits at whitespace): of ZargCount and
  // ZwordCount, not of a list split at another separator (`!choose pizza` passes ZargsCheck{1}, and ZtextSplit{...;|} has one item).
  if (name === 'ZargsCheck' && args[0]?.literal && /^\d+$/.test(args[0].text)) {
    const rare = rareFacts(ctx.summary);
    rare.wordsAtLeast = Math.max(rare.wordsAtLeast ?? 0, Number(args[0].text));
  }
  if (name === 'ZjsonParse' && args[0] && !args[0].literal) rareFacts(ctx.summary).outsideJson = true;
  if (name === 'ZeditChannelPerms') recordChannelPerms(node, ctx);
  if (name === 'ZgetAttachments' || (name === 'ZgetMessage' && nodeArgs.length >= 2 && OWN_MESSAGE_ID.test(ctx.rel(nodeArgs[1].start, nodeArgs[1].end).trim())))
    (rareFacts(ctx.summary).ownMessageFetches ??= []).push(
      ctx.caught ? { name, start: node.start, end: node.nameEnd, caught: true } : { name, start: node.start, end: node.nameEnd },
    );
  if (name === 'ZtextSplit') recordSplit(node, args, ctx);
  if (name === 'ZsplitText' && args.length === 1) checkSplitIndex(args[0], ctx);
  if (Object.hasOwn(RESETS_FOR_ALL, name)) reportResetForAll(node, name, ctx);
  // Removing an item may leave none (removeSplitTextElement.rs).
  if (name === 'ZremoveSplitTextElement') markSplit('maybeNone', ctx);
  if (name === 'ZcheckContains') {
    checkEmptyWords(node, args, ctx);
    checkSavedWordList(args, ctx);
  }
  if (name === 'ZrandomText') {
    checkEmptyChoices(node, args, ctx);
    checkSingleChoice(node, args, ctx);
  }
  if (name === 'ZstartThread') checkPrivateThread(node, ctx);
  if (name === 'Zif' && !inCall && !inLoop && ctx.guarded === 0 && ctx.background === 0) recordIfGuard(node, args, ctx);
  checkMissingImage(node, name, ctx);
  checkMentionFallback(node, name, ctx);
  if (name === 'ZchannelID' || name === 'ZroleID') checkMentionSignInName(name, args, ctx);
  if (name === 'ZargsCheck') checkArgsCheckWithoutMessage(args, ctx);
  if (name === 'ZnewModal' && args[0]?.literal && args[0].text !== '') reportModalAnsweredHere(args[0], ctx);
  if (name === 'Zrandom' || name === 'Zrepeat') checkDivisionAsWholeNumber(name, node, ctx);
  checkGuardList(name, args, ctx);
  if (name === 'ZjsonGet' || name === 'ZhttpResult') checkLoopIndexKey(name, args, ctx);
  if (name === 'ZhttpResult' && args[0]?.literal && args[0].text !== '' && !/^\d+$/.test(args[0].text) && !ctx.caught) checkListApiKey(args[0], ctx);
  // ZjsonSet{ZloopIndex;...} keys an object "1", "2"...: read back by the same index, as written.
  if (name === 'ZjsonSet' && args[0] && ctx.rel(args[0].arg.start, args[0].arg.end).trim() === 'ZloopIndex') rareFacts(ctx.summary).loopIndexObject = true;
  if (name === 'ZfromTimestamp') {
    if (args[1]?.literal && args[1].text === 'relative' && node.close >= 0) checkFutureAgo(node, args[0], ctx);
  }
  if (name === 'ZgetTimestamp' && node.start >= 3 && ctx.rel(node.start - 3, node.start) === '<t:') checkMarkupTimestampUnit(node, ctx);
  if ((name === 'Zban' || name === 'Zkick') && args.length >= 2 && node.close >= 0) reportIdAsReason(node, name, args, ctx);
  if (isLinkButton(node, name, ctx)) checkLinkButtonUrl(args[1], ctx);
  if (name === 'ZeditButton' && args[2]?.literal && args[2].text.toLowerCase() === 'link') checkLinkButtonUrl(args[0], ctx, true);
  // A moderation call at a line's top level that can run: its result text goes into the reply (fileChecks.ts reports it where there is one).
  // So does one right in a Zif branch (Zif{...;Ztimeout{...}Timed out.}): the branch's text is the Zif's answer (runtime.rs
  // evaluate_if); not after text of the branch ("Result: Zban{...}" means it).
  if ((!inCall || inBranchOwnContent(node, ctx)) && node.close >= 0 && Object.hasOwn(PRINTED_RESULTS, name) && !hasErrorSince(ctx, before))
    (ctx.summary.printedResults ??= []).push(
      ctx.rel(node.start, node.close).includes('\\')
        ? { name, start: node.start, nameEnd: node.nameEnd, close: node.close, escaped: true }
        : { name, start: node.start, nameEnd: node.nameEnd, close: node.close },
    );
  if (name === 'Zdelay' && node.args.length >= 2) checkDelayedOutput(node.args[1], ctx);
  // Not in a Zif's branch (a pass that meets its condition, maybe one only) nor in ZtryRun, nor in another Zdelay's
  // code (which waits first: spaced out when that one's duration is).
  if (name === 'Zdelay' && inLoop && ctx.guarded === 0 && ctx.delayed === 0 && args[0]?.literal && /^\d/.test(args[0].text) && node.close >= 0)
    reportDelaysTogether(args[0], ctx);
  // ZreplaceText{Zoption{d};option "d" not found;1h}: a default for a left-out option (optional-option-missing).
  if (name === 'ZreplaceText' && ctx.rel(node.start, node.end).includes('not found')) recordAbsenceTests(ctx.rel(node.start, node.end), ctx);
  if (IN_MEMORY_WAITS.has(name) && node.args.length >= 2 && args[0].literal) checkLongDelay(name, args[0].arg, ctx);
  if (name === 'ZeditSelectMenu' && !hasErrorSince(ctx, before))
    // It sends the menu with no options at all, which Discord refuses.
    ctx.diagnostics.push({
      code: 'always-halts',
      severity: 'error',
      start: node.start,
      end: node.nameEnd,
      message:
        'ZeditSelectMenu sends the menu without any of its options, which Discord refuses: the engine halts the command every time. Send a new menu with ZnewSelectMenu and ZaddSelectMenuOption instead.',
    });
  if (name === 'ZslashID' && node.close === node.open + 1) reportSlashIdWithoutName(node.start, node.nameEnd, ctx);
  if (name === 'Zcalculate' && args.length >= 1 && args[0].text !== '') checkCalculation(args[0], ctx);
  if (name === 'ZmessageLink' && args.length === 2 && args[1].text !== '') reportSwappedLinkArguments(args, ctx);
  if (name === 'ZchangeNickname' && args.length === 2 && args[1].text !== '') reportSwappedNicknameArguments(args, ctx);
  if ((name === 'ZchannelExists' || name === 'ZroleExists') && args.length >= 1) checkLookupAsExistence(name, args[0].arg, ctx);
  if (CONDITION_FUNCTIONS.has(name) && args.length >= 1 && !args[0].literal) checkLookupComparedWithEmpty(args[0].arg, ctx);
  if (name === 'Ztimestamp' && args.length === 1 && !args[0].literal) reportTimeAsEmbedIndex(node, args[0], ctx);
  if (name === 'ZtryRun' && nodeArgs.length >= 2) reportUncaughtRefusals(nodeArgs[0].nodes, 0, ctx);
  if (profile.startsLoop && node.close >= 0 && nodeArgs.length > 0) checkLoopSeparator(node, name, ctx);
  if (name === 'ZforJson' && node.close >= 0 && nodeArgs.length >= 2) checkJsonGetInLoop(node, ctx);
  if ((name === 'ZjsonSet' && args.length >= 3) || (name === 'ZjsonUnset' && args.length >= 2)) checkJsonPathThroughList(name, args, ctx);
  if (Object.hasOwn(LIST_PATH_ARGUMENTS, name)) recordJsonList(name, args, ctx);
  if (name === 'ZjsonParse' && args[0]?.literal)
    for (const m of args[0].text.matchAll(/"([^"\\]+)"\s*:\s*\[/g)) (rareFacts(ctx.summary).jsonLists ??= []).push(m[1]);
  if (profile.facts?.staffGuard || (!inCall && isStaffGuard(name, args, ctx))) rareFacts(ctx.summary).staffOnly = true;
  if (profile.facts?.ownerGuard || (name === 'ZonlyIf' && args[0] && OWNER_TEST.test(args[0].text))) rareFacts(ctx.summary).ownerOnly = true;
  if (scope !== undefined && scope !== 'temporary' && nodeArgs.length >= 2) checkUnboundedAmount(nodeArgs[1], ctx);
}

/**
 * `ZsetUserVar{coins;Zsub{ZgetUserVar{coins};Zmessage{2}}}` in a !pay
 * command (a saved balance set to itself, or a copy of it, less an amount the
 * user typed): ZisInteger and ZisNumber are true for -500
 * (control/isInteger.rs), a slash integer option has no minimum (bot.rs
 * registers none), and Zsub of a negative amount adds it: the payer gains,
 * the other side loses. Reported where no condition compares the amount with
 * a number and no staff guard shows an admin command.
 */
function checkUnboundedAmount(value: Argument, ctx: StatementContext): void {
  const sub = wholeCall(value, ctx);
  if (sub?.args.length !== 2 || calledName(sub, ctx) !== 'Zsub') return;
  const call = wholeCall(sub.args[1], ctx);
  if (!call || !hasCall(sub.args[0])) return;
  const name = calledName(call, ctx);
  const written = ctx.rel(call.start, call.end);
  // A Zvar read counts where the file copies a typed amount into it (RareFacts.amountCopies, decided per file).
  const typed = (name === 'Zmessage' && /^Zmessage\{\s*\d+\s*\}$/.test(written)) || name === 'Zoption';
  if (!typed && !(name === 'Zvar' && call.args.length === 1 && !hasCall(call.args[0]))) return;
  reportIf(ctx, `amount-unbounded:${normalAmount(written)}`, {
    code: 'negative-amount',
    severity: 'warning',
    start: call.start,
    end: call.end,
    message: `Nothing stops ${written} from being negative: -500 passes ZisInteger and ZisNumber${name === 'Zoption' ? ', and a slash option has no minimum' : ''}, and Zsub of -500 adds 500, so the balance grows (and whoever was to receive loses). Refuse amounts below 1 first: ZonlyIf{${written}>0;The amount must be positive.}`,
  });
}

/** What ends a pass meant to stand beside the next one: a list separator (trimmed, as the engine trims the code). */
const TRAILING_SEPARATOR = /(,|\||·|•|\\;)$/;

/**
 * `Members: ZforSplit{<@ZloopValue>, }`: the engine joins the passes of a
 * loop with line breaks (runtime.rs, evaluate_repeat, evaluate_for_split,
 * evaluate_for_json), so a separator at the end of the code ends every line,
 * the last one included, instead of standing between the items. Where the
 * code is only ZloopValue and the separator, the items' own join function
 * writes them on one line.
 */
function checkLoopSeparator(node: CallNode, name: string, ctx: StatementContext): void {
  if (name !== 'ZforSplit' && node.args.length < 2) return;
  // ZforSplit's code is its first argument (runtime.rs evaluate_for_split); Zrepeat's and ZforJson's their last.
  const body = name === 'ZforSplit' ? node.args[0] : node.args[node.args.length - 1];
  const raw = ctx.rel(body.start, body.end);
  const code = raw.trim();
  if (name === 'Zrepeat' && node.args.length === 2 && isBarUnit(code)) return reportVerticalBar(node, code, ctx);
  const m = TRAILING_SEPARATOR.exec(code);
  // A row that starts with its separator too (`| ZloopValue |`) is meant one to a line.
  if (!m || code.startsWith(m[1])) return;
  const written = m[1];
  const end = body.start + (raw.length - raw.trimStart().length) + code.length;
  // Only ZloopValue before it: the items' own join writes them on one line (Zrepeat has no items to join).
  const valueOnly = name !== 'Zrepeat' && code.slice(0, -written.length).trim() === 'ZloopValue';
  const keys = name === 'ZforJson' ? node.args.slice(0, -1).map((a) => ctx.rel(a.start, a.end)) : [];
  // The engine trims the separator argument: its spaces are written as ZfromCharCode{32} (separator-space-lost).
  const space = SPACE_CALL;
  const separator = written === ',' || written === '\\;' ? `${written}${space}` : `${space}${written}${space}`;
  const joined = name === 'ZforJson' ? `ZjsonJoinArray{${keys.join(';')};${separator}}` : `ZjoinSplitText{${separator}}`;
  ctx.diagnostics.push({
    code: 'loop-passes-on-lines',
    severity: 'warning',
    start: end - written.length,
    end,
    message: `${name} writes each pass on a line of its own, so this "${written === '\\;' ? ';' : written}" ends every line, the last one too, instead of standing between the items.${valueOnly ? ` To list them on one line, join them: ${joined}.` : ' To list them on one line, collect them in a variable instead (Zvar{list;Zvar{list}...} in the loop, then print Zvar{list}); or drop the separator to keep one item per line.'}`,
    fixes: valueOnly
      ? [{ title: `Join them on one line: ${joined}`, edits: [{ start: node.start, end: node.close + 1, newText: joined }], preferred: true }]
      : undefined,
  });
}

/**
 * What a bar or a rating is drawn with: one or two symbols (⭐, 🟩, █, =, an
 * emoji with its variation selector), or one Discord emoji (`:star:`,
 * `<:name:id>`). No letter, digit or space: a word or a sentence repeated
 * may well be meant one to a line.
 */
function isBarUnit(code: string): boolean {
  if (/^(?::[a-z0-9_+-]+:|<a?:\w+:\d+>)$/.test(code)) return !/^:(?:arrow_(?:down|up|double_down|double_up)\w*|blank|space)\w*:$/.test(code);
  const points = Array.from(code.replace(/[\ufe0f\u200d]/g, ''));
  // Not what is stacked on purpose: blanks and invisible marks (a spacer line), vertical lines and arrows (a column).
  return points.length >= 1 && points.length <= 2 && !points.some((p) => /[\p{L}\p{N}\s{};\\\p{Cf}\u2800|│┃║¦⬇⬆↓↑⇩⇧]/u.test(p));
}

/**
 * Zrepeat{5;⭐}: the engine joins the passes with line breaks (runtime.rs
 * evaluate_repeat), so a star rating or a progress bar comes out as a column.
 * ZrepeatText{⭐;5} (string/repeatText.rs) repeats the text on one line.
 */
function reportVerticalBar(node: CallNode, unit: string, ctx: StatementContext): void {
  const count = ctx.rel(node.args[0].start, node.args[0].end).trim();
  if (count === '') return;
  const inRow = `ZrepeatText{${unit};${count}}`;
  // ZrepeatText repeats as often as it is told, where Zrepeat stops at 1,000 passes: a count the user types
  // (!stars 99999999) would build a huge text. The fix is offered for counts the command computes itself.
  const typed = /Z(?:message|option|mentioned|args|input|modal|httpResult|jsonGet)/i.test(count);
  ctx.diagnostics.push({
    code: 'loop-passes-on-lines',
    severity: 'warning',
    start: node.start,
    end: node.nameEnd,
    message: `Zrepeat writes each pass on a line of its own, so these "${unit}" stand one under another, not in a row. To repeat them on one line, write ${inRow}${typed ? ', keeping the count within bounds first: ZrepeatText has no limit, where Zrepeat stops at 1,000 passes' : ''}.`,
    fixes: typed
      ? undefined
      : [{ title: `Repeat on one line: ${inRow}`, edits: [{ start: node.start, end: node.close + 1, newText: inRow }], preferred: true }],
  });
}

/**
 * ZtryRun{Zkick{...}Kicked.;I could not kick them.}: a moderation call that
 * Discord refuses does not fail, it gives "failed: <id>" (moderation/ban.rs,
 * kick.rs, timeout.rs), and ZtryRun runs its fallback on a failure only
 * (runtime.rs evaluate_try_run): the success text is shown anyway.
 */
function reportUncaughtRefusals(nodes: readonly ContentNode[], depth: number, ctx: StatementContext): void {
  if (depth > 50) return;
  for (const n of nodes) {
    if (n.kind === NodeKind.Group) reportUncaughtRefusals(n.nodes, depth + 1, ctx);
    if (n.kind !== NodeKind.Call) continue;
    const name = calledName(n, ctx);
    if (Object.hasOwn(PRINTED_RESULTS, name)) {
      const did = PRINTED_RESULTS[name];
      reportIf(ctx, 'refusal-untested', {
        code: 'refusal-not-caught',
        severity: 'warning',
        start: n.start,
        end: n.nameEnd,
        message: `${name} does not fail when Discord refuses (the member is above the bot, or owns the server): it gives "failed: " and the ID, so ZtryRun's fallback does not run for that and what follows is shown anyway. Only a missing or malformed ID${name === 'Ztimeout' ? ', or a duration it cannot read or over 28 days,' : ''} reaches the fallback. Test the result as well: Zvar{result;${name}{...}}Zif{Zvar{result} startsWith ${did};...;...}.`,
      });
    }
    // Another ZtryRun inside answers for its own code; the arguments of any other call run with this one's.
    if (name !== 'ZtryRun') for (const a of n.args) reportUncaughtRefusals(a.nodes, depth + 1, ctx);
  }
}

/**
 * `ZloopValueZvar{out}`: two calls run together, the first one needing no
 * argument (so written without braces) and the second a function as well.
 * The engine's name runs over both (parser.rs reads letters and digits), so
 * the call is unknown; a "did you mean ZloopValue" would give
 * ZloopValue{out}, which halts with "Too many arguments".
 */
function joinedCalls(name: string, ctx: StatementContext): { first: string; second: string } | undefined {
  const at = joinedNameSplit(name, (first, second) => {
    const head = ctx.profiles.get(first);
    const tail = ctx.profiles.get(second);
    return head.engine?.min === 0 && head.engine.registered === true && (tail.fn !== undefined || tail.engine !== undefined);
  });
  return at < 0 ? undefined : { first: name.slice(0, at), second: name.slice(at) };
}

/**
 * `ZcheckContains{Zmessage;ZgetServerVar{badwords}}`: every text contains the
 * empty word (string/checkContains.rs), so while nothing has saved the list
 * the check is true for every message, and a word filter deletes them all;
 * and a saved list is one word to it, never split at its commas. Reported
 * where the file neither tests the variable nor sets it.
 */
function checkSavedWordList(args: readonly ReadArgument[], ctx: StatementContext): void {
  for (let i = 1; i < args.length; i++) {
    const call = wholeCall(args[i].arg, ctx);
    const saved = call && ctx.profiles.get(calledName(call, ctx)).facts?.savedVar;
    if (!call || saved?.use !== 'get' || call.args.length !== 1 || hasCall(call.args[0])) continue;
    const variable = ctx.rel(call.args[0].start, call.args[0].end).trim();
    const getter = ctx.rel(call.start, call.end);
    reportIf(ctx, `saved-untested:${saved.scope}:${variable}`, {
      code: 'saved-word-list',
      severity: 'warning',
      start: call.start,
      end: call.end,
      message: `${getter} is empty until something saves "${variable}", and every text contains the empty word: ZcheckContains is then true for every message. It also looks for the saved text whole, not for each word of a list. Test that it is set first, Zif{${getter}!=;...}, and check the words one by one (ZtextSplit, then ZforSplit).`,
    });
  }
}

/**
 * `ZhttpResult{url}` after a request to an API that answers with a list
 * (TheCatAPI's image search): a word key into a JSON array halts the command
 * ("key 'url' is not a valid array index", http/httpResult.rs). The first
 * item is `ZhttpResult{0;url}`.
 */
function checkListApiKey(key: ReadArgument, ctx: StatementContext): void {
  const { start, end, text } = trimmedRange(key.arg, ctx);
  reportIf(ctx, 'list-api-requested', {
    code: 'api-answers-list',
    severity: 'error',
    start,
    end,
    message: `The API this command requests answers with a list, and ZhttpResult halts the command on a word key into a list ("key '${text}' is not a valid array index"). The first item's ${text} is ZhttpResult{0;${text}}.`,
    fixes: [{ title: `Read the first item: ZhttpResult{0;${text}}`, edits: [{ start, end: start, newText: '0;' }], preferred: true }],
  });
}

/** Calls whose value is a member's ID and nothing else (a nickname written so is a mistake). */
const MEMBER_ID_CALLS: ReadonlySet<string> = new Set(['Zmentioned', 'ZuserID', 'ZrandomUserID']);

/**
 * ZchangeNickname{Zmentioned{1};Zmessage{2}}: the engine takes the nickname
 * first and the member second (users/changeNickname.rs), unlike Zban or
 * ZroleGrant; written member first, the second argument is parsed as an ID
 * and the command halts ("expected snowflake"). Reported when the first
 * argument is only a member-ID call and the second is not one.
 */
function reportSwappedNicknameArguments(args: readonly ReadArgument[], ctx: StatementContext): void {
  const [first, second] = args;
  const idCall = (a: ReadArgument) => {
    const call = wholeCallOrBare(a.arg, ctx);
    return call !== undefined && MEMBER_ID_CALLS.has(calledName(call, ctx));
  };
  if (!idCall(first) || idCall(second) || /^\d{17,20}$/.test(second.text)) return;
  const text = (a: ReadArgument) => ctx.rel(a.arg.start, a.arg.end);
  ctx.diagnostics.push({
    code: 'arguments-swapped',
    severity: 'error',
    start: first.arg.start,
    end: second.arg.end,
    message: `ZchangeNickname takes the new nickname first and the member second (ZchangeNickname{nickname;userID}), unlike Zban or ZroleGrant: written this way the engine reads "${second.text}" as the member's ID and halts the command. Swap the two.`,
    fixes: [
      {
        title: 'Swap the nickname and the member',
        edits: [
          { start: first.arg.start, end: first.arg.end, newText: text(second) },
          { start: second.arg.start, end: second.arg.end, newText: text(first) },
        ],
        preferred: true,
      },
    ],
  });
}

/**
 * `ZsetUserVar{lastDaily;Ztimestamp}`: Ztimestamp marks the embed with the
 * sending time and writes nothing (embeds/timestamp.rs), so the variable is
 * set empty (a daily's last claim: claimable every time), and the embed it
 * marked has no body. ZgetTimestamp is the current Unix time.
 */
function checkTimestampAsTime(value: Argument, ctx: StatementContext): void {
  const call = wholeCallOrBare(value, ctx);
  if (!call || calledName(call, ctx) !== 'Ztimestamp' || (call.kind === NodeKind.Call && ctx.rel(call.open + 1, call.close).trim() !== '')) return;
  ctx.diagnostics.push({
    code: 'empty-value',
    severity: 'warning',
    start: call.start,
    end: call.end,
    message:
      'Ztimestamp marks embed 1 with the sending time and writes nothing, so the variable is set to empty text. For the current time as a number, write ZgetTimestamp.',
    fixes: [{ title: 'Write ZgetTimestamp', edits: [{ start: call.start, end: call.end, newText: 'ZgetTimestamp' }], preferred: true }],
  });
}

/** ZsendWebhook{url;Zmessage}: the text to send given as the embed's number (embeds/helpers.rs parse_index falls back to embed 1). */
function reportWebhookText(node: CallNode, ctx: StatementContext): void {
  const name = webhookTextIndex(node, ctx);
  if (!name) return;
  const a = node.args[1];
  ctx.diagnostics.push({
    code: 'invalid-integer',
    severity: 'warning',
    start: a.start,
    end: a.end,
    message: `ZsendWebhook sends an embed, not text: its second argument is the embed's number, and the engine reads what ${name} gives as embed 1. Put the text in an embed (Zdescription{${ctx.rel(a.start, a.end).trim()}}) and send that.`,
  });
}

/** Calls that give a Unix time: a number far above 10, never an embed's number. */
const TIMESTAMP_CALLS: ReadonlySet<string> = new Set(['ZgetTimestamp', 'ZsnowflakeTimestamp']);

/**
 * `Ztimestamp{ZgetTimestamp}`: Ztimestamp's one argument is the embed's
 * number, and the embed shows the time the message is sent (embeds/timestamp.rs);
 * a Unix time read as that number is above 10, and parse_index
 * (embeds/helpers.rs) halts the command.
 */
function reportTimeAsEmbedIndex(node: CallNode, arg: ReadArgument, ctx: StatementContext): void {
  const call = wholeCallOrBare(arg.arg, ctx);
  const given = call && calledName(call, ctx);
  if (!given || !TIMESTAMP_CALLS.has(given)) return;
  ctx.diagnostics.push({
    code: 'limit-exceeded',
    severity: 'error',
    start: arg.arg.start,
    end: arg.arg.end,
    message: `Ztimestamp takes the embed's number (1 to 10), not a time: the embed always shows when the message was sent. ${given} gives a number far above 10, and the engine halts the command on it. Write Ztimestamp{} for the first embed.`,
    fixes: [{ title: 'Write Ztimestamp{}', edits: [{ start: node.open + 1, end: node.close, newText: '' }], preferred: true }],
  });
}

/**
 * `Zcensor{Zmessage;bad;worse}`: the engine splits a call's arguments at every
 * `;` first (parser.rs split_args), so the words to censor are the second
 * argument alone and the third is what replaces each of their letters
 * (string/censor.rs): "worse" is never censored, and "bad" shows as
 * "worseworseworse". A `\;` keeps the list in one argument, which censor.rs
 * then splits. Reported for a third argument that is a word (a pad is a mark
 * such as * or #).
 */
function reportCensorWordAsPad(args: readonly ReadArgument[], ctx: StatementContext): void {
  const pad = args[2];
  if (!pad.literal || !/^[A-Za-z][A-Za-z'-]+$/.test(pad.text)) return;
  const separator = pad.arg.start - 1;
  if (ctx.rel(separator, pad.arg.start) !== ';') return;
  ctx.diagnostics.push({
    code: 'invalid-value',
    severity: 'warning',
    start: pad.arg.start,
    end: pad.arg.end,
    message: `Zcensor's third argument is what replaces each letter of a censored word, not another word to censor: "${pad.text}" is never censored, and "${args[1].text}" shows as "${pad.text}" written once per letter. To censor both, separate them with \\; in one list: ${args[1].text}\\;${pad.text}; to replace the word as a whole, use ZreplaceText.`,
    fixes: [
      { title: `Censor "${pad.text}" too: ${args[1].text}\\;${pad.text}`, edits: [{ start: separator, end: separator + 1, newText: '\\;' }], preferred: false },
    ],
  });
}

/**
 * ZmessageLink with two arguments: the catalog documents {messageID;channelID},
 * the engine reads {channelID;messageID}, so a link written the catalog's way
 * points to no message. The fix swaps them.
 */
function reportSwappedLinkArguments(args: readonly ReadArgument[], ctx: StatementContext): void {
  const [first, second] = args;
  // Two IDs look alike: reported only where an argument says what it is (ZmessageID first, ZchannelID second).
  const says = (a: ReadArgument, names: RegExp) => names.test(a.text);
  if (!says(first, /^Z(messageID|repliedMessageID)(\{\s*\})?$/) && !says(second, /^ZchannelID(\{\s*\})?$/)) return;
  const text = (a: ReadArgument) => ctx.rel(a.arg.start, a.arg.end);
  ctx.diagnostics.push({
    code: 'arguments-swapped',
    severity: 'warning',
    start: first.arg.start,
    end: second.arg.end,
    message:
      'With two arguments the engine reads ZmessageLink{channelID;messageID}, the channel first, whatever the catalog says: written message first, the link leads nowhere. Put the channel ID first.',
    fixes: [
      {
        title: 'Swap the two IDs',
        edits: [
          { start: first.arg.start, end: first.arg.end, newText: text(second) },
          { start: second.arg.start, end: second.arg.end, newText: text(first) },
        ],
      },
    ],
  });
}

/** How people write operators Zcalculate does not know, and its spelling of them. */
const OPERATOR_SPELLINGS: Record<string, string> = { '^': '**', x: '*', X: '*', '×': '*', '÷': '/', ':': '/' };

/**
 * Zcalculate's expression as the engine reads it (language/calculation.ts):
 * a literal one is read whole; around calls, whose values are unknown, only
 * a character no expression can contain is certain to halt the command.
 */
function checkCalculation(a: ReadArgument, ctx: StatementContext): void {
  const raw = ctx.rel(a.arg.start, a.arg.end);
  const lead = raw.length - raw.trimStart().length;
  let error: { message: string; at: number } | undefined;
  if (a.literal) {
    error = calculationError(a.text);
    // Past the reader's own nesting limit nothing is known about the engine's answer.
    if (error?.message === 'too deeply nested') return;
  } else {
    let at = a.arg.start;
    for (const n of [...a.arg.nodes, undefined]) {
      const gapEnd = n ? n.start : a.arg.end;
      const gap = ctx.rel(at, gapEnd);
      const code = withoutCommentLines(gap);
      const k = firstForeignCharacter(code);
      if (k >= 0) {
        const c = code[k];
        error = { message: `unexpected character "${c}"`, at: at + gap.indexOf(c) - a.arg.start - lead };
        break;
      }
      if (n) at = n.end;
    }
  }
  if (!error) return;
  const start = a.arg.start + lead;
  // A fix where every foreign character has a known spelling and the result reads (literal expressions only).
  let fixed: string | undefined;
  if (a.literal && /[\^xX×÷:]/.test(a.text)) {
    const candidate = a.text.replace(/\^|[xX×÷:]/g, (c) => OPERATOR_SPELLINGS[c]);
    if (!calculationError(candidate)) fixed = candidate;
  }
  ctx.diagnostics.push({
    code: 'invalid-expression',
    severity: 'error',
    start,
    end: start + a.text.length,
    message: error.message.includes('by zero')
      ? `Zcalculate halts the command: this expression has ${error.message}.`
      : `Zcalculate halts the command on this expression: ${error.message}${error.message.startsWith('unexpected') ? ` at position ${error.at + 1}` : ''}. It knows numbers, + - * / %, ** for powers and parentheses.`,
    fixes: fixed ? [{ title: `Change to ${fixed}`, edits: [{ start, end: start + a.text.length, newText: fixed }], preferred: true }] : undefined,
  });
}

/**
 * Longest wait not reported by delay-lost-on-restart: a day. Hosts commonly restart
 * bots daily; within a shorter wait (a reminder in two hours) a restart is the exception.
 */
const LONG_DELAY_SECONDS = 86400;

/** The calls that wait in a task held in memory only (runtime.rs evaluate_delay, actions/replyIn.rs), their duration first. */
const IN_MEMORY_WAITS: ReadonlySet<string> = new Set(['Zdelay', 'ZreplyIn']);

/**
 * `Zdelay{7d;ZroleGrant{...;-Muted}}`: the engine keeps the waiting code in
 * the bot's memory only (runtime.rs, evaluate_delay: a spawned task, "cancelled
 * on bot restart"), so a restart or an update of the bot within the week drops
 * it, and the role stays. Reported past a day.
 */
function checkLongDelay(name: string, duration: Argument, ctx: StatementContext): void {
  const { start, end, text } = trimmedRange(duration, ctx);
  const seconds = parseDuration(text);
  if (seconds === undefined || seconds <= LONG_DELAY_SECONDS) return;
  const what = name === 'ZreplyIn' ? 'this reply' : 'this code';
  ctx.diagnostics.push({
    code: 'delay-lost-on-restart',
    severity: 'warning',
    start,
    end,
    message: `${name} keeps ${what} in the bot's memory for ${text}: if the bot restarts before then (a host restart, an update, a crash), it never ${name === 'ZreplyIn' ? 'comes' : 'runs'}. For a timed mute use Ztimeout, which Discord keeps; otherwise save when it is due (ZgetTimestamp) and act on it from a command or event that runs later.`,
  });
}

/**
 * Zdelay runs its code after the command has replied, and throws away what
 * that code writes: text there never appears, and neither do embed parts.
 * Actions (ZsendMessage, Zdm, ...) still run. The fix sends plain text with
 * ZsendMessage to the command's channel.
 */
function checkDelayedOutput(code: Argument, ctx: StatementContext): void {
  let text = false;
  let embed: string | undefined;
  let at = code.start;
  for (const n of code.nodes) {
    if (!text && /\S/.test(withoutCommentLines(ctx.rel(at, n.start)))) text = true;
    if (n.kind === NodeKind.Escape) text = true;
    if (n.kind === NodeKind.Call || n.kind === NodeKind.BareCall) {
      const called = calledName(n, ctx);
      if (!embed && ctx.profiles.get(called).facts?.embedPart) embed = called;
    }
    at = n.end;
  }
  if (!text && /\S/.test(withoutCommentLines(ctx.rel(at, code.end)))) text = true;
  const raw = ctx.rel(code.start, code.end);
  // Embeds the delayed code sends or edits itself do appear.
  if (embed && /Z(sendEmbed|sendWebhook|editEmbed)\{/.test(raw)) embed = undefined;
  if (!text && !embed) return;
  const lead = raw.length - raw.trimStart().length;
  const body = raw.trim();
  ctx.diagnostics.push({
    code: 'delayed-output-lost',
    severity: 'warning',
    start: code.start + lead,
    end: code.start + lead + body.length,
    message: embed
      ? `Zdelay runs this code after the command has replied, so the embed ${embed} builds is never sent. Send it from here with ZsendEmbed, or build it outside Zdelay.`
      : 'Zdelay runs this code after the command has replied and throws away the text it writes: this text never appears. Send it with ZsendMessage{ZchannelID;...}.',
    fixes:
      embed || withoutCommentLines(raw) !== raw
        ? undefined
        : [
            {
              title: 'Send the text with ZsendMessage',
              edits: [
                { start: code.start + lead, end: code.start + lead, newText: 'ZsendMessage{ZchannelID;' },
                { start: code.start + lead + body.length, end: code.start + lead + body.length, newText: '}' },
              ],
              preferred: true,
            },
          ],
  });
}

/** Whether an error was reported since the diagnostics list had `length` items (the call halts before it prints). */
function hasErrorSince(ctx: StatementContext, length: number): boolean {
  for (let k = length; k < ctx.diagnostics.length; k++) if (ctx.diagnostics[k].severity === 'error') return true;
  return false;
}

/**
 * `ZsetServerVar{panel;ZmessageID}` in a prefix command whose reply gets
 * reactions (a reaction-role panel): ZmessageID is the message
 * that ran the command (context/messageID.rs: the trigger message; bot.rs
 * gives a prefix command the user's own), not the bot's reply, so the
 * reaction or click command that compares the ID it gets with the saved one
 * never matches. ZsendMessage{;text;true} gives the sent message's ID.
 */
function checkSavedCommandMessageId(value: Argument, ctx: StatementContext): void {
  const call = wholeCallOrBare(value, ctx);
  if (!call || calledName(call, ctx) !== 'ZmessageID' || (call.kind === NodeKind.Call && ctx.rel(call.open + 1, call.close).trim() !== '')) return;
  reportIf(ctx, 'reply-decorated', {
    code: 'saved-id-is-command-message',
    severity: 'warning',
    start: call.start,
    end: call.end,
    message:
      "ZmessageID is the ID of the message that ran this command (the user's own), not of the bot's reply, which gets the reactions: a reaction on the reply comes with the reply's ID, so a reaction command that compares it with the saved one never matches. To keep the reply's ID, send it with ZsendMessage{;text;true} (ZsendEmbed{ZchannelID;1;true} for an embed), which gives the new message's ID, save that, and react with ZaddMessageReactions{ZchannelID;id;emoji}.",
  });
}

/**
 * `ZforSplit{ZtextSplit{a,b;,};code}`: ZforSplit takes one argument, the
 * code to run for each item of the list a ZtextSplit before it made
 * (runtime.rs evaluate_for_split); here the split is that code and the code
 * is ignored. The fix puts the split first: `ZtextSplit{a,b;,}ZforSplit{code}`
 * (ZtextSplit writes nothing). True when reported.
 */
function reportSplitInLoop(node: CallNode, ctx: StatementContext): boolean {
  const split = wholeCall(node.args[0], ctx);
  const code = node.args[1];
  if (!split || split.close < 0 || ctx.rel(split.start, split.nameEnd) !== 'ZtextSplit' || ctx.rel(code.start, code.end).trim() === '') return false;
  ctx.diagnostics.push({
    code: 'ignored-arguments',
    severity: 'warning',
    start: node.separators[0],
    end: code.end,
    message:
      'ZforSplit takes one argument, the code to run for each item, and loops over the list a ZtextSplit made before it: here the ZtextSplit is that code, and the code after the ";" is ignored. Split first, then loop: ZtextSplit{...}ZforSplit{code}.',
    fixes: [
      {
        title: 'Split first, then loop over the items',
        edits: [{ start: node.start, end: node.close + 1, newText: `${ctx.rel(split.start, split.end)}ZforSplit{${ctx.rel(code.start, code.end)}}` }],
        preferred: true,
      },
    ],
  });
  return true;
}

/**
 * Argument counts as the engine checks them (its registry's minimum and
 * maximum, which differ from the catalog's syntax for some functions), and
 * the arguments its functions halt on when empty.
 */
function checkEngineArity(
  node: CallNode,
  name: string,
  engine: EngineFunction,
  fn: FunctionRecord | undefined,
  args: readonly ReadArgument[],
  ctx: StatementContext,
): boolean {
  // `Zf{}` is no argument at all to the engine; `Zf{ }` one empty argument.
  const count = node.close === node.open + 1 ? 0 : node.args.length;
  const documented = fn ? ` (the catalog documents ${fn.syntax})` : '';
  const plural = (n: number) => `${n} argument${n === 1 ? '' : 's'}`;
  // A Zalias's stored call gets the arguments of each use after its own: only a surplus is sure.
  const stored = ctx.aliasExpression === node;
  if (count < engine.min && !stored) {
    const halts = engine.lazy ? 'halts the command' : 'halts the command with "Too few arguments"';
    const cause = separatorHint(node, name, engine.min, engine.max, ctx);
    ctx.diagnostics.push({
      code: 'missing-argument',
      severity: 'error',
      start: node.start,
      end: node.nameEnd,
      message: `The engine needs at least ${plural(engine.min)} for ${name} and ${halts}; this call has ${count}${engine.min !== requiredCount(fn) ? documented : ''}.${cause?.hint ?? ''}`,
      fixes: cause?.fix ? [cause.fix] : undefined,
    });
    return true;
  }
  if (engine.max !== null && count > engine.max) {
    const first = engine.max; // index of the first surplus argument
    // One finding for the call, over all its surplus arguments (one cause, one fix: remove them all).
    // With no argument allowed the first surplus one starts right after the brace (there is no separator before it).
    const sep = first === 0 ? node.open + 1 : node.separators[first - 1];
    const end = node.args[node.args.length - 1].end;
    const several = node.args.length - first > 1;
    const removal = { start: sep, end: node.close, newText: '' };
    // `ZforSplit{ZtextSplit{a,b;,};code}`: the split written as the loop's first argument, where its code goes.
    if (engine.lazy && name === 'ZforSplit' && node.args.length === 2 && reportSplitInLoop(node, ctx)) return false;
    ctx.diagnostics.push(
      engine.lazy
        ? {
            code: 'ignored-arguments',
            severity: 'warning',
            start: sep,
            end,
            // Zeval runs every argument before it reads the first: a surplus one's actions happen, its text is lost.
            message:
              name === 'Zeval'
                ? `Zeval runs only the code of its first argument; the engine still runs ${several ? 'these' : 'this one'} first (a call here acts) but discards ${several ? 'their' : 'its'} text. Is a ";" in the text meant to be written as \\;?`
                : `${name} uses only its first ${plural(engine.max)}; the engine ignores ${several ? 'the others' : 'this one'}. Is a ";" in the text meant to be written as \\;?`,
            fixes: [
              {
                title:
                  name === 'Zeval' ? 'Remove the argument (its calls no longer run)' : several ? 'Remove the ignored arguments' : 'Remove the ignored argument',
                edits: [removal],
              },
            ],
          }
        : {
            code: 'too-many-arguments',
            severity: 'error',
            start: sep,
            end,
            message: `The engine accepts at most ${plural(engine.max)} for ${name} and halts the command with "Too many arguments"${engine.max !== (fn?.arguments.length ?? engine.max) && !fn?.variadic ? documented : ''}.${name === 'Zcensor' ? ' To censor several words, separate them with \\; in the second argument: Zcensor{text;bad\\;worse}.' : ''}`,
            // Zcensor's surplus words join the list instead (a third argument left would be the pad).
            fixes:
              name === 'Zcensor'
                ? [
                    {
                      title: 'Censor every word: separate them with \\;',
                      edits: node.separators.slice(1).map((at) => ({ start: at, end: at + 1, newText: '\\;' })),
                    },
                  ]
                : [
                    // `Zreply{Hey there!}`: a function of no argument given the text that was meant to follow it.
                    ...(first === 0 && !several && args[0]?.literal && args[0].text !== ''
                      ? [
                          {
                            title: `Write the text after the call: ${name}{}${args[0].text}`,
                            edits: [{ start: node.open + 1, end: node.close + 1, newText: `}${ctx.rel(node.open + 1, node.close).trim()}` }],
                          },
                        ]
                      : []),
                    { title: several ? 'Remove the extra arguments' : 'Remove the extra argument', edits: [removal] },
                  ],
          },
    );
    // A lazy function's surplus arguments are only ignored: it still runs.
    return !engine.lazy;
  }
  for (const r of engine.required) {
    const i = r.pos - 1;
    if (i < args.length) {
      if (args[i].text === '' && !(count === 0 && i === 0 && r.when !== 'empty-or-missing')) {
        const a = args[i].arg;
        const silentGuard = silentGuardFix(node, name, r.pos, ctx);
        ctx.diagnostics.push({
          code: 'empty-required-argument',
          severity: ctx.caught ? 'warning' : 'error',
          start: a.start,
          end: a.end,
          message: silentGuard
            ? `ZonlyIf halts the command with an error when its message (argument 2) is empty, and it checks that before the condition: it halts every time, even when the condition holds. To stop without a message, write ${silentGuard.edits[0].newText}.`
            : ctx.caught
              ? `${name} fails when "${r.name}" (argument ${r.pos}) is empty, so it fails here every time (ZtryRun catches it and gives its fallback).`
              : `${name} halts the command when "${r.name}" (argument ${r.pos}) is empty, so it halts here every time.`,
          fixes: silentGuard ? [silentGuard] : undefined,
        });
      } else if (!args[i].literal && !engine.lazy) {
        // A lazy function (Zif, Zrepeat, Zalias...) reads its code unevaluated: only the others get the call's empty answer.
        reportSilentCallAsRequired(name, r.pos, r.name, args[i].arg, ctx);
      }
    } else if (r.when === 'empty-or-missing' && !stored) {
      if (reportOneArgumentForTwo(node, name, r.name, fn, args, count, r.pos, ctx)) return true;
      const silentGuard = silentGuardFix(node, name, r.pos, ctx);
      ctx.diagnostics.push({
        code: 'missing-argument',
        severity: 'error',
        start: node.start,
        end: node.nameEnd,
        message: silentGuard
          ? `ZonlyIf halts the command with an error without its message (argument 2), and it checks that before the condition: it halts every time, even when the condition holds. To stop without a message, write ${silentGuard.edits[0].newText}.`
          : `${name} halts the command without "${r.name}" (argument ${r.pos}).`,
        fixes: silentGuard ? [silentGuard] : undefined,
      });
    }
  }
  return false;
}

/**
 * `ZsendMessage{Hello}`, `ZhasRole{123...}`: one argument to a function whose
 * first parameter may be left out and whose second is required. The author
 * wrote the second and meant the first to take its default, but the engine
 * reads arguments by position: the one given is the first (the channel, the
 * user), and the call halts without the second. One finding for the call
 * (the first argument's own check would only add that it is no ID), with the
 * fix that leaves the first empty. True when reported.
 */
function reportOneArgumentForTwo(
  node: CallNode,
  name: string,
  missing: string,
  fn: FunctionRecord | undefined,
  args: readonly ReadArgument[],
  count: number,
  pos: number,
  ctx: StatementContext,
): boolean {
  const first = fn?.arguments[0];
  if (count !== 1 || pos !== 2 || !first || first.required || args[0].text === '' || fn.arguments[1]?.required !== true) return false;
  // Only text that is no ID, letters or spaces written around or without calls (`Hello`, `Announcement: Zmessage`):
  // a call alone (ZchannelID{mod-logs}, Zmentioned{1}) or a number may well be the first argument, the second forgotten.
  if (!/[\p{L}\s]/u.test(ownText(args[0].arg, ctx).text.trim())) return false;
  const byDefault = first.default ? ` (${first.default})` : '';
  const at = node.open + 1;
  ctx.diagnostics.push({
    code: 'missing-argument',
    severity: 'error',
    start: node.start,
    end: node.nameEnd,
    // Which the engine checks first varies (actions/sendMessage.rs checks the channel ID, and halts with "invalid channel ID"): both are said.
    message: `With one argument, ${name} reads it as "${first.name}" (argument 1), not as "${fn.arguments[1].name}": the engine halts the command, since that text is ${first.type === 'snowflake' ? 'no ID' : `no ${first.name}`} and "${missing}" (argument ${pos}) is missing. To leave "${first.name}" to its default${byDefault}, leave argument 1 empty: ${name}{;...}.`,
    fixes: [{ title: `Leave "${first.name}" empty: ${name}{;...}`, edits: [{ start: at, end: at, newText: ';' }], preferred: true }],
  });
  return true;
}

/** Lookups by name that halt the command when nothing has the name (id/channelID.rs, roleID.rs: "no channel found matching"). */
const NAME_LOOKUPS: Readonly<Record<string, string>> = { ZchannelID: 'channel', ZroleID: 'role' };

/** A ZchannelID{name} or ZroleID{name} with a name (without one it is the current channel, or the author's top role). */
export function nameLookup(node: CallNode | BareCallNode | undefined, ctx: StatementContext): { call: CallNode; what: string } | undefined {
  if (node?.kind !== NodeKind.Call || node.args.length === 0) return undefined;
  const called = ctx.rel(node.start, node.nameEnd);
  if (!Object.hasOwn(NAME_LOOKUPS, called) || ctx.rel(node.args[0].start, node.args[0].end).trim() === '') return undefined;
  return { call: node, what: NAME_LOOKUPS[called] };
}

/** `fallback`: what the fix's ZtryRun gives for a missing one (undefined: nothing, the empty text a comparison looks for). */
function reportLookupHalts(call: CallNode, what: string, test: string, ctx: StatementContext, fallback?: string): void {
  if (ctx.caught) return;
  ctx.diagnostics.push(lookupHalts({ start: call.start, end: call.end, nameEnd: call.nameEnd, what, text: ctx.rel(call.start, call.end) }, test, fallback));
}

/** lookup-halts-when-missing at `lookup` (its offsets, whatever they are relative to). */
export function lookupHalts(lookup: NameLookupAt, test: string, fallback?: string): AnalysisDiagnostic {
  const { what, text: written } = lookup;
  const caught = fallback === undefined ? `ZtryRun{${written}}` : `ZtryRun{${written};${fallback}}`;
  return {
    code: 'lookup-halts-when-missing',
    severity: 'warning',
    start: lookup.start,
    end: lookup.nameEnd,
    message: `${written} halts the command when no ${what} has that name ("no ${what} found matching"), so ${test} never sees a missing ${what}: the command stops instead. Look it up in ZtryRun, which gives ${fallback === undefined ? 'empty text' : `"${fallback}"`} instead: ${caught}.`,
    fixes: [{ title: `Look it up in ${caught}`, edits: [{ start: lookup.start, end: lookup.end, newText: caught }], preferred: true }],
  };
}

/** `ZchannelExists{ZchannelID{ticket-ZuserID}}`: the lookup halts before the test runs when there is no such channel. */
function checkLookupAsExistence(name: string, arg: Argument, ctx: StatementContext): void {
  const lookup = nameLookup(wholeCallOrBare(arg, ctx), ctx);
  // An ID that is no number reads as "false" (channels/channelExists.rs, roles/roleExists.rs): "none" keeps the test working.
  if (lookup) reportLookupHalts(lookup.call, lookup.what, name, ctx, 'none');
}

/** A temporary variable compared with empty text, as a whole condition: `Zvar{r}!=`, `Zvar{r} == `. */
const EMPTY_TESTED_VAR = /^Zvar\{\s*([A-Za-z0-9_]+)\s*\}\s*(?:==|!=)$/;

/** `Zif{ZchannelID{logs}==;...}`: a lookup compared with empty text, to see whether the channel exists. */
function checkLookupComparedWithEmpty(arg: Argument, ctx: StatementContext): void {
  const text = ctx.rel(arg.start, arg.end).trim();
  // `Zvar{r}!=`: the copy of a lookup, if a line before made one, is tested the same way (the file walk joins them).
  const copy = EMPTY_TESTED_VAR.exec(text);
  if (copy) (rareFacts(ctx.summary).emptyTestedVars ??= []).push(copy[1]);
  if (!/^Z(?:channel|role)ID\{/.test(text) || !/(?:==|!=)\s*$/.test(text)) return;
  const first = arg.nodes.find((n) => n.kind === NodeKind.Call || n.kind === NodeKind.BareCall);
  const lookup = nameLookup(first, ctx);
  if (
    lookup &&
    ctx
      .rel(lookup.call.end, arg.end)
      .trim()
      .replace(/^(?:==|!=)\s*$/, '') === ''
  )
    reportLookupHalts(lookup.call, lookup.what, 'comparing it with empty text', ctx);
}

/** Calls that end the command where they run (errors/error.rs, stop.rs: a user error, shown or silent). */
const HALTS_HERE: ReadonlySet<string> = new Set(['Zerror', 'Zstop']);

/**
 * `ZonlyIf{cond;Zerror{You already voted.}}`, `ZonlyIf{cond;Zstop}`: the
 * engine works out every argument of a call before running it (runtime.rs,
 * "Normal eager evaluation"; only Zif, ZtryRun, the loops, Zdelay, Zasync and
 * Zalias wait), and a Zerror or Zstop there ends the command on the spot
 * (errors/error.rs, stop.rs), so the call holding it never runs: every run
 * ends here, whatever the condition. Reported on the Zerror or Zstop in an
 * argument of an eager call (inside a Zif branch of it, it runs only with
 * that branch). ZonlyIf's message gets a fix: the text itself, or
 * `Zif{cond;;Zstop}` for a silent stop.
 */
function reportHaltInArguments(node: CallNode, name: string, ctx: StatementContext): void {
  for (let i = 0; i < node.args.length; i++) {
    for (const n of node.args[i].nodes) {
      const inner = n.kind === NodeKind.Call ? ctx.rel(n.start, n.nameEnd) : n.kind === NodeKind.BareCall ? ctx.rel(n.start, n.end) : '';
      if (!HALTS_HERE.has(inner)) continue;
      const message = inner === 'Zerror' && n.kind === NodeKind.Call && n.args.length > 0 ? ctx.rel(n.args[0].start, n.args[0].end).trim() : '';
      const whole = ctx.rel(node.args[i].start, node.args[i].end).trim() === ctx.rel(n.start, n.end);
      let fix: AnalysisFix | undefined;
      if (name === 'ZonlyIf' && i === 1 && whole && message !== '' && !message.includes('{'))
        fix = { title: `Write the message as text: ${message}`, edits: [{ start: n.start, end: n.end, newText: message }], preferred: true };
      else if (name === 'ZonlyIf' && i === 1 && whole && inner === 'Zstop') fix = silentGuardFix(node, name, 2, ctx);
      const shown = inner === 'Zstop' ? 'stops silently' : message !== '' ? `shows "${message}" and stops` : 'stops with an empty error';
      ctx.diagnostics.push({
        code: 'always-halts',
        severity: ctx.caught ? 'warning' : 'error',
        start: n.start,
        end: n.kind === NodeKind.Call ? n.nameEnd : n.end,
        message: `The engine works out ${name}'s arguments before it runs ${name}, and ${inner} ends the command right there: ${ctx.guarded ? `it ${shown} whenever this runs` : `every run ${shown}`}${ctx.caught ? ' (ZtryRun catches it)' : ''}, and ${name} never runs, whatever its ${name === 'ZonlyIf' ? 'condition' : 'other arguments'}. ${
          name === 'ZonlyIf'
            ? inner === 'Zstop'
              ? 'To stop silently when the condition fails, write Zif{condition;;Zstop}.'
              : "ZonlyIf's second argument is already the message it refuses with: write it as text."
            : `Only Zif's branches run on a condition: Zif{condition;${inner}${inner === 'Zerror' ? '{...}' : ''}}.`
        }`,
        fixes: fix ? [fix] : undefined,
      });
    }
  }
}

/**
 * A required argument that is one whole call to a function that writes
 * nothing (`ZjsonParse{ZhttpGet{url}}`): the engine gives the call's empty
 * answer to the function, which halts as on an empty argument
 * (runtime.rs turns FnOutput::Empty into ""; httpGet.rs answers Empty).
 */
function reportSilentCallAsRequired(name: string, pos: number, what: string, arg: Argument, ctx: StatementContext): void {
  const silent = silentWholeCall(arg, ctx);
  if (!silent) return;
  const { call, name: inner } = silent;
  if (HALTS_HERE.has(inner)) return; // reportHaltInArguments: it ends the command before the function runs
  const http = HTTP_REQUESTS.has(inner)
    ? ` ${inner} keeps the answer for ZhttpResult instead: run ${inner}{...} on a line of its own, then write ${name === 'ZjsonParse' ? 'ZjsonParse{ZhttpResult}' : 'ZhttpResult (the whole answer) or ZhttpResult{key} (one field)'} here.`
    : '';
  ctx.diagnostics.push({
    code: 'empty-required-argument',
    severity: ctx.caught ? 'warning' : 'error',
    start: call.start,
    end: call.nameEnd,
    message: `${inner} writes nothing (the engine gives no text back), so "${what}" (argument ${pos}) of ${name} is empty and ${name} ${ctx.caught ? 'fails here every time (ZtryRun catches it)' : 'halts the command here every time'}.${http}`,
  });
}

function requiredCount(fn: FunctionRecord | undefined): number {
  return fn ? fn.arguments.filter((a) => a.required).length : -1;
}

/** Functions that read a present returnID strictly, empty included (the others treat an empty one as left out). */
const EMPTY_RETURN_ID_HALTS: ReadonlySet<string> = new Set(['ZsendEmbed', 'ZsendWebhook']);

function reportEmptyReturnId(name: string, arg: Argument, ctx: StatementContext): void {
  ctx.diagnostics.push({
    code: 'invalid-boolean',
    severity: 'error',
    start: arg.start,
    end: arg.end,
    message: `${name} reads an empty returnID as a word that is neither "true" nor "false" and halts the command. Leave the argument out (drop the last ";"), or write true or false.`,
  });
}

/**
 * The sign of a permission ZeditChannelPerms or ZmodifyRolePerms edits, as
 * the engine reads it (editChannelPerms.rs, modifyRolePerms.rs): fewer than
 * two bytes (an empty argument, a trailing ";", a sign alone) halts the
 * command; a first character of more than one byte (an en dash, an emoji)
 * makes its `&arg[0..1]` panic. True when reported (nothing more to say).
 */
function checkPermissionSign(name: string, text: string, arg: Argument, ctx: StatementContext): boolean {
  const { start, end } = text === '' ? { start: arg.start, end: arg.end } : trimmedRange(arg, ctx);
  if (Buffer.byteLength(text) < 2) {
    ctx.diagnostics.push({
      code: 'invalid-permission',
      severity: 'error',
      start,
      end,
      message:
        text === ''
          ? `${name} halts the command on an empty permission ("permission '' must be prefixed with +, -, or /"): every argument after the ${name === 'ZeditChannelPerms' ? 'target' : 'role'} is one. Remove the extra ";".`
          : `"${text}" names no permission: ${name} halts the command ("permission '${text}' must be prefixed with +, -, or /"). Write the sign and the name together, e.g. ${text === '+' || text === '-' || text === '/' ? text : '+'}sendMessages.`,
    });
    return true;
  }
  const first = String.fromCodePoint(text.codePointAt(0)!);
  if (first.charCodeAt(0) < 0x80) return false;
  const sign = plainSign(first);
  ctx.diagnostics.push({
    code: 'invalid-permission',
    severity: 'error',
    start,
    end: start + first.length,
    message: `${name} reads the first byte of each permission as its sign, and "${first}" takes more than one byte: the engine crashes the command here (a panic: nothing is sent, and ZtryRun does not catch it). ${sign ? `Write a plain "${sign}".` : 'Start with "+" (allow), "-" (deny) or "/" (reset).'}`,
    fixes: sign ? [{ title: `Change to "${sign}"`, edits: [{ start, end: start + first.length, newText: sign }], preferred: true }] : undefined,
  });
  return true;
}

/** ZroleGrant's `+roleID`/`-roleID` shorter than two bytes: empty (a trailing ";") or a sign alone halts it (roleGrant.rs). */
function reportShortRole(text: string, arg: Argument, ctx: StatementContext): void {
  const { start, end } = text === '' ? { start: arg.start, end: arg.end } : trimmedRange(arg, ctx);
  ctx.diagnostics.push({
    code: 'invalid-value',
    severity: 'error',
    start,
    end,
    message:
      text === ''
        ? `ZroleGrant halts the command on an empty role ("role '' must be prefixed with + or -"): every argument after the user is one. Remove the extra ";".`
        : `"${text}" names no role: ZroleGrant halts the command ("role '${text}' must be prefixed with + or -"). Write the sign and the role's ID together, e.g. ${text === '-' ? '-' : '+'}123456789012345678.`,
  });
}

/** Zalias{expression;name}: `Zname{}` runs the expression afterwards. */
function recordAlias(node: CallNode, ctx: StatementContext): void {
  checkAliasedName(node, ctx);
  const a = node.args[1];
  if (!a || hasCall(a)) return;
  const written = ctx.rel(a.start, a.end).trim();
  // The name argument is run before it is read (runtime.rs evaluate_alias), and the parser runs a bare
  // word whose function takes no argument, Z or not (parser.rs): `username` names the alias after the author.
  if (runsAsWord(written)) return;
  let alias = written;
  if (alias.startsWith('Z')) alias = alias.slice(1);
  if (alias === '') return;
  (ctx.summary.aliasDefs ??= []).push({ name: alias, start: node.start });
  // An unclosed Zalias is never loaded by the engine (unclosed-call says so).
  if (node.close >= 0) checkSelfAlias(node, `Z${alias}`, ctx);
}

/** A bare word the engine runs as a function that needs no argument (`username`, `time`). */
function runsAsWord(word: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(word) || word.startsWith('Z')) return false;
  const fn = engineFacts.forCall(`Z${word}`);
  return fn !== undefined && fn.min === 0 && fn.registered !== false && !fn.lazy;
}

/**
 * Zalias{Zfooter{...};Zfooter}: the engine looks every call's name up among
 * the aliases first, and expands one by evaluating its expression directly,
 * outside the call-depth count (runtime.rs, evaluate_inner). An expression
 * that calls the alias's own name, anywhere in it, so recurses until the
 * stack overflows, which aborts the whole bot process.
 */
function checkSelfAlias(node: CallNode, name: string, ctx: StatementContext): void {
  const e = node.args[0];
  if (!e) return;
  const own = findCall(e.nodes, name, ctx) ?? bareName(e, name, ctx);
  if (own === undefined) return;
  ctx.diagnostics.push({
    code: 'alias-calls-itself',
    severity: 'error',
    start: own,
    end: own + name.length,
    message: `This alias is named ${name} and its expression calls ${name}: the engine expands an alias before anything else, so every ${name} after this line expands into itself without end, overflows the stack and crashes the whole bot (every server, not just this command). Give the alias a name of its own, e.g. Zalias{...;my${name.charAt(1).toUpperCase()}${name.slice(2)}}, and call that.`,
  });
}

/** Where a call of `name` starts among the nodes (at any depth), or undefined. */
function findCall(nodes: readonly ContentNode[], name: string, ctx: StatementContext): number | undefined {
  for (const n of nodes) {
    if (n.kind === NodeKind.Call || n.kind === NodeKind.BareCall) {
      if (calledName(n, ctx) === name) return n.start;
      if (n.kind === NodeKind.Call)
        for (const a of n.args) {
          const found = findCall(a.nodes, name, ctx);
          if (found !== undefined) return found;
        }
    } else if (n.kind === NodeKind.Group) {
      const found = findCall(n.nodes, name, ctx);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The expression written as the bare name (which the engine turns into a call of it), where it starts. */
function bareName(arg: Argument, name: string, ctx: StatementContext): number | undefined {
  if (arg.nodes.length > 0) return undefined;
  const { text, start } = trimmedRange(arg, ctx);
  return text === name ? start : undefined;
}

/**
 * Zalias{Zname;alias}: the engine makes a call of the bare name and halts
 * the command ("function not found") unless its registry has the function
 * (a catalog function the engine lacks, a lazy form such as Zif, or another
 * alias are not in it). A name with braces is an ordinary call, checked as one.
 */
function checkAliasedName(node: CallNode, ctx: StatementContext): void {
  const e = node.args[0];
  if (!e || hasCall(e)) return;
  const raw = ctx.rel(e.start, e.end);
  const name = raw.trim();
  if (!/^Z[A-Za-z0-9]+$/.test(name)) return;
  const engine = engineFacts.forCall(name);
  if (engine && engine.registered !== false) return;
  const start = e.start + raw.indexOf(name);
  const suggestion = engine ? undefined : ctx.suggester.suggest(name);
  ctx.diagnostics.push({
    code: 'unknown-function',
    severity: 'error',
    start,
    end: start + name.length,
    message: `Zalias names a function of the engine's registry, which has no ${name}${engine ? ' (it is a form the engine reads itself)' : ''}: the engine halts the command ("function not found").${suggestion ? ` Did you mean ${suggestion}?` : ''}`,
    // Not preferred: the name may be an alias of its own (the engine takes none here), not a misspelling.
    fixes: suggestion ? [{ title: `Change to ${suggestion}`, edits: [{ start, end: start + name.length, newText: suggestion }] }] : undefined,
  });
}

/**
 * A separator that is only white space, which the engine trims away (it trims
 * every argument): `ZtextSplit{Zmessage; }` splits at "" (into single
 * characters) rather than at spaces, and the functions with a default
 * separator use that default. A separator that merely ends in a space
 * (`ZjoinSplitText{, }`) loses it too, but only the spacing of the output
 * changes and there is no way to write it: not reported.
 */
function checkTrimmedSeparator(name: string, paramName: string, fallback: string | undefined, arg: Argument, text: string, ctx: StatementContext): void {
  if (arg.end === arg.start) return;
  const raw = ctx.rel(arg.start, arg.end);
  // A text to find written `\n` may mean the typed backslash and n (ZreplaceText{text;\n;ZfromCharCode{10}}).
  if (paramName !== 'sample' && text.includes('\\n')) reportSeparatorNewline(name, paramName, arg, raw, ctx);
  if (text !== '') {
    reportLostSpaces(name, paramName, arg, raw, text, ctx);
    return;
  }
  // A line break written where the default is one (`ZserverNames{20;⏎}`): trimmed, and then the default gives it back.
  if (fallback === '\n' && /^[\r\n]+$/.test(raw.replace(/[ \t]/g, ''))) return;
  const lost = /\n/.test(raw) ? 'a line break' : 'a space';
  ctx.diagnostics.push({
    code: 'separator-trimmed',
    severity: 'warning',
    start: arg.start,
    end: arg.end,
    message:
      paramName === 'separator'
        ? `The engine trims every argument, so ${name} gets an empty separator here, not ${lost}: ${emptySeparatorOutcome(name, fallback)}.`
        : paramName === 'sample'
          ? `The engine trims every argument, so ${name} gets an empty sample here, not ${lost}, and gives the text back unchanged. To replace the spaces, write ZregexReplace{text;[ ];new}.`
          : `The engine trims every argument, so ${name} gets an empty replacement here, not ${lost}: what it finds is removed.`,
  });
}

/**
 * `ZtextSplit{text;\n}`: a `\n` meant as a line break where the text is used,
 * not printed (a separator, or a text to put instead). The engine
 * keeps the backslash and the n (parser.rs knows \{ \} \; \\ and \Z only), so
 * nothing is split on line breaks, and a join writes "\n" between the items.
 * A line break cannot be written there either (arguments are trimmed); a
 * call's answer is not, so the fix writes ZfromCharCode{10}.
 */
function reportSeparatorNewline(name: string, paramName: string, arg: Argument, raw: string, ctx: StatementContext): void {
  const role = paramName === 'separator' ? 'separator' : 'replacement';
  const edits: { start: number; end: number; newText: string }[] = [];
  for (let k = raw.indexOf('\\n'); k >= 0; k = raw.indexOf('\\n', k + 2)) {
    // `\\n` is an escaped backslash and an n: meant as such.
    if (k > 0 && raw[k - 1] === '\\') continue;
    edits.push({ start: arg.start + k, end: arg.start + k + 2, newText: 'ZfromCharCode{10}' });
  }
  if (edits.length === 0) return;
  ctx.diagnostics.push({
    code: 'newline-escape',
    severity: 'warning',
    start: edits[0].start,
    end: edits[edits.length - 1].end,
    message: `The engine has no \\n escape: ${name}'s ${role} is a backslash and an "n" here, not a line break${name === 'ZtextSplit' ? ', so the text is not split at its line breaks' : ''}. A line break cannot be written there either (the engine trims arguments); write ZfromCharCode{10}, whose answer is kept as it is.`,
    fixes: [{ title: 'Write ZfromCharCode{10}', edits, preferred: true }],
  });
}

/**
 * A separator or replacement with spaces around its text (`ZjoinSplitText{, }`,
 * `{ | }`): the engine's trimming (parser.rs) keeps only the text, so the
 * items read "a,b,c". Reported when a space comes right before the closing
 * `;` or `}`: a space after the opening one alone is the usual layout
 * (`ZuserRoles{; name; ,}`). The fix writes each lost space as a call, whose
 * answer is not trimmed: `,ZfromCharCode{32}`.
 */
function reportLostSpaces(name: string, paramName: string, arg: Argument, raw: string, text: string, ctx: StatementContext): void {
  const trailing = /( +)$/.exec(raw)?.[1].length ?? 0;
  if (trailing === 0) return;
  const leading = /^( *)/.exec(raw)?.[1].length ?? 0;
  // Only spaces around the text (a line break or tab there is layout).
  if (raw.length !== leading + text.length + trailing) return;
  const space = SPACE_CALL;
  const role = paramName === 'separator' ? 'separator' : paramName === 'sample' ? 'text to find' : paramName === 'text' ? 'text to repeat' : 'replacement';
  // `\ ` meant as an escaped space: the engine has no such escape, and keeps the backslash.
  const escaped = text === '\\' && leading === 0;
  const kept = escaped ? space.repeat(trailing) : `${space.repeat(leading)}${text}${space.repeat(trailing)}`;
  const diagnostic: AnalysisDiagnostic = {
    code: 'separator-space-lost',
    // Split on a backslash instead of a space, the text stays whole: more than a look.
    severity: escaped ? 'warning' : 'information',
    start: arg.start,
    end: arg.end,
    message: escaped
      ? `The engine has no escape for a space: it keeps the backslash and trims the space, so ${name}'s ${role} is "\\" here. Write the space as a call, whose answer is not trimmed: ${kept}.`
      : `The engine trims every argument, so ${name}'s ${role} is "${text}" here, not "${raw}": the spaces are lost. To keep them, write each as a call, whose answer is not trimmed: ${kept}.`,
    fixes: [{ title: `Change to ${kept}`, edits: [{ start: arg.start, end: arg.end, newText: kept }], preferred: true }],
  };
  // ZjoinSplitText joins ZtextSplit's items, which keep their own spaces ("a, b" split at ","): the file decides.
  if (name === 'ZjoinSplitText' && !escaped) reportIf(ctx, 'no-text-split', diagnostic);
  else ctx.diagnostics.push(diagnostic);
}

/** A space written as a call, whose answer the engine does not trim (it trims every argument). */
const SPACE_CALL = 'ZfromCharCode{32}';

/** ZrepeatText's text with spaces around it, or of spaces only (string/repeatText.rs repeats the trimmed text). */
function reportRepeatedSpaces(text: ReadArgument, ctx: StatementContext): void {
  const raw = ctx.rel(text.arg.start, text.arg.end);
  if (text.text !== '') return reportLostSpaces('ZrepeatText', 'text', text.arg, raw, text.text, ctx);
  if (!/^ +$/.test(raw)) return;
  const kept = SPACE_CALL;
  ctx.diagnostics.push({
    code: 'separator-space-lost',
    severity: 'warning',
    start: text.arg.start,
    end: text.arg.end,
    message: `The engine trims every argument, so ZrepeatText's text to repeat is empty here, not ${raw.length === 1 ? 'a space' : `${raw.length} spaces`}: it writes nothing. Write the space as a call, whose answer is not trimmed: ZrepeatText{${kept};...}.`,
    fixes: [{ title: `Change to ${kept}`, edits: [{ start: text.arg.start, end: text.arg.end, newText: kept.repeat(raw.length) }], preferred: true }],
  });
}

/**
 * What a function does with an empty separator, for the message: ZtextSplit
 * splits into characters; the functions with a default separator take it for
 * an empty one (their source filters out the empty argument), except
 * ZnumberSeparator, which inserts the empty text; the others join with nothing.
 */
function emptySeparatorOutcome(name: string, fallback: string | undefined): string {
  if (name === 'ZtextSplit') return 'it splits the text into single characters';
  if (Object.hasOwn(LIST_SEPARATOR_OUTCOME, name)) return LIST_SEPARATOR_OUTCOME[name];
  if (name === 'ZnumberSeparator') return 'the digits run together with nothing between the groups';
  if (fallback) return `it uses its default, ${fallback === '\n' ? 'a line break' : `"${fallback}"`}, instead`;
  return 'the items are joined with nothing between them';
}

/** The engine's list functions outside the catalog, and what an empty separator makes them do: Rust splits "" between every character. */
const LIST_SEPARATOR_OUTCOME: Readonly<Record<string, string>> = {
  ZlistMath: 'it splits the list into single characters, so it reads each digit as a number of its own (the sum of 12 and 30 is 6)',
  ZlistShuffle: 'it shuffles the single characters, not the items',
  ZlistReverse: 'it reverses the single characters, not the items',
};

/** Parameters whose value may well be a space (which the engine's trimming empties): separators, replacements, ZreplaceText's sample. */
const SPACE_MATTERS = new Set(['separator', 'replacement', 'new', 'sample']);

/** A link button opens the address in its second argument: Discord refuses a message whose link button has no web address there. */
function checkLinkButtonUrl(a: ReadArgument | undefined, ctx: StatementContext, edited = false): void {
  // Discord also opens its own discord:// links from a link button.
  if (!a?.literal || a.text === '' || isHttpUrl(a.text) || /^discord:\/\//i.test(a.text)) return;
  ctx.diagnostics.push({
    code: 'invalid-url',
    severity: edited && ctx.caught > 0 ? 'warning' : 'error',
    start: a.arg.start,
    end: a.arg.end,
    // components/editButton.rs makes the link button of the custom ID, and halts on Discord's refusal of the edit.
    message: edited
      ? `ZeditButton with the style link makes a link button whose address is its custom ID, and "${a.text}" is not a full web address starting with https:// (or http://): Discord refuses the edit, and ZeditButton ${ctx.caught > 0 ? 'fails (ZtryRun catches it)' : 'halts the command'}.`
      : `A link button opens the address in this argument, and "${a.text}" is not a full web address starting with https:// (or http://): Discord refuses the whole message.`,
  });
}

/**
 * An empty word in ZcheckContains (often a `;` left at the end): every text
 * contains the empty text, so the check is always true. The fix removes the
 * argument with the `;` before it.
 */
function checkEmptyWords(node: CallNode, args: readonly ReadArgument[], ctx: StatementContext): void {
  for (let i = 1; i < args.length; i++) {
    const a = args[i];
    if (!a.literal || a.text !== '') continue;
    const from = node.separators[i - 1];
    ctx.diagnostics.push({
      code: 'condition-always-true',
      severity: 'warning',
      start: from,
      end: a.arg.end === from ? from + 1 : a.arg.end,
      message: `An empty word: every text contains it, so ZcheckContains is always true here. ${args.length > 2 ? 'Remove the empty argument (a ";" too many).' : 'Give it the word to look for.'}`,
      // With the text and this word only, removing it would leave too few arguments (the engine halts on one).
      fixes: args.length > 2 ? [{ title: 'Remove the empty word', edits: [{ start: from, end: a.arg.end, newText: '' }], preferred: true }] : undefined,
    });
    return;
  }
}

/**
 * `ZonlyIf{condition;}` meant as a guard that stops without a word: the
 * engine reads the message before the condition (control/onlyIf.rs) and
 * halts on it empty every time. `Zif{condition;;Zstop}` does what was meant.
 */
function silentGuardFix(node: CallNode, name: string, pos: number, ctx: StatementContext): AnalysisFix | undefined {
  // In ZtryRun the halt is caught: the guard does not stop the command either way.
  if (name !== 'ZonlyIf' || pos !== 2 || node.close < 0 || ctx.caught) return undefined;
  const condition = node.args[0];
  if (!condition || ctx.rel(condition.start, condition.end).trim() === '') return undefined;
  const newText = `Zif{${ctx.rel(condition.start, condition.end).trim()};;Zstop}`;
  return { title: `Write ${newText}`, edits: [{ start: node.start, end: node.close + 1, newText }], preferred: true };
}

/**
 * `ZstartThread{name;channel}` without a message: the engine leaves the
 * thread's type to Discord unless the sixth argument says true or false
 * (threads/startThread.rs 46-53), and Discord makes a thread started without
 * a message private, with only the bot in it. Kept as a fact: reported where
 * the file adds no one with ZthreadAddMember (fileChecks.ts).
 */
function checkPrivateThread(node: CallNode, ctx: StatementContext): void {
  const arg = (i: number) => (node.args[i] ? ctx.rel(node.args[i].start, node.args[i].end).trim() : '');
  if (node.args.length < 1 || arg(2) !== '' || arg(5) !== '') return;
  reportIf(ctx, 'thread-without-member', {
    code: 'private-thread',
    severity: 'warning',
    start: node.start,
    end: node.nameEnd,
    message:
      'A thread started without a message is private unless told otherwise: the engine leaves its type to Discord, which makes it private, and only the bot is in it, so no one else sees it. For a public thread give false as the sixth argument (ZstartThread{name;channel;;60;false;false}); for a private one, add the member with ZthreadAddMember, or mention them in a message sent to it (returnID true gives the thread ID).',
  });
}

/**
 * `ZchannelID{#general}`, `ZroleID{@Moderator}`: the name as a mention shows
 * it. The engine compares the name with each channel's or role's as Discord
 * stores it, case ignored (id/channelID.rs 29-35, id/roleID.rs 53-59), and
 * halts when none matches. No channel name has a "#"; a role's may start with
 * "@", but seldom does (a warning).
 */
function checkMentionSignInName(name: string, args: readonly ReadArgument[], ctx: StatementContext): void {
  const a = args[0];
  if (!a?.literal) return;
  // The default role is named "@everyone"; roleID.rs compares whole names, case aside, and halts when none matches.
  if (name === 'ZroleID' && a.text.toLowerCase() === 'everyone') {
    const { start, end } = trimmedRange(a.arg, ctx);
    ctx.diagnostics.push({
      code: 'invalid-value',
      severity: 'error',
      start,
      end,
      message:
        'No role is named "everyone": Discord names the default role "@everyone", so ZroleID finds none and halts the command ("no role found"). Write ZroleID{@everyone}, or ZguildID: the default role\'s ID is the server\'s.',
      fixes: [{ title: 'Write @everyone', edits: [{ start, end, newText: '@everyone' }], preferred: true }],
    });
    return;
  }
  const sign = name === 'ZchannelID' ? '#' : '@';
  // The @everyone role's own name is "@everyone".
  if (!a.text.startsWith(sign) || a.text.length < 2 || a.text.toLowerCase() === '@everyone') return;
  const bare = a.text.slice(1).trim();
  const what = name === 'ZchannelID' ? 'channel' : 'role';
  const { start, end } = trimmedRange(a.arg, ctx);
  ctx.diagnostics.push({
    code: 'invalid-value',
    severity: name === 'ZchannelID' ? 'error' : 'warning',
    start,
    end,
    message:
      name === 'ZchannelID'
        ? `ZchannelID looks the channel up by its name as Discord stores it, and no channel name starts with "#" (that is how a mention shows it): the engine halts the command ("no channel found"). Write ZchannelID{${bare}}.`
        : `ZroleID looks the role up by its name, and "${a.text}" starts with "@" as a mention shows it: unless the role's own name starts with "@", no role matches and the engine halts the command. Write ZroleID{${bare}}.`,
    fixes: bare ? [{ title: `Write the ${what}'s name: ${bare}`, edits: [{ start, end, newText: bare }], preferred: true }] : undefined,
  });
}

/**
 * `ZargsCheck{1;2}`: with two arguments the engine reads the second as the
 * message (control/argsCheck.rs 16-31): there is no maximum, and "2" is what
 * a wrong count gets as its answer.
 */
function checkArgsCheckWithoutMessage(args: readonly ReadArgument[], ctx: StatementContext): void {
  if (args.length !== 2 || !args[1].literal || !/^\d+$/.test(args[1].text)) return;
  const { start, end } = trimmedRange(args[1].arg, ctx);
  ctx.diagnostics.push({
    code: 'args-check-message',
    severity: 'warning',
    start,
    end,
    message: `With two arguments ZargsCheck reads the second as its message: there is no maximum, and a wrong count gets "${args[1].text}" as its answer. For at most ${args[1].text} words, give the message third: ZargsCheck{${args[0].text};${args[1].text};Usage: ...}.`,
  });
}

/**
 * `Zrandom{1;Zdiv{ZgetUserVar{coins};2}}`: Zdiv gives a fraction unless the
 * division is exact (math/div.rs: "2.5"), and Zrandom's bounds and Zrepeat's
 * count are read as whole numbers only (random/random.rs, runtime.rs): the
 * command halts for every odd balance. The fix rounds down with Zfloor.
 */
function checkDivisionAsWholeNumber(name: string, node: CallNode, ctx: StatementContext): void {
  const count = name === 'Zrandom' ? 2 : 1;
  for (let i = 0; i < Math.min(count, node.args.length); i++) {
    const inner = wholeCall(node.args[i], ctx);
    if (!inner || ctx.rel(inner.start, inner.nameEnd) !== 'Zdiv' || inner.close < 0) continue;
    // Numbers written out that divide exactly (`Zdiv{10;2}`): the engine writes 5, a whole number.
    const numbers = inner.args.map((a) => (hasCall(a) ? Number.NaN : Number(ctx.rel(a.start, a.end).trim())));
    if (numbers.length >= 2 && numbers.every(Number.isFinite) && Number.isInteger(numbers.slice(1).reduce((q, d) => q / d, numbers[0]))) continue;
    const call = ctx.rel(inner.start, inner.close + 1);
    ctx.diagnostics.push({
      code: 'invalid-integer',
      severity: 'warning',
      start: inner.start,
      end: inner.nameEnd,
      message: `Zdiv gives a fraction unless the division comes out exact (7 / 2 gives 2.5), and ${name} reads ${name === 'Zrandom' ? 'its bounds as whole numbers' : 'its count as a whole number'} only: then it halts the command. Round it: Zfloor{${call}}.`,
      fixes: [{ title: 'Round it down with Zfloor', edits: [{ start: inner.start, end: inner.close + 1, newText: `Zfloor{${call}}` }], preferred: true }],
    });
  }
}

/**
 * An empty choice in ZrandomText (`ZrandomText{Yes;No;Maybe;}`, the `;` after
 * every line of a list): the engine splits at every `;` and keeps the empty
 * last argument (parser.rs), and picks among all of them alike, so one time
 * in N the result is empty. The fix removes the argument with its `;`.
 */
/** A text for a message: on one line, at most 40 characters. */
function shortened(text: string): string {
  const line = text.replace(/\s*\n\s*/g, ' / ');
  return line.length > 40 ? `${line.slice(0, 39)}…` : line;
}

/** ZrandomText{Yes, No, Maybe}: one argument, so always all of it (random/randomText.rs picks an argument). */
function checkSingleChoice(node: CallNode, args: readonly ReadArgument[], ctx: StatementContext): void {
  if (args.length !== 1 || !args[0].literal) return;
  const cause = separatorHint(node, 'ZrandomText', 2, null, ctx);
  if (!cause) return;
  ctx.diagnostics.push({
    code: 'single-random-choice',
    severity: 'warning',
    start: args[0].arg.start,
    end: args[0].arg.end,
    message: `ZrandomText picks one of its arguments, and this call has one, so it always gives all of it, "${shortened(args[0].text)}".${cause.hint}`,
    fixes: cause.fix ? [cause.fix] : undefined,
  });
}

function checkEmptyChoices(node: CallNode, args: readonly ReadArgument[], ctx: StatementContext): void {
  if (args.length < 2) return;
  const empty = args.filter((a) => a.literal && a.text === '');
  // Several empty choices are a weighting on purpose (`ZrandomText{You found a gem!;;;}`): one is a slip.
  if (empty.length !== 1) return;
  const i = args.indexOf(empty[0]);
  const a = args[i];
  // The `;` before it, or after it for the first argument.
  const edit = i > 0 ? { start: node.separators[i - 1], end: a.arg.end } : { start: a.arg.start, end: node.separators[0] + 1 };
  const n = args.length;
  const halts = ctx.emptyHalts?.get(node.start);
  const outcome = halts ? `the result is empty, and ${halts}` : 'the result is empty (and a reply with nothing else in it is not sent at all)';
  ctx.diagnostics.push({
    code: 'empty-random-choice',
    severity: 'warning',
    start: edit.start,
    end: Math.max(edit.end, edit.start + 1),
    message: `ZrandomText has ${n} choices here, an empty one among them (${i === n - 1 ? 'a ";" after the last one' : i === 0 ? 'a ";" before the first one' : 'two ";" in a row'}): the engine picks it like any other, so 1 time in ${n} ${outcome}. Remove the extra ";".`,
    fixes: [{ title: 'Remove the empty choice', edits: [{ ...edit, newText: '' }], preferred: true }],
  });
}

/**
 * ZslashID with no name (`ZslashID`, `ZslashID{}`): the engine looks the
 * running command up by its trigger and wants a slash command, but it runs
 * slash commands without a trigger, so this halts the command every time.
 */
export function reportSlashIdWithoutName(start: number, end: number, ctx: StatementContext): void {
  reportAlwaysHalts(
    start,
    end,
    (outcome) =>
      `ZslashID without a name looks the running command up by its trigger, which the engine never has for a slash command (and a prefix command is no slash command): it ${outcome}. Name the slash command: ZslashID{ping}.`,
    ctx,
  );
}

/**
 * always-halts on a call that fails on every run; `message` gets what then
 * happens. In ZtryRun the halt is caught: the call fails every time, and the
 * command goes on (a warning).
 */
function reportAlwaysHalts(start: number, end: number, message: (outcome: string) => string, ctx: StatementContext): void {
  const caught = ctx.caught > 0;
  ctx.diagnostics.push({
    code: 'always-halts',
    severity: caught ? 'warning' : 'error',
    start,
    end,
    message: message(caught ? 'fails every time (ZtryRun catches it)' : 'halts the command every time'),
  });
}

/** Parameter types whose functions cannot use text such as `option "x" not found` (a number, an ID, an address...). */
const TYPED_PARAMETERS: ReadonlySet<string> = new Set(['integer', 'number', 'snowflake', 'url', 'duration', 'color']);

/** Zoption{name} as a whole typed argument (optional-option-missing, decided by the file's #option lines). */
function recordTypedOptionRead(fn: string, param: string, type: string, arg: Argument, ctx: StatementContext): void {
  const read = wholeOptionRead(arg, ctx);
  if (read?.node.args.length !== 1) return;
  const at = { name: read.name, fn, param, type, start: read.node.start, end: read.node.end };
  (rareFacts(ctx.summary).typedOptionReads ??= []).push(ctx.caught > 0 ? { ...at, caught: true } : at);
}

/** The argument when it is one closed Zoption{name} with a written name, and nothing else: the call and the name. */
function wholeOptionRead(arg: Argument, ctx: StatementContext): { node: CallNode; name: string } | undefined {
  const node = wholeCall(arg, ctx);
  if (!node || node.close < 0 || ctx.rel(node.start, node.nameEnd) !== 'Zoption' || hasCall(node.args[0])) return undefined;
  const name = ctx.rel(node.args[0].start, node.args[0].end).trim();
  return name === '' ? undefined : { node, name };
}

/**
 * An address argument that is one Zoption{name} read and nothing else: the
 * file checks compare it with the option's declared type (an attachment
 * option gives the attachment's ID, which no function takes as an address).
 */
function recordOptionAddress(arg: Argument, ctx: StatementContext): void {
  const option = wholeOptionRead(arg, ctx);
  if (!option) return;
  const read: { name: string; start: number; end: number; caught?: true } = { name: option.name, start: option.node.start, end: option.node.end };
  if (ctx.caught) read.caught = true;
  (ctx.summary.optionAddresses ??= []).push(read);
}

/** Functions whose key path leads to a JSON list, and how many arguments after the path are no keys (json/*.rs). */
const LIST_PATH_ARGUMENTS: Readonly<Record<string, number>> = {
  ZjsonArray: 0,
  ZjsonArrayCount: 0,
  ZjsonArrayPop: 0,
  ZjsonArrayShift: 0,
  ZjsonArraySort: 0,
  ZjsonArrayReverse: 0,
  ZjsonArrayAppend: 1,
  ZjsonArrayUnshift: 1,
  ZjsonArrayIndex: 1,
  ZjsonJoinArray: 1,
  ZforJson: 1,
};

/** The key path of a list function, when every key is written out: the file uses it as a list (json-path-through-list). */
function recordJsonList(name: string, args: readonly ReadArgument[], ctx: StatementContext): void {
  const keys = args.slice(0, args.length - LIST_PATH_ARGUMENTS[name]);
  if (keys.length === 0 || keys.some((k) => !k.literal || k.text === '')) return;
  (rareFacts(ctx.summary).jsonLists ??= []).push(keys.map((k) => k.text).join('.'));
}

/** A key that is a list position: digits, or ZloopIndex (alone or in Zsub/Zcalculate). */
function isPositionKey(a: ReadArgument): boolean {
  return a.literal ? /^\d+$/.test(a.text) : /^(?:ZloopIndex|Zsub\{\s*ZloopIndex\s*;\s*1\s*\}|Zcalculate\{\s*ZloopIndex\s*-\s*1\s*\})$/.test(a.text);
}

/**
 * `ZjsonSet{items;0;count;5}`: the engine's path goes into objects only
 * (json/helpers.rs set_at_path turns anything else on the way into an empty
 * object; unset_at_path removes nothing from a list), so a position into a
 * list replaces the whole list, or removes nothing. Reported where the file
 * uses that path as a list (an object keyed "1", "2"... is set this way
 * rightly), and not in a file that keys its own objects by ZloopIndex.
 */
function checkJsonPathThroughList(name: string, args: readonly ReadArgument[], ctx: StatementContext): void {
  const keys = name === 'ZjsonSet' ? args.slice(0, -1) : args;
  for (let i = 1; i < keys.length; i++) {
    if (!isPositionKey(keys[i])) continue;
    const list = keys
      .slice(0, i)
      .map((k) => k.text)
      .join('.');
    reportIf(ctx, `json-list:${list}`, {
      code: 'json-path-through-list',
      severity: 'warning',
      start: keys[i].arg.start,
      end: keys[i].arg.end,
      message:
        name === 'ZjsonSet'
          ? `ZjsonSet goes into objects only: ${list} is a list, and the engine replaces the whole list with an object to set this position in it, so the other items are lost. A list's items cannot be changed in place; keep them in an object keyed by name, or build the list again (ZjsonArrayPop, ZjsonArrayAppend).`
          : `ZjsonUnset removes object keys only: ${list} is a list, and it removes nothing from it. To take an item off a list, use ZjsonArrayPop (the last) or ZjsonArrayShift (the first).`,
    });
    return;
  }
}

/**
 * `ZforJson{items;- ZjsonGet{name}}`: ZforJson snapshots the list and sets
 * only ZloopValue and ZloopIndex (runtime.rs evaluate_for_json); ZjsonGet
 * reads from the top of the parsed JSON (json/jsonGet.rs), so a one-key read
 * that is not the loop's list reads the same top-level key every pass. Not
 * where the code parses its item (ZjsonParse{ZloopValue}, then ZjsonGet{name}
 * reads the item: the list was taken before the loop).
 */
function checkJsonGetInLoop(node: CallNode, ctx: StatementContext): void {
  const keys = node.args.slice(0, -1);
  if (keys.some(hasCall)) return;
  const path = keys.map((k) => ctx.rel(k.start, k.end).trim());
  const body = node.args[node.args.length - 1];
  if (ctx.rel(body.start, body.end).includes('ZjsonParse')) return;
  const visit = (nodes: readonly ContentNode[], depth: number): void => {
    if (depth > 50) return;
    for (const n of nodes) {
      if (n.kind === NodeKind.Group) visit(n.nodes, depth + 1);
      if (n.kind !== NodeKind.Call) continue;
      const called = calledName(n, ctx);
      if (called === 'ZforJson') continue; // its own list and items
      if (called === 'ZjsonGet' && n.args.length === 1 && !hasCall(n.args[0])) {
        const key = ctx.rel(n.args[0].start, n.args[0].end).trim();
        if (key !== '' && key !== path[0]) {
          const fixed = `ZjsonGet{${path.join(';')};Zsub{ZloopIndex;1};${key}}`;
          ctx.diagnostics.push({
            code: 'json-get-in-loop',
            severity: 'warning',
            start: n.start,
            end: n.end,
            message: `ZjsonGet reads from the top of the parsed JSON, not from the loop's item: every pass reads the top-level "${key}"${path.length ? `, not the "${key}" of each item of ${path.join('.')}` : ''}. Read the item's field by its position: ${fixed} (ZloopIndex counts from 1, positions from 0).`,
            fixes: [{ title: `Read the item's ${key}: ${fixed}`, edits: [{ start: n.start, end: n.end, newText: fixed }], preferred: true }],
          });
        }
      }
      for (const a of n.args) visit(a.nodes, depth + 1);
    }
  };
  visit(body.nodes, 0);
}

/**
 * ZloopIndex as a whole key of ZjsonGet or ZhttpResult: every loop counts it
 * from 1 (runtime.rs sets __loop_index to i + 1, or 1..=n for Zrepeat), and
 * a key into an array is a position from 0 (json/helpers.rs get_at_path,
 * http/httpResult.rs), so the element read is the next one.
 */
function checkLoopIndexKey(name: string, args: readonly ReadArgument[], ctx: StatementContext): void {
  for (const { arg } of args) {
    const nodes = arg.nodes;
    if (nodes.length !== 1 || nodes[0].kind !== NodeKind.BareCall || ctx.rel(arg.start, arg.end).trim() !== 'ZloopIndex') continue;
    const call = nodes[0];
    // Kept as a fact: not reported where the file builds an object keyed by ZloopIndex itself (fileChecks.ts).
    reportIf(ctx, 'loop-index-positional', {
      code: 'loop-index-from-one',
      severity: 'warning',
      start: call.start,
      end: call.end,
      message: `ZloopIndex counts the passes from 1, but ${name} reads a key into a JSON array as a position from 0: each pass reads the next element, so the first is skipped and the last pass finds nothing. Write Zsub{ZloopIndex;1} (an object whose keys are "1", "2"... is read as written).`,
      fixes: [{ title: 'Count from 0: Zsub{ZloopIndex;1}', edits: [{ start: call.start, end: call.end, newText: 'Zsub{ZloopIndex;1}' }], preferred: true }],
    });
  }
}

/**
 * Zdice's formula: the engine splits it at "d" and parses both sides as whole
 * numbers above 0 (random/dice.rs), halting the command on anything else:
 * `d20` (no count), `1D20` (upper-case D), `2d6+3` (a modifier).
 */
function checkDiceFormula(formula: ReadArgument | undefined, ctx: StatementContext): void {
  if (!formula?.literal || formula.text === '') return;
  const text = formula.text;
  const m = /^\+?(\d+)d\+?(\d+)$/.exec(text);
  if (m && Number(m[1]) > 0 && Number(m[2]) > 0 && Number(m[1]) < 2 ** 31 && Number(m[2]) < 2 ** 31) return;
  const plain = /^(\d*)[dD](\d+)$/.exec(text);
  // `0d6` or `2d0`: no formula to offer (the count and the sides must be above 0).
  const meant = plain && Number(plain[2]) > 0 && (plain[1] === '' || Number(plain[1]) > 0) ? `${plain[1] || '1'}d${plain[2]}` : undefined;
  const modifier = /^(\d+)d(\d+)\s*\+\s*(\d+)$/.exec(text);
  ctx.diagnostics.push({
    code: 'invalid-value',
    severity: 'error',
    start: formula.arg.start,
    end: formula.arg.end,
    message: `Zdice takes a formula NdM (how many dice, a lower-case d, how many sides: 1d20) and halts the command on "${text}".${meant ? ` Write ${meant}.` : modifier ? ` Add the modifier outside: Zsum{Zdice{${modifier[1]}d${modifier[2]}};${modifier[3]}}.` : ''}`,
    fixes: meant ? [{ title: `Write ${meant}`, edits: [{ ...trimmedRange(formula.arg, ctx), newText: meant }], preferred: true }] : undefined,
  });
}

/**
 * `Zban{ID1;ID2}`: a second member given as the reason. moderation/ban.rs and
 * kick.rs split their first argument on ";" for several members, but a ";"
 * written in the call ends that argument: the second ID is the reason written
 * to the audit log, and only the first member is banned. One call per member
 * does it, each with the rest of the arguments in their places (an empty
 * reason before Zban's days). A third ID is Zban's days, which halts it: the
 * catalog's integer check reports that.
 */
function reportIdAsReason(node: CallNode, name: string, args: readonly ReadArgument[], ctx: StatementContext): void {
  const second = args[1];
  if (args.length > 2 && !/^\d{1,2}$/.test(args[2].text)) return;
  const isId = (a: ReadArgument): boolean => {
    if (a.literal) return /^\d{17,20}$/.test(a.text);
    const call = wholeCall(a.arg, ctx);
    return call !== undefined && ctx.rel(call.start, call.nameEnd) === 'Zmentioned';
  };
  if (!isId(args[0]) || !isId(second)) return;
  const first = ctx.rel(args[0].arg.start, args[0].arg.end).trim();
  // The days stay third, after an empty reason.
  const rest = args.length > 2 ? `;;${args[2].text}` : '';
  const separate = `${name}{${first}${rest}}${name}{${second.text}${rest}}`;
  const { start, end } = trimmedRange(second.arg, ctx);
  ctx.diagnostics.push({
    code: 'arguments-swapped',
    severity: 'warning',
    start,
    end,
    message: `${name}'s second argument is the reason, not another member: a ";" written in the call starts the next argument, so ${second.literal ? second.text : `the ID ${second.text} gives`} becomes the reason in the audit log, and only ${first} is ${name === 'Zban' ? 'banned' : 'kicked'}. Give each member a call of their own: ${separate}.`,
    fixes: [{ title: `Write ${separate}`, edits: [{ start: node.start, end: node.end, newText: separate }], preferred: true }],
  });
}

/**
 * ZfromTimestamp{time;relative} of a time visibly to come (now plus a
 * number: `Zsum{ZgetTimestamp;86400}`): the engine writes "... ago" for
 * either side of now (fromTimestamp.rs takes the distance's absolute value),
 * so "next daily: 1d ago". Discord's <t:...:R> markup says "in 1 day".
 */
function checkFutureAgo(node: CallNode, time: ReadArgument | undefined, ctx: StatementContext): void {
  const sum = time && wholeCall(time.arg, ctx);
  if (!sum || ctx.rel(sum.start, sum.nameEnd) !== 'Zsum' || sum.args.length < 2) return;
  const parts = sum.args.map((a) => ctx.rel(a.start, a.end).trim());
  if (!parts.includes('ZgetTimestamp') || !parts.some((p) => /^\+?\d+$/.test(p) && Number(p) > 0)) return;
  const value = ctx.rel(time!.arg.start, time!.arg.end).trim();
  ctx.diagnostics.push({
    code: 'time-to-come-ago',
    severity: 'warning',
    start: node.start,
    end: node.nameEnd,
    message: `ZfromTimestamp{...;relative} writes "... ago" for a time to come as well (the engine counts the distance either way): this one shows "${agoText(parts)}". Discord's markup <t:${value}:R> shows "in ..." and counts down.`,
    fixes: [{ title: `Write <t:${value}:R>`, edits: [{ start: node.start, end: node.end, newText: `<t:${value}:R>` }], preferred: true }],
  });
}

/** What the engine writes for now plus the literal seconds among `parts` (fromTimestamp.rs: s, m, h or d, then "ago"). */
function agoText(parts: readonly string[]): string {
  const diff = parts.filter((p) => /^\+?\d+$/.test(p)).reduce((n, p) => n + Number(p), 0);
  return diff < 60
    ? `${diff}s ago`
    : diff < 3600
      ? `${Math.floor(diff / 60)}m ago`
      : diff < 86400
        ? `${Math.floor(diff / 3600)}h ago`
        : `${Math.floor(diff / 86400)}d ago`;
}

/**
 * ZweightedRandom{items;weights}: the engine splits both at "," and parses
 * each weight as a whole number of 0 or more, untrimmed (random/weightedRandom.rs),
 * then wants as many weights as items, not all 0; it halts the command otherwise.
 */
function checkWeights(items: ReadArgument | undefined, weights: ReadArgument | undefined, ctx: StatementContext): void {
  if (!weights?.literal || weights.text === '') return;
  const list = weights.text.split(',');
  const halt = (why: string, fixed?: string) =>
    ctx.diagnostics.push({
      code: 'invalid-value',
      severity: 'error',
      start: weights.arg.start,
      end: weights.arg.end,
      message: `ZweightedRandom halts the command on the weights "${weights.text}": ${why}`,
      fixes: fixed ? [{ title: `Write ${fixed}`, edits: [{ ...trimmedRange(weights.arg, ctx), newText: fixed }], preferred: true }] : undefined,
    });
  if (!list.every((w) => /^\+?\d+$/.test(w))) {
    const trimmed = list.map((w) => w.trim());
    const fixed = trimmed.every((w) => /^\d+$/.test(w)) ? trimmed.join(',') : undefined;
    halt(
      `each weight must be a whole number, and the engine reads them as written between the commas${fixed ? ', spaces included' : ''}.${fixed ? ` Write ${fixed}.` : ''}`,
      fixed,
    );
    return;
  }
  if (list.every((w) => Number(w) === 0)) {
    halt('at least one weight must be above 0.');
    return;
  }
  if (items?.literal && items.text !== '') {
    const count = items.text.split(',').length;
    if (count !== list.length)
      halt(`it has ${list.length} weight${list.length === 1 ? '' : 's'} for ${count} item${count === 1 ? '' : 's'}; give one weight per item.`);
  }
}

/** The functions that give a bare role ID: no sign for ZroleGrant. */
const ROLE_ID_GETTERS: ReadonlySet<string> = new Set(['ZroleID', 'ZhighestRole', 'ZlowestRole', 'ZgetRoleSelectRoleID', 'Zoption']);

/**
 * `ZroleGrant{user;ZroleID{Member}}`: the role's ID without the `+` or `-`
 * that says what to do with it. roleGrant.rs reads the first character as the
 * sign and halts when it is neither, which a bare ID's first digit never is.
 */
function checkUnsignedRoleCall(arg: Argument, ctx: StatementContext): void {
  const call = wholeCall(arg, ctx);
  if (!call) return;
  const called = ctx.rel(call.start, call.nameEnd);
  if (!ROLE_ID_GETTERS.has(called)) return;
  // A slash option's value: the role's ID when the option's type is role (bot.rs), which only the file's headers say.
  const option = called === 'Zoption' ? literalName(call, ctx) : undefined;
  if (called === 'Zoption' && option === undefined) return;
  const { start, end, text } = trimmedRange(arg, ctx);
  const diagnostic: AnalysisDiagnostic = {
    code: 'invalid-value',
    severity: 'error',
    start,
    end,
    message: `ZroleGrant needs "+" (add) or "-" (remove) right before each role ID, and ${option !== undefined ? `the role option "${option}"` : called} gives the ID alone: the engine halts the command ("must be prefixed with + or -"). Write +${text} to give the role, -${text} to take it.`,
    fixes: [
      { title: `Give the role: +${called}{...}`, edits: [{ start, end: start, newText: '+' }], preferred: true },
      { title: `Take the role: -${called}{...}`, edits: [{ start, end: start, newText: '-' }] },
    ],
  };
  if (option !== undefined) reportIf(ctx, `role-option:${option}`, diagnostic);
  else ctx.diagnostics.push(diagnostic);
}

/** A call's first argument when it is written out (no call in it), trimmed. */
function literalName(call: CallNode, ctx: StatementContext): string | undefined {
  const first = call.args[0];
  if (!first || hasCall(first)) return undefined;
  const name = ctx.rel(first.start, first.end).trim();
  return name === '' ? undefined : name;
}

/**
 * `ZnewModal{apply;...}` in the command of `onInteraction{apply}` (the button
 * that opens it has the same ID): the engine runs a submitted modal's
 * onInteraction{its ID} (bot.rs), so the answers come back to this very
 * command, which builds the modal again and cannot show it in answer to a
 * modal: nothing reads the answers. Not in a command that reads ZinputValue
 * (it may tell the two apart).
 */
function reportModalAnsweredHere(id: ReadArgument, ctx: StatementContext): void {
  reportIf(ctx, `handles-id:${id.text}`, {
    code: 'modal-answered-by-itself',
    severity: 'warning',
    start: id.arg.start,
    end: id.arg.end,
    message: `This command answers onInteraction{${id.text}}, and its modal has that same ID: the engine sends a submitted modal to onInteraction{${id.text}} too, so the answers come back here, where the command builds the modal again (a modal cannot answer a modal) and nothing reads them. Give the modal its own ID (ZnewModal{${id.text}_form;...}) and read the answers with ZinputValue in a command #trigger onInteraction{${id.text}_form}.`,
  });
}

/**
 * `Zrepeat{3;Zdelay{5m;...}}`: each pass runs Zdelay at once, and each
 * Zdelay starts its own wait right then (runtime.rs spawns a task that
 * sleeps the duration), so all the delayed runs happen together, 5m from
 * now, not 5, 10 and 15 minutes apart. A written duration only: one a call
 * computes (from ZloopIndex) may differ from pass to pass.
 */
function reportDelaysTogether(duration: ReadArgument, ctx: StatementContext): void {
  const m = /^(\d+)\s*([A-Za-z]+)$/.exec(duration.text);
  const staggered = m ? `Zdelay{Zmulti{ZloopIndex;${m[1]}}${m[2]};...}` : 'a duration computed from ZloopIndex';
  ctx.diagnostics.push({
    code: 'delays-fire-together',
    severity: 'warning',
    start: duration.arg.start,
    end: duration.arg.end,
    message: `Every pass of the loop runs this Zdelay right away, and each one starts its wait then: all the delayed runs happen together, ${duration.text} from now, not one ${duration.text} after another. If they are meant to come one after another, make each pass wait longer: ${staggered} (the duration is worked out as the pass runs).`,
  });
}

/**
 * `Zclamp{value;min;max}` with a written minimum above the maximum: clamp.rs
 * calls Rust's f64::clamp, which panics then, so the command dies without an
 * answer (a panic: ZtryRun does not catch it).
 */
function checkClampBounds(args: readonly ReadArgument[], ctx: StatementContext): void {
  const [, min, max] = args;
  if (!min?.literal || !max?.literal || !isPlainNumber(min.text) || !isPlainNumber(max.text) || Number(min.text) <= Number(max.text)) return;
  const low = trimmedRange(min.arg, ctx);
  const high = trimmedRange(max.arg, ctx);
  ctx.diagnostics.push({
    code: 'limit-exceeded',
    severity: 'error',
    start: low.start,
    end: high.end,
    message: `Zclamp takes the minimum second and the maximum third, and ${min.text} is above ${max.text}: the engine crashes the command here (a panic: nothing is sent, and ZtryRun does not catch it). Write Zclamp{...;${max.text};${min.text}}.`,
    fixes: [swapFix('Swap the minimum and the maximum', low, high)],
  });
}

function isPlainNumber(text: string): boolean {
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(text);
}

/**
 * When a report about a count `counted` (`call`) must be above `need - 1` holds: the file does not check that count
 * (fileChecks). A count of the message's words is also settled by a ZargsCheck of at least `need` words.
 */
function countedWhen(counted: string, call: CallNode | BareCallNode, need: number, ctx: StatementContext): ReportWhen {
  if (counted === 'ZjsonArrayCount') return 'count-untested-outside-json';
  return countsMessageWords(counted, call, ctx) ? `words-untested:${need}` : 'count-untested';
}

/** ZargCount, or ZwordCount of the message: what ZargsCheck counts (control/argsCheck.rs reads the message's words). */
export function countsMessageWords(counted: string, call: CallNode | BareCallNode, ctx: StatementContext): boolean {
  if (counted !== 'ZargCount' && counted !== 'ZwordCount') return false;
  if (call.kind !== NodeKind.Call || call.args.length === 0) return counted === 'ZargCount';
  const of = ctx.rel(call.args[0].start, call.args[0].end).trim();
  return of === '' ? counted === 'ZargCount' : of === 'Zmessage' || of === 'Zmessage{}';
}

/** Counts of a list's items (words, lines, split items, JSON array items, chosen users or roles): 1 for a list of one. */
export const LIST_COUNTS: ReadonlySet<string> = new Set([
  'ZgetTextSplitLength',
  'ZjsonArrayCount',
  'ZargCount',
  'ZwordCount',
  'ZlinesCount',
  'ZroleMemberCount',
  'ZgetUserSelectUserCount',
  'ZgetRoleSelectRoleCount',
  'ZgetMentionableSelectUserCount',
]);

/**
 * `Zrandom{1;ZgetTextSplitLength}`, the pick-one-of-the-list idiom: random.rs
 * halts when the minimum is not below the maximum, so a list of one item
 * (`!choose pizza`) stops the command with an error. Not inside Zif or
 * ZtryRun, nor in a file that tests a count in a condition (fileChecks).
 */
function checkRandomUpToCount(args: readonly ReadArgument[], ctx: StatementContext): void {
  const [min, max] = args;
  if (ctx.guarded > 0 || !min?.literal || !/^\+?\d+$/.test(min.text) || Number(min.text) < 1 || !max) return;
  const call = wholeCallOrBare(max.arg, ctx);
  const counted = call ? calledName(call, ctx) : '';
  const n = Number(min.text);
  // `Zrandom{1;Zvar{n}}` where the file set Zvar{n;ZgetTextSplitLength} (fileChecks decides).
  if (counted === 'Zvar' && call!.kind === NodeKind.Call && call!.args.length === 1 && !hasCall(call!.args[0])) {
    const v = ctx.rel(call!.args[0].start, call!.args[0].end).trim();
    reportIf(ctx, `count-copy:${v}`, {
      code: 'random-range-may-be-empty',
      severity: 'warning',
      start: min.arg.start,
      end: max.arg.end,
      message: `Zrandom halts the command when its minimum is not below its maximum, and Zvar{${v}} holds a list's count, ${n} for a list of ${n === 1 ? 'one item' : `${n} items`}${n === 1 ? '' : ' (or fewer)'}: then the command stops with an error instead of picking. Check the count first, e.g. ZonlyIf{Zvar{${v}}>${n};...} with a message saying what is needed.`,
    });
    return;
  }
  if (!LIST_COUNTS.has(counted)) return;
  // The count of a JSON list the command writes out itself (ZjsonParse of literal text) is known: no warning then.
  reportIf(ctx, countedWhen(counted, call!, n + 1, ctx), {
    code: 'random-range-may-be-empty',
    severity: 'warning',
    start: min.arg.start,
    end: max.arg.end,
    message: `Zrandom halts the command when its minimum is not below its maximum, and ${counted} is ${n} for a list of ${n === 1 ? 'one item' : `${n} items`}${n === 1 ? '' : ' (or fewer)'}: then the command stops with an error instead of picking. Check the count first, e.g. ZonlyIf{${ctx.rel(call!.start, call!.end)}>${n};...} with a message saying what is needed.`,
  });
}

/**
 * A ZeditChannelPerms call that surely runs, for the file walk's pairing
 * (channel-perms-replaced): editChannelPerms.rs sends the call's permissions
 * as the target's whole overwrite, so a second call for the same channel and
 * member or role replaces the first.
 */
function recordChannelPerms(node: CallNode, ctx: StatementContext): void {
  if (ctx.guarded > 0 || ctx.background > 0 || node.close < 0 || node.args.length < 3) return;
  const channel = ctx.rel(node.args[0].start, node.args[0].end).trim();
  const target = ctx.rel(node.args[1].start, node.args[1].end).trim();
  if (channel === '' || target === '') return;
  // A permission without its sign halts the call (checkPermissionSign says so): nothing is replaced after it.
  for (let i = 2; i < node.args.length; i++) {
    const a = node.args[i];
    if (!hasCall(a) && !/^[+\-/]\S/.test(ctx.rel(a.start, a.end).trim())) return;
  }
  const perms = ctx.rel(node.args[2].start, node.args[node.args.length - 1].end).trim();
  (rareFacts(ctx.summary).channelPerms ??= []).push({ target: `${channel};${target}`, perms, start: node.start, end: node.nameEnd, close: node.close });
}

/**
 * `ZaddButton{verify;Verify;success}`: the first argument (newRow, true or
 * false) left out, so every argument sits one place early: "verify" is read
 * as newRow (false), "Verify" becomes the ID and "success" the label, and the
 * style falls back to secondary (addButton.rs). Known by a style word in the
 * label's place; the fix inserts the empty first argument.
 */
function reportLeftOutNewRow(args: readonly ReadArgument[], ctx: StatementContext): boolean {
  const [row, id, label, style] = args;
  if (!row?.literal || row.text === 'true' || row.text === 'false' || !id || !label?.literal) return false;
  const styles = valueSetFor('ZaddButton', 'style');
  if (!styles || !inValueSet(styles, label.text.toLowerCase()) || (style?.literal && style.text !== '' && inValueSet(styles, style.text.toLowerCase())))
    return false;
  const { start } = trimmedRange(row.arg, ctx);
  ctx.diagnostics.push({
    code: 'invalid-boolean',
    severity: 'warning',
    start: row.arg.start,
    end: row.arg.end,
    message: `ZaddButton's first argument is newRow (true or false), and it looks left out: every argument then sits one place early, so "${row.text}" is read as newRow, ${id.literal ? `"${id.text}"` : 'the second argument'} becomes the custom ID and "${label.text}" the label, ${style && !(style.literal && style.text === '') ? `and ${style.literal ? `"${style.text}"` : 'the next argument'} stands where the style goes (the engine halts the command on anything but a style)` : 'with the default style'}. Start with an empty first argument: ZaddButton{;${row.text};...}.`,
    fixes: [{ title: 'Insert the empty newRow argument', edits: [{ start, end: start, newText: ';' }], preferred: true }],
  });
  return true;
}

/**
 * `ZsplitText{3}` of a list split from text the command does not write
 * (`ZtextSplit{Zmessage;|}`): splitText.rs halts on an index past the end
 * ("out of range"), unlike Zmessage{3}, which is empty. Not inside Zif or
 * ZtryRun, nor in a file that tests a count (fileChecks: count-untested).
 */
function checkSplitIndex(index: ReadArgument, ctx: StatementContext): void {
  if (ctx.guarded > 0 || !index.literal || !/^\d+$/.test(index.text)) return;
  const n = Number(index.text);
  if (n < 2 || n > 1000) return;
  reportIf(ctx, `split-index:${n}`, {
    code: 'split-index-may-be-missing',
    severity: 'warning',
    start: index.arg.start,
    end: index.arg.end,
    message: `ZsplitText{${n}} halts the command when the list has fewer than ${n} items ("index out of range"), as when a user writes fewer parts than the command reads. Check the count first: ZonlyIf{ZgetTextSplitLength>=${n};...} with a message saying what is needed.`,
  });
}

/** The call is right in a Zif branch, first in it or after another call (not after text of the branch). */
function inBranchOwnContent(node: CallNode, ctx: StatementContext): boolean {
  if (ctx.branchStart < 0) return false;
  const before = ctx.rel(ctx.branchStart, node.start).trimEnd();
  return before === '' || before.endsWith('}');
}

/**
 * A duration chosen by a Zif (`Ztimeout{...;Zif{Zmessage{2}==;10min;Zmessage{2}}}`,
 * `Zcooldown{Zif{ZisAdmin==true;5s;1 hour}}`): the branch written as text is
 * the duration whenever it is chosen, checked as if written in its place.
 */
function checkBranchDurations(fn: FunctionRecord, param: string, arg: Argument, ctx: StatementContext): void {
  const choice = wholeCall(arg, ctx);
  if (!choice || ctx.rel(choice.start, choice.nameEnd) !== 'Zif') return;
  for (let j = 1; j < choice.args.length && j <= 2; j++) {
    const branch = choice.args[j];
    if (hasCall(branch)) continue;
    const raw = ctx.rel(branch.start, branch.end);
    const text = argumentText(raw);
    if (text !== '' && text === raw.trim()) checkLiteral(fn, param, 'duration', text, branch, ctx);
  }
}

/** The command's own message (the target of an event about a message). */
const OWN_MESSAGE_ID = /^ZmessageID(?:\{\s*\})?$/;

/** A condition that lets one user through by ID (`ZuserID==123456789012345678`), or the bot's owner (`ZuserID==ZbotOwnerID`). */
const OWNER_TEST = /ZuserID(?:\{\})?\s*==\s*(?:\d{15,}|ZbotOwnerID)|(?:\d{15,}|ZbotOwnerID(?:\{\})?)\s*==\s*ZuserID/;

/**
 * A ZonlyIf condition that lets only staff (or the owner) through: the
 * author's administrator or moderator flag, permission or role tested for
 * "true" (what users/isAdmin.rs, users/isModerator.rs,
 * permissions/checkUserPerms.rs and roles/hasRole.rs answer; `==` is exact,
 * control/helpers.rs), or the author's ID compared with an ID, the bot's
 * owner or the server's. ZonlyIf stops everyone else before the next
 * statement, as ZonlyAdmin does. A part of the condition must be that test
 * (with the others joined by ` && `): one of several joined by ` || ` may let
 * anyone through.
 */
function isStaffCondition(condition: string): boolean {
  return !condition.includes(' || ') && condition.split(' && ').some((part) => STAFF_TEST.test(part));
}

/**
 * A statement that stops everyone but staff: `ZonlyIf{<staff test>;...}`,
 * `Zif{<staff test>;;Zstop}` (nothing for staff, a stop for everyone else:
 * the silent guard the checker's own fixes write; the first branch may say
 * something), or the test turned round,
 * `Zif{ZisAdmin==false;Zerror{Admins only.}}`: the branch's stop or error
 * ends the command (runtime.rs evaluate_if passes the branch's result up,
 * errors/error.rs answers with a user error). Only at a line's top level
 * (the caller's test): inside a Zif branch, a ZtryRun (which catches the
 * halt), a Zalias or a Zasync it guards nothing after it.
 */
function isStaffGuard(name: string, args: readonly ReadArgument[], ctx: StatementContext): boolean {
  if (name === 'ZonlyIf') return args.length >= 2 && isStaffCondition(args[0].text);
  if (name !== 'Zif' || args.length < 2 || args.length > 3) return false;
  // Whatever the other branch does, only staff get past the stop.
  if (args.length === 3 && stopsTheCommand(args[2], ctx) && isStaffCondition(args[0].text)) return true;
  return stopsTheCommand(args[1], ctx) && isNotStaffCondition(args[0].text);
}

/** A branch that is one Zstop (bare, or with empty braces), or one Zerror{...}, and nothing else. */
function stopsTheCommand(branch: ReadArgument, ctx: StatementContext): boolean {
  const call = wholeCallOrBare(branch.arg, ctx);
  if (!call) return false;
  if (call.kind === NodeKind.BareCall) return ctx.rel(call.start, call.end) === 'Zstop';
  const name = ctx.rel(call.start, call.nameEnd);
  return name === 'Zerror' || (name === 'Zstop' && call.args.every((a) => ctx.rel(a.start, a.end).trim() === ''));
}

/** A condition true for everyone but staff: a staff test with its answer turned round (`ZisAdmin==false`, `ZuserID!=<owner>`). */
function isNotStaffCondition(condition: string): boolean {
  // Either test true stops (one kind of staff is needed); both true stops (either kind will do).
  if (condition.includes(' && ')) return !condition.includes(' || ') && condition.split(' && ').every((part) => NOT_STAFF_TEST.test(part));
  return condition.split(' || ').some((part) => NOT_STAFF_TEST.test(part));
}

/** The author's privilege, answered "true" or "false": admin or moderator flag, a permission, a role (empty user: the author). */
const PRIVILEGE = String.raw`(?:Z(?:isAdmin|isModerator)(?:\{\})?|ZcheckUserPerms\{ZuserID(?:\{\})?;[^{}]+\}|ZhasRole\{(?:ZuserID(?:\{\})?)?;[^{}]+\})`;
/** One user's ID: written, the bot's owner, the server's owner. */
const ONE_USER = String.raw`(?:\d{15,}|ZbotOwnerID(?:\{\})?|ZserverOwner(?:\{\})?)`;
const AUTHOR = String.raw`ZuserID(?:\{\})?`;

const STAFF_TEST = new RegExp(
  String.raw`^\s*(?:` +
    [
      // No operator: the condition holds for "true" (or "1") only.
      PRIVILEGE,
      String.raw`${PRIVILEGE}\s*(?:==\s*true|!=\s*false)`,
      String.raw`(?:true\s*==|false\s*!=)\s*${PRIVILEGE}`,
      String.raw`${AUTHOR}\s*==\s*${ONE_USER}`,
      String.raw`${ONE_USER}\s*==\s*${AUTHOR}`,
    ].join('|') +
    String.raw`)\s*$`,
);

const NOT_STAFF_TEST = new RegExp(
  String.raw`^\s*(?:` +
    [
      String.raw`${PRIVILEGE}\s*(?:==\s*false|!=\s*true)`,
      String.raw`(?:false\s*==|true\s*!=)\s*${PRIVILEGE}`,
      String.raw`${AUTHOR}\s*!=\s*${ONE_USER}`,
      String.raw`${ONE_USER}\s*!=\s*${AUTHOR}`,
    ].join('|') +
    String.raw`)\s*$`,
);

/** The resets, and whose variables they delete (variables/reset*.rs). */
const RESETS_FOR_ALL: Readonly<Record<string, { whose: string; set: string }>> = {
  ZresetUserVar: { whose: 'every member of the server', set: 'ZsetUserVar' },
  ZresetChannelVar: { whose: 'every channel', set: 'ZsetChannelVar' },
  ZresetServerVar: { whose: 'every server the bot is in', set: 'ZsetServerVar' },
};

/**
 * `!resetme` with ZresetUserVar{coins}: the reset deletes the variable for
 * everyone (variables/resetUserVar.rs: "for every user in the current
 * guild"), so any member who runs it wipes all the balances. Reported at
 * a line's top level (not in a Zif branch, a deliberate step such as a
 * poll's close) where no staff guard protects the command (fileChecks:
 * not-staff-only).
 */
function reportResetForAll(node: CallNode, name: string, ctx: StatementContext): void {
  // In a Zif branch the reset is a step of its own (a poll's "close" button clearing every vote), on a condition.
  if (ctx.guarded > 0) return;
  const first = node.args[0];
  const variable = first ? ctx.rel(first.start, first.end).trim() : '';
  const { whose, set } = RESETS_FOR_ALL[name];
  const v = variable || 'name';
  // A number starts again at 0; an ID or a text at empty (0 is no ID: Zban{0} crashes the command).
  const reset = `${set}{${v};0} for a number, ${set}{${v};} for an ID or a text`;
  // The staff of one server cannot mean to wipe the others': only a guard letting given users through (the bot's owner) can.
  if (name === 'ZresetServerVar') {
    reportIf(ctx, 'not-owner-only', {
      code: 'reset-clears-everyone',
      severity: 'warning',
      start: node.start,
      end: node.nameEnd,
      message: `ZresetServerVar deletes ${variable ? `"${variable}"` : 'the variable'} for ${whose}, not only for this one: whoever runs it here also wipes the other servers' values, a staff guard notwithstanding. To reset this server's, set it: ${reset}; a reset of every server is for the bot's owner alone (ZonlyForIDs{ownerID;...}).`,
    });
    return;
  }
  reportIf(ctx, 'not-staff-only', {
    code: 'reset-clears-everyone',
    severity: 'warning',
    start: node.start,
    end: node.nameEnd,
    message: `${name} deletes ${variable ? `"${variable}"` : 'the variable'} for ${whose}, not only for the one running the command, and nothing here limits who may run it. To reset one, set it: ${reset}; to keep the reset for everyone, guard it (ZonlyAdmin, ZonlyPerms...).`,
  });
  // Staff resetting the member they mention: the reset takes no member, and wipes everyone's.
  if (name === 'ZresetUserVar')
    reportIf(ctx, 'staff-only-member-named', {
      code: 'reset-clears-everyone',
      severity: 'warning',
      start: node.start,
      end: node.nameEnd,
      message: `ZresetUserVar takes no member: it deletes ${variable ? `"${variable}"` : 'the variable'} for ${whose}, not only for the member this command mentions. To reset theirs, set it with their ID: ZsetUserVar{${v};0;Zmentioned{1}} for a number, ZsetUserVar{${v};;Zmentioned{1}} for an ID or a text.`,
    });
}

/**
 * What a ZtextSplit makes of the list's length (RareFacts.splits): with a
 * written separator at least one item, even from empty text (textSplit.rs:
 * Rust's split gives one empty part); with an empty one the text's
 * characters, none for empty text.
 */
function recordSplit(node: CallNode, args: readonly ReadArgument[], ctx: StatementContext): void {
  const separator = args[1];
  const written = separator?.literal === true && separator.text !== '';
  // A list written in the command (`ZtextSplit{Yes|No|Maybe;|}`, or a temporary variable the file sets to written
  // text) has the items it is written with: its count is no surprise (random-range-may-be-empty,
  // repeat-count-may-be-zero). A variable holding a saved list or a typed one may hold a single item (fileWalk countKnown).
  const list = args[0];
  const listSource = list && !list.literal ? wholeCallOrBare(list.arg, ctx) : undefined;
  const listCall = listSource?.kind === NodeKind.Call ? listSource : undefined;
  const fixed = listSource && written ? fixedSplitCount(listSource, separator.text, ctx) : undefined;
  if (list?.literal) rareFacts(ctx.summary).countTested = true;
  // Where the next ZsplitText reads: a top-level split surely ran (one in a branch may not have).
  if (ctx.guarded === 0 && ctx.background === 0)
    (rareFacts(ctx.summary).splitCounts ??= []).push(fixed === undefined ? { start: node.start } : { start: node.start, count: fixed });
  if (listCall && ctx.rel(listCall.start, listCall.nameEnd) === 'Zvar' && listCall.args.length === 1 && !hasCall(listCall.args[0]))
    (rareFacts(ctx.summary).splitVars ??= []).push(ctx.rel(listCall.args[0].start, listCall.args[0].end).trim());
  const now = written ? (ctx.guarded === 0 && ctx.background === 0 && node.close >= 0 ? 'sure' : undefined) : 'maybeNone';
  if (now !== undefined) markSplit(now, ctx);
}

/**
 * How many items a ZtextSplit at `separator` makes of text the bot writes in a fixed shape, or
 * undefined: Zdate (YYYY-MM-DD, time/date.rs), ZfromTimestamp with a written format or none (date,
 * time, relative, else the full "%Y-%m-%d %H:%M:%S": time/fromTimestamp.rs), ZtimeFormat with a
 * written pattern, ZcreationDate (%Y-%m-%d, or its written format: users/creationDate.rs). The shape is rendered with sample values; a separator a value could hold (a
 * letter or digit), or a pattern part whose text varies otherwise, leaves the count unknown.
 */
function fixedSplitCount(call: CallNode | BareCallNode, separator: string, ctx: StatementContext): number | undefined {
  if (separator === '' || /[\p{L}\p{N}%]/u.test(separator)) return undefined;
  const name = calledName(call, ctx);
  let pattern: string | undefined;
  if (name === 'Zdate') pattern = '%Y-%m-%d';
  else if (call.kind === NodeKind.Call && (name === 'ZfromTimestamp' || name === 'ZtimeFormat' || name === 'ZcreationDate')) {
    const format = call.args[1];
    if (format && hasCall(format)) return undefined;
    const written = format ? ctx.rel(format.start, format.end).trim() : '';
    if (name === 'ZtimeFormat') pattern = written || undefined;
    // users/creationDate.rs formats the ID's date, %Y-%m-%d by default (not ZuserJoined, empty when Discord gives no date).
    else if (name === 'ZcreationDate') pattern = written || '%Y-%m-%d';
    else pattern = written === 'date' ? '%Y-%m-%d' : written === 'time' ? '%H:%M:%S' : written === 'relative' ? '9s ago' : '%Y-%m-%d %H:%M:%S';
  }
  const sample = pattern === undefined ? undefined : renderedSample(pattern);
  return sample === undefined ? undefined : sample.split(separator).length;
}

/** Sample values of the strftime fields whose text is letters and digits only (chrono's). */
const FIELD_SAMPLES: Readonly<Record<string, string>> = {
  Y: '2025',
  m: '01',
  d: '02',
  H: '03',
  M: '04',
  S: '05',
  y: '25',
  j: '032',
  I: '03',
  u: '1',
  w: '1',
  A: 'Monday',
  a: 'Mon',
  B: 'January',
  b: 'Jan',
  p: 'AM',
  '%': '%',
};

/** A strftime pattern with sample values, or undefined where a field is not in FIELD_SAMPLES. */
function renderedSample(pattern: string): string | undefined {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] !== '%') {
      out += pattern[i];
      continue;
    }
    const sample = FIELD_SAMPLES[pattern[++i]];
    if (sample === undefined) return undefined;
    out += sample;
  }
  return out;
}

function markSplit(now: 'sure' | 'maybeNone', ctx: StatementContext): void {
  const rare = rareFacts(ctx.summary);
  rare.splits = rare.splits === undefined || rare.splits === now ? now : 'both';
}

/**
 * Counts that are 0 for an empty list (a JSON array without items, a text
 * without words, a role without members). Not a select menu's: Discord asks
 * for at least one choice unless the menu's minimum is 0.
 */
const MAY_BE_ZERO: ReadonlySet<string> = new Set(['ZjsonArrayCount', 'ZargCount', 'ZwordCount', 'ZroleMemberCount']);

/**
 * `Zrepeat{ZjsonArrayCount{items};...}`: the engine refuses a count of 0
 * ("N must be a positive integer", runtime.rs), so an empty list halts the
 * command instead of repeating nothing. Not inside Zif or ZtryRun, nor in a
 * file that tests a count in a condition. ZforJson over an empty array
 * writes nothing, without an error.
 */
function checkRepeatCount(args: readonly ReadArgument[], ctx: StatementContext): void {
  const count = args[0];
  if (ctx.guarded > 0 || !count) return;
  const call = wholeCallOrBare(count.arg, ctx);
  const counted = call ? calledName(call, ctx) : '';
  if (!MAY_BE_ZERO.has(counted)) return;
  // A JSON array written in the command has the items it is written with: only JSON from elsewhere (a variable, a request) may be empty.
  reportIf(ctx, countedWhen(counted, call!, 1, ctx), {
    code: 'repeat-count-may-be-zero',
    severity: 'warning',
    start: count.arg.start,
    end: count.arg.end,
    message: `Zrepeat halts the command on a count of 0 ("N must be a positive integer"), and ${counted} is 0 for an empty list: then the command stops with an error instead of writing nothing. ${counted === 'ZjsonArrayCount' ? 'Loop with ZforJson{key;...} instead (it writes nothing for an empty array), or check' : 'Check'} the count first, e.g. Zif{${ctx.rel(count.arg.start, count.arg.end).trim()}>0;Zrepeat{...};Nothing yet.}.`,
  });
}

/**
 * `ZjsonSet{items;[]}`: the value written as a JSON list or object. The
 * engine makes a JSON value of true, false, null and numbers only, and keeps
 * anything else as text (json/helpers.rs infer_value), so "[]" is a text,
 * and ZjsonArrayAppend on it halts ("target is not an array"). ZjsonArray{key}
 * makes an empty list.
 */
function checkJsonValueAsText(node: CallNode, name: string, args: readonly ReadArgument[], ctx: StatementContext): void {
  const value = args[args.length - 1];
  if (args.length < 2 || !value?.literal) return;
  const raw = ctx.rel(value.arg.start, value.arg.end).trim();
  const stored = jsonNumberWritten(raw);
  const lost =
    stored === undefined || stored === raw
      ? undefined
      : /^[+-]?0\d/.test(raw)
        ? 'the leading zeros are'
        : raw.startsWith('+')
          ? 'the + sign is'
          : /\.\d*0$/.test(raw)
            ? 'the zeros at the end are'
            : undefined;
  if (lost) {
    const { start, end } = trimmedRange(value.arg, ctx);
    ctx.diagnostics.push({
      code: 'json-value-as-text',
      severity: 'warning',
      start,
      end,
      message: `${name} keeps ${raw} as the number ${stored}: the engine makes a number of any value that reads as one, so ${lost} lost, and ZjsonGet gives ${stored} back. To keep it as written, store it with a character no number has (#${raw}).`,
    });
    return;
  }
  const list = /^\[.*\]$/s.test(raw);
  if (!list && !/^\\?\{.*\\?\}$/s.test(raw)) return;
  const { start, end } = trimmedRange(value.arg, ctx);
  const keys = args.slice(0, -1).map((a) => ctx.rel(a.arg.start, a.arg.end).trim());
  const emptyList = name === 'ZjsonSet' && raw.replace(/\s/g, '') === '[]' && keys.every((k) => k !== '' && !/[{};\\]/.test(k));
  ctx.diagnostics.push({
    code: 'json-value-as-text',
    severity: 'warning',
    start,
    end,
    message: `${name} keeps ${raw} as text, not as a ${list ? 'list' : 'object'}: the engine makes JSON values of true, false, null and numbers only, so the JSON functions that need a ${list ? 'list (ZjsonArrayAppend, ZforJson...)' : 'object'} halt on it or read nothing. ${list ? 'Make an empty list with ZjsonArray{key}, then add items with ZjsonArrayAppend.' : 'Set its fields one by one with ZjsonSet{key;field;value}.'}`,
    fixes: emptyList
      ? [
          {
            title: `Make an empty list: ZjsonArray{${keys.join(';')}}`,
            edits: [{ start: node.start, end: node.close + 1, newText: `ZjsonArray{${keys.join(';')}}` }],
            preferred: true,
          },
        ]
      : undefined,
  });
}

/**
 * How the engine writes back a value it made a number of (json/helpers.rs
 * infer_value: a whole number as 64-bit, else a decimal), or undefined when it
 * keeps the value as text. Only the plain forms people write for codes, phone
 * numbers and prices.
 */
function jsonNumberWritten(raw: string): string | undefined {
  if (/^[+-]?\d{1,18}$/.test(raw)) return String(BigInt(raw));
  if (/^[+-]?\d{1,15}\.\d{1,15}$/.test(raw)) {
    const n = Number(raw);
    return Number.isInteger(n) ? `${n}.0` : String(n);
  }
  return undefined;
}

/** Functions that format a number for people: "1,050" (numberSeparator.rs), "1.1K" (abbreviate.rs). */
const NUMBER_FORMATTERS: ReadonlySet<string> = new Set(['ZnumberSeparator', 'Zabbreviate']);

/**
 * `ZsetUserVar{coins;ZnumberSeparator{...}}`: a saved number stored as it is
 * shown. From 1,000 on it holds "1,050" or "1.1K", which the arithmetic
 * (Zsum and the others: math/helpers.rs parse a plain number) halts on the
 * next time, so the command works while testing and fails later.
 */
function checkFormattedNumberSaved(name: string, value: Argument, ctx: StatementContext): void {
  const call = wholeCall(value, ctx);
  if (!call) return;
  const formatter = ctx.rel(call.start, call.nameEnd);
  if (!NUMBER_FORMATTERS.has(formatter) || !call.args[0]) return;
  const inner = ctx.rel(call.args[0].start, call.args[0].end).trim();
  ctx.diagnostics.push({
    code: 'formatted-number-saved',
    severity: 'warning',
    start: call.start,
    end: call.nameEnd,
    message: `${name} saves the number as ${formatter} shows it (${formatter === 'Zabbreviate' ? '"1.1K"' : '"1,050"'} from 1,000 on), and Zsum and the other arithmetic halt the command on that text the next time it is read: it works while the number is small and fails later. Save the plain number, and format it only where you show it.`,
    fixes:
      inner !== '' && !inner.includes(';')
        ? [{ title: 'Save the plain number', edits: [{ start: call.start, end: call.end, newText: inner }], preferred: true }]
        : undefined,
  });
}
