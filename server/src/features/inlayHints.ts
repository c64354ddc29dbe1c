/**
 * Inlay hints: the parameter name before positional arguments (mode `all`,
 * `literals` or `none`), and the default that applies to optional parameters
 * left empty or omitted (`ZaddButton{;ok}` shows `newRow: false` in the empty
 * first argument and `style: secondary`, `disabled: false` before the `}`).
 * At most one hint per argument; escapes never get one (hints only sit at
 * argument starts and before a closing brace). Omitted parameters get their
 * default only in calls that leave an argument empty or give an optional one,
 * and a lone first argument gets no name in `literals` mode: a file of plain
 * `Ztitle{x}` / `ZgetUserVar{xp}` calls stays free of hints.
 */
import type { InlayHint } from 'vscode-languageserver-types';
import { signatureOf } from '../catalog/parameters';
import { type CallNode, type ContentNode, NodeKind, StatementKind, type TopLevelNode } from '../syntax/tree';
import { statementIndexAt } from '../syntax/positions';
import { type DocumentModel, type FeatureContext, argumentHasCall, bindCall, trimmedArgument } from './model';
import { engineNeeds, engineNeedsFilled } from './docs';

const PARAMETER_KIND = 2;
/** Long defaults (guard messages) are shortened; the tooltip has them whole. */
const MAX_LABEL = 40;
/**
 * Most hints in one answer. An editor asks for the visible range, which never
 * holds this many; a 10 MB single-line file would otherwise yield millions
 * (seconds of work and a response of hundreds of MB). The first ones in text
 * order are given.
 */
export const MAX_INLAY_HINTS = 5000;
/**
 * Characters of hint labels one line may carry in VS Code (other editors get
 * Infinity: ServiceSettings.inlayHintsLineBudget). VS Code cuts the hints of a line at 43 characters
 * by default (`editor.inlayHints.maximumLength`) and drops the rest, so `ZaddButton{;ok}` with its
 * three defaults written out in full (44) would lose the last one mid-word. Lines over the budget
 * show defaults as bare values (the tooltip keeps the name), then lose name hints, so what is shown
 * is always whole.
 */
export const LINE_BUDGET = 43;

/** A label cut to MAX_LABEL characters, `…` marking the cut. */
function clip(label: string): string {
  return label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label;
}

interface PlacedHint {
  offset: number;
  hint: InlayHint;
  /** The default's value alone, for a line that cannot afford `name: value`. */
  short?: string;
}

/**
 * The calls of `nodes` that overlap [from, to] (offsets relative to the
 * statement), depth-first in text order; subtrees outside the range are not
 * entered. `visit` returns false to stop.
 */
function walkCallsIn(nodes: readonly (TopLevelNode | ContentNode)[], from: number, to: number, visit: (call: CallNode) => boolean): void {
  const lists: (readonly (TopLevelNode | ContentNode)[])[] = [nodes];
  const indexes: number[] = [firstEndingAtOrAfter(nodes, from)];
  while (lists.length > 0) {
    const top = lists.length - 1;
    const list = lists[top];
    const i = indexes[top];
    const node = list[i];
    if (i >= list.length || node.start > to) {
      lists.pop();
      indexes.pop();
      continue;
    }
    indexes[top] = i + 1;
    if (node.end < from) continue;
    if (node.kind === NodeKind.Call) {
      if (!visit(node)) return;
      for (let k = node.args.length - 1; k >= 0; k--) {
        const inner = node.args[k].nodes;
        if (inner.length === 0 || node.args[k].start > to || node.args[k].end < from) continue;
        lists.push(inner);
        indexes.push(firstEndingAtOrAfter(inner, from));
      }
    } else if (node.kind === NodeKind.Group && node.nodes.length > 0) {
      lists.push(node.nodes);
      indexes.push(firstEndingAtOrAfter(node.nodes, from));
    }
  }
}

