/** Positions: LineIndex (UTF-16, clamping), statement lookup, nodeAt paths. */
import * as assert from 'node:assert';
import { parse } from './syntax-helpers';
import { LineIndex, absolute, nodeAt, relative, statementIndexAt, statementText } from '../../server/src/syntax/positions';
import { type CallNode, NodeKind } from '../../server/src/syntax/tree';

describe('syntax: positions', () => {
  it('LineIndex: \\n, \\r\\n, lone \\r; UTF-16 characters', () => {
    const text = 'a😀b\r\nc\rd\n';
    const idx = new LineIndex(text);
    assert.deepStrictEqual(Array.from(idx.lineStarts), [0, 6, 8, 10]);
    assert.deepStrictEqual(idx.positionAt(3), { line: 0, character: 3 });
    assert.deepStrictEqual(idx.positionAt(6), { line: 1, character: 0 });
    assert.deepStrictEqual(idx.positionAt(10), { line: 3, character: 0 });
    assert.strictEqual(idx.offsetAt({ line: 0, character: 4 }), 4);
    assert.strictEqual(idx.offsetAt({ line: 2, character: 1 }), 9);
  });

  it('LineIndex clamps instead of throwing', () => {
    const idx = new LineIndex('ab\r\ncd');
    assert.deepStrictEqual(idx.positionAt(-5), { line: 0, character: 0 });
    assert.deepStrictEqual(idx.positionAt(99), { line: 1, character: 2 });
    assert.deepStrictEqual(idx.positionAt(NaN), { line: 0, character: 0 });
    assert.strictEqual(idx.offsetAt({ line: 0, character: 99 }), 2); // line break excluded
    assert.strictEqual(idx.offsetAt({ line: 7, character: 1 }), 5);
    assert.strictEqual(idx.offsetAt({ line: -1, character: -1 }), 0);
    assert.strictEqual(idx.offsetAt({ line: Infinity, character: NaN }), 4);
    const empty = new LineIndex('');
    assert.deepStrictEqual(empty.positionAt(3), { line: 0, character: 0 });
    assert.strictEqual(empty.offsetAt({ line: 3, character: 3 }), 0);
  });

  it('statementIndexAt, absolute/relative', () => {
    const tree = parse('ab\nZx{1\n2}\ncd');
    assert.deepStrictEqual(Array.from(tree.starts), [0, 3, 11, 13]);
    assert.strictEqual(statementIndexAt(tree, 0), 0);
    assert.strictEqual(statementIndexAt(tree, 2), 0);
    assert.strictEqual(statementIndexAt(tree, 3), 1);
    assert.strictEqual(statementIndexAt(tree, 10), 1);
    assert.strictEqual(statementIndexAt(tree, 13), 2);
    assert.strictEqual(statementIndexAt(tree, 1000), 2);
    assert.strictEqual(statementIndexAt(tree, -1), 0);
    assert.strictEqual(statementIndexAt(parse(''), 0), -1);
    assert.deepStrictEqual(relative(tree, 5), { index: 1, relative: 2 });
    assert.strictEqual(absolute(tree, 1, 2), 5);
    assert.strictEqual(statementText(tree, 1), 'Zx{1\n2}\n');
  });

  it('nodeAt: innermost call and argument', () => {
    const text = 'x Zvar{xp;ZgetUserVar{a;b}} y';
    const tree = parse(text);
    const at = (s: string, shift = 0) => nodeAt(tree, text.indexOf(s) + shift);
    // on the name
    let p = at('var');
    assert.strictEqual(p.path.length, 1);
    assert.strictEqual(p.path[0].argIndex, -1);
    assert.strictEqual(p.call, undefined);
    // in first argument
    p = at('xp', 1);
    assert.strictEqual(p.argIndex, 0);
    assert.strictEqual(text.slice((p.call as CallNode).start, (p.call as CallNode).nameEnd), 'Zvar');
    // in the nested call's second argument (just before the `}`)
    p = at('b}', 1);
    assert.strictEqual(p.path.length, 2);
    assert.strictEqual(text.slice(p.call!.start, p.call!.nameEnd), 'ZgetUserVar');
    assert.strictEqual(p.argIndex, 1);
    assert.deepStrictEqual([p.argument!.start, p.argument!.end], [24, 25]);
    // right after a separator: the next argument
    p = at(';b', 1);
    assert.strictEqual(p.argIndex, 1);
    // right before a separator: the previous argument
    p = at(';b', 0);
    assert.strictEqual(p.argIndex, 0);
    // after the closing brace: outside
    p = nodeAt(tree, text.length - 1);
    assert.deepStrictEqual(p.path, []);
  });

  it('nodeAt: unclosed call at end of text, groups, bare calls, comments', () => {
    const text = 'Ztitle{a {b} Zusername // c';
    const tree = parse(text);
    let p = nodeAt(tree, text.length);
    assert.strictEqual(p.call!.kind, NodeKind.Call);
    assert.strictEqual(p.argIndex, 0);
    p = nodeAt(tree, 10);
    assert.deepStrictEqual(
      p.path.map((e) => e.node.kind),
      [NodeKind.Call, NodeKind.Group],
    );
    p = nodeAt(tree, 14);
    assert.deepStrictEqual(
      p.path.map((e) => e.node.kind),
      [NodeKind.Call, NodeKind.BareCall],
    );
    const t2 = parse('a // c');
    assert.deepStrictEqual(
      nodeAt(t2, 3).path.map((e) => e.node.kind),
      [NodeKind.Comment],
    );
    assert.deepStrictEqual(nodeAt(parse(''), 0).path, []);
  });
});
