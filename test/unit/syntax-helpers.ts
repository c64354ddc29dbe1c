/** Shared helpers for the syntax tests (not a test file itself). */
import * as assert from 'node:assert';
import { type ParseOptions, parseCommandFile } from '../../server/src/syntax/parse';
import { dumpTree } from '../../server/src/syntax/dump';
import { tokens, TOKEN_KIND_NAMES } from '../../server/src/syntax/tokens';
import { type CallNode, NodeKind, StatementKind, type SyntaxTree, type TopLevelNode } from '../../server/src/syntax/tree';

export const BARE = new Set(['Zusername', 'Ztimestamp', 'ZuserID', 'ZguildID', 'ZchannelID']);
export const options: ParseOptions = { isBareCallable: (name) => BARE.has(name) };

export function parse(text: string): SyntaxTree {
  return parseCommandFile(text, options);
}

/** `kind:text` for every token. */
export function tokenList(tree: SyntaxTree): string[] {
  return tokens(tree).map((t) => `${TOKEN_KIND_NAMES[t.kind]}:${tree.text.slice(t.start, t.end)}`);
}

/** Structural invariants every tree must satisfy; iterative (deep trees). */
export function checkInvariants(tree: SyntaxTree): void {
  const { text, statements, starts } = tree;
  assert.strictEqual(starts.length, statements.length + 1, 'starts length');
  assert.strictEqual(starts[0], 0);
  assert.strictEqual(starts[statements.length], text.length, 'statements tile the text');
  for (let i = 0; i < statements.length; i++) {
    const st = statements[i];
    assert.ok(st.length > 0, `statement ${i} is empty`);
    assert.strictEqual(starts[i] + st.length, starts[i + 1], `statement ${i} length`);
    if (st.kind === StatementKind.Body) {
      assert.ok(st.end >= 0 && st.end <= st.length);
      const stack: { nodes: readonly TopLevelNode[]; lo: number; hi: number }[] = [{ nodes: st.nodes, lo: 0, hi: st.end }];
      while (stack.length > 0) {
        const { nodes, lo, hi } = stack.pop()!;
        let prev = lo;
        for (const node of nodes) {
          assert.ok(node.start >= prev && node.end <= hi && node.start < node.end, `node range ${node.start}-${node.end} in ${prev}-${hi}`);
          prev = node.end;
          if (node.kind === NodeKind.Call) {
            const c = node as CallNode;
            assert.ok(c.nameEnd === c.open && text.charCodeAt(starts[i] + c.open) === 123);
            assert.strictEqual(c.separators.length, c.args.length - 1);
            if (c.close >= 0) assert.strictEqual(c.end, c.close + 1);
            let a = c.open + 1;
            for (let k = 0; k < c.args.length; k++) {
              const arg = c.args[k];
              assert.strictEqual(arg.start, a);
              const argEnd = k < c.separators.length ? c.separators[k] : c.close >= 0 ? c.close : c.end;
              assert.strictEqual(arg.end, argEnd);
              stack.push({ nodes: arg.nodes, lo: arg.start, hi: arg.end });
              a = argEnd + 1;
            }
          } else if (node.kind === NodeKind.Group) {
            stack.push({ nodes: node.nodes, lo: node.start + 1, hi: node.close >= 0 ? node.close : node.end });
          }
        }
      }
      for (const e of st.errors) assert.ok(e.start >= 0 && e.end <= st.length && e.start <= e.end && e.message.length > 0);
    }
  }
  // Lossless: the token stream covers the text exactly.
  let at = 0;
  for (const t of tokens(tree)) {
    assert.strictEqual(t.start, at, 'tokens are contiguous');
    assert.ok(t.end > t.start);
    at = t.end;
  }
  assert.strictEqual(at, text.length, 'tokens cover the text');
}

/** mulberry32: small seeded PRNG, reproducible across runs. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export { dumpTree };
