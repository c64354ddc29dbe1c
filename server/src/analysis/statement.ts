/**
 * One statement's analysis: its own diagnostics (offsets RELATIVE to the
 * statement start) and the facts it contributes to the file-level checks.
 * It reads the statement's own text and nodes only, which is what lets the
 * Analyzer cache the result by statement object.
 */
import { ARITHMETIC_FUNCTIONS } from '../language/arithmetic';
import { checkInvisibleCharacters, INVISIBLE } from './rules/invisibleCharacters';
import type { WordCall } from './engine/statementReader';
import { forEachEngineLine, isCommentLine } from '../syntax/commentLines';
import type { Catalog } from '../catalog/catalog';
import { type BareCallNode, type CallNode, type ContentNode, NodeKind, type Statement, StatementKind, type TopLevelNode } from '../syntax/tree';
import type { AnalysisDiagnostic } from './diagnostic';
import {
  type CopyTests,
  emptySummary,
  gateOf,
  type SavedCopy,
  rareFacts,
  type SavedVarEvent,
  savedKey,
  type StatementResult,
  type StatementSummary,
  statementResult,
  type VarEvent,
} from './facts';
import { parseDisableDirective } from './silencing';
import type { FunctionSuggester } from './suggest';
import type { CallProfiles } from './rules/callProfile';
import { evaluatesArgument } from '../catalog/engine';
import { checkBareWords } from './rules/bareWords';
import { recordBareCallFacts, savedGetter } from './rules/callFacts';
import { checkCall, countsMessageWords, LIST_COUNTS, nameLookup, reportSlashIdWithoutName } from './rules/calls';
import { checkCommentCutsText } from './rules/comments';
import { forEachTopLevel } from './rules/conditions';
import { calledName, hasCall, type StatementContext, wholeCallOrBare } from './rules/context';
import { checkHeader } from './rules/header';
import { reportSyntaxErrors } from './rules/syntaxErrors';
import { checkLoopValue, checkLoopVariableInDelay, loopSetVariables } from './rules/loops';
import { checkCallsWithoutZ } from './rules/callWithoutZ';
import { checkForeignSyntax } from './rules/foreignSyntax';
import { checkEngineReading } from './rules/engineReading';
import { checkStopDropsText } from './rules/stopDropsText';
import { type ReplyReader, unconditionalStop, writesNothing, writesOnlyComponents } from './rules/reply';
import { CONDITION_FUNCTIONS } from '../language/conditions';
import { isUserText, normalAmount } from './rules/conditions';
import { loaderLinesOf } from './engine/loader';
import { reportNewlineEscapes } from './rules/newlineEscape';
import { reportCommentsInCalls } from './rules/commentInCall';
import { reportNamesInMentions } from './rules/nameInMention';
import { isTestableGetter, recordImageTest } from './rules/missingImage';
import { variableFunction } from '../language/variableFunctions';
import { recordMentionTest } from './rules/mentionFallback';

/** The Analyzer's lookup tables, shared by every statement it analyses. */
export interface AnalysisTables {
  readonly catalog: Catalog;
  readonly suggester: FunctionSuggester;
  readonly profiles: CallProfiles;
}

/** Functions whose whole result is text the author means to show (a greeting built from a saved template). */
const TEXT_MAKERS: ReadonlySet<string> = new Set(['ZreplaceText', 'Zlowercase', 'Zuppercase', 'Ztitlecase', 'ZrandomText', 'ZjoinText']);

/** A top-level Zif one of whose branches has text of its own, or a top-level text function: the statement writes what its author meant. */
function writesMeantText(nodes: readonly (TopLevelNode | ContentNode)[], rel: (a: number, b: number) => string): boolean {
  for (const n of nodes) {
    if (n.kind !== NodeKind.Call || n.close < 0) continue;
    const name = rel(n.start, n.nameEnd);
    if (TEXT_MAKERS.has(name)) return true;
    if (name !== 'Zif') continue;
    for (const a of n.args.slice(1)) {
      let own = '';
      let at = a.start;
      for (const c of a.nodes) {
        own += rel(at, c.start);
        at = c.end;
      }
      if ((own + rel(at, a.end)).trim() !== '') return true;
    }
  }
  return false;
}

/**
 * Functions whose answer is a value shown as it is: a variable's, the user's
 * name, a number worked out, a padded column. A line that starts with one
 * writes that value (no-line-break counts it beside lines of text).
 */
const VALUE_WRITERS: ReadonlySet<string> = new Set([
  'ZgetUserVar',
  'ZgetServerVar',
  'ZgetChannelVar',
  'ZgetVar',
  'Zusername',
  'ZdisplayName',
  'Zmessage',
  'Zoption',
  ...ARITHMETIC_FUNCTIONS,
  'Zround',
  'Zrandom',
  'ZnumberSeparator',
  'Zabbreviate',
  'ZpadLeft',
  'ZpadRight',
  'Zpad',
  'ZjsonGet',
  'ZhttpResult',
  'ZfromTimestamp',
]);

