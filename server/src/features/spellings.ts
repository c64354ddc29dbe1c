/**
 * Quick fixes for an unknown function name: the names it may be a
 * misspelling of, nearest first, kept only where the call would then run.
 *
 * Spelling alone misleads: `Zcloor{#F1C40F}` is one edit from Zfloor and
 * from Zcolor, and `ZgetUservar{coins}` one from ZsetUserVar, which needs
 * two arguments. So each candidate is tried: the name is put in the call's
 * statement, the statement analysed on its own, and a name that leaves the
 * call with as many errors and warnings as the unknown name (too few arguments, a value
 * the function refuses or reads otherwise) is left out. The analysis' own suggestion is its
 * nearest name by spelling; when it fails that trial and another name
 * passes, the other one is offered (and preferred) instead.
 */
import type { Catalog } from '../catalog/catalog';
import { Analyzer } from '../analysis/analyzer';
import { nearestNames } from '../analysis/suggest';
import { parseCommandFile } from '../syntax/parse';
import { nodeAt, statementIndexAt, statementText } from '../syntax/positions';
import { NodeKind } from '../syntax/tree';
import type { DiagnosticData } from './diagnostics';
import type { DocumentModel, FeatureContext } from './model';

type FixData = NonNullable<DiagnosticData['fixes']>[number];

/** Names tried per request: the nearest few by spelling (each trial analyses one statement). */
const CANDIDATES = 8;
/** Names offered at most. */
const OFFERED = 3;

/** One analyzer per catalog for the trials (its caches hold only the trial statements, weakly). */
const analyzers = new WeakMap<Catalog, Analyzer>();

/**
 * The fixes for the unknown name at [start, start + name.length): `own` (the
 * analysis' suggestion) and other spellings, filtered by the trial above.
 * `rank` orders names at equal distance (lower first).
 */
export function spellingFixes(
  model: DocumentModel,
  start: number,
  name: string,
  own: readonly FixData[],
  ctx: FeatureContext,
  rank: (name: string) => number,
): FixData[] {
  const { catalog } = ctx;
  // A name written in the wrong case: the analysis' fix is the right case, and nothing else is meant.
  if (catalog.getFunctionIgnoringCase(name)) return [...own];
  const range = { start: model.doc.positionAt(start), end: model.doc.positionAt(start + name.length) };
  const change = (newText: string, preferred: boolean): FixData => ({
    title: `Change to ${newText}`,
    preferred: preferred || undefined,
    edits: [{ range, newText }],
  });
  const ownName = own.length === 1 && own[0].edits.length === 1 ? own[0].edits[0].newText : undefined;
  const candidates = nearestNames(
    name,
    catalog.functions.map((f) => f.name),
    CANDIDATES,
    rank,
  );
  if (ownName !== undefined && !candidates.includes(ownName)) candidates.unshift(ownName);
  const runs = trial(model, catalog, start, name);
  const fitting = candidates.filter(runs);
  // No name makes the call run (its arguments are wrong too, or a brace is missing): the nearest spelling only.
  if (fitting.length === 0) return [...own];
  const offered = ownName !== undefined && fitting.includes(ownName) ? [ownName, ...fitting.filter((n) => n !== ownName)] : fitting;
  return offered.slice(0, OFFERED).map((n, i) => (n === ownName ? own[0] : change(n, i === 0)));
}

/**
 * Whether the call named at `start` has fewer errors and warnings with
 * `candidate` as its name than with the unknown `name` (whose own error
 * goes): its statement, with the name replaced, analysed alone.
 */
function trial(model: DocumentModel, catalog: Catalog, start: number, name: string): (candidate: string) => boolean {
  const { tree } = model;
  const index = statementIndexAt(tree, start);
  if (index < 0) return () => true;
  const text = statementText(tree, index);
  const at = start - tree.starts[index];
  const node = nodeAt(tree, start).path.at(-1)?.node;
  // The errors counted are the call's own: from its name to its end.
  const callEnd = node && node.kind === NodeKind.Call && node.start === at ? node.end : at + name.length;
  let analyzer = analyzers.get(catalog);
  if (!analyzer) {
    analyzer = new Analyzer(catalog);
    analyzers.set(catalog, analyzer);
  }
  const options = { isBareCallable: (n: string) => catalog.isBareCallable(n) };
  const errorsWith = (candidate: string): number => {
    const shift = candidate.length - name.length;
    const tried = parseCommandFile(text.slice(0, at) + candidate + text.slice(at + name.length), options);
    let n = 0;
    // The statement's own findings only: what the file around it makes of the call (embed order, rows) is not known here.
    for (const own of analyzer.diagnoseParts(tried).statements) {
      const base = tried.starts[own.index];
      for (const d of own.diagnostics)
        if ((d.severity === 'error' || d.severity === 'warning') && base + d.start >= at && base + d.start < callEnd + shift) n++;
    }
    return n;
  };
  const before = errorsWith(name);
  return (candidate) => errorsWith(candidate) < before;
}
