/**
 * A plain-data dump of a tree with ABSOLUTE offsets, for tests and debugging:
 * two trees of the same text dump to deep-equal values exactly when they have
 * the same structure. Iterative, so any depth is fine.
 */
import { type Argument, NodeKind, StatementKind, type SyntaxTree, type TopLevelNode } from './tree';

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

/**
 * The tree as indented text, one node a line with absolute offsets and the
 * text it covers (JSON-quoted, so line breaks and escapes are visible), for
 * fixtures a reviewer reads (test/fixtures/syntax/). Between a body
 * statement's nodes, and an argument's or group's, the uncovered text is
 * shown as `text` and the line break as `line-break`, so each level's lines
 * tile its parent; an argument or group without nodes is one line. Errors
 * follow their statement's nodes. Iterative, like `dumpTree`.
 */
export function renderTree(tree: SyntaxTree): string {
  const { text } = tree;
  // JSON quoting, plus escapes for the white space a reader cannot see (BOM, NBSP, separators).
  const q = (from: number, to: number): string =>
    JSON.stringify(text.slice(from, to)).replace(/[\u00a0\u2028\u2029\ufeff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const lines: string[] = [];
  // Work items, popped from the end: a finished line, or nodes to expand between `from` and `to`.
  type Item = string | { nodes: readonly TopLevelNode[]; base: number; from: number; to: number; depth: number };
  const work: Item[] = [];
  const expand = (out: Item[], nodes: readonly TopLevelNode[], base: number, from: number, to: number, depth: number): void => {
    // Children in text order, pushed reversed by the caller.
    const pad = '  '.repeat(depth);
    let at = from;
    for (const node of nodes) {
      const start = base + node.start;
      const end = base + node.end;
      if (start > at) out.push(`${pad}text ${at}-${start} ${q(at, start)}`);
      at = end;
      if (node.kind === NodeKind.Call) {
        const nameEnd = base + node.nameEnd;
        const close = node.close < 0 ? 'unclosed' : `close ${base + node.close}`;
        out.push(`${pad}call ${start}-${end} ${q(start, nameEnd)} ${close}`);
        for (const a of node.args) {
          const as = base + a.start;
          const ae = base + a.end;
          out.push(`${pad}  arg ${as}-${ae} ${q(as, ae)}`);
          if (a.nodes.length > 0) out.push({ nodes: a.nodes, base, from: as, to: ae, depth: depth + 2 });
        }
      } else if (node.kind === NodeKind.Group) {
        const close = node.close < 0 ? 'unclosed' : `close ${base + node.close}`;
        out.push(`${pad}group ${start}-${end} ${close} ${q(start, end)}`);
        const inner = start + 1;
        const innerEnd = node.close < 0 ? end : base + node.close;
        if (node.nodes.length > 0) out.push({ nodes: node.nodes, base, from: inner, to: innerEnd, depth: depth + 1 });
      } else {
        out.push(`${pad}${NODE_NAMES[node.kind]} ${start}-${end} ${q(start, end)}`);
      }
    }
    if (to > at) out.push(`${pad}text ${at}-${to} ${q(at, to)}`);
  };
  for (let i = 0; i < tree.statements.length; i++) {
    const st = tree.statements[i];
    const b = tree.starts[i];
    const e = b + st.length;
    lines.push(`${STATEMENT_NAMES[st.kind]} ${b}-${e} ${q(b, e)}`);
    let contentEnd = e;
    const errors: string[] = [];
    switch (st.kind) {
      case StatementKind.Comment:
        contentEnd = b + st.end;
        lines.push(`  comment ${b + st.start}-${contentEnd} ${q(b + st.start, contentEnd)}`);
        break;
      case StatementKind.Header:
        contentEnd = b + st.end;
        lines.push(`  name ${b + st.start}-${b + st.nameEnd} ${q(b + st.start, b + st.nameEnd)}`);
        lines.push(`  value ${b + st.valueStart}-${b + st.valueEnd} ${q(b + st.valueStart, b + st.valueEnd)}`);
        break;
      case StatementKind.Body: {
        contentEnd = b + st.end;
        const first: Item[] = [];
        expand(first, st.nodes, b, b, contentEnd, 1);
        for (let k = first.length - 1; k >= 0; k--) work.push(first[k]);
        while (work.length > 0) {
          const item = work.pop()!;
          if (typeof item === 'string') {
            lines.push(item);
            continue;
          }
          const children: Item[] = [];
          expand(children, item.nodes, item.base, item.from, item.to, item.depth);
          for (let k = children.length - 1; k >= 0; k--) work.push(children[k]);
        }
        for (const err of st.errors) errors.push(`  error ${err.code} ${b + err.start}-${b + err.end} ${JSON.stringify(err.message)}`);
        break;
      }
    }
    if (st.kind !== StatementKind.Blank && e > contentEnd) lines.push(`  line-break ${contentEnd}-${e} ${q(contentEnd, e)}`);
    lines.push(...errors);
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
