/**
 * The Analyzer: semantic analysis of a command file, a plain library over
 * the syntax tree and the catalog (no LSP imports). This module is the
 * driver: caches, reuse across edits, and the order of the passes. The
 * rules themselves live in statement.ts + rules/ (one statement at a time)
 * and fileChecks.ts (the whole file, over the statements' summaries).
 *
 * Per-statement results (diagnostics with offsets RELATIVE to the statement
 * start, plus a small summary of facts) are cached in a WeakMap keyed by the
 * Statement object, one cache per Analyzer (one Analyzer per catalog). Reused
 * statements keep their identity across incremental reparses, so an edit
 * re-analyses only the statements it touched; file-level checks then run over
 * the cached summaries, or not at all when the edit changed no fact (refold).
 */
import type { Catalog } from '../catalog/catalog';
import type { CallNamesBefore } from './callNames';
import type { StatementKind, Statement, SyntaxTree } from '../syntax/tree';
import type { SeverityOverrides } from './codes';
import type { AnalysisDiagnostic, DiagnosisParts, StatementDiagnostics } from './diagnostic';
import { sameFacts, sortedDiagnostics, type StatementResult } from './facts';
import { diagnoseFile, EMBED_CODES, embedDiagnostics, type FileDiagnosis, moveFixText } from './fileChecks';
import { flattenDiagnosis } from './silencing';
import { type AnalysisTables, analyzeStatement } from './statement';
import { CallProfiles } from './rules/callProfile';
import { FunctionSuggester } from './suggest';

// Other layers (lsp/, service.ts, bin/) import these from this module.
export type { AnalysisDiagnostic, AnalysisFix, DiagnosisParts, StatementDiagnostics } from './diagnostic';
export { flattenDiagnosis, isSilenced, rebased } from './silencing';
export { closest } from './suggest';

export interface DiagnoseOptions {
  severity?: SeverityOverrides;
}

/** Passes over at least this many statements share the results of statements with equal text. */
const SAME_TEXT_MIN = 64;

/** At most this many re-parsed statements are compared for refold. */
const REFOLD_LIMIT = 16;

/** The calls that take a cooldown keyed by the command's name (cooldown.rs, serverCooldown.rs, globalCooldown.rs). */
export const COOLDOWN_TAKERS: readonly string[] = ['Zcooldown', 'ZserverCooldown', 'ZglobalCooldown'];

/** What the cross-file layout needs of a command beyond its trigger (see Analyzer.commandFacts). */
export interface CommandFacts {
  readonly name: string | undefined;
  readonly cooldown: boolean;
  /** The loader refuses the file (a bad #option). */
  readonly refused: boolean;
}

export class Analyzer {
  private readonly cache = new WeakMap<Statement, StatementResult>();
  /** Results by tree, for trees diagnosed with a `previous` hint (see resultsOf). */
  private readonly treeResults = new WeakMap<SyntaxTree, StatementResult[]>();
  /** The walk's findings by tree, for trees diagnosed with a `previous` hint (see refold). */
  private readonly treeFolds = new WeakMap<SyntaxTree, FileDiagnosis>();
  /** How the last tree resultsOf saw with a `previous` lines up with it: [from, to) replaced [from, oldTo). */
  private alignment: { tree: SyntaxTree; previous: SyntaxTree; from: number; to: number; oldTo: number } | undefined;
  private readonly tables: AnalysisTables;
  readonly stats = { statementsAnalyzed: 0, refolds: 0 };

  /** The "did you mean" of unknown function names, shared with the editor features (same answers, one cache). */
  get suggester(): FunctionSuggester {
    return this.tables.suggester;
  }

  constructor(private readonly catalog: Catalog) {
    this.tables = { catalog, suggester: new FunctionSuggester(catalog), profiles: new CallProfiles(catalog) };
  }

  /** Every diagnostic of the tree, absolute offsets, in (start, end) order, severity overrides applied. */
  diagnose(tree: SyntaxTree, options: DiagnoseOptions = {}): AnalysisDiagnostic[] {
    return flattenDiagnosis(tree, this.diagnoseParts(tree), options.severity ?? {});
  }

  /**
   * The diagnostics of the tree, not yet flattened (see DiagnosisParts).
   * Statements already analysed (same object) are not analysed again.
   * `previous`: the tree this one was reparsed from, when the caller knows
   * it; its per-statement results are then reused by position (the common
   * prefix and suffix of the two statement lists) without a cache lookup
   * per statement, and when the re-analysed statements contribute the same
   * facts as those they replace, the file-level results are the previous
   * ones with their offsets moved (see refold).
   *
   * The walk and the file-level checks (fileChecks.ts) follow a CONTRACT that
   * refold relies on: see the top of fileChecks.ts before adding a check.
   */
  diagnoseParts(tree: SyntaxTree, previous?: SyntaxTree): DiagnosisParts {
    const results = this.resultsOf(tree, previous);
    const known = previous ? (this.treeFolds.get(tree) ?? this.refold(tree, previous, results)) : undefined;
    const before = known || !previous ? undefined : this.callNamesBefore(tree, previous);
    this.alignment = undefined; // holds both trees: not past this call
    if (known) return known.parts;
    const found = diagnoseFile(tree, results, this.catalog, before);
    if (previous) this.treeFolds.set(tree, found);
    return found.parts;
  }