/** Whether the statement starts with a call that writes a value (VALUE_WRITERS, or Zvar reading one). */
function writesValue(nodes: readonly TopLevelNode[], rel: (a: number, b: number) => string): boolean {
  const first = nodes[0];
  if (first === undefined || (first.kind !== NodeKind.Call && first.kind !== NodeKind.BareCall)) return false;
  if (first.kind === NodeKind.Call && first.close < 0) return false;
  const name = rel(first.start, first.kind === NodeKind.Call ? first.nameEnd : first.end);
  return VALUE_WRITERS.has(name) || (name === 'Zvar' && first.kind === NodeKind.Call && first.args.length === 1);
}

/** Fixes that write a call's text again (a fallback around it) are dropped where an error lies inside that call. */
function dropFixesCopyingErrors(conditional: readonly { diagnostic: AnalysisDiagnostic }[], diagnostics: readonly AnalysisDiagnostic[]): void {
  for (const { diagnostic: d } of conditional) {
    if (d.code !== 'value-may-be-empty' || !d.fixes) continue;
    if (diagnostics.some((e) => e.severity === 'error' && e.start >= d.start && e.end <= d.end)) d.fixes = undefined;
  }
}

/** `Zif{ZgetUserVar{started}==true;Zvar{registered;true}}` (StatementSummary.stateFlag). */
const STATE_FLAG =
  /^\s*Zif\{\s*Zget(?:User|Server|Channel)?Var\{[^{};\\]+\}\s*(?:==\s*[^\s{};&|\\][^{};&|\\]*?|!=)\s*;\s*Zvar\{\s*([A-Za-z0-9_]+)\s*;\s*([^\s{};\\][^{};\\]*?)\s*\}\s*\}\s*$/;
