/**
 * A plain-data dump of a tree with ABSOLUTE offsets, for tests and debugging:
 * two trees of the same text dump to deep-equal values exactly when they have
 * the same structure. Iterative, so any depth is fine.
 */
import { Argument, NodeKind, StatementKind, SyntaxTree, TopLevelNode } from './tree';

export interface DumpNode {
  kind: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const NODE_NAMES = ['call', 'bare-call', 'escape', 'group', 'stray-close', 'comment'];
const STATEMENT_NAMES = ['blank', 'comment', 'header', 'body'];

/** Dumps every statement with absolute offsets. */
export function dumpTree(tree: SyntaxTree): DumpNode[] {
  const out: DumpNode[] = [];
  for (let i = 0; i < tree.statements.length; i++) {
    const st = tree.statements[i];
    const b = tree.starts[i];
    const d: DumpNode = { kind: STATEMENT_NAMES[st.kind], start: b, end: b + st.length };
    switch (st.kind) {
      case StatementKind.Comment:
        d.comment = [b + st.start, b + st.end];
        break;
      case StatementKind.Header:
        d.header = [b + st.start, b + st.nameEnd, b + st.valueStart, b + st.valueEnd, b + st.end];
        break;
      case StatementKind.Body:
        d.contentEnd = b + st.end;
        d.nodes = dumpNodes(st.nodes, b);
        d.errors = st.errors.map((e) => ({ code: e.code, start: b + e.start, end: b + e.end, message: e.message }));
        break;
    }
    out.push(d);
  }
  return out;
}

/** Dumps nodes (relative to `base`) with absolute offsets, without recursion. */
export function dumpNodes(nodes: readonly TopLevelNode[], base: number): DumpNode[] {
  const root: DumpNode[] = [];
  const work: { nodes: readonly TopLevelNode[]; into: DumpNode[] }[] = [{ nodes, into: root }];
  while (work.length > 0) {
    const { nodes: list, into } = work.pop()!;
    for (const node of list) {
      const d: DumpNode = { kind: NODE_NAMES[node.kind], start: base + node.start, end: base + node.end };
      if (node.kind === NodeKind.Call) {
        d.nameEnd = base + node.nameEnd;
        d.open = base + node.open;
        d.close = node.close < 0 ? -1 : base + node.close;
        d.separators = node.separators.map((s) => base + s);
        d.args = node.args.map((a: Argument) => {
          const nodesOut: DumpNode[] = [];
          work.push({ nodes: a.nodes, into: nodesOut });
          return { start: base + a.start, end: base + a.end, nodes: nodesOut };
        });
      } else if (node.kind === NodeKind.Group) {
        d.close = node.close < 0 ? -1 : base + node.close;
        const nodesOut: DumpNode[] = [];
        work.push({ nodes: node.nodes, into: nodesOut });
        d.nodes = nodesOut;
      }
      into.push(d);
    }
  }
  return root;
}