  /**
   * The statement holding the trigger the engine keeps (-1: none), from the
   * diagnosis of `tree` (diagnoseParts with the same `previous`, so a later
   * diagnoseParts call finds it done): the loader's reading the file checks
   * make anyway, not a second pass over the file.
   */
  triggerStatement(tree: SyntaxTree, previous: SyntaxTree): number {
    this.diagnoseParts(tree, previous);
    return this.treeFolds.get(tree)?.triggerStatement ?? -1;
  }

  /**
   * The command's name (its last #name) and whether it takes a cooldown, from
   * the diagnosis of `tree` (triggerStatement first): the cross-file layout
   * reads them without reading the file again after each edit.
   */
  commandFacts(tree: SyntaxTree): CommandFacts | undefined {
    const fold = this.treeFolds.get(tree);
    if (!fold) return undefined;
    return { name: fold.commandName, cooldown: COOLDOWN_TAKERS.some((n) => fold.calls.has(n)), refused: fold.optionRefused };
  }

  /**
   * The parts of `tree` from those of `previous` without walking the file,
   * when the edit replaced a few statements by as many of the same kinds
   * whose summaries are equal (relative offsets included; of the called
   * names only those a check asked about matter). Then the walk and the
   * checks would find the same things at offsets moved by the edit: the
   * previous file-level diagnostics are reused with their offsets mapped,
   * and only the replaced statements' own lists change. Undefined when that
   * cannot be shown (the caller walks).
   */
  private refold(tree: SyntaxTree, previous: SyntaxTree, results: readonly StatementResult[]): FileDiagnosis | undefined {
    const prev = this.treeFolds.get(previous);
    const oldResults = this.treeResults.get(previous);
    const a = this.alignment;
    if (!prev || !oldResults || !a || a.tree !== tree || a.previous !== previous || prev.hasAliases) return undefined;
    const { from, to } = a;
    if (a.oldTo !== to || to - from > REFOLD_LIMIT || previous.statements.length !== tree.statements.length) return undefined;
    const asked = prev.calls.asked();
    for (let j = from; j < to; j++) {
      if (previous.statements[j].kind !== tree.statements[j].kind) return undefined;
      const x = oldResults[j].summary;
      const y = results[j].summary;
      if (!sameFacts(x, y)) return undefined;
      for (const name of asked) if ((x.calls?.has(name) ?? false) !== (y.calls?.has(name) ?? false)) return undefined;
    }
    const oldStarts = previous.starts;
    const newStarts = tree.starts;
    const oldFrom = oldStarts[from];
    const oldEnd = oldStarts[to];
    const delta = newStarts[to] - oldEnd;
    const map = (p: number): number => {
      if (p < oldFrom) return p;
      if (p >= oldEnd) return p + delta;
      let j = from;
      while (j + 1 < to && oldStarts[j + 1] <= p) j++;
      return p - oldStarts[j] + newStarts[j];
    };
    const moved = (d: AnalysisDiagnostic): AnalysisDiagnostic => {
      if (d.start < oldFrom && d.end < oldFrom && !d.fixes?.some((f) => f.edits.some((e) => e.start >= oldFrom || e.end >= oldFrom))) return d;
      const fixes = d.fixes?.map((f) => ({ ...f, edits: f.edits.map((e) => ({ ...e, start: map(e.start), end: map(e.end) })) }));
      // The one fix whose text is the file's own: the guard's line, which typing in it changes without changing a fact.
      if (d.code === 'guard-after-action' && fixes?.[0]?.edits.length === 2) {
        const [insert, remove] = fixes[0].edits;
        const lineEndAt = tree.starts[tree.starts.indexOf(insert.start) + 1] ?? insert.start;
        insert.newText = moveFixText(tree.text, remove.start, remove.end, lineEndAt);
      }
      return { ...d, start: map(d.start), end: map(d.end), fixes };
    };
    const old = prev.parts;
    // Embed parts are the one fact refold recomputes instead of comparing: an edit of a name such as
    // Zcolor changes them, and their check reads only the statements that have them.
    let embedStatements = prev.embedStatements;
    let embedChanged = false;
    for (let j = from; j < to && !embedChanged; j++)
      embedChanged = oldResults[j].summary.embedContent !== undefined || results[j].summary.embedContent !== undefined;
    let fileLevel = old.fileLevel.map(moved);
    if (embedChanged) {
      const kept = embedStatements.filter((i) => i < from || i >= to);
      for (let j = from; j < to; j++) if (results[j].summary.embedContent) kept.push(j);
      embedStatements = kept.sort((a, b) => a - b);
      const startOf = (i: number) => tree.starts[i];
      fileLevel = [...fileLevel.filter((d) => !EMBED_CODES.has(d.code)), ...embedDiagnostics(embedStatements, results, startOf)];
    }
    // The statements' own lists: the same, but for the replaced statements'.
    const statements: StatementDiagnostics[] = [];
    let k = 0;
    while (k < old.statements.length && old.statements[k].index < from) statements.push(old.statements[k++]);
    for (let j = from; j < to; j++) {
      const r = results[j];
      if (!r.diagnostics.length) continue;
      const entry: { index: number; diagnostics: readonly AnalysisDiagnostic[]; silenced?: readonly string[] | null } = {
        index: j,
        diagnostics: sortedDiagnostics(r),
      };
      if (prev.lineSilence.has(j)) entry.silenced = prev.lineSilence.get(j);
      statements.push(entry);
    }
    while (k < old.statements.length && old.statements[k].index < to) k++;
    while (k < old.statements.length) statements.push(old.statements[k++]);
    const parts: DiagnosisParts = {
      statements,
      fileLevel,
      loopCount: old.loopCount,
      fileSilence: old.fileSilence,
      silencedRanges: old.silencedRanges.map((r) => (r.start < oldFrom && r.end < oldFrom ? r : { start: map(r.start), end: map(r.end), codes: r.codes })),
    };
    const fold: FileDiagnosis = {
      parts,
      calls: prev.calls,
      lineSilence: prev.lineSilence,
      hasAliases: false,
      embedStatements,
      triggerStatement: prev.triggerStatement,
      commandName: prev.commandName,
      optionRefused: prev.optionRefused,
    };
    this.treeFolds.set(tree, fold);
    this.stats.refolds++;
    return fold;
  }

