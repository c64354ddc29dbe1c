/**
 * Semantic analysis of a command file: a plain library over the syntax tree
 * and the catalog (no LSP imports).
 *
 * Per-statement results (diagnostics with offsets RELATIVE to the statement
 * start, plus a small summary of facts) are cached in a WeakMap keyed by the
 * Statement object, one cache per Analyzer (one Analyzer per catalog). Reused
 * statements keep their identity across incremental reparses, so an edit
 * re-analyses only the statements it touched; file-level checks then run over
 * the cached summaries.
 */
import type { Catalog } from '../catalog/catalog';
import type { FunctionRecord, ArgumentType } from '../catalog/types';
import {
  isBoolean,
  isHexColor,
  isHttpUrl,
  isInteger,
  isNumber,
  isSnowflake,
  parseDuration,
  resolvePermission,
  splitPermissionPrefix,
  CONTEXT_DEPENDENT_FUNCTIONS,
} from '../catalog/values';
import { bindArguments } from './binding';
import { inValueSet, valueSetFor } from '../catalog/valueSets';
import {
  Argument,
  CallNode,
  ContentNode,
  NodeKind,
  Statement,
  StatementKind,
  SyntaxTree,
  TopLevelNode,
} from '../syntax/tree';
import { DIAGNOSTIC_CODES, Severity } from './codes';

export interface AnalysisFix {
  title: string;
  edits: { start: number; end: number; newText: string }[];
  preferred?: boolean;
}

export interface AnalysisDiagnostic {
  code: string;
  severity: Severity;
  /** ABSOLUTE offsets. */
  start: number;
  end: number;
  message: string;
  fixes?: AnalysisFix[];
  tags?: ('unnecessary' | 'deprecated')[];
}

export interface DiagnoseOptions {
  severity?: Record<string, Severity | 'off'>;
}

/** Facts a statement contributes to the file-level checks. */
interface StatementSummary {
  /** Header directive name (lower case, with `#`) and its value. */
  header?: { name: string; value: string; valueStart: number; valueEnd: number; /** Memo of the driver loop: the trimmed lower-case value (#type) or option name (#option). */ loopMemo?: string };
  /** Comment statement: a silencing directive. */
  disable?: { nextLine: boolean; codes: string[] | null };
  /** Options read with Zoption{name} (literal names) and their relative ranges. */
  optionReads?: { name: string; start: number; end: number }[];
  /** Function names called in this statement (for the component checks). */
  calls?: Set<string>;
  /** Literal custom IDs of components created at the top level (not inside any call argument). */
  componentIds?: { id: string; start: number; end: number }[];
  /** First ZaddSelectMenuOption / ZaddTextInput call ranges. */
  needsMenu?: { start: number; end: number };
  needsModal?: { start: number; end: number };
  /** Zvar sets and reads with literal names, in text order (reads inside loops are left out). */
  varEvents?: { name: string; set: boolean; start: number; end: number }[];
  /** Embed parts that need their base part set first (ZauthorIcon after Zauthor ...), in text order. */
  embedEvents?: { base: string; dependent: boolean; name: string; index: string; start: number; end: number }[];
  /** ZinputValue uses, HTTP requests and HTTP result reads, in text order. */
  orderEvents?: { kind: 'input' | 'request' | 'result' | 'split' | 'split-read'; name: string; start: number; end: number }[];
  /** Argument-less uses of context-dependent functions. */
  contextUses?: { name: string; start: number; end: number }[];
}

interface StatementResult {
  diagnostics: AnalysisDiagnostic[]; // RELATIVE offsets
  summary: StatementSummary;
  /** `diagnostics` in (start, end) order, stable (the same array when already in order); set by diagnoseParts. */
  sorted?: readonly AnalysisDiagnostic[];
}

/** One statement's own diagnostics in a DiagnosisParts. */
export interface StatementDiagnostics {
  /** The statement's index in the tree. */
  readonly index: number;
  /**
   * The statement's cached diagnostics, offsets RELATIVE to the statement
   * start, in (start, end) order. Shared with the analyzer's cache (and the
   * same array for as long as the statement object lives): never mutate.
   */
  readonly diagnostics: readonly AnalysisDiagnostic[];
  /** Codes silenced by a `// zscript-disable-next-line` above the statement (null: every code). */
  readonly silenced?: readonly string[] | null;
}

/**
 * The diagnostics of a tree before they are flattened: each statement's own
 * (relative, shared, cached per statement) and the cross-statement and
 * file-level ones (absolute, new on every call). `diagnose()` flattens them;
 * the language server caches its LSP diagnostics per statement array instead.
 */
export interface DiagnosisParts {
  /** Statements that have diagnostics of their own, in order. */
  readonly statements: readonly StatementDiagnostics[];
  /** ABSOLUTE offsets: first those found while walking the statements, then the file-level checks'. */
  readonly fileLevel: readonly AnalysisDiagnostic[];
  /** How many of `fileLevel` were found while walking (at equal ranges they come before a statement's own; the rest after). */
  readonly loopCount: number;
  /** Codes silenced for the whole file by a `// zscript-disable` above the first body line. */
  readonly fileSilence: ReadonlySet<string>;
  /** Absolute ranges of statements under a `// zscript-disable-next-line` (they silence `fileLevel` diagnostics starting there). */
  readonly silencedRanges: readonly { start: number; end: number; codes: readonly string[] | null }[];
}

const TYPE_WORDS = ['prefix', 'slash', 'sub-slash', 'interaction', 'event'];
const SCOPE_WORDS = ['guild', 'global', 'both'];
const OPTION_TYPES = ['string', 'integer', 'number', 'boolean', 'user', 'channel', 'role', 'mentionable', 'attachment'];
const DIRECTIVES = ['#trigger', '#name', '#type', '#description', '#scope', '#option'];
const CONDITION_FUNCTIONS = new Set(['Zif', 'ZonlyIf', 'ZcheckCondition']);
const COLOR_PARAMS: Record<string, string[]> = { Zcolor: ['hex'], ZcreateRole: ['color', 'colour'], ZmodifyRole: ['color', 'colour'], ZcolorRole: ['color', 'colour'] };
const EMBED_DEPENDENTS: Record<string, string> = { ZauthorIcon: 'Zauthor', ZauthorURL: 'Zauthor', ZfooterIcon: 'Zfooter', ZtitleURL: 'Ztitle' };
const EMBED_BASES = new Set(['Zauthor', 'Zfooter', 'Ztitle']);
const HTTP_REQUESTS = new Set(['ZhttpGet', 'ZhttpPost', 'ZhttpPut', 'ZhttpPatch', 'ZhttpDelete']);
const LOOP_FUNCTIONS = new Set(['Zrepeat', 'ZforSplit', 'ZforJson']);
/** Functions that read or edit the elements stored by ZtextSplit (catalog: "split-text element", "from ZtextSplit"). */
const SPLIT_READERS = new Set(['ZsplitText', 'ZforSplit', 'ZeditSplitText', 'ZremoveSplitTextElement', 'ZgetTextSplitIndex', 'ZgetTextSplitLength', 'ZjoinSplitText']);
/**
 * Text parameters that must not be empty: the IDs that tie components, modals
 * and their handlers together. Any other text parameter may legitimately be
 * empty (ZreplaceText{text;old;} deletes, Zif{cond;;else} outputs nothing).
 */