/** Index of the first node (nodes are in text order, not overlapping) that ends at or after `offset`. */
function firstEndingAtOrAfter(nodes: readonly { end: number }[], offset: number): number {
  let lo = 0;
  let hi = nodes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (nodes[mid].end < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Hints for the statements overlapping [start, end] (absolute offsets). */
export function inlayHintsIn(model: DocumentModel, start: number, end: number, ctx: FeatureContext): InlayHint[] {
  const { tree, doc } = model;
  const mode = ctx.settings.inlayHintsParameterNames;
  const defaults = ctx.settings.inlayHintsDefaults;
  if (mode === 'none' && !defaults) return [];
  const hints: PlacedHint[] = [];
  const first = statementIndexAt(tree, start);
  if (first < 0) return [];
  const last = statementIndexAt(tree, end);
  for (let i = first; i <= last; i++) {
    const st = tree.statements[i];
    if (st.kind !== StatementKind.Body) continue;
    const base = tree.starts[i];
    const text = tree.text.slice(base, tree.starts[i + 1]);
    let full = false;
    walkCallsIn(st.nodes, start - base, end - base, (call) => {
      const bound = bindCall(ctx.catalog, text, call);
      if (!bound) return true;
      const { fn, binding } = bound;
      const { params } = signatureOf(fn);
      const add = (rel: number, label: string, left: boolean, short?: string) => {
        const offset = base + rel;
        if (offset < start || offset > end) return;
        if (hints.length >= MAX_INLAY_HINTS) {
          full = true;
          return;
        }
        // No padding against the `;` or `}` ending an empty argument: eglot pads with a real space ("false ;").
        const next = tree.text.charCodeAt(offset);
        const right = !left && next !== 59 && next !== 125;
        const hint: InlayHint = { position: doc.positionAt(offset), label: clip(label), kind: PARAMETER_KIND, paddingLeft: left, paddingRight: right };
        if (label.length > MAX_LABEL) hint.tooltip = label;
        hints.push(short === undefined ? { offset, hint } : { offset, hint, short: clip(short) });
      };
      const trimmedArgs = call.args.map((a) => trimmedArgument(text, a));
      const given = trimmedArgs.filter((t) => t.start < t.end).length;
      // The call deals with optional parameters: it leaves one empty (`ZaddButton{;ok}`, `Zusername{}`)
      // or gives one (`ZaddField{a;b;true}`). Only then are the defaults of the omitted ones worth
      // a hint; otherwise every `Ztitle{x}` would say `index: 1` and every `ZgetUserVar{xp}` its
      // two ID defaults.
      const engaged =
        trimmedArgs.some((t) => t.start === t.end) || binding.args.some((e, k) => e.param && !e.param.required && trimmedArgs[k].start < trimmedArgs[k].end);
      binding.args.forEach((entry, k) => {
        const param = entry.param;
        if (!param) return;
        const arg = call.args[k];
        const trimmed = trimmedArgs[k];
        if (trimmed.start === trimmed.end) {
          // Not where the engine halts on it empty, whatever the catalog's default.
          if (defaults && !param.required && param.default && !engineNeedsFilled(fn.name, param.index))
            add(arg.start, `${param.name}: ${param.default}`, false, param.default);
          return;
        }
        if (mode === 'none' || entry.repeat || params.length === 1) return;
        if (mode === 'literals' && (argumentHasCall(arg) || arg.nodes.length > 0)) return;
        // A lone first argument is what the function's name says (`Zcolor{#fff}`, `Ztitle{Hi}`).
        if (mode === 'literals' && k === 0 && given === 1) return;
        if (trimmed.text.toLowerCase().includes(param.name.toLowerCase())) return;
        add(trimmed.start, `${param.name}:`, false);
      });
      if (!defaults || call.close < 0 || !engaged) return !full;
      // Omitted optional parameters after the last argument (and after a variadic run, none).
      const boundParams = new Set(binding.args.map((a) => a.param));
      const engineCount = call.close === call.open + 1 ? 0 : call.args.length;
      const lastBound = binding.args.reduce((m, a) => (a.param ? Math.max(m, a.param.index) : m), -1);
      for (const p of params) {
        if (p.index <= lastBound || boundParams.has(p) || p.required || p.variadic || !p.default) continue;
        // Where the engine needs an argument past those it counts (`Zf{}` none, `Zf{ }` one, empty), it refuses the call: no default applies.
        if (p.index >= engineCount && engineNeeds(fn.name, engineCount)) continue;
        add(call.close, `${p.name}: ${p.default}`, true, p.default);
      }
      return !full;
    });
    if (full) break;
  }
  // In text order (stable: hints at one position keep parameter order).
  hints.sort((a, b) => a.offset - b.offset);
  return fitLines(hints, ctx.settings.inlayHintsLineBudget);
}

/** The hints of each line cut down to `budget` characters, as described at LINE_BUDGET. */
function fitLines(hints: PlacedHint[], budget: number): InlayHint[] {
  const out: InlayHint[] = [];
  const labelOf = (h: PlacedHint) => h.hint.label as string;
  let i = 0;
  while (i < hints.length) {
    const line = hints[i].hint.position.line;
    let j = i;
    let width = 0;
    while (j < hints.length && hints[j].hint.position.line === line) width += labelOf(hints[j++]).length;
    const group = hints.slice(i, j);
    // Defaults as bare values, from the end of the line, until it fits.
    for (let k = group.length - 1; k >= 0 && width > budget; k--) {
      const h = group[k];
      if (h.short === undefined) continue;
      width -= labelOf(h).length - h.short.length;
      h.hint.tooltip ??= labelOf(h);
      h.hint.label = h.short;
    }
    // Then names go (they only repeat the signature), then whatever comes last.
    for (let k = group.length - 1; k >= 0 && width > budget; k--) {
      if (group[k].short !== undefined) continue;
      width -= labelOf(group[k]).length;
      group.splice(k, 1);
    }
    while (group.length > 0 && width > budget) width -= labelOf(group.pop()!).length;
    for (const h of group) out.push(h.hint);
    i = j;
  }
  return out;
}
