/**
 * What a per-statement rule sees: the statement being checked, where to put
 * its findings, and the catalog. Rules read only the statement's own text and
 * nodes (never another statement), so their results can be cached by statement.
 */
import type { Catalog } from '../../catalog/catalog';
import { type Argument, type BareCallNode, type CallNode, type ContentNode, NodeKind } from '../../syntax/tree';
import type { AnalysisDiagnostic, AnalysisFix } from '../diagnostic';
import type { ReportWhen, SavedVarEvent, StatementSummary, VarEvent } from '../facts';
import type { FunctionSuggester } from '../suggest';
import type { CallProfiles } from './callProfile';

/**
 * Every field is set when the context is made (statement.ts), the counters to
 * 0 and the maps to undefined: one object shape for every statement, so the
 * rules' reads of it stay monomorphic. Fields added as a walk went made the
 * contexts dozens of shapes: the open of the 1 MiB benchmark file with
 * thousands of diagnostics took about 420 ms against 390 ms now.
 */
/** A diagnostic true only when `when` holds for the whole file (StatementSummary.reportIf). */
export function reportIf(ctx: StatementContext, when: ReportWhen, diagnostic: AnalysisDiagnostic): void {
  (ctx.summary.reportIf ??= []).push({ when, diagnostic });
}

export interface StatementContext {
  readonly catalog: Catalog;
  readonly suggester: FunctionSuggester;
  /** What each called name is (catalog record, engine entry, roles), by name. */
  readonly profiles: CallProfiles;
  /** The whole file's text; the statement starts at `base`. Node offsets are RELATIVE to `base`. */
  readonly text: string;
  readonly base: number;
  /** Where the statement ends (RELATIVE): a rule reads no further. */
  readonly end: number;
  /** The statement's text between two relative offsets. */
  readonly rel: (a: number, b: number) => string;
  /** Findings, RELATIVE offsets. */
  readonly diagnostics: AnalysisDiagnostic[];
  /** Facts for the file-level checks (facts.ts). */
  readonly summary: StatementSummary;
  /** Names called that neither the catalog nor the engine knows (StatementResult.unknownNames). */
  readonly unknownNames: { name: string; start: number }[];
  /** Zvar reads (by call start) that are a whole numeric argument, and of which function (callFacts.ts). */
  numericReads: Map<number, string> | undefined;
  /** Calls (by start) that are the whole of an argument whose function halts on empty text, and what halts on what (callFacts.ts). */
  emptyHalts: Map<number, string> | undefined;
  /** How many Zif branches or ZtryRun arguments the walk is in: code there may not run, or its halt is caught. */
  guarded: number;
  /** Where each Zvar set's call ends, for ordering the statement's variable events (not kept in the facts). */
  setEnds: Map<VarEvent, number> | undefined;
  /** Where each saved-variable set of the statement ends, and up to where it covers the reads after it (the end of its Zif branch, or Infinity). */
  savedSetEnds: Map<SavedVarEvent, { end: number; until: number }> | undefined;
  /** How many ZforSplit or ZforJson arguments the walk is in: ZloopValue has a value there. */
  valueLoops: number;
  /** The statement can stop the command on a test: a guard, ZonlyIf, ZvarExistError or Zstop, anywhere in it. */
  mayStop: boolean;
  /** How many code arguments of Zdelay or Zasync the walk is in: code run apart from the command. */
  background: number;
  /** How many ZtryRun codes (first arguments) the walk is in: a halt there is caught. */
  caught: number;
  /** Of those, how many have no fallback: a halt there is caught and nobody is told. */
  caughtSilently: number;
  /** How many conditions (the first argument of Zif, ZonlyIf, ZcheckCondition) the walk is in. */
  tested: number;
  /** How many ZisNumber or ZisInteger calls of a condition the walk is in (what it meets is tested as a number). */
  numberTests: number;
  /** How many Zdelay codes the walk is in: they run after the command's lines (at least a second later). */
  delayed: number;
  /** Where the outermost Zdelay whose code the walk is in starts (delayed-read-cached tells two delayed codes apart). */
  delayBlock: number;
  /**
   * Zdelay codes entered inside a loop's code, with no loop started since: the code runs after the
   * loop has finished, when ZloopValue and ZloopIndex hold its last pass (loop-value-in-delay).
   */
  delayInLoop: number;
  /**
   * The Zvar names the code of the loops the walk is in sets outside any Zdelay's code: each pass
   * sets them again, so a Zdelay's code, run after the loop, reads the last pass's (loop-value-in-delay).
   * Undefined outside loops, or where they set none.
   */
  loopSets: Set<string> | undefined;
  /** How many conditions that choose what runs (Zif, ZcheckCondition; not ZonlyIf, which refuses) the walk is in. */
  choosing: number;
  /** The walk is right in a condition, not inside another call there: what it meets is compared as it is. */
  operand: boolean;
  /**
   * The call a Zalias stores (its first argument): the engine adds each use's
   * arguments after the stored ones (runtime.rs), so a count short here is no
   * mistake. Undefined outside Zalias.
   */
  aliasExpression: CallNode | undefined;
  /**
   * How many branches of a Zif whose condition tests a saved variable the walk
   * is in: a set there is the usual first-use set-up
   * (`Zif{ZgetUserVar{registered}!=true;ZsetUserVar{coins;100}...}`), which
   * the lines after it may count on.
   */
  setupBranch: number;
  /**
   * What the conditions of those branches test, innermost last: `scope:name`
   * of a saved variable held to a number (`ZgetUserVar{xp}>=100`), or '*' for
   * a condition that may stand for a first-use set-up of any variable (a
   * registration flag, a Zvar copy, the component clicked). A read in such a
   * branch is left alone only for a variable tested so.
   */
  setupTests: string[];
  /** Where the Zif branch the walk is in ends (statement offsets; Infinity outside one): a set there covers reads after it up to here. */
  branchEnd: number;
  /** Where the Zif branch starts whose own content the walk is in (not inside a call of it): -1 elsewhere. */
  branchStart: number;
  /** The call whose argument the walk is in (its name and the argument's index), undefined at the statement's top level. */
  enclosing: { name: string; arg: number } | undefined;
}