const NONEMPTY_TEXT_PARAMS = new Set(['customID', 'menuID', 'modalID', 'fieldID']);
/** Values with a documented fixed range, compared in conditions (document 000 limits table). */
const RANGED_VALUES: Record<string, { min: number; max: number; what: string }> = { ZboostLevel: { min: 0, max: 3, what: 'the boost tier, a number from 0 to 3' } };
/** Which argument holds the custom ID of a component-creating function. */
const COMPONENT_ID_ARG: Record<string, number> = { ZaddButton: 1, ZnewSelectMenu: 0, ZaddTextInput: 0 };
const MENU_FUNCTIONS = ['ZnewSelectMenu'];
const PREFIXED_PERMISSION_FUNCTIONS = new Set(['ZeditChannelPerms', 'ZmodifyRolePerms']);

export class Analyzer {
  private readonly cache = new WeakMap<Statement, StatementResult>();
  /** Results by tree, for trees diagnosed with a `previous` hint (see resultsOf). */
  private readonly treeResults = new WeakMap<SyntaxTree, StatementResult[]>();
  /** The walk's findings by tree, for trees diagnosed with a `previous` hint (see refold). */
  private readonly treeFolds = new WeakMap<SyntaxTree, Fold>();
  /** How the last tree resultsOf saw with a `previous` lines up with it: [from, to) replaced [from, oldTo). */
  private alignment: { tree: SyntaxTree; previous: SyntaxTree; from: number; to: number; oldTo: number } | undefined;
  private readonly names: string[];
  /** suggest() answers by unknown name ('' = no suggestion); bounded, cleared when full. */
  private readonly suggestions = new Map<string, string>();
  readonly stats = { statementsAnalyzed: 0, refolds: 0 };