/** `ZonlyIf{Zvar{registered}==true;...}` (StatementSummary.flagGuard). */
const FLAG_GUARD = /^\s*ZonlyIf\{\s*Zvar\{\s*([A-Za-z0-9_]+)\s*\}\s*==\s*([^\s{};\\][^{};\\]*?)\s*;/;

/** A line that sets a registration flag from saved state, or lets through only one value of a flag (two whole-line patterns). */
function registrationFlag(line: string, summary: StatementSummary): void {
  const c = line.charCodeAt(line.search(/\S/) + 1);
  // 'i' of Zif, 'o' of ZonlyIf: most lines are neither.
  if (c !== 105 && c !== 111) return;
  const set = STATE_FLAG.exec(line);
  if (set) summary.stateFlag = { v: set[1], value: set[2] };
  const guard = FLAG_GUARD.exec(line);
  if (guard) summary.flagGuard = { v: guard[1], value: guard[2] };
}

/**
 * `// zscript-disable-next-line` on a line of its own inside a multi-line call, which the engine
 * skips (docs/language.md): it silences the next non-blank line of the call, where a directive
 * above the statement silences the whole statement (RareFacts.innerSilence).
 */
function recordInnerSilence(text: string, base: number, length: number, summary: StatementSummary): void {
  const second = text.indexOf('\n', base) + 1;
  if (second <= 0 || second >= base + length) return;
  let pending: string[] | null | undefined;
  let found: { start: number; end: number; codes: string[] | null }[] | undefined;
  forEachEngineLine(text, second, base + length, (lineStart, lineEnd, a, b) => {
    if (a === b) return;
    if (pending !== undefined) {
      (found ??= []).push({ start: lineStart - base, end: lineEnd - base, codes: pending });
      pending = undefined;
    } else if (isCommentLine(text, a, b)) {
      const directive = parseDisableDirective(text.slice(a + 2, b).trim());
      if (directive?.nextLine) pending = directive.codes;
    }
  });
  if (found) rareFacts(summary).innerSilence = found;
}

export function analyzeStatement(st: Statement, text: string, base: number, tables: AnalysisTables): StatementResult {
  const diagnostics: AnalysisDiagnostic[] = [];
  const summary = emptySummary();
  if (st.kind === StatementKind.Blank) return statementResult(st.kind, diagnostics, summary);
  if (st.kind === StatementKind.Comment) {
    const disable = parseDisableDirective(text.slice(base + st.start + 2, base + st.end).trim());
    if (disable) summary.disable = disable;
    return statementResult(st.kind, diagnostics, summary);
  }
  // How the engine's loader groups this statement's lines, where that may differ from the tree.
  const loader = loaderLinesOf(text, base, st.length, st.kind);
  if (loader) summary.loader = loader;
  if (loader && loader.length > 1) recordInnerSilence(text, base, st.length, summary);
  if (st.kind === StatementKind.Header) {
    checkHeader(st, text, base, diagnostics, summary);
    return statementResult(st.kind, diagnostics, summary);
  }
  const rel = (a: number, b: number) => text.slice(base + a, base + b);
  reportSyntaxErrors(st, text, base, diagnostics, summary);
  registrationFlag(rel(0, st.end), summary);
  const unknownNames: { name: string; start: number }[] = [];
  const { catalog, suggester, profiles } = tables;
  const ctx: StatementContext = {
    catalog,
    suggester,
    profiles,
    text,
    base,
    end: st.end,
    rel,
    diagnostics,
    summary,
    unknownNames,
    numericReads: undefined,
    emptyHalts: undefined,
    guarded: 0,
    setEnds: undefined,
    savedSetEnds: undefined,
    valueLoops: 0,
    mayStop: false,
    background: 0,
    caught: 0,
    caughtSilently: 0,
    tested: 0,
    numberTests: 0,
    delayed: 0,
    delayBlock: -1,
    delayInLoop: 0,
    loopSets: undefined,
    choosing: 0,
    operand: false,
    aliasExpression: undefined,
    setupBranch: 0,
    setupTests: [],
    branchEnd: Number.POSITIVE_INFINITY,
    branchStart: -1,
    enclosing: undefined,
  };
  walkNodes(st.nodes, 0, ctx, false, false);
  // A fix that copies a call the walk found an error in would copy the error too (value-may-be-empty's Zif{call==;...;call}).
  if (summary.reportIf && diagnostics.length > 0) dropFixesCopyingErrors(summary.reportIf, diagnostics);
  // Most statements have no Zstop: one search of the statement's own text (a slice costs no copy).
  if (st.kind === StatementKind.Body && rel(0, st.end).includes('Zstop')) checkStopDropsText(st.nodes, ctx);
  // A Zvar set happens after the reads in its value (the walk meets the set first).
  const vars = summary.varEvents;
  const ends = ctx.setEnds;
  if (vars && vars.length > 1 && ends) vars.sort((a, b) => (ends.get(a) ?? a.start) - (ends.get(b) ?? b.start));
  // A read in a Zif branch inside a loop may first run on a later pass, after a set further on in the loop's code.
  if (vars?.some((v) => v.branch && v.inLoop)) {
    // Not the counter's own set (`Zvar{hits;Zsum{Zvar{hits};1}}`), which holds the read in its value.
    const encloses = (w: VarEvent, v: VarEvent) => w.start < v.start && (ends?.get(w) ?? w.end) > v.start;
    const kept = vars.filter((v) => !(v.branch && v.inLoop && vars.some((w) => w.set && w.name === v.name && !encloses(w, v))));
    summary.varEvents = kept.length ? kept : undefined;
  }
  // A test of a saved variable in a statement that can stop the command gates the lines after it
  // (`ZonlyIf{ZgetUserVar{registered}==true;Use !start first.}`): another command may set the rest.
  if (ctx.mayStop) {
    summary.mayStop = true;
    if (summary.savedVars) for (const v of summary.savedVars) if (v.kind === 'test') v.gate = true;
  }
  // A saved-variable read after a set of it earlier in the statement reads the value set.
  const saved = summary.savedVars;
  const setEnds = ctx.savedSetEnds;
  if (saved && setEnds) {
    const covered = (r: SavedVarEvent) => {
      for (const [w, { end, until }] of setEnds)
        if (w.scope === r.scope && w.name === r.name && w.of === r.of && end <= r.start! && r.start! < until) return true;
      return false;
    };
    const kept = saved.filter((r) => r.kind !== 'read' || !covered(r));
    summary.savedVars = kept.length ? kept : undefined;
  }
  const stText = text.slice(base, base + st.end);
  checkBareWords(st.nodes, stText, catalog, diagnostics, suggester);
  if (INVISIBLE.test(stText)) checkInvisibleCharacters(stText, false, base === 0, diagnostics);
  if (st.kind === StatementKind.Body) {
    checkCallsWithoutZ(text, base, st.end, ctx);
    checkForeignSyntax(st.nodes, st.end, ctx);
  }
  const printed = firstPrintedText(st.nodes, st.end, text, base);
  if (printed >= 0) summary.printedText = printed;
  else if (st.errors.length === 0) {
    const reader: ReplyReader = { text, base, profile: (name: string) => profiles.get(name) };
    const silent = writesNothing(st.nodes, st.end, reader);
    if (silent) summary.silent = silent;
    if (silent && reader.embeds) summary.embedAnswer = true;
    if (!silent && summary.componentRows && writesOnlyComponents(st.nodes, st.end, reader)) summary.componentsOnly = true;
    if (!silent && writesMeantText(st.nodes, rel)) summary.meantText = true;
    // Not a line that may stop the command (`Zif{...;Admins only.Zstop}`): its text is never shown with the next line's.
    if (!silent && !ctx.mayStop && (summary.meantText || writesValue(st.nodes, rel))) summary.printedValue = st.nodes[0].start;
    const stop = silent ? unconditionalStop(st.nodes, reader) : -1;
    if (stop >= 0) summary.stops = stop;
  }
  // Text written before a moderation call on its line shows its result is meant to be printed ("Result: Zban{...}").
  if (printed >= 0 && summary.printedResults) {
    const kept = summary.printedResults.filter((r) => r.start < printed);
    if (kept.length) summary.printedResults = kept;
    else summary.printedResults = undefined;
  }
  // The first word tested as a number: it is an amount, not a mention (non-numeric-comparison's Zmessage{1}==).
  const own = rel(0, st.end);
  // Each word tested as a number (ZisNumber{Zmessage{n}}) takes an ID or amount, not a mention (invalid-snowflake).
  if (own.includes('Zmessage{'))
    for (const m of own.matchAll(WORD_NUMBER_TEST)) {
      const rare = rareFacts(summary);
      (rare.numberTestedWords ??= []).push(m[1]);
      if (m[1] === '1' && m[0].includes('Zmessage{1}')) rare.firstWordNamed = true;
    }
  // A code block's fence: the file shows code of another language (call-without-z).
  if (own.includes('```')) rareFacts(summary).codeBlock = true;
  // A user mention written anywhere in the line (a private thread's member is added by being mentioned in it).
  if (own.includes('<@')) {
    rareFacts(summary).writesMention = true;
    reportNamesInMentions(text, base, st.end, diagnostics);
  }
  const suppress = topLevelSuppressErrors(st.nodes, rel);
  if (suppress) summary.suppress = suppress;
  reportBlankLinesInCall(text, base, st.end, diagnostics);
  reportNewlineEscapes(text, base, st.end, diagnostics);
  reportCommentsInCalls(text, base, st.end, diagnostics);
  const wordCalls = checkEngineReading(text, base, st.end, catalog, diagnostics, summary, st.nodes);
  if (printed >= 0) summary.printedLength = printedLength(st.nodes, printed, st.end, text, base, wordCalls);
  return statementResult(st.kind, diagnostics, summary, unknownNames.length ? unknownNames : undefined);
}

/**
 * Runs the call rules on every call, nested ones included. `inCall`: inside
 * a call's argument; `inLoop`: inside the code of Zrepeat, ZforSplit or ZforJson.
 */
function walkNodes(nodes: readonly (TopLevelNode | ContentNode)[], depth: number, ctx: StatementContext, inCall: boolean, inLoop: boolean): void {
  // Iterative over siblings, recursive over nesting (bounded by a depth guard).
  if (depth > 200) return;
  for (let k = 0; k < nodes.length; k++) {
    const node = nodes[k];
    if (node.kind === NodeKind.Call) {
      const name = ctx.rel(node.start, node.nameEnd);
      const profile = ctx.profiles.get(name);
      checkCall(node, name, profile, ctx, inCall, inLoop);
      if (name === 'Ztime' && node.args.every((a) => ctx.rel(a.start, a.end).trim() === '')) checkZoneNameAsClock(node.start, node.end, ctx);
      // `Zhour{}:Zminute{}`, as the catalog writes them.
      if ((name === 'Zminute' || name === 'Zsecond') && node.close === node.open + 1) checkClockDigits(name, node.start, node.end, ctx);
      if (ctx.tested > 0) recordTestedName(name, ctx);
      if (name === 'Zvar') recordCopyFacts(node, depth === 0, ctx);
      if (name === 'Zvar' && ctx.delayInLoop > 0 && ctx.loopSets) checkLoopVariableInDelay(node, ctx);
      const loop = inLoop || profile.startsLoop;
      const args = node.args;
      // Zif's branches may not run, and ZtryRun catches a halt in its code, its first argument: not in its
      // fallback, whose halt stops the command (runtime.rs evaluate_try_run).
      const guardFrom = name === 'Zif' ? 1 : name === 'ZtryRun' ? 0 : args.length;
      const catches = name === 'ZtryRun' && args.length > 0;
      // Zdelay's and Zasync's code (their second argument) runs apart from the command.
      const backgroundFrom = name === 'Zdelay' || name === 'Zasync' ? 1 : args.length;
      const tests = CONDITION_FUNCTIONS.has(name);
      // ZisNumber{ZgetUserVar{coins}} in a condition tests the variable as much as comparing it does: empty, it is false.
      const typeTest = ctx.tested > 0 && (name === 'ZisNumber' || name === 'ZisInteger');
      // ZforSplit and ZforJson set ZloopValue; Zrepeat only ZloopIndex.
      const valueLoop = name === 'ZforSplit' || name === 'ZforJson';
      if (valueLoop) ctx.valueLoops++;
      // A getter is a condition's operand only right in it: inside another call (ZtimeDiff{...;ZgetUserVar{last}}>=86400)
      // that call reads it, and may halt on it empty, whatever the comparison would make of the result.
      const operandAround = ctx.operand;
      if (name === 'Zalias') {
        const stored = args[0]?.nodes.find((n) => n.kind === NodeKind.Call);
        if (stored) ctx.aliasExpression = stored;
      }
      let setup = 0;
      const eventsBefore = name === 'Zif' ? (ctx.summary.savedVars?.length ?? 0) : 0;
      const branchEndAround = ctx.branchEnd;
      const branchStartAround = ctx.branchStart;
      const enclosingAround = ctx.enclosing;
      // A loop started here sets the loop values afresh for its code, also inside a Zdelay's.
      const delayInLoopAround = ctx.delayInLoop;
      const loopSetsAround = ctx.loopSets;
      if (profile.startsLoop) {
        ctx.delayInLoop = 0;
        ctx.loopSets = loopSetVariables(node, ctx, loopSetsAround);
      }
      const delayInLoop = name === 'Zdelay' && inLoop;
      for (let j = 0; j < args.length; j++) {
        if (j === guardFrom) ctx.guarded++;
        if (name === 'Zif' && j >= 1) ctx.branchEnd = args[j].end;
        ctx.branchStart = name === 'Zif' && j >= 1 ? args[j].start : -1;
        ctx.enclosing = { name, arg: j };
        // Zif's condition walked: a saved variable it tests makes its branches a set-up. So may a copy of one
        // (Zvar{last}, made on an earlier line), and a component's ID: the command that made it may have set the value.
        if (j === 1 && name === 'Zif') {
          setup = setupTestsOf(ctx, eventsBefore, ctx.rel(args[0].start, args[0].end));
          if (setup) ctx.setupBranch++;
        }
        if (j === backgroundFrom) ctx.background++;
        if (j === backgroundFrom && name === 'Zdelay' && ctx.delayed++ === 0) ctx.delayBlock = node.start;
        if (j === backgroundFrom && delayInLoop) ctx.delayInLoop++;
        if (tests && j === 0) ctx.tested++;
        if (tests && j === 0 && name !== 'ZonlyIf') ctx.choosing++;
        if (typeTest) ctx.numberTests++;
        ctx.operand = (tests || typeTest) && j === 0;
        if (catches && j === 0) ctx.caught++;
        if (catches && j === 0 && args.length === 1) ctx.caughtSilently++;
        // A lazy form's surplus argument is never evaluated (runtime.rs reads the arguments it needs, ignored-arguments
        // says so): nothing in it runs, so nothing in it is checked.
        if (evaluatesArgument(profile.engine, j)) walkNodes(args[j].nodes, depth + 1, ctx, true, loop);
        if (catches && j === 0) ctx.caught--;
        if (catches && j === 0 && args.length === 1) ctx.caughtSilently--;
        if (tests && j === 0) ctx.tested--;
        if (tests && j === 0 && name !== 'ZonlyIf') ctx.choosing--;
        if (typeTest) ctx.numberTests--;
      }
      ctx.operand = operandAround;
      if (setup) {
        ctx.setupBranch--;
        ctx.setupTests.length -= setup;
      }
      ctx.branchEnd = branchEndAround;
      ctx.branchStart = branchStartAround;
      ctx.enclosing = enclosingAround;
      if (guardFrom < args.length) ctx.guarded--;
      if (backgroundFrom < args.length) ctx.background--;
      if (backgroundFrom < args.length && name === 'Zdelay' && --ctx.delayed === 0) ctx.delayBlock = -1;
      ctx.delayInLoop = delayInLoopAround;
      ctx.loopSets = loopSetsAround;
      if (valueLoop) ctx.valueLoops--;
    } else if (node.kind === NodeKind.BareCall) {
      const name = ctx.rel(node.start, node.end);
      const profile = ctx.profiles.get(name);
      recordBareCallFacts(node, name, profile.facts, ctx, inCall, inLoop);
      if (ctx.tested > 0) recordTestedName(name, ctx);
      if (profile.loopValue) checkLoopValue(name, node.start, node.end, inLoop, ctx);
      if (name === 'ZslashID') reportSlashIdWithoutName(node.start, node.end, ctx);
      if (name === 'Zminute' || name === 'Zsecond') checkClockDigits(name, node.start, node.end, ctx);
      if (name === 'Ztime') checkZoneNameAsClock(node.start, node.end, ctx);
    } else if (node.kind === NodeKind.Group) {
      walkNodes(node.nodes, depth + 1, ctx, inCall, inLoop);
    } else if (node.kind === NodeKind.Comment) {
      checkCommentCutsText(node, ctx);
    }
  }
}

/**
 * `Zhour:Zminute` or `Zhour{}:Zminute{}`: the engine writes the minute (and
 * the second) as a plain number, with no leading zero (time/minute.rs,
 * time/second.rs), so 9:05 shows as "9:5". Reported after a ":" in the
 * text, where a clock is meant.
 */
function checkClockDigits(name: string, start: number, end: number, ctx: StatementContext): void {
  if (start === 0 || ctx.rel(start - 1, start) !== ':') return;
  // As written: `Zminute` or `Zminute{}`.
  const call = ctx.rel(start, end);
  const padded = `Zif{${call}<10;0}${call}`;
  ctx.diagnostics.push({
    code: 'time-without-zero',
    severity: 'warning',
    start,
    end,
    message: `${name} gives the ${name === 'Zminute' ? 'minute' : 'second'} as a plain number, with no leading zero: ${name === 'Zminute' ? '9:05 shows as "9:5"' : '9:30:05 shows as "9:30:5"'}. Write ${padded} to keep two digits.`,
    fixes: [{ title: `Write ${padded}`, edits: [{ start, end, newText: padded }], preferred: true }],
  });
}

/** Words written right before a value meant as the time of day: "Updated at ", "Time: ", "now ", "Updated ". */
const CLOCK_WORDS = /(?:\b(?:at|time|clock|now|updated)|\bit is)\s*:?\s*$/i;
/** A field's name that asks for the time of day, right before its value: `ZaddField{Time;`. */
const CLOCK_FIELD_NAME = /\{\s*(?:[\w ]*\b)?(?:time|clock|now|updated)\s*:?\s*;\s*$/i;

/**
 * `Updated at Ztime`: without a time zone, Ztime writes the active zone's
 * name (time/time.rs; Asia/Tokyo until a Ztime{zone} sets one, context.rs),
 * not the time. Reported where the words before it on the line ask for a
 * clock, and the line says nothing of a zone; not in a condition.
 */
function checkZoneNameAsClock(start: number, end: number, ctx: StatementContext): void {
  if (ctx.tested > 0) return;
  const text = ctx.text;
  const at = ctx.base + start;
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const lineEnd = text.indexOf('\n', at);
  const line = text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd);
  const where = ctx.enclosing;
  const before = text.slice(Math.max(lineStart, at - 40), at);
  // The words may also be a field's name, with Ztime its whole value (ZaddField{Time;Ztime}).
  const asked = CLOCK_WORDS.test(before) || (where?.name === 'ZaddField' && where.arg === 1 && CLOCK_FIELD_NAME.test(before));
  // Text glued to it is another name misspelt (reported as such); a clock written on the line makes the name a label.
  if (/[A-Za-z0-9]/.test(text.charAt(ctx.base + end)) || !asked) return;
  if (/zone|\btz\b|Zhour|Zminute|ZgetTimestamp|<t:/i.test(line)) return;
  const clock = '<t:ZgetTimestamp:t>';
  // Discord renders its <t:...> markup in message text, an embed's description and a field's value only.
  const renders =
    where === undefined ||
    (where.name === 'Zif' && where.arg >= 1) ||
    (where.name === 'Zdescription' && where.arg === 0) ||
    (where.name === 'ZaddField' && where.arg === 1);
  ctx.diagnostics.push({
    code: 'time-zone-name',
    severity: 'warning',
    start,
    end,
    message: `Ztime without a time zone writes the name of the active time zone (Asia/Tokyo until a Ztime{zone} sets another), so the line shows that name, not the time. For the time write ${renders ? `${clock}, which Discord shows in each reader's own time, or ` : ''}Zhour:Zminute (in the active zone)${renders ? '' : `; Discord does not render its ${clock} markup there`}.`,
    fixes: renders ? [{ title: `Write ${clock}`, edits: [{ start, end, newText: clock }], preferred: true }] : undefined,
  });
}

/**
 * What a Zif's condition (walked; its events from `from` on) makes its
 * branches a set-up for, pushed onto ctx.setupTests; how many entries were
 * pushed (0: not a set-up). A saved variable held to a number
 * (`ZgetUserVar{xp}>=100`) vouches for itself only: the branch of a level-up
 * still reads `lvl`, unset for a new member. Any other test of a saved
 * variable (`ZgetUserVar{registered}==true`, ZvarExists) may be a registration
 * flag, set with the rest: a member's own for anything (`*`), a server's,
 * channel's or the bot's for its own scope (`*:scope`, gateOf); so may a
 * temporary variable (maybe a saved value's copy) or the component clicked,
 * whose maker may set things up (`*`).
 */
function setupTestsOf(ctx: StatementContext, from: number, condition: string): number {
  const events = ctx.summary.savedVars;
  const tested: string[] = [];
  if (events) for (let k = from; k < events.length; k++) if (events[k].kind === 'test') tested.push(savedKey(events[k]));
  // A temporary variable tested may be a saved value's copy: the file walk decides by what it was set to (var:name).
  if (condition.includes('Zvar{')) {
    const names = [...condition.matchAll(TESTED_VAR)].map((m) => m[1].trim());
    if (names.length === 0 || names.some((n) => n === '') || condition.includes('Zvar{Zvar{')) tested.push('*');
    else for (const n of names) tested.push(`var:${n}`);
  }
  // A member's own saved state (`registered`, an open ticket) vouches for anything the command that set it
  // may have set with it (their coins, a server's counter of tickets): `*`. A server's, channel's or the bot's
  // vouches for its own scope only (a game's channel variable says nothing of a member's wins): `*:scope`.
  if (!heldToNumbers(condition)) for (const t of [...tested]) if (!t.startsWith('var:') && !t.startsWith('*')) tested.push(gateOf(t));
  if (condition.includes('ZcustomID')) tested.push('*');
  ctx.setupTests.push(...tested);
  return tested.length;
}

/** A temporary variable read with a written name (in `Zvar{Zvar{k}}` it finds the inner one: setupTestsOf checks for that). */
const TESTED_VAR = /Zvar\{([^{};]*)\}/g;

/** Every part of the condition compares by order (<, >=...) or to a number: a threshold, no flag (operators outside nested calls). */
function heldToNumbers(condition: string): boolean {
  let own = '';
  forEachTopLevel(condition, 0, condition.length, (i, escape) => {
    if (!escape) own += condition[i];
  });
  return own.split(/ && | \|\| /).every((part) => /[<>]/.test(part) || /[=!]=\s*-?\d+(\.\d+)?\s*$/.test(part));
}

/**
 * The statement's last ZsuppressErrors at its top level, and whether no call
 * comes after it in the statement (an error there would come after the
 * suppression); undefined when there is none.
 */
function topLevelSuppressErrors(
  nodes: readonly TopLevelNode[],
  rel: (a: number, b: number) => string,
): { start: number; end: number; last: boolean } | undefined {
  let last = true;
  for (let k = nodes.length - 1; k >= 0; k--) {
    const node = nodes[k];
    // Bare, it is the same call with no arguments: errors suppressed silently.
    if (node.kind === NodeKind.Call && rel(node.start, node.nameEnd) === 'ZsuppressErrors') return { start: node.start, end: node.end, last };
    if (node.kind === NodeKind.BareCall && rel(node.start, node.end) === 'ZsuppressErrors') return { start: node.start, end: node.end, last };
    if (node.kind === NodeKind.Call || node.kind === NodeKind.BareCall || node.kind === NodeKind.Group) last = false;
  }
  return undefined;
}

/**
 * Zvar's facts for tests made through a copy: a set of the whole line
 * (`Zvar{w;ZgetUserVar{wallet}}`, top level: it surely runs) records what a
 * test of `w` tests (copyTests); any other set forgets it (the file walk sees
 * every set); a read in a condition is a test of `w`.
 */
function recordCopyFacts(node: CallNode, topLevel: boolean, ctx: StatementContext): void {
  const first = node.args[0];
  if (!first || hasCall(first)) return;
  const v = ctx.rel(first.start, first.end).trim();
  if (v === '') return;
  if (node.args.length === 1) {
    if (ctx.tested > 0) (ctx.summary.testedVars ??= []).push({ v, number: ctx.numberTests > 0 });
    return;
  }
  const whole = node.args.length === 2 ? wholeCallOrBare(node.args[1], ctx) : undefined;
  // A copy of an option, anywhere (optional-option-missing): a test of the variable's absence tests the option's.
  if (whole?.kind === NodeKind.Call && whole.args.length === 1 && !hasCall(whole.args[0]) && ctx.rel(whole.start, whole.nameEnd) === 'Zoption')
    (rareFacts(ctx.summary).optionCopies ??= []).push({ v, option: ctx.rel(whole.args[0].start, whole.args[0].end).trim() });
  // Only a copy worth knowing is a fact (most sets are not): the file walk forgets a copy at any set of its variable.
  const held = topLevel ? whole : undefined;
  // What a user typed, kept to be compared (non-numeric-comparison through the copy).
  if (whole && isUserText(whole, calledName(whole, ctx), ctx)) (rareFacts(ctx.summary).userTextCopies ??= []).push(v);
  const getter = held?.kind === NodeKind.Call && !ctx.caught ? savedCopyOf(held, ctx) : undefined;
  // A test of the copy tests the variable it holds (another member's too: savedKey with the member).
  const tests = getter ? { saved: savedKey(getter) } : held ? copyTests(held, ctx) : undefined;
  if (tests) (rareFacts(ctx.summary).copies ??= []).push(getter ? { v, tests, getter } : { v, tests });
  // A lookup by name that halts when nothing has it, kept for a later test of the copy against empty text.
  const lookup = held && !ctx.caught ? nameLookup(held, ctx) : undefined;
  if (lookup)
    (rareFacts(ctx.summary).lookupCopies ??= []).push({
      v,
      start: lookup.call.start,
      end: lookup.call.end,
      nameEnd: lookup.call.nameEnd,
      what: lookup.what,
      text: ctx.rel(lookup.call.start, lookup.call.end),
    });
  // A list's count, kept for the Zrandom that may pick up to it (random-range-may-be-empty).
  const counted = held && calledName(held, ctx);
  if (held && counted && LIST_COUNTS.has(counted)) {
    (rareFacts(ctx.summary).countCopies ??= []).push(v);
    if (countsMessageWords(counted, held, ctx)) (rareFacts(ctx.summary).wordCountCopies ??= []).push(v);
  }
  // An amount the user typed, kept for the Zsub that may take it (negative-amount).
  if (held && held.kind === NodeKind.Call) {
    const from = ctx.rel(held.start, held.end);
    if (/^Zmessage\{\s*\d+\s*\}$/.test(from) || from.startsWith('Zoption{')) (rareFacts(ctx.summary).amountCopies ??= []).push({ v, from: normalAmount(from) });
  }
}

/** The saved variable that `call` reads by a written name (`ZgetUserVar{xp}`, or another member's: `ZgetUserVar{xp;Zvar{target}}`), as a SavedCopy. */
function savedCopyOf(call: CallNode, ctx: StatementContext): SavedCopy | undefined {
  const getter = savedGetter(call, ctx);
  if (!getter || call.args.length > (getter.scope === 'user' ? 2 : 1)) return undefined;
  return { ...getter, text: ctx.rel(call.start, call.end), start: call.start, end: call.end };
}

/** What a test of a copy of `call` tests (CopyTests), or undefined when nothing the exemptions look for. */
function copyTests(call: CallNode | BareCallNode, ctx: StatementContext): CopyTests | undefined {
  const name = call.kind === NodeKind.Call ? ctx.rel(call.start, call.nameEnd) : ctx.rel(call.start, call.end);
  if (isTestableGetter(name)) return { image: true };
  if (name === 'Zmentioned' || name === 'ZisMentioned') return { mention: true };
  if (call.kind !== NodeKind.Call || call.args.length !== 1 || hasCall(call.args[0])) return undefined;
  const arg = ctx.rel(call.args[0].start, call.args[0].end).trim();
  if (name === 'Zmessage' && /^\d+$/.test(arg)) return { word: String(Number(arg)) };
  const vf = variableFunction(name);
  if (vf && vf.access === 'get' && vf.scope !== 'temporary' && arg !== '') return { saved: `${vf.scope}:${arg}` };
  return undefined;
}

/** A call in a condition: what the file checks before relying on it (an image getter, a mention). */
function recordTestedName(name: string, ctx: StatementContext): void {
  recordImageTest(name, ctx);
  recordMentionTest(name, ctx);
  if (LIST_COUNTS.has(name)) rareFacts(ctx.summary).countTested = true;
}

const WORD_NUMBER_TEST = /Z(?:isNumber|isInteger)\{\s*Zmessage\{\s*(\d+)\s*\}\s*\}/g;

function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/**
 * Where the first text a body statement prints as written starts (-1: none):
 * a character between its top-level nodes (outside every call), or an
 * escape, before any trailing comment. What calls print is not known here.
 */
function firstPrintedText(nodes: readonly TopLevelNode[], end: number, text: string, base: number): number {
  let at = 0;
  for (let k = 0; k <= nodes.length; k++) {
    const node = k < nodes.length ? nodes[k] : undefined;
    const gapEnd = node ? node.start : end;
    for (let p = at; p < gapEnd; p++) if (!isBlank(text.charCodeAt(base + p))) return p;
    if (!node || node.kind === NodeKind.Comment) return -1;
    if (node.kind === NodeKind.Escape) return node.start;
    at = node.end;
  }
  return -1;
}

/**
 * How many characters (code points, as Discord counts) of the statement's
 * text are written as they stand: the text outside every call, from the
 * first printed character, the statement's trailing blanks left out (the
 * engine trims each line), an escape one character, and words the engine
 * runs as functions not counted. A lower bound of what the statement adds to
 * the reply: what calls write comes on top.
 */
function printedLength(nodes: readonly TopLevelNode[], from: number, end: number, text: string, base: number, wordCalls: readonly WordCall[]): number {
  let last = end;
  while (last > from && isBlank(text.charCodeAt(base + last - 1))) last--;
  let length = 0;
  let at = from;
  const count = (a: number, b: number) => {
    for (let p = a; p < b; p++) {
      const c = text.charCodeAt(base + p);
      // A low surrogate is the second half of a character already counted.
      if (c >= 0xdc00 && c <= 0xdfff) continue;
      const abs = base + p;
      if (wordCalls.length && wordCalls.some((w) => abs >= w.start && abs < w.end)) continue;
      length++;
    }
  };
  for (const node of nodes) {
    if (node.end <= at) continue;
    if (node.start >= last) break;
    count(at, node.start);
    if (node.kind === NodeKind.Comment) return length;
    if (node.kind === NodeKind.Escape) length++;
    at = node.end;
  }
  count(at, last);
  return length;
}

/**
 * Empty lines inside a statement (a call still open at the line's end): the
 * engine skips empty lines before it joins a call's lines, so a paragraph
 * break in a text argument is lost (the lines around it are joined by one
 * line break). Information, once per statement: only the spacing of the
 * output changes. The fix removes the lines, as the engine does.
 */
function reportBlankLinesInCall(text: string, base: number, end: number, out: AnalysisDiagnostic[]): void {
  const stop = base + end;
  let nl = text.indexOf('\n', base);
  if (nl < 0 || nl >= stop) return; // one line: nothing inside
  let from = -1;
  let to = -1;
  while (nl >= 0 && nl < stop) {
    let p = nl + 1;
    while (p < stop && (text.charCodeAt(p) === 32 || text.charCodeAt(p) === 9 || text.charCodeAt(p) === 13)) p++;
    if (p < stop && text.charCodeAt(p) === 10) {
      if (from < 0) from = nl + 1;
      to = p + 1;
      nl = p;
      continue;
    }
    if (from >= 0) break; // the first run of blank lines
    nl = text.indexOf('\n', nl + 1);
  }
  if (from < 0) return;
  out.push({
    code: 'blank-line-dropped',
    severity: 'information',
    start: from - base,
    end: to - base,
    message: 'The engine skips empty lines, even inside a call: this blank line is not in the text, and the lines around it are joined by a single line break.',
    fixes: [{ title: 'Remove the blank line', edits: [{ start: from - base, end: to - base, newText: '' }] }],
  });
}