  /** What the walk of `previous` learnt of the names called, for the walk of `tree` (resultsOf aligned the two). */
  private callNamesBefore(tree: SyntaxTree, previous: SyntaxTree): CallNamesBefore | undefined {
    const a = this.alignment;
    const calls = this.treeFolds.get(previous)?.calls;
    const results = this.treeResults.get(previous);
    if (!a || a.tree !== tree || a.previous !== previous || !calls || !results) return undefined;
    return { calls, results, from: a.from, to: a.to, oldTo: a.oldTo };
  }

  /**
   * Every statement's result, in order (analysing the statements not seen
   * before). With a `previous` tree whose results are known, the statements
   * it shares at the start and the end are taken from its array; the others
   * come from the per-statement cache. Trees diagnosed with a `previous`
   * keep their array (weakly, by tree) instead of filling the per-statement
   * cache, which a first analysis of a large file would otherwise pay for.
   */
  private resultsOf(tree: SyntaxTree, previous: SyntaxTree | undefined): StatementResult[] {
    const known = this.treeResults.get(tree);
    if (known) return known;
    const statements = tree.statements;
    const n = statements.length;
    let oldTo = previous ? previous.statements.length : 0;
    const results: StatementResult[] = new Array(n);
    let from = 0;
    let to = n;
    if (previous) {
      const old = this.treeResults.get(previous);
      if (old) {
        const oldStatements = previous.statements;
        const m = oldStatements.length;
        while (from < n && from < m && statements[from] === oldStatements[from]) {
          results[from] = old[from];
          from++;
        }
        while (to > from && m - (n - to) > from && statements[to - 1] === oldStatements[m - (n - to) - 1]) {
          results[to - 1] = old[m - (n - to) - 1];
          to--;
        }
        oldTo = m - (n - to);
      }
    }
    // Within one pass over many statements, a statement whose text (and kind) was already
    // analysed shares that result: a statement's analysis depends on its own text only (the
    // premise of caching by statement), and its findings have offsets relative to it, so one
    // result object serves every copy (nothing keys on a statement's array or changes it). Lines
    // repeat (blank lines, "}", headers, the same call, or the same mistake, in several
    // places); the map lives for this pass only.
    const starts = tree.starts;
    const text = tree.text;
    const same = to - from >= SAME_TEXT_MIN ? new Map<string, { kind: StatementKind; result: StatementResult }>() : undefined;
    for (let i = from; i < to; i++) {
      const st = statements[i];
      // The hinted path never fills the per-statement cache: no lookup there.
      let result = previous ? undefined : this.cache.get(st);
      if (!result) {
        const key = same ? text.slice(starts[i], starts[i + 1]) : '';
        const seen = same?.get(key);
        if (seen && seen.kind === st.kind) {
          result = seen.result;
        } else {
          result = analyzeStatement(st, text, starts[i], this.tables);
          this.stats.statementsAnalyzed++;
          if (same) same.set(key, { kind: st.kind, result });
        }
        if (!previous) this.cache.set(st, result);
      }
      results[i] = result;
    }
    if (previous) {
      this.treeResults.set(tree, results);
      this.alignment = { tree, previous, from, to, oldTo };
    }
    return results;
  }
}
