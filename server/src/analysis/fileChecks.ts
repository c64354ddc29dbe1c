/**
 * The file-level checks: one walk over the statements' summaries in file
 * order (silencing comments, headers, order facts, component IDs), then the
 * checks that need the whole file (missing trigger, trigger vs #type, event
 * context, modal/menu parts, undeclared options).
 *
 * CONTRACT for every check in this file (the Analyzer's refold relies on it):
 * read the statements' summaries (facts.ts), kinds and starts, and the
 * catalog, nothing else of the tree; ask for called names only through
 * `allCalls.has`. After an edit that replaced statements by ones with the
 * same kinds and equal facts (sameFacts; of the called names, only those
 * asked about), the Analyzer does not run this walk again: it reuses the
 * previous findings with their offsets moved. So a check that read anything
 * else (a statement's text, its nodes, a name not asked through allCalls)
 * would keep stale results after such an edit. A new fact a check needs goes
 * into StatementSummary, recorded by the per-statement rules (rules/).
 * test/lsp/diagnostics-incremental.test.ts compares incremental results with
 * fresh ones.
 */
import type { Catalog } from '../catalog/catalog';
import { CONTEXT_DEPENDENT_FUNCTIONS } from '../catalog/values';
import { StatementKind, SyntaxTree } from '../syntax/tree';
import { DIAGNOSTIC_CODES } from './codes';
import type { AnalysisDiagnostic, DiagnosisParts } from './diagnostic';
import { sortedDiagnostics, StatementResult, StatementSummary } from './facts';

const MENU_FUNCTIONS = ['ZnewSelectMenu'];

/** The walk's findings for a tree, and what refold needs to reuse them. */
export interface FileDiagnosis {
  parts: DiagnosisParts;
  /** The called names the checks asked about (refold compares only those). */
  calls: CallNames;
  /** Statement index -> codes silenced by a `// zscript-disable-next-line` above it (null: all). */
  lineSilence: ReadonlyMap<number, string[] | null>;
}

/** `results`: every statement's result, in order. */
export function diagnoseFile(tree: SyntaxTree, results: readonly StatementResult[], catalog: Catalog): FileDiagnosis {
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
    if (result.diagnostics.length) perStatement.push({ index: i, diagnostics: sortedDiagnostics(result) });
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
    let severity: 'error' | 'warning' = 'error';
    const interactionForm = /^onInteraction(\{[^}]*\})?$/.test(t);
    if ((kind === 'slash' || kind === 'sub-slash') && !t.startsWith('/')) problem = `A #type ${kind} command's trigger must start with "/", e.g. "/ping".`;
    else if (kind === 'event' && interactionForm) problem = `"${t}" is not one of the events: it starts an interaction command. Use "#type interaction".`;
    else if (kind === 'prefix' && (interactionForm || (catalog.triggers.length > 0 && catalog.getTrigger(t)))) {
      // The bot loads it as a prefix command that only runs when someone types the word: almost surely a forgotten #type.
      severity = 'warning';
      const wanted = interactionForm ? 'interaction' : 'event';
      problem = `"${t}" is ${wanted === 'event' ? 'an event name' : 'an interaction trigger'}, but this command is a prefix command${type === undefined ? ' (no #type line)' : ''}, so it only runs when someone types "${t}". Add "#type ${wanted}".`;
    } else if (kind === 'event' && catalog.triggers.length > 0 && !catalog.getTrigger(t)) problem = `"${t}" is not an event name. An event command's trigger must be an event such as onMemberJoin.`;
    else if (kind === 'interaction' && !/^onInteraction(\{[^}]*\})?$/.test(t)) problem = 'An interaction command\'s trigger must be "onInteraction" (every component) or "onInteraction{customID}" (one button, menu or modal).';
    if (problem) out.push({ code: 'trigger-type-mismatch', severity, start: triggerValue.start, end: triggerValue.end, message: problem });
  }
  if (type === 'event' && triggerValue) {
    const trigger = catalog.getTrigger(triggerValue.value.trim());
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
  return { parts, calls: allCalls, lineSilence };
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