/** A call's argument as the rules read it: its trimmed text, and whether it is literal (no call inside). */
export interface ReadArgument {
  arg: Argument;
  text: string;
  literal: boolean;
}

/**
 * Text inside a call without the lines the engine's loader skips there: a
 * line starting with `//` goes with its line break. Only a line after a
 * break: the first line of an argument starts with the call, not with `//`.
 */
export function withoutCommentLines(text: string): string {
  return text.indexOf('//') < 0 ? text : text.replace(/\n[^\S\n]*\/\/[^\n]*/g, '');
}

/** An argument's text as the engine gets it, trimmed (withoutCommentLines). */
export function argumentText(raw: string): string {
  return withoutCommentLines(raw).trim();
}

/**
 * An argument's own text: what stands outside its calls (and bare calls),
 * with the lines the engine's loader drops as comments left out. `calls`: how
 * many calls it holds.
 */
export function ownText(arg: Argument, ctx: Pick<StatementContext, 'rel'>): { text: string; calls: number } {
  let text = '';
  let at = arg.start;
  let calls = 0;
  for (const n of arg.nodes) {
    if (n.kind !== NodeKind.Call && n.kind !== NodeKind.BareCall) continue;
    calls++;
    text += ctx.rel(at, n.start);
    at = n.end;
  }
  text += ctx.rel(at, arg.end);
  // Lines that start with // are dropped by the engine's loader before it reads the call (loader.rs), at any depth.
  return { text: withoutCommentLines(text), calls };
}

/**
 * The call that is the whole of the argument, spaces aside (`Zsum{Zvar{a};1}`'s
 * first), or undefined: text around a call makes a value of its own.
 */
export function wholeCall(arg: Argument, ctx: Pick<StatementContext, 'rel'>): CallNode | undefined {
  const call = wholeCallOrBare(arg, ctx);
  return call?.kind === NodeKind.Call ? call : undefined;
}

/** wholeCall, or the argument's one bare call (`ZserverIcon` without braces) when that is all it holds. */
export function wholeCallOrBare(arg: Argument, ctx: Pick<StatementContext, 'rel'>): CallNode | BareCallNode | undefined {
  const nodes = arg.nodes;
  if (nodes.length !== 1) return undefined;
  const call = nodes[0];
  if (call.kind !== NodeKind.Call && call.kind !== NodeKind.BareCall) return undefined;
  return ctx.rel(arg.start, arg.end).trim() === ctx.rel(call.start, call.end) ? call : undefined;
}

/** The name a call or a bare call is written with (`Zname`, before any brace). */
export function calledName(node: CallNode | BareCallNode, ctx: Pick<StatementContext, 'rel'>): string {
  return ctx.rel(node.start, node.kind === NodeKind.Call ? node.nameEnd : node.end);
}

/** The argument's text without the spaces around it, and where that is (the engine trims arguments). */
export function trimmedRange(arg: Argument, ctx: Pick<StatementContext, 'rel'>): { start: number; end: number; text: string } {
  const raw = ctx.rel(arg.start, arg.end);
  const text = raw.trim();
  const start = arg.start + raw.length - raw.trimStart().length;
  return { start, end: start + text.length, text };
}

/** A character's code point as messages name it: `U+200B`. */
export function codePointLabel(c: string): string {
  return `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** A fix that swaps two arguments' trimmed texts (trimmedRange), written the other way round. */
export function swapFix(title: string, a: { start: number; end: number; text: string }, b: { start: number; end: number; text: string }): AnalysisFix {
  return {
    title,
    edits: [
      { start: a.start, end: a.end, newText: b.text },
      { start: b.start, end: b.end, newText: a.text },
    ],
    preferred: true,
  };
}

/** True when the argument contains a call (its value is then unknown until run time). */
export function hasCall(a: Argument): boolean {
  const nodes = a.nodes;
  if (nodes.length === 0) return false; // plain text (most arguments): no stack to allocate
  const stack: (readonly ContentNode[])[] = [nodes];
  while (stack.length) {
    for (const n of stack.pop()!) {
      if (n.kind === NodeKind.Call || n.kind === NodeKind.BareCall) return true;
      if (n.kind === NodeKind.Group) stack.push(n.nodes);
    }
  }
  return false;
}

/** The offset of the `}` that closes the `{` at `open` (ABSOLUTE), or -1 before `stop`. */
export function matchingClose(text: string, open: number, stop: number): number {
  let depth = 0;
  for (let p = open; p < stop; p++) {
    const c = text.charCodeAt(p);
    if (c === 92) p++;
    else if (c === 123) depth++;
    else if (c === 125 && --depth === 0) return p;
  }
  return -1;
}
