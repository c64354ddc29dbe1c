/**
 * Robustness: random and adversarial inputs never throw, produce in-bounds
 * ranges and a lossless token stream; deep nesting does not use the JS stack.
 */
import * as assert from 'node:assert';
import { checkInvariants, options, parse, prng } from './syntax-helpers';
import { reparseCommandFile } from '../../server/src/syntax/incremental';
import { nodeAt } from '../../server/src/syntax/positions';
import { type BodyStatement, type CallNode, NodeKind, StatementKind } from '../../server/src/syntax/tree';

function randomText(rnd: () => number, length: number, alphabet: string | null): string {
  const parts: string[] = [];
  for (let i = 0; i < length; i++) {
    if (alphabet === null) parts.push(String.fromCharCode(Math.floor(rnd() * 0x10000)));
    else parts.push(alphabet[Math.floor(rnd() * alphabet.length)]);
  }
  return parts.join('');
}

/** Depth of the first chain of nested calls in the first statement (iterative). */
function callDepth(st: BodyStatement): number {
  let depth = 0;
  let nodes = st.nodes;
  while (nodes.length > 0 && nodes[0].kind === NodeKind.Call) {
    depth++;
    const c = nodes[0] as CallNode;
    nodes = c.args[0].nodes;
  }
  return depth;
}

describe('syntax: fuzz', function () {
  // Large inputs (10 MB, 100,000 levels): generous limit for loaded CI machines; no timing assertions.
  this.timeout(180_000);

  it('random UTF-16 code units (lone surrogates included)', () => {
    const rnd = prng(1);
    for (let i = 0; i < 200; i++) checkInvariants(parse(randomText(rnd, 1 + Math.floor(rnd() * 400), null)));
  });

  it('random structural characters (unbalanced braces, escapes, comments, headers)', () => {
    const rnd = prng(2);
    const alphabet = '{{}};;\\\\ZZZabc#/\n\r\t é😀'; // note: 😀 is two code units, each alone a lone surrogate
    for (let i = 0; i < 500; i++) checkInvariants(parse(randomText(rnd, 1 + Math.floor(rnd() * 600), alphabet)));
  });

  it('random bytes decoded as latin1 and as UTF-8', () => {
    const rnd = prng(3);
    for (let i = 0; i < 100; i++) {
      const bytes = Buffer.alloc(500);
      for (let k = 0; k < bytes.length; k++) bytes[k] = Math.floor(rnd() * 256);
      checkInvariants(parse(bytes.toString('latin1')));
      checkInvariants(parse(bytes.toString('utf8')));
    }
  });

  it('100,000 nested calls, closed and unclosed, and 100,000 nested groups', () => {
    const n = 100_000;
    const closed = `${'Za{'.repeat(n)}x${'}'.repeat(n)}`;
    const tree = parse(closed);
    checkInvariants(tree);
    assert.strictEqual(tree.statements.length, 1);
    assert.strictEqual(callDepth(tree.statements[0] as BodyStatement), n);
    assert.deepStrictEqual((tree.statements[0] as BodyStatement).errors, []);
    const path = nodeAt(tree, 3 * n);
    assert.strictEqual(path.path.length, n);

    // A directive line inside open braces is argument text (as the engine reads it): one statement.
    const unclosed = parse(`${'Za{'.repeat(n)}\n#trigger x`);
    checkInvariants(unclosed);
    assert.strictEqual(unclosed.statements.length, 1);
    assert.strictEqual((unclosed.statements[0] as BodyStatement).errors.length, n);

    const groups = parse('{'.repeat(n) + '}'.repeat(n + 1));
    checkInvariants(groups);
    assert.strictEqual((groups.statements[0] as BodyStatement).errors.length, 1);

    // incremental edit inside the deep nest
    const inc = reparseCommandFile(tree, { start: 3 * n, end: 3 * n + 1, text: 'y;z' }, options);
    checkInvariants(inc);
  });

  it('a single 10 MB line', () => {
    const unit = 'Hello Zusername! Zvar{x;ZgetUserVar{y}} \\{ {a;b} Zif{1==1;yes;no} é😀 ';
    const text = unit.repeat(Math.ceil(10_000_000 / unit.length));
    const tree = parse(text);
    assert.strictEqual(tree.statements.length, 1);
    const st = tree.statements[0] as BodyStatement;
    assert.strictEqual(st.kind, StatementKind.Body);
    assert.strictEqual(st.end, text.length);
    assert.deepStrictEqual(st.errors, []);
    checkInvariants(tree);
  });

  it('a 10 MB line that never closes its first brace', () => {
    const text = `Zx{${'a;b\\;{c}'.repeat(1_000_000)}`;
    const tree = parse(text);
    checkInvariants(tree);
    const call = (tree.statements[0] as BodyStatement).nodes[0] as CallNode;
    assert.strictEqual(call.close, -1);
    assert.strictEqual(call.args.length, 1_000_001);
  });

  it('lone surrogates around structure', () => {
    const text = '\uD800Zx{\uDC00;\uD83D}\uDE00\n\uDFFF// \uD800\n#name \uDBFF';
    checkInvariants(parse(text));
  });
});