  constructor(private readonly catalog: Catalog) {
    this.names = catalog.functions.map((f) => f.name);
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
   * CONTRACT for the walk and the file-level checks below: they read the
   * statements' summaries, kinds and starts (and the catalog), nothing else
   * of the tree, and names called through `allCalls.has`; refold relies on it.
   */
  diagnoseParts(tree: SyntaxTree, previous?: SyntaxTree): DiagnosisParts {
    const results = this.resultsOf(tree, previous);
    const known = previous ? this.treeFolds.get(tree) ?? this.refold(tree, previous, results) : undefined;
    this.alignment = undefined; // holds both trees: not past this call
    if (known) return known.parts;
    const out: AnalysisDiagnostic[] = [];
    const lineSilence = new Map<number, string[] | null>(); // statement index -> codes (null = all)
    const fileSilence = new Set<string>();
    let seenBody = false;
    let type: string | undefined;
    let hasTrigger = false;
    let triggerValue: { value: string; start: number; end: number } | undefined;
    const options_: Set<string> = new Set();
    const optionReads: { name: string; start: number; end: number }[] = [];
    const perStatement: { index: number; diagnostics: readonly AnalysisDiagnostic[]; silenced?: string[] | null }[] = [];
    const allCalls = new CallNames(results);
    let triggerHeader: StatementSummary['header'];
    let triggerBase = 0;
    const ids = new Map<string, number>();
    const varsSet = new Set<string>();
    let requested = false;
    let splitDone = false;
    const embedSet = new Set<string>();
    const inputUses: { start: number; end: number }[] = [];
    const contextUses: { name: string; start: number; end: number }[] = [];
    let needsMenu: { start: number; end: number } | undefined;
    let needsModal: { start: number; end: number } | undefined;

    for (let i = 0; i < tree.statements.length; i++) {
      const st = tree.statements[i];
      const result = results[i];
      const base = tree.starts[i];
      const s = result.summary;
      if (s.disable) {
        if (s.disable.nextLine) {
          // The next non-blank statement.
          let j = i + 1;
          while (j < tree.statements.length && tree.statements[j].kind === StatementKind.Blank) j++;
          lineSilence.set(j, s.disable.codes);
        } else if (!seenBody) {
          for (const c of s.disable.codes ?? Object.keys(DIAGNOSTIC_CODES)) fileSilence.add(c);
        }
      }
      if (st.kind === StatementKind.Body) seenBody = true;
      const header = s.header;
      if (header) {
        if (header.name === '#type') type = header.loopMemo ??= header.value.trim().toLowerCase();
        if (header.name === '#trigger') {
          hasTrigger = true;
          triggerHeader = header;
          triggerBase = base;
        }
        if (header.name === '#option') options_.add((header.loopMemo ??= header.value.split('|')[0].trim().toLowerCase()));
      }
      if (s.embedEvents) {
        for (const e of s.embedEvents) {
          const key = `${e.base}\u0000${e.index}`;
          if (!e.dependent) embedSet.add(key);
          else if (!embedSet.has(key)) out.push({ code: 'embed-part-order', severity: 'warning', start: base + e.start, end: base + e.end, message: `${e.name} needs ${e.base} to be set first for the same embed; move ${e.base}{...} above this line.` });
        }
      }
      if (s.orderEvents) {
        for (const e of s.orderEvents) {
          if (e.kind === 'split') splitDone = true;
          else if (e.kind === 'split-read') {
            if (!splitDone) out.push({ code: 'split-text-before-split', severity: 'warning', start: base + e.start, end: base + e.end, message: `${e.name} works on the elements stored by ZtextSplit, but no ZtextSplit{text;separator} has run before this point, so there is nothing to read.` });
          } else if (e.kind === 'request') requested = true;
          else if (e.kind === 'input') inputUses.push({ start: base + e.start, end: base + e.end });
          else if (!requested) out.push({ code: 'http-result-before-request', severity: 'warning', start: base + e.start, end: base + e.end, message: `${e.name} reads the answer of an HTTP request, but no request (ZhttpGet, ZhttpPost, ...) has run before this point.` });
        }
      }
      if (s.varEvents) {
        for (const v of s.varEvents) {
          if (v.set) varsSet.add(v.name);
          else if (!varsSet.has(v.name)) out.push({ code: 'variable-read-before-set', severity: 'warning', start: base + v.start, end: base + v.end, message: `The temporary variable "${v.name}" is read here, but no Zvar{${v.name};value} can have run before this point, so it is empty.` });
        }
      }
      if (s.contextUses) for (const u of s.contextUses) contextUses.push({ name: u.name, start: base + u.start, end: base + u.end });
      if (s.needsMenu && !needsMenu) needsMenu = { start: base + s.needsMenu.start, end: base + s.needsMenu.end };
      if (s.needsModal && !needsModal) needsModal = { start: base + s.needsModal.start, end: base + s.needsModal.end };
      if (s.componentIds) {
        for (const c of s.componentIds) {
          if (ids.has(c.id)) out.push({ code: 'duplicate-custom-id', severity: 'error', start: base + c.start, end: base + c.end, message: `Another component in this command already uses the custom ID "${c.id}"; Discord rejects the message. Give each button, menu and text input its own ID.` });
          else ids.set(c.id, base + c.start);
        }
      }
      if (s.optionReads) for (const r of s.optionReads) optionReads.push({ name: r.name, start: base + r.start, end: base + r.end });
      if (result.diagnostics.length) perStatement.push({ index: i, diagnostics: (result.sorted ??= sortedByRange(result.diagnostics)) });
    }
    if (lineSilence.size) {
      for (const p of perStatement) if (lineSilence.has(p.index)) p.silenced = lineSilence.get(p.index);
    }
    const loopCount = out.length;
    if (triggerHeader) triggerValue = { value: triggerHeader.value, start: triggerBase + triggerHeader.valueStart, end: triggerBase + triggerHeader.valueEnd };

    // File-level checks.
    const hasBody = tree.statements.some((s) => s.kind === StatementKind.Body);
    if (!hasTrigger && hasBody) {
      out.push({ code: 'missing-trigger', severity: 'warning', start: 0, end: 0, message: 'This command has no #trigger line, so nothing can start it. Add one, e.g. "#trigger !ping".', fixes: [{ title: 'Add "#trigger "', edits: [{ start: 0, end: 0, newText: '#trigger \n' }] }] });
    }
    if (triggerValue) {
      const t = triggerValue.value.trim();
      const kind = type ?? 'prefix';
      let problem: string | undefined;
      if ((kind === 'slash' || kind === 'sub-slash') && !t.startsWith('/')) problem = `A #type ${kind} command's trigger must start with "/", e.g. "/ping".`;
      else if (kind === 'event' && this.catalog.triggers.length > 0 && !this.catalog.getTrigger(t)) problem = `"${t}" is not an event name. An event command's trigger must be an event such as onMemberJoin.`;
      else if (kind === 'interaction' && !/^onInteraction(\{[^}]*\})?$/.test(t)) problem = 'An interaction command\'s trigger must be "onInteraction" (every component) or "onInteraction{customID}" (one button, menu or modal).';
      if (problem) out.push({ code: 'trigger-type-mismatch', severity: 'error', start: triggerValue.start, end: triggerValue.end, message: problem });
    }
    if (type === 'event' && triggerValue) {
      const trigger = this.catalog.getTrigger(triggerValue.value.trim());
      if (trigger) {
        for (const u of contextUses) {
          const part = CONTEXT_DEPENDENT_FUNCTIONS[u.name];
          const value = trigger.context[part];
          if (value === null) {
            const what = part === 'target' ? 'message or target ID' : part;
            out.push({ code: 'empty-event-context', severity: 'warning', start: u.start, end: u.end, message: `${trigger.name} has no ${what}${part === 'message' || part === 'target' ? ' (it is not about a message)' : ''}, so ${u.name} is empty here.` });
          } else if (u.name === 'Zusername' && /no username/i.test(value)) {
            out.push({ code: 'empty-event-context', severity: 'warning', start: u.start, end: u.end, message: `${trigger.name} knows the user's ID but not their username, so Zusername is empty here; mention them with <@ZuserID> instead.` });
          }
        }
      }
    }
    if (type !== 'interaction') {
      for (const u of inputUses) out.push({ code: 'input-value-outside-modal', severity: 'warning', start: u.start, end: u.end, message: 'ZinputValue reads a field of a submitted modal; it only has a value in an interaction command (#type interaction) started by the modal.' });
    }
    if (needsMenu && !MENU_FUNCTIONS.some((m) => allCalls.has(m))) {
      out.push({ code: 'select-option-without-menu', severity: 'warning', start: needsMenu.start, end: needsMenu.end, message: 'ZaddSelectMenuOption adds an option to a select menu, but this command never creates one with ZnewSelectMenu.' });
    }
    if (needsModal && !allCalls.has('ZnewModal')) {
      out.push({ code: 'text-input-without-modal', severity: 'warning', start: needsModal.start, end: needsModal.end, message: 'ZaddTextInput adds a field to a modal, but this command never creates one with ZnewModal.' });
    }
    if (options_.size > 0 || type === 'slash' || type === 'sub-slash') {
      for (const r of optionReads) {
        if (!options_.has(r.name.toLowerCase())) {
          out.push({ code: 'unknown-option', severity: 'warning', start: r.start, end: r.end, message: `No #option named "${r.name}" is declared in this file, so Zoption{${r.name}} will be empty.` });
        }
      }
    }

    // `// zscript-disable-next-line` also covers the file-level checks' diagnostics that land on that statement.
    const silencedRanges: { start: number; end: number; codes: string[] | null }[] = [];
    for (const [j, codes] of lineSilence) {
      if (j < tree.statements.length) silencedRanges.push({ start: tree.starts[j], end: tree.starts[j + 1], codes });
    }
    const parts: DiagnosisParts = { statements: perStatement, fileLevel: out, loopCount, fileSilence, silencedRanges };
    if (previous) this.treeFolds.set(tree, { parts, calls: allCalls, lineSilence });
    return parts;
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
  private refold(tree: SyntaxTree, previous: SyntaxTree, results: readonly StatementResult[]): Fold | undefined {
    const prev = this.treeFolds.get(previous);
    const oldResults = this.treeResults.get(previous);
    const a = this.alignment;
    if (!prev || !oldResults || !a || a.tree !== tree || a.previous !== previous) return undefined;
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
      return { ...d, start: map(d.start), end: map(d.end), fixes: d.fixes?.map((f) => ({ ...f, edits: f.edits.map((e) => ({ ...e, start: map(e.start), end: map(e.end) })) })) };
    };
    const old = prev.parts;
    // The statements' own lists: the same, but for the replaced statements'.
    const statements: StatementDiagnostics[] = [];
    let k = 0;
    while (k < old.statements.length && old.statements[k].index < from) statements.push(old.statements[k++]);
    for (let j = from; j < to; j++) {
      const r = results[j];
      if (!r.diagnostics.length) continue;
      const entry: { index: number; diagnostics: readonly AnalysisDiagnostic[]; silenced?: readonly string[] | null } = { index: j, diagnostics: (r.sorted ??= sortedByRange(r.diagnostics)) };
      if (prev.lineSilence.has(j)) entry.silenced = prev.lineSilence.get(j);
      statements.push(entry);
    }
    while (k < old.statements.length && old.statements[k].index < to) k++;
    while (k < old.statements.length) statements.push(old.statements[k++]);
    const parts: DiagnosisParts = {
      statements,
      fileLevel: old.fileLevel.map(moved),
      loopCount: old.loopCount,
      fileSilence: old.fileSilence,
      silencedRanges: old.silencedRanges.map((r) => (r.start < oldFrom && r.end < oldFrom ? r : { start: map(r.start), end: map(r.end), codes: r.codes })),
    };
    const fold: Fold = { parts, calls: prev.calls, lineSilence: prev.lineSilence };
    this.treeFolds.set(tree, fold);
    this.stats.refolds++;
    return fold;
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
    // analysed without findings shares that result: a statement's analysis depends on its
    // own text only (the premise of caching by statement). Lines repeat (blank lines, "}",
    // headers, the same call in several places); the map lives for this pass only.
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
          result = this.analyzeStatement(st, text, starts[i]);
          this.stats.statementsAnalyzed++;
          if (same && result.diagnostics.length === 0) same.set(key, { kind: st.kind, result });
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

  // ---------------------------------------------------------------- statements

  private analyzeStatement(st: Statement, text: string, base: number): StatementResult {
    const diagnostics: AnalysisDiagnostic[] = [];
    const summary: StatementSummary = {};
    if (st.kind === StatementKind.Blank) return { diagnostics, summary };
    if (st.kind === StatementKind.Comment) {
      const body = text.slice(base + st.start + 2, base + st.end).trim();
      const m = /^zscript-disable(-next-line)?(?:\s+(.*))?$/.exec(body);
      if (m) {
        // Codes separated by spaces or commas; an explanation may follow " -- ".
        const codes = (m[2] ?? '').split(' -- ')[0].split(/[\s,]+/).filter(Boolean);
        summary.disable = { nextLine: !!m[1], codes: codes.length ? codes : null };
      }
      return { diagnostics, summary };
    }
    if (st.kind === StatementKind.Header) {
      this.analyzeHeader(st, text, base, diagnostics, summary);
      return { diagnostics, summary };
    }
    const rel = (a: number, b: number) => text.slice(base + a, base + b);
    for (const e of st.errors) {
      const code = e.code === 'stray-close' ? 'stray-brace' : e.code === 'missing-name' ? 'missing-name' : e.code;
      const d: AnalysisDiagnostic = { code, severity: 'error', start: e.start, end: e.end, message: e.message };
      if (code === 'unclosed-call' || code === 'unclosed-brace') d.fixes = [{ title: 'Add the missing "}"', edits: [{ start: st.end, end: st.end, newText: '}' }], preferred: true }];
      if (code === 'stray-brace') d.fixes = [{ title: 'Escape it as "\\}"', edits: [{ start: e.start, end: e.start, newText: '\\' }] }];
      diagnostics.push(d);
    }
    const ctx = { text, base, rel, diagnostics, summary };
    this.walkNodes(st.nodes, 0, ctx);
    this.checkBareWords(st.nodes, text.slice(base, base + st.end), diagnostics);
    return { diagnostics, summary };
  }

  private analyzeHeader(st: Statement & { kind: StatementKind.Header }, text: string, base: number, out: AnalysisDiagnostic[], summary: StatementSummary): void {
    const name = text.slice(base + st.start, base + st.nameEnd).toLowerCase();
    const value = text.slice(base + st.valueStart, base + st.valueEnd);
    summary.header = { name, value, valueStart: st.valueStart, valueEnd: st.valueEnd };
    if (!DIRECTIVES.includes(name)) {
      const suggestion = closest(name, DIRECTIVES);
      out.push({ code: 'unknown-directive', severity: 'warning', start: st.start, end: st.nameEnd, message: `"${text.slice(base + st.start, base + st.nameEnd)}" is not a directive the bot knows; the line is ignored.${suggestion ? ` Did you mean ${suggestion}?` : ''}`, fixes: suggestion ? [{ title: `Change to ${suggestion}`, edits: [{ start: st.start, end: st.nameEnd, newText: suggestion }], preferred: true }] : undefined });
      return;
    }
    const word = value.trim().toLowerCase();
    if (name === '#type' && !TYPE_WORDS.includes(word)) {
      const s = closest(word, TYPE_WORDS);
      out.push({ code: 'invalid-type', severity: 'warning', start: st.valueStart, end: st.valueEnd, message: `"${value}" is not a command type; the bot will treat this command as "prefix". Use one of: ${TYPE_WORDS.join(', ')}.`, fixes: s ? [{ title: `Change to ${s}`, edits: [{ start: st.valueStart, end: st.valueEnd, newText: s }], preferred: true }] : undefined });
    }
    if (name === '#scope' && !SCOPE_WORDS.includes(word)) {
      const s = closest(word, SCOPE_WORDS);
      out.push({ code: 'invalid-scope', severity: 'warning', start: st.valueStart, end: st.valueEnd, message: `"${value}" is not a scope; the bot will use "guild". Use one of: ${SCOPE_WORDS.join(', ')}.`, fixes: s ? [{ title: `Change to ${s}`, edits: [{ start: st.valueStart, end: st.valueEnd, newText: s }], preferred: true }] : undefined });
    }
    if (name === '#option') {
      const parts = value.split('|');
      if (parts.length !== 4) {
        out.push({ code: 'invalid-option', severity: 'error', start: st.valueStart, end: st.valueEnd, message: `An #option needs exactly four parts "name|description|type|required" (found ${parts.length}); the bot refuses to load this file.` });
      } else if (!OPTION_TYPES.includes(parts[2].trim().toLowerCase())) {
        out.push({ code: 'invalid-option', severity: 'error', start: st.valueStart, end: st.valueEnd, message: `"${parts[2].trim()}" is not an option type; the bot refuses to load this file. Use one of: ${OPTION_TYPES.join(', ')}.` });
      }
    }
  }

  private walkNodes(nodes: readonly (TopLevelNode | ContentNode)[], depth: number, ctx: Ctx, inCall = false, inLoop = false): void {
    // Iterative over siblings, recursive over nesting (bounded by a depth guard).
    if (depth > 200) return;
    for (let k = 0; k < nodes.length; k++) {
      const node = nodes[k];
      if (node.kind === NodeKind.Call) {
        this.checkCall(node, ctx, inCall, inLoop);
        const name = ctx.rel(node.start, node.nameEnd);
        const loop = inLoop || LOOP_FUNCTIONS.has(name);
        const args = node.args;
        for (let j = 0; j < args.length; j++) this.walkNodes(args[j].nodes, depth + 1, ctx, true, loop);
      } else if (node.kind === NodeKind.BareCall) {
        const name = ctx.rel(node.start, node.end);
        if (CONTEXT_DEPENDENT_FUNCTIONS[name]) (ctx.summary.contextUses ??= []).push({ name, start: node.start, end: node.end });
        if (name === 'ZtextSplit' || SPLIT_READERS.has(name)) (ctx.summary.orderEvents ??= []).push({ kind: name === 'ZtextSplit' ? 'split' : 'split-read', name, start: node.start, end: node.end });
        if (!inLoop && (name === 'ZloopIndex' || name === 'ZloopValue')) this.loopOutside(name, node.start, node.end, ctx);
      } else if (node.kind === NodeKind.Group) {
        this.walkNodes(node.nodes, depth + 1, ctx, inCall, inLoop);
      } else if (node.kind === NodeKind.Comment) {
        const comment = ctx.rel(node.start, node.end);
        const before = ctx.text.slice(ctx.base + Math.max(0, node.start - 8), ctx.base + node.start);
        if (/https?:$/i.test(before) || /^\/\/[\w.-]+\.[a-z]{2,}/i.test(comment)) {
          ctx.diagnostics.push({ code: 'comment-cuts-text', severity: 'warning', start: node.start, end: node.end, message: 'Outside braces, "//" starts a comment, so the rest of this line (it looks like part of a URL) is not sent. Escape it or put the URL inside a function argument.' });
        }
      }
    }
  }

  /**
   * A `Zname` of a catalog function with required parameters, written without
   * braces, is plain text to the engine (the parser leaves it as text): warn.
   */
  private checkBareWords(nodes: readonly (TopLevelNode | ContentNode)[], content: string, out: AnalysisDiagnostic[]): void {
    if (content.indexOf('Z') < 0 || this.names.length === 0) return;
    // The node starts and the comment/escape ranges are gathered only when a
    // word passes the cheap tests (most statements have no candidate at all).
    let nodeStarts: Set<number> | undefined;
    let skip: [number, number][] | undefined;
    // The words /Z[A-Za-z]+/g would match, scanned by hand: the name string is made only for
    // words that pass the character tests (most are calls, followed by "{").
    const length = content.length;
    for (let at = content.indexOf('Z'); at >= 0 && at < length; ) {
      const start = at;
      let end = start + 1;
      while (end < length && isAsciiLetter(content.charCodeAt(end))) end++;
      if (end === start + 1) {
        at = content.indexOf('Z', start + 1);
        continue;
      }
      at = content.indexOf('Z', end);
      if (start > 0 && isWordOrBackslash(content.charCodeAt(start - 1))) continue;
      if (end < length && isWordOrOpenBrace(content.charCodeAt(end))) continue;
      const word = content.slice(start, end);
      const m = [word];
      const fn = this.catalog.getFunction(word);
      if (!fn || this.catalog.isBareCallable(word)) continue;
      if (!nodeStarts || !skip) {
        nodeStarts = new Set<number>();
        skip = [];
        const stack: (readonly (TopLevelNode | ContentNode)[])[] = [nodes];
        while (stack.length) {
          for (const n of stack.pop()!) {
            nodeStarts.add(n.start);
            if (n.kind === NodeKind.Comment || n.kind === NodeKind.Escape) skip.push([n.start, n.end]);
            else if (n.kind === NodeKind.Call) for (const a of n.args) stack.push(a.nodes);
            else if (n.kind === NodeKind.Group) stack.push(n.nodes);
          }
        }
      }
      if (nodeStarts.has(start)) continue;
      if (skip.some(([a, b]) => start >= a && start < b)) continue;
      out.push({ code: 'bare-call-needs-braces', severity: 'warning', start, end, message: `${m[0]} has required arguments, so without braces the bot prints it as plain text. Write it as ${fn.syntax}.`, fixes: [{ title: 'Add braces', edits: [{ start: end, end, newText: '{}' }], preferred: true }] });
    }
  }

  private loopOutside(name: string, start: number, end: number, ctx: Ctx): void {
    ctx.diagnostics.push({ code: 'loop-value-outside-loop', severity: 'warning', start, end, message: `${name} only has a value inside the code of Zrepeat, ZforSplit or ZforJson; here it is empty.` });
  }

  private checkCall(node: CallNode, ctx: Ctx, inCall: boolean, inLoop: boolean): void {
    const name = ctx.rel(node.start, node.nameEnd);
    if (name === 'Z') return; // missing-name is a syntax error already
    (ctx.summary.calls ??= new Set()).add(name);
    const embedBase = EMBED_DEPENDENTS[name] ?? (EMBED_BASES.has(name) ? name : undefined);
    if (embedBase) {
      const idx = node.args[1];
      if (!idx || !hasCall(idx)) {
        const index = idx ? ctx.rel(idx.start, idx.end).trim() : '';
        (ctx.summary.embedEvents ??= []).push({ base: embedBase, dependent: embedBase !== name, name, index: index === '' ? '1' : index, start: node.start, end: node.nameEnd });
      }
    }
    const orderKind = name === 'ZinputValue' ? 'input' : HTTP_REQUESTS.has(name) ? 'request' : name === 'ZhttpStatus' || name === 'ZhttpResult' ? 'result' : name === 'ZtextSplit' ? 'split' : SPLIT_READERS.has(name) ? 'split-read' : undefined;
    if (orderKind) (ctx.summary.orderEvents ??= []).push({ kind: orderKind, name, start: node.start, end: node.nameEnd });
    if (name === 'Zvar' && !hasCall(node.args[0])) {
      const varName = ctx.rel(node.args[0].start, node.args[0].end).trim();
      const set = node.args.length >= 2;
      if (varName !== '' && (set || !inLoop)) (ctx.summary.varEvents ??= []).push({ name: varName, set, start: node.args[0].start, end: node.args[0].end });
    }
    if (CONTEXT_DEPENDENT_FUNCTIONS[name] && node.args.every((a) => a.start === a.end || ctx.rel(a.start, a.end).trim() === '')) {
      (ctx.summary.contextUses ??= []).push({ name, start: node.start, end: node.nameEnd });
    }
    if (!inLoop && (name === 'ZloopIndex' || name === 'ZloopValue')) this.loopOutside(name, node.start, node.nameEnd, ctx);
    if (name === 'ZaddSelectMenuOption' && !ctx.summary.needsMenu) ctx.summary.needsMenu = { start: node.start, end: node.nameEnd };
    if (name === 'ZaddTextInput' && !ctx.summary.needsModal) ctx.summary.needsModal = { start: node.start, end: node.nameEnd };
    const idIndex = COMPONENT_ID_ARG[name];
    if (!inCall && idIndex !== undefined) {
      const a = node.args[idIndex];
      if (a && !hasCall(a)) {
        const id = ctx.rel(a.start, a.end).trim();
        if (id !== '') (ctx.summary.componentIds ??= []).push({ id, start: a.start, end: a.end });
      }
    }
    const fn = this.catalog.getFunction(name);
    if (!fn) {
      if (this.names.length === 0) return; // no catalog loaded: nothing to compare with
      const suggestion = this.suggest(name);
      ctx.diagnostics.push({
        code: 'unknown-function',
        severity: 'error',
        start: node.start,
        end: node.nameEnd,
        message: `There is no function named ${name}.${suggestion ? ` Did you mean ${suggestion}?` : ''}`,
        fixes: suggestion ? [{ title: `Change to ${suggestion}`, edits: [{ start: node.start, end: node.nameEnd, newText: suggestion }], preferred: true }] : undefined,
      });
      return;
    }
    const args = node.args.map((a) => ({ arg: a, text: ctx.rel(a.start, a.end).trim(), literal: !hasCall(a) }));
    const binding = bindArguments(fn, args);
    const close = node.close >= 0 ? node.close : node.end;
    for (const p of binding.missing) {
      ctx.diagnostics.push({ code: 'missing-argument', severity: 'error', start: node.start, end: node.nameEnd, message: `${name} needs a value for "${p.name}" (${fn.syntax}).` });
    }
    for (const i of binding.surplus) {
      const sep = node.separators[i - 1];
      const a = node.args[i];
      ctx.diagnostics.push({
        code: 'too-many-arguments',
        severity: 'error',
        start: sep,
        end: a.end,
        message: `${name} takes at most ${fn.arguments.length} argument${fn.arguments.length === 1 ? '' : 's'}; this one is extra (${fn.syntax}).`,
        fixes: [{ title: 'Remove the extra argument', edits: [{ start: sep, end: binding.surplus[0] === i ? close : a.end, newText: '' }] }],
      });
    }
    for (let i = 0; i < binding.args.length; i++) {
      const param = binding.args[i].param;
      if (!param) continue;
      const { arg, text, literal } = args[i];
      if (text === '') {
        if (param.required && param.default === undefined && !binding.args[i].repeat && (param.type !== 'string' || NONEMPTY_TEXT_PARAMS.has(param.name))) {
          ctx.diagnostics.push({ code: 'empty-required-argument', severity: 'warning', start: arg.start, end: arg.end, message: `"${param.name}" is required by ${name} but this argument is empty.` });
        }
        continue;
      }
      if (!literal) continue;
      if (name === 'Zoption' && i === 0) {
        if (!summaryHasOptions(ctx)) ctx.summary.optionReads = [];
        ctx.summary.optionReads!.push({ name: text, start: arg.start, end: arg.end });
      }
      this.checkLiteral(fn, param.name, param.type, text, arg, ctx);
    }
    if (CONDITION_FUNCTIONS.has(name) && args.length > 0 && args[0].literal && args[0].text !== '') {
      this.checkCondition(args[0].text, args[0].arg, ctx);
    }
    if (CONDITION_FUNCTIONS.has(name) && args.length > 0 && !args[0].literal) this.checkRangedComparisons(args[0].arg, ctx);
    if (name === 'Zclear' && args[0]?.literal && isInteger(args[0].text)) {
      const n = Number(args[0].text);
      if (n > 100) ctx.diagnostics.push({ code: 'limit-exceeded', severity: 'error', start: args[0].arg.start, end: args[0].arg.end, message: 'Zclear can delete at most 100 messages at a time.' });
      else if (n < 1) ctx.diagnostics.push({ code: 'limit-exceeded', severity: 'error', start: args[0].arg.start, end: args[0].arg.end, message: `Zclear deletes 1 to 100 messages; ${args[0].text} deletes nothing.` });
    }
    if ((name === 'ZauditCount' || name === 'ZauditEntries') && args[1]?.literal && isInteger(args[1].text)) {
      const n = Number(args[1].text);
      if (n < 1 || n > 100) ctx.diagnostics.push({ code: 'limit-exceeded', severity: 'error', start: args[1].arg.start, end: args[1].arg.end, message: `The audit log gives 1 to 100 entries per request (the default is 20); ${args[1].text} is out of range.` });
    }
  }

  private checkLiteral(fn: FunctionRecord, paramName: string, type: ArgumentType, text: string, arg: Argument, ctx: Ctx): void {
    const push = (code: string, severity: Severity, message: string, fixes?: AnalysisFix[]) =>
      ctx.diagnostics.push({ code, severity, start: arg.start, end: arg.end, message, fixes });
    const colorParams = COLOR_PARAMS[fn.name];
    if (colorParams && (colorParams.includes('*') || colorParams.includes(paramName.toLowerCase()))) {
      if (!isHexColor(text)) push('invalid-color', 'warning', `"${text}" is not a hex colour; write it like #5865F2.`);
      return;
    }
    const set = valueSetFor(fn.name, paramName);
    if (set) {
      if (!inValueSet(set, text)) {
        const s = closest(text, set.values);
        push('invalid-value', 'warning', `"${text}" is not a valid ${paramName} for ${fn.name}. Use one of: ${set.values.join(', ')}.`, s ? [{ title: `Change to ${s}`, edits: [{ start: arg.start, end: arg.end, newText: s }], preferred: true }] : undefined);
      }
      return;
    }
    if (PREFIXED_PERMISSION_FUNCTIONS.has(fn.name) && paramName === 'operation') type = 'permission';
    switch (type) {
      case 'integer':
        if (!isInteger(text)) push('invalid-integer', 'error', `"${paramName}" must be a whole number, not "${text}".`);
        break;
      case 'number':
        if (!isNumber(text)) push('invalid-number', 'error', `"${paramName}" must be a number, not "${text}".`);
        break;
      case 'boolean':
        if (!isBoolean(text)) push('invalid-boolean', 'error', `"${paramName}" must be true or false, not "${text}".`);
        break;
      case 'snowflake':
        if (!isSnowflake(text)) push('invalid-snowflake', 'warning', `"${paramName}" should be a Discord ID (17 to 20 digits); "${text}" is not one.`);
        break;
      case 'url':
        if (!isHttpUrl(text)) push('invalid-url', 'warning', `"${paramName}" should be a full web address starting with https://; "${text}" is not one.`);
        break;
      case 'duration': {
        const secs = parseDuration(text);
        if (secs === undefined) {
          if (!(fn.name === 'ZslowMode' && /^0s?$/i.test(text))) push('invalid-duration', 'error', `"${text}" is not a duration; write it like 10m, 1h30m or 7d.`);
        } else if (secs === 0 && fn.name !== 'ZslowMode') {
          push('invalid-duration', 'error', `A duration of zero is an error for ${fn.name}; write a length such as 10m.`);
        } else if (fn.name === 'Ztimeout' && secs > 28 * 86400) {
          push('limit-exceeded', 'error', 'A timeout can last at most 28 days.');
        }
        break;
      }
      case 'permission': {
        const { prefix, name } = splitPermissionPrefix(text);
        if (PREFIXED_PERMISSION_FUNCTIONS.has(fn.name) && prefix === '') {
          push('invalid-permission', 'error', `${fn.name} needs "+" (allow), "-" (deny) or "/" (reset) before the permission, e.g. +${text}.`, [{ title: `Change to +${text}`, edits: [{ start: arg.start, end: arg.end, newText: `+${text}` }] }]);
          break;
        }
        const target = PREFIXED_PERMISSION_FUNCTIONS.has(fn.name) ? name : text;
        if (!resolvePermission(target)) {
          if (/^useexternalemojis$/i.test(target)) {
            push('unknown-permission', 'error', 'The bot spells this permission "usexternalEmojis" (one "e" after "us"); "useExternalEmojis" fails when the command runs.', [{ title: 'Change to usexternalEmojis', edits: [{ start: arg.start, end: arg.end, newText: text.slice(0, text.length - target.length) + 'usexternalEmojis' }], preferred: true }]);
          } else push('unknown-permission', 'error', `"${target}" is not a permission name the bot knows.`);
        }
        break;
      }
    }
  }

  private checkCondition(cond: string, arg: Argument, ctx: Ctx): void {
    const push = (code: string, severity: Severity, message: string) => ctx.diagnostics.push({ code, severity, start: arg.start, end: arg.end, message });
    const hasAnd = cond.includes(' && ');
    const hasOr = cond.includes(' || ');
    if (hasAnd && hasOr) {
      push('mixed-condition-operators', 'error', 'A condition cannot mix " && " and " || "; the bot stops with an error. Use a nested Zif instead.');
      return;
    }
    for (const part of cond.split(hasAnd ? ' && ' : hasOr ? ' || ' : /$^/)) {
      const op = ['>=', '<=', '!=', '==', '>', '<', ' contains ', ' startsWith ', ' endsWith '].find((o) => part.includes(o));
      if (!op) {
        const t = part.trim();
        // "false" and "0" are false, as their author means them.
        if (t !== 'true' && t !== '1' && t !== 'false' && t !== '0') push('condition-without-operator', 'warning', `"${t}" has no comparison operator, so it is false (only "true" or "1" count as true). Did you mean to compare it with something, e.g. ==?`);
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
   * The "did you mean" name for an unknown function, cached per name: a file
   * repeats its typos (and a generated or pasted file may repeat one name
   * thousands of times), and the search is the costliest part of a call check.
   */
  /**
   * Comparisons of a value with a documented range (ZboostLevel, 0 to 3)
   * against a literal number that can never be true: `ZboostLevel>=4`,
   * `ZboostLevel==5`, `ZboostLevel<0`. The condition is split like the engine
   * splits it (" && " or " || ", only outside nested calls); each part is
   * checked on its own and reported with its own range.
   */
  private checkRangedComparisons(arg: Argument, ctx: Ctx): void {
    const raw = ctx.rel(arg.start, arg.end);
    if (!/Z[A-Za-z]/.test(raw)) return;
    const parts = splitTopLevelCondition(raw);
    if (!parts) return;
    for (const p of parts) {
      const part = raw.slice(p.start, p.end);
      const op = ['>=', '<=', '!=', '==', '>', '<'].find((o) => part.includes(o));
      if (!op) continue;
      const at = part.indexOf(op);
      const left = part.slice(0, at).trim();
      const right = part.slice(at + op.length).trim();
      const call = (t: string) => /^(Z[A-Za-z0-9]+)(\{\s*\})?$/.exec(t)?.[1];
      let fnName = call(left);
      let literal = right;
      let o = op;
      if (!fnName || !RANGED_VALUES[fnName]) {
        fnName = call(right);
        literal = left;
        o = op === '>=' ? '<=' : op === '<=' ? '>=' : op === '>' ? '<' : op === '<' ? '>' : op;
      }
      const range = fnName ? RANGED_VALUES[fnName] : undefined;
      if (!range || !isNumber(literal)) continue;
      const n = Number(literal);
      const never =
        o === '==' ? !(Number.isInteger(n) && n >= range.min && n <= range.max) :
        o === '>=' ? n > range.max :
        o === '>' ? n >= range.max :
        o === '<=' ? n < range.min :
        o === '<' ? n <= range.min : false;
      if (never) {
        const lead = part.length - part.trimStart().length;
        const trail = part.length - part.trimEnd().length;
        ctx.diagnostics.push({ code: 'condition-never-true', severity: 'warning', start: arg.start + p.start + lead, end: arg.start + p.end - trail, message: `${fnName} is ${range.what}, so "${part.trim()}" is never true.` });
      }
    }
  }

  private suggest(name: string): string | undefined {
    const cached = this.suggestions.get(name);
    if (cached !== undefined) return cached === '' ? undefined : cached;
    const ci = this.catalog.getFunctionIgnoringCase(name);
    const found = ci ? ci.name : closest(name, this.names);
    if (this.suggestions.size >= SUGGESTION_CACHE_LIMIT) this.suggestions.clear();
    this.suggestions.set(name, found ?? '');
    return found;
  }
}

interface Ctx {
  text: string;
  base: number;
  rel: (a: number, b: number) => string;
  diagnostics: AnalysisDiagnostic[];
  summary: StatementSummary;
}

function summaryHasOptions(ctx: Ctx): boolean {
  return ctx.summary.optionReads !== undefined;
}

function hasCall(a: Argument): boolean {
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

/**
 * The comparisons of a condition, split at " && " or " || " outside braces
 * (offsets into `raw`); undefined when both appear (a run-time error reported
 * elsewhere for literal conditions).
 */
function splitTopLevelCondition(raw: string): { start: number; end: number }[] | undefined {
  const cuts: { at: number; op: string }[] = [];
  let depth = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (raw.startsWith(' && ', i) || raw.startsWith(' || ', i))) {
      cuts.push({ at: i, op: raw.slice(i, i + 4) });
      i += 3;
    }
  }
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
 * The names called anywhere in the file, looked up in the statements' own
 * sets only when asked (a file-level check asks for a name or two; the walk
 * over the statements then does nothing for calls).
 */
class CallNames {
  private readonly answers = new Map<string, boolean>();

  constructor(private readonly results: readonly StatementResult[]) {}

  /** The names asked about so far. */
  asked(): Iterable<string> {
    return this.answers.keys();
  }

  has(name: string): boolean {
    let answer = this.answers.get(name);
    if (answer === undefined) {
      answer = false;
      for (let k = 0; k < this.results.length && !answer; k++) answer = this.results[k].summary.calls?.has(name) === true;
      this.answers.set(name, answer);
    }
    return answer;
  }
}

function isAsciiLetter(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

/** [A-Za-z0-9_\\] */
function isWordOrBackslash(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x5c;
}

/** [A-Za-z0-9_{] */
function isWordOrOpenBrace(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x7b;
}

/** What diagnoseParts keeps per tree for refold. */
interface Fold {
  parts: DiagnosisParts;
  calls: CallNames;
  lineSilence: ReadonlyMap<number, string[] | null>;
}

/** Passes over at least this many statements share the results of statements with equal text. */
const SAME_TEXT_MIN = 64;

/** At most this many re-parsed statements are compared for refold. */
const REFOLD_LIMIT = 16;

/**
 * Equality of two statement summaries as facts for the walk: deep, with
 * relative offsets; `calls` is compared by the caller (only the names asked
 * about matter) and the walk's own memos are ignored.
 */
function sameFacts(a: unknown, b: unknown, depth = 0): boolean {
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
  const skip = (key: string) => key === 'loopMemo' || (depth === 0 && key === 'calls') || x[key] === undefined;
  let count = 0;
  for (const key of Object.keys(x)) {
    if (skip(key)) continue;
    count++;
    if (!sameFacts(x[key], y[key], depth + 1)) return false;
  }
  for (const key of Object.keys(y)) if (!(key === 'loopMemo' || (depth === 0 && key === 'calls') || y[key] === undefined)) count--;
  return count === 0;
}

/** True when a file-level diagnostic is silenced by the file's disable comments. */
export function isSilenced(parts: DiagnosisParts, d: AnalysisDiagnostic): boolean {
  if (parts.fileSilence.has(d.code)) return true;
  const ranges = parts.silencedRanges;
  for (let k = 0; k < ranges.length; k++) {
    const r = ranges[k];
    if (d.start >= r.start && d.start < r.end && (r.codes === null || r.codes.includes(d.code))) return true;
  }
  return false;
}

/**
 * DiagnosisParts as one list: absolute offsets (new objects), silenced and
 * 'off' diagnostics left out, severity overrides applied, in (start, end)
 * order; at equal ranges, walk-found before a statement's own before the
 * file-level checks'.
 */
export function flattenDiagnosis(tree: SyntaxTree, parts: DiagnosisParts, overrides: Readonly<Record<string, Severity | 'off'>>): AnalysisDiagnostic[] {
  const out: AnalysisDiagnostic[] = parts.fileLevel.slice(0, parts.loopCount);
  for (const p of parts.statements) {
    const silenced = p.silenced;
    if (silenced === null) continue;
    const base = tree.starts[p.index];
    for (const d of p.diagnostics) {
      if (silenced && silenced.includes(d.code)) continue;
      out.push(rebased(d, base));
    }
  }
  for (let k = parts.loopCount; k < parts.fileLevel.length; k++) out.push(parts.fileLevel[k]);
  const final: AnalysisDiagnostic[] = [];
  for (const d of out) {
    if (isSilenced(parts, d)) continue;
    const o = overrides[d.code];
    if (o === 'off') continue;
    final.push(o ? { ...d, severity: o } : d);
  }
  final.sort((a, b) => a.start - b.start || a.end - b.end);
  return final;
}

/** A copy of a statement-relative diagnostic with absolute offsets (fix edits too). */
export function rebased(d: AnalysisDiagnostic, base: number): AnalysisDiagnostic {
  return {
    ...d,
    start: d.start + base,
    end: d.end + base,
    fixes: d.fixes?.map((f) => ({ ...f, edits: f.edits.map((e) => ({ ...e, start: e.start + base, end: e.end + base })) })),
  };
}

/** The list in (start, end) order, stable; the list itself when already in order. */
function sortedByRange(list: AnalysisDiagnostic[]): readonly AnalysisDiagnostic[] {
  for (let k = 1; k < list.length; k++) {
    const a = list[k - 1];
    const b = list[k];
    if (a.start > b.start || (a.start === b.start && a.end > b.end)) return [...list].sort((x, y) => x.start - y.start || x.end - y.end);
  }
  return list;
}

/** How many unknown names' suggestions an Analyzer remembers. */
const SUGGESTION_CACHE_LIMIT = 4096;

/** Lower-cased candidate lists, by list identity (the catalog's name list, the fixed word lists, value sets). */
const loweredLists = new WeakMap<readonly string[], string[]>();

function lowered(candidates: readonly string[]): string[] {
  let list = loweredLists.get(candidates);
  if (!list || list.length !== candidates.length) {
    list = candidates.map((c) => c.toLowerCase());
    loweredLists.set(candidates, list);
  }
  return list;
}

/** The closest candidate by edit distance (at most a third of the length, min 2), or undefined. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  const lows = lowered(candidates);
  let best: string | undefined;
  let bestD = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (let k = 0; k < lows.length; k++) {
    const c = lows[k];
    // Cheap lower bounds first: the length difference, then the letters one word has and the other lacks.
    if (Math.abs(candidates[k].length - word.length) >= bestD) continue;
    if (bagDistance(lower, c, bestD) >= bestD) continue;
    const d = editDistance(lower, c, bestD);
    if (d < bestD) {
      bestD = d;
      best = candidates[k];
    }
  }
  return best;
}

const bagCounts = new Int32Array(128);

/**
 * A lower bound of the edit distance: the larger of the two multiset
 * differences of the characters (ASCII counted exactly; other characters
 * are not counted, which only lowers the bound). Stops at `limit`.
 */
function bagDistance(a: string, b: string, limit: number): number {
  for (let i = 0; i < a.length; i++) {
    const c = a.charCodeAt(i);
    if (c < 128) bagCounts[c]++;
  }
  for (let i = 0; i < b.length; i++) {
    const c = b.charCodeAt(i);
    if (c < 128) bagCounts[c]--;
  }
  let surplus = 0;
  let deficit = 0;
  for (let i = 0; i < a.length; i++) {
    const c = a.charCodeAt(i);
    if (c < 128) {
      const n = bagCounts[c];
      if (n > 0) surplus += n;
      else if (n < 0) deficit -= n;
      bagCounts[c] = 0;
    }
  }
  for (let i = 0; i < b.length; i++) {
    const c = b.charCodeAt(i);
    if (c < 128) {
      const n = bagCounts[c];
      if (n < 0) deficit -= n;
      bagCounts[c] = 0;
    }
  }
  const bound = surplus > deficit ? surplus : deficit;
  return bound < limit ? bound : limit;
}

let rowA = new Int32Array(64);
let rowB = new Int32Array(64);

function editDistance(a: string, b: string, limit: number): number {
  if (rowA.length <= b.length) {
    rowA = new Int32Array(b.length * 2 + 1);
    rowB = new Int32Array(b.length * 2 + 1);
  }
  let prev = rowA;
  let cur = rowB;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const sub = prev[j - 1] + (ca === b.charCodeAt(j - 1) ? 0 : 1);
      const del = prev[j] + 1;
      const ins = cur[j - 1] + 1;
      const v = sub < del ? (sub < ins ? sub : ins) : del < ins ? del : ins;
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin >= limit) return limit;
    const t = prev;
    prev = cur;
    cur = t;
  }
  return prev[b.length];
}
