/**
 * The full parser, for what a tree dump cannot show: the questions asked of
 * `isBareCallable`, lone surrogates (not storable in a UTF-8 fixture), the
 * token stream, statements built on first access and their JSON shape. Tree
 * shapes with exact ranges (statements, headers, calls, arguments, groups,
 * bare calls, escapes, comments, errors, CRLF, BOM) are the fixtures of
 * test/fixtures/syntax/, checked by syntax-dump.test.ts.
 */
import * as assert from 'node:assert';
import { BARE, checkInvariants, dumpTree, options, parse, prng, tokenList } from './syntax-helpers';
import { hasUnclosedBraces, parseCommandFile, type ParseOptions, StatementParser } from '../../server/src/syntax/parse';
import { type BodyStatement, type CallNode, NodeKind, type Statement, StatementKind, SyntaxErrorCode, type SyntaxTree } from '../../server/src/syntax/tree';

function body(text: string, index = 0): BodyStatement {
  const tree = parse(text);
  checkInvariants(tree);
  const st = tree.statements[index];
  assert.strictEqual(st.kind, StatementKind.Body);
  return st as BodyStatement;
}

describe('syntax: bare-call names, UTF-16 units', () => {
  it('the bare-call name is the whole alnum run, passed with its Z', () => {
    const seen: string[] = [];
    const tree = parseCommandFile('Zusername2x Zab_c', { isBareCallable: (n) => (seen.push(n), false) });
    assert.strictEqual((tree.statements[0] as BodyStatement).nodes.length, 0); // body nodes are built on first access
    assert.deepStrictEqual(seen, ['Zusername2x', 'Zab']);
  });

  it('multi-byte characters, emoji and lone surrogates are counted in UTF-16 units', () => {
    const text = 'é😀 Ztitle{😀;\uD800} \uDC00Zusername';
    const st = body(text);
    const c = st.nodes[0] as CallNode;
    assert.deepStrictEqual([c.start, c.open, c.separators[0], c.close], [4, 10, 13, 15]);
    assert.deepStrictEqual([st.nodes[1].kind, st.nodes[1].start, st.nodes[1].end], [NodeKind.BareCall, 18, 27]);
    assert.strictEqual(
      tokenList(parse(text))
        .map((t) => t.slice(t.indexOf(':') + 1))
        .join(''),
      text,
    );
  });
});

describe('syntax: tokens', () => {
  it('lossless token stream with kinds', () => {
    const text = '#name A\nHi Zusername! Zx{a;{b}\\;} }// c\n';
    assert.deepStrictEqual(tokenList(parse(text)), [
      'header-name:#name',
      'text: ',
      'header-value:A',
      'line-break:\n',
      'text:Hi ',
      'bare-call:Zusername',
      'text:! ',
      'call-name:Zx',
      'call-open:{',
      'text:a',
      'separator:;',
      'group-open:{',
      'text:b',
      'group-close:}',
      'escape:\\;',
      'call-close:}',
      'text: ',
      'stray-close:}',
      'comment:// c',
      'line-break:\n',
    ]);
  });
});

/** The tree of a complete (eager) parse, statement by statement, as incremental reparse builds them. */
function eagerParse(text: string, opts: ParseOptions = options): SyntaxTree {
  const parser = new StatementParser(text, opts);
  const statements: Statement[] = [];
  const starts: number[] = [];
  let pos = 0;
  while (pos < text.length) {
    starts.push(pos);
    statements.push(parser.next(pos));
    pos = parser.end;
  }
  starts.push(text.length);
  return { text, statements, starts: Int32Array.from(starts) };
}

