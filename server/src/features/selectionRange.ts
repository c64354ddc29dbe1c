/**
 * Selection ranges (expand selection): the argument's text, the whole
 * argument, the call, each enclosing argument and call, the statement, the
 * file.
 */
import type { Range, SelectionRange } from 'vscode-languageserver-types';
import { StatementKind } from '../syntax/tree';
import { type DocumentModel, callPathAt, locateStatement, innermostNodeAt, toRange, trimmedArgument } from './model';

/**
 * Most levels in one answer. Each level is one more nesting of the JSON
 * response; thousands of nested calls (an 18 KB file) would make a response
 * too deep to serialise, and the request would never be answered. Beyond the
 * cap the innermost levels are kept (they are what expanding a selection
 * walks through first), with the whole file as the outermost.
 */
export const MAX_SELECTION_DEPTH = 1000;

export function selectionRangesAt(model: DocumentModel, offsets: readonly number[]): SelectionRange[] {
  return offsets.map((offset) => selectionRangeAt(model, offset));
}

function selectionRangeAt(model: DocumentModel, offset: number): SelectionRange {
  const { doc, tree } = model;
  const spans: [number, number][] = [[0, tree.text.length]];
  const loc = locateStatement(tree, offset);
  if (loc) {
    const st = loc.statement;
    const base = loc.start;
    const contentEnd = st.kind === StatementKind.Blank ? 0 : st.end;
    if (st.kind !== StatementKind.Blank) spans.push([base, base + contentEnd]);
    const rel = offset - base;
    if (st.kind === StatementKind.Header) {
      if (rel <= st.nameEnd) spans.push([base + st.start, base + st.nameEnd]);
      else if (st.valueEnd > st.valueStart && rel >= st.valueStart && rel <= st.valueEnd) spans.push([base + st.valueStart, base + st.valueEnd]);
    }
    for (const frame of callPathAt(st, rel)) {
      const call = frame.call;
      spans.push([base + call.start, base + call.end]);
      const arg = call.args[frame.argIndex];
      spans.push([base + arg.start, base + arg.end]);
      const t = trimmedArgument(loc.text, arg);
      spans.push([base + t.start, base + t.end]);
    }
    const node = innermostNodeAt(st, rel);
    if (node && node.start <= rel && rel <= node.end) {
      spans.push([base + node.start, base + node.end]);
      if (node.kind === 0 /* Call */ && rel <= (node as { nameEnd: number }).nameEnd)
        spans.push([base + node.start, base + (node as { nameEnd: number }).nameEnd]);
    }
  }
  // Keep spans that contain the offset and strictly shrink, outermost first.
  let parent: SelectionRange | undefined;
  let last: [number, number] | undefined;
  const sorted = spans.filter(([s, e]) => s <= offset && offset <= e && e >= s).sort((a, b) => b[1] - b[0] - (a[1] - a[0]) || a[0] - b[0]);
  const chain: [number, number][] = [];
  for (const span of sorted) {
    if (last && span[0] === last[0] && span[1] === last[1]) continue;
    if (last && (span[0] < last[0] || span[1] > last[1])) continue;
    chain.push(span);
    last = span;
  }
  const kept = chain.length > MAX_SELECTION_DEPTH ? [chain[0], ...chain.slice(chain.length - MAX_SELECTION_DEPTH + 1)] : chain;
  for (const span of kept) {
    const range: Range = toRange(doc, span[0], span[1]);
    parent = parent ? { range, parent } : { range };
  }
  return parent ?? { range: toRange(doc, offset, offset) };
}