describe('syntax: statements built on first access', () => {
  it('a full parse builds body details lazily, equal to a complete parse, whichever is read first', () => {
    const rnd = prng(0x1a2b);
    const alphabet = '{{}};;\\\\ZZZabc#/\n\r\t é';
    const pieces = ['Zusername', 'Zx{', '#trigger ', '//', '\n', '\\Zq', '\\{'];
    for (let i = 0; i < 400; i++) {
      let text = '';
      const n = 1 + Math.floor(rnd() * 300);
      for (let k = 0; k < n; k++) text += rnd() < 0.15 ? pieces[Math.floor(rnd() * pieces.length)] : alphabet[Math.floor(rnd() * alphabet.length)];
      const lazy = parse(text);
      const eager = eagerParse(text);
      assert.deepStrictEqual(Array.from(lazy.starts), Array.from(eager.starts));
      for (let k = 0; k < lazy.statements.length; k++) {
        const a = lazy.statements[k];
        const b = eager.statements[k];
        assert.strictEqual(a.kind, b.kind);
        assert.strictEqual(a.length, b.length);
        if (a.kind === StatementKind.Body && b.kind === StatementKind.Body) {
          // Without building: the content end and the open-brace flag agree.
          assert.strictEqual(a.end, b.end);
          assert.strictEqual(hasUnclosedBraces(a), hasUnclosedBraces(b));
          assert.strictEqual(hasUnclosedBraces(a), hasUnclosedBraces({ kind: b.kind, length: b.length, end: b.end, nodes: b.nodes, errors: b.errors }));
          if (rnd() < 0.5) void a.errors;
        }
      }
      assert.deepStrictEqual(dumpTree(lazy), dumpTree(eager));
      checkInvariants(lazy);
    }
  });

  it('statements serialise with the full interface shape', () => {
    const tree = parse('#name x\nZx{a;Zusername}}\n');
    const json = JSON.parse(JSON.stringify(tree));
    assert.deepStrictEqual(Object.keys(json).sort(), ['starts', 'statements', 'text']);
    assert.deepStrictEqual(Object.keys(json.statements[1]).sort(), ['end', 'errors', 'kind', 'length', 'nodes']);
    assert.strictEqual(json.statements[1].kind, StatementKind.Body);
    assert.strictEqual(json.statements[1].errors[0].code, SyntaxErrorCode.StrayClose);
    assert.strictEqual(json.statements[1].nodes[0].args.length, 2);
  });

  it('call nodes: getters, JSON shape, arguments split from one node list', () => {
    const st = body('Zf{\\{;Zg{};x;Zusername\\};}Zh{Zusername}');
    const [f, h] = st.nodes as CallNode[];
    assert.strictEqual(f.kind, NodeKind.Call);
    assert.strictEqual(f.open, 2);
    assert.deepStrictEqual(f.separators, [5, 10, 12, 24]);
    assert.deepStrictEqual(
      f.args.map((a) => [a.start, a.end, a.nodes.map((n) => [n.kind, n.start, n.end])]),
      [
        [3, 5, [[NodeKind.Escape, 3, 5]]],
        [6, 10, [[NodeKind.Call, 6, 10]]],
        [11, 12, []],
        [
          13,
          24,
          [
            [NodeKind.BareCall, 13, 22],
            [NodeKind.Escape, 22, 24],
          ],
        ],
        [25, 25, []],
      ],
    );
    assert.strictEqual(f.args, f.args); // derived once, then kept
    assert.deepStrictEqual(Object.keys(JSON.parse(JSON.stringify(f))).sort(), ['args', 'close', 'end', 'kind', 'nameEnd', 'open', 'separators', 'start']);
    assert.deepStrictEqual(
      h.args.map((a) => a.nodes.map((n) => n.kind)),
      [[NodeKind.BareCall]],
    );
    // Deep equality sees the same data before and after `args` is read.
    const fresh = body('Zf{\\{;Zg{};x;Zusername\\};}Zh{Zusername}').nodes;
    assert.deepStrictEqual(fresh, st.nodes);
  });

  it('isBareCallable is asked once per distinct name in a parse', () => {
    const seen: string[] = [];
    const tree = parseCommandFile('Zusername Zab Zusername\n(Zusername) Zab Zusernam Zusernamf\n', {
      isBareCallable: (n) => (seen.push(n), BARE.has(n)),
    });
    const bare = tree.statements.map((s) => (s as BodyStatement).nodes.map((n) => [n.kind, n.start, n.end]));
    assert.deepStrictEqual(bare, [
      [
        [NodeKind.BareCall, 0, 9],
        [NodeKind.BareCall, 14, 23],
      ],
      [[NodeKind.BareCall, 1, 10]],
    ]);
    assert.deepStrictEqual(seen, ['Zusername', 'Zab', 'Zusernam', 'Zusernamf']);
  });

  it('building a statement from inside isBareCallable (re-entrant) gives the same result', () => {
    let tree: SyntaxTree | undefined;
    const reentrant: ParseOptions = {
      isBareCallable: (name) => {
        if (tree) void (tree.statements[4] as BodyStatement).nodes; // another statement, not yet built
        return BARE.has(name);
      },
    };
    const text = 'Zusername Zx{a;Zusername}\nZy{Ztimestamp}\nplain Zusername\n#name x\nZz{\n';
    tree = parseCommandFile(text, reentrant);
    assert.deepStrictEqual(dumpTree(tree), dumpTree(parse(text)));
    // Reading the statement being built, from inside its own build, is an error (not a loop), and leaves it buildable.
    let self: SyntaxTree | undefined;
    let calls = 0;
    const cyclic: ParseOptions = {
      isBareCallable: () => {
        if (self && calls++ === 0) void (self.statements[0] as BodyStatement).nodes;
        return false;
      },
    };
    self = parseCommandFile('Zusername\n', cyclic);
    assert.throws(() => (self!.statements[0] as BodyStatement).nodes, /being built/);
    assert.deepStrictEqual((self.statements[0] as BodyStatement).nodes, []);
  });
});
