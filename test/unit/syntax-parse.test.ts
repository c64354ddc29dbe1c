/**
 * The full parser: every construct with exact ranges (absolute offsets via
 * dumpTree), statements, errors, line breaks, multi-byte text.
 */
import * as assert from 'assert';
import { BARE, checkInvariants, dumpTree, options, parse, prng, tokenList } from './syntax-helpers';
import { hasUnclosedBraces, parseCommandFile, ParseOptions, StatementParser } from '../../server/src/syntax/parse';
import { BodyStatement, CallNode, HeaderStatement, NodeKind, Statement, StatementKind, SyntaxErrorCode, SyntaxTree } from '../../server/src/syntax/tree';

function body(text: string, index = 0): BodyStatement {
  const tree = parse(text);
  checkInvariants(tree);
  const st = tree.statements[index];
  assert.strictEqual(st.kind, StatementKind.Body);
  return st as BodyStatement;
}

function kinds(text: string): string[] {
  const tree = parse(text);
  checkInvariants(tree);
  return dumpTree(tree).map((s) => s.kind);
}

describe('syntax: statements', () => {
  it('empty file has no statements', () => {
    const tree = parse('');
    assert.deepStrictEqual(tree.statements, []);
    assert.deepStrictEqual(Array.from(tree.starts), [0]);
  });

  it('splits at \\n, \\r\\n and lone \\r; the line break belongs to the statement', () => {
    const tree = parse('a\nb\r\nc\rd');
    checkInvariants(tree);
    assert.deepStrictEqual(Array.from(tree.starts), [0, 2, 5, 7, 8]);
    assert.deepStrictEqual(
      tree.statements.map((s) => [s.kind, s.length, (s as BodyStatement).end]),
      [
        [StatementKind.Body, 2, 1],
        [StatementKind.Body, 3, 1],
        [StatementKind.Body, 2, 1],
        [StatementKind.Body, 1, 1],
      ],
    );
  });

  it('blank lines: empty, spaces, tabs, a final line break', () => {
    assert.deepStrictEqual(kinds('\n  \t\n\r\nx\n'), ['blank', 'blank', 'blank', 'body']);
    const tree = parse('x\n\n');
    assert.deepStrictEqual(Array.from(tree.starts), [0, 2, 3]);
    assert.deepStrictEqual(kinds('   '), ['blank']);
  });

  it('whole-line comment, leading white space allowed', () => {
    const tree = parse('  // hello\nx');
    checkInvariants(tree);
    assert.deepStrictEqual(dumpTree(tree)[0], { kind: 'comment', start: 0, end: 11, comment: [2, 10] });
  });

  it('header: name, trimmed value, content end', () => {
    const tree = parse('#trigger   !rank  \n');
    checkInvariants(tree);
    const h = tree.statements[0] as HeaderStatement;
    assert.deepStrictEqual(
      { kind: h.kind, start: h.start, nameEnd: h.nameEnd, valueStart: h.valueStart, valueEnd: h.valueEnd, end: h.end, length: h.length },
      { kind: StatementKind.Header, start: 0, nameEnd: 8, valueStart: 11, valueEnd: 16, end: 18, length: 19 },
    );
  });

  it('header: #option with four | parts is one value', () => {
    const text = '#option a|b|string|required';
    const tree = parse(text);
    const h = tree.statements[0] as HeaderStatement;
    assert.strictEqual(text.slice(h.start, h.nameEnd), '#option');
    assert.strictEqual(text.slice(h.valueStart, h.valueEnd), 'a|b|string|required');
    assert.strictEqual(h.end, text.length);
  });

  it('header: indented, no value, unknown directive, braces in the value are not parsed', () => {
    const t1 = parse('  #name\n');
    const h1 = t1.statements[0] as HeaderStatement;
    assert.deepStrictEqual([h1.start, h1.nameEnd, h1.valueStart, h1.valueEnd, h1.end], [2, 7, 7, 7, 7]);
    const t2 = parse('#foo bar');
    assert.strictEqual(t2.statements[0].kind, StatementKind.Header);
    const t3 = parse('#trigger onInteraction{btn}\nx');
    assert.deepStrictEqual(kinds('#trigger onInteraction{btn}\nx'), ['header', 'body']);
    const h3 = t3.statements[0] as HeaderStatement;
    assert.strictEqual(t3.text.slice(h3.valueStart, h3.valueEnd), 'onInteraction{btn}');
    // '#' alone is a header with an empty name
    const h4 = parse('# x').statements[0] as HeaderStatement;
    assert.deepStrictEqual([h4.start, h4.nameEnd, h4.valueStart, h4.valueEnd], [0, 1, 2, 3]);
  });

  it('a # line inside an open brace is argument text', () => {
    assert.deepStrictEqual(kinds('Ztitle{a\n#5865F2}\nx'), ['body', 'body']);
    const st = body('Ztitle{a\n#5865F2}');
    const call = st.nodes[0] as CallNode;
    assert.deepStrictEqual([call.start, call.open, call.close, call.end], [0, 6, 16, 17]);
  });
});

describe('syntax: calls', () => {
  it('simple call with exact ranges', () => {
    const st = body('Hi Ztitle{Hello} !');
    assert.strictEqual(st.nodes.length, 1);
    const c = st.nodes[0] as CallNode;
    assert.deepStrictEqual(
      { kind: c.kind, start: c.start, nameEnd: c.nameEnd, open: c.open, close: c.close, end: c.end, separators: c.separators },
      { kind: NodeKind.Call, start: 3, nameEnd: 9, open: 9, close: 15, end: 16, separators: [] },
    );
    assert.deepStrictEqual(c.args.map((a) => [a.start, a.end, a.nodes.length]), [[10, 15, 0]]);
    assert.deepStrictEqual(st.errors, []);
  });

  it('Zname{} has one empty argument', () => {
    const c = body('Ztimestamp{}').nodes[0] as CallNode;
    assert.deepStrictEqual(c.args.map((a) => [a.start, a.end]), [[11, 11]]);
  });

  it('empty arguments are kept: ZaddButton{;ok;OK;;true}', () => {
    const c = body('ZaddButton{;ok;OK;;true}').nodes[0] as CallNode;
    assert.deepStrictEqual(c.separators, [11, 14, 17, 18]);
    assert.deepStrictEqual(
      c.args.map((a) => [a.start, a.end]),
      [
        [11, 11],
        [12, 14],
        [15, 17],
        [18, 18],
        [19, 23],
      ],
    );
    assert.strictEqual(c.close, 23);
  });

  it('nested calls: ; inside a nested call does not split the outer one', () => {
    const text = 'Zvar{xp;ZgetUserVar{a;b}}';
    const c = body(text).nodes[0] as CallNode;
    assert.deepStrictEqual(c.separators, [7]);
    const inner = c.args[1].nodes[0] as CallNode;
    assert.strictEqual(text.slice(inner.start, inner.nameEnd), 'ZgetUserVar');
    assert.deepStrictEqual([inner.open, inner.close, inner.end, inner.separators], [19, 23, 24, [21]]);
    assert.deepStrictEqual([c.close, c.end], [24, 25]);
  });

  it('no word boundary needed before Z for a call; the name is the whole alnum run', () => {
    const text = 'abcZfoo{x} ZaZb{y}';
    const st = body(text);
    assert.deepStrictEqual(
      st.nodes.map((n) => text.slice(n.start, (n as CallNode).nameEnd)),
      ['Zfoo', 'ZaZb'],
    );
  });

  it('multi-line call: one statement until the brace closes', () => {
    const text = 'Zdescription{Level: 1\nXP: 2\r\n}\nnext';
    const tree = parse(text);
    checkInvariants(tree);
    assert.deepStrictEqual(Array.from(tree.starts), [0, 31, 35]);
    const st = tree.statements[0] as BodyStatement;
    assert.strictEqual(st.end, 30);
    const c = st.nodes[0] as CallNode;
    assert.deepStrictEqual([c.open, c.close, c.end], [12, 29, 30]);
    assert.deepStrictEqual(c.args.map((a) => [a.start, a.end]), [[13, 29]]);
  });

  it('// inside braces is text; a whole-line // inside braces is text too', () => {
    const st = body('Zlink{https://example.com}');
    assert.strictEqual(st.nodes.length, 1);
    assert.strictEqual((st.nodes[0] as CallNode).args[0].nodes.length, 0);
    const tree = parse('Zx{a\n// not a comment\n}');
    assert.strictEqual(tree.statements.length, 1);
  });

  it('groups: plain braces nest without splitting (ZjsonParse{{"a":1;"b":2}})', () => {
    const text = 'ZjsonParse{{"a":1;"b":2}}';
    const c = body(text).nodes[0] as CallNode;
    assert.deepStrictEqual(c.separators, []);
    assert.deepStrictEqual([c.close, c.end], [24, 25]);
    const g = c.args[0].nodes[0];
    assert.deepStrictEqual({ kind: g.kind, start: g.start, end: g.end, close: (g as { close: number }).close }, { kind: NodeKind.Group, start: 11, end: 24, close: 23 });
  });

  it('a group at top level holds calls', () => {
    const text = '{a Zb{c} d}';
    const st = body(text);
    const dump = dumpTree(parse(text))[0] as unknown as { nodes: { kind: string; nodes: { kind: string; start: number }[] }[] };
    assert.strictEqual(dump.nodes[0].kind, 'group');
    assert.deepStrictEqual(dump.nodes[0].nodes.map((n) => [n.kind, n.start]), [['call', 3]]);
    assert.deepStrictEqual(st.errors, []);
  });
});

describe('syntax: bare calls, escapes, comments', () => {
  it('bare call of a catalog function with optional parameters', () => {
    const text = "Hello Zusername's Rank, at Ztimestamp.";
    const st = body(text);
    assert.deepStrictEqual(
      st.nodes.map((n) => [n.kind, n.start, n.end]),
      [
        [NodeKind.BareCall, 6, 15],
        [NodeKind.BareCall, 27, 37],
      ],
    );
  });

  it('a bare word that is not bare-callable, or is preceded by a letter/digit, is text', () => {
    assert.deepStrictEqual(body('Zunknown Zusernames xZusername 1Zusername').nodes, []);
    // preceded by punctuation is fine
    assert.deepStrictEqual(body('(Zusername)').nodes.map((n) => [n.start, n.end]), [[1, 10]]);
  });

  it('the bare-call name is the whole alnum run, passed with its Z', () => {
    const seen: string[] = [];
    const tree = parseCommandFile('Zusername2x Zab_c', { isBareCallable: (n) => (seen.push(n), false) });
    assert.strictEqual((tree.statements[0] as BodyStatement).nodes.length, 0); // body nodes are built on first access
    assert.deepStrictEqual(seen, ['Zusername2x', 'Zab']);
  });

  it('bare calls inside arguments', () => {
    const c = body('Ztitle{Zusername}').nodes[0] as CallNode;
    assert.deepStrictEqual(c.args[0].nodes.map((n) => [n.kind, n.start, n.end]), [[NodeKind.BareCall, 7, 16]]);
  });

  it('escapes \\{ \\} \\; \\\\ are two characters and do not open/close/split', () => {
    const text = 'Zx{a\\;b\\{c\\}d\\\\}';
    const c = body(text).nodes[0] as CallNode;
    assert.deepStrictEqual(c.separators, []);
    assert.deepStrictEqual(c.args[0].nodes.map((n) => [n.kind, n.start, n.end]), [
      [NodeKind.Escape, 4, 6],
      [NodeKind.Escape, 7, 9],
      [NodeKind.Escape, 10, 12],
      [NodeKind.Escape, 13, 15],
    ]);
    assert.strictEqual(c.close, 15);
  });

  it('\\Zusername is one escape (name as text, never a call or bare call)', () => {
    const st = body('say \\Zusername{x} and \\Ztimestamp');
    assert.deepStrictEqual(st.nodes.map((n) => [n.kind, n.start, n.end]), [
      [NodeKind.Escape, 4, 14],
      [NodeKind.Group, 14, 17],
      [NodeKind.Escape, 22, 33],
    ]);
    // the `{x}` after the escape is a group
    assert.deepStrictEqual(body('\\Zusername{x}').nodes.map((n) => n.kind), [NodeKind.Escape, NodeKind.Group]);
  });

  it('a backslash before anything else is text', () => {
    assert.deepStrictEqual(body('a\\nb \\Z \\').nodes, []);
  });

  it('inline // at depth 0 is a comment to the end of the line; https:// at top level too', () => {
    const text = 'See https://example.com\nx';
    const tree = parse(text);
    checkInvariants(tree);
    const st = tree.statements[0] as BodyStatement;
    assert.deepStrictEqual(st.nodes.map((n) => [n.kind, n.start, n.end]), [[NodeKind.Comment, 10, 23]]);
    assert.strictEqual(st.end, 23);
    const st2 = body('Zx{a} // note {');
    assert.deepStrictEqual(st2.nodes.map((n) => [n.kind, n.start, n.end]), [
      [NodeKind.Call, 0, 5],
      [NodeKind.Comment, 6, 15],
    ]);
    assert.deepStrictEqual(st2.errors, []);
  });

  it('comment after a multi-line call closes', () => {
    const tree = parse('Zx{a\nb} // c\nd');
    checkInvariants(tree);
    assert.deepStrictEqual(Array.from(tree.starts), [0, 13, 14]);
    const st = tree.statements[0] as BodyStatement;
    assert.deepStrictEqual(st.nodes.map((n) => [n.kind, n.start, n.end]), [
      [NodeKind.Call, 0, 7],
      [NodeKind.Comment, 8, 12],
    ]);
  });
});

describe('syntax: errors', () => {
  it('unclosed call at end of file', () => {
    const text = 'x\nZtitle{a;Zb{c';
    const tree = parse(text);
    checkInvariants(tree);
    const st = tree.statements[1] as BodyStatement;
    const c = st.nodes[0] as CallNode;
    assert.deepStrictEqual([c.start, c.close, c.end, c.separators], [0, -1, 13, [8]]);
    assert.deepStrictEqual(c.args.map((a) => [a.start, a.end]), [
      [7, 8],
      [9, 13],
    ]);
    const inner = c.args[1].nodes[0] as CallNode;
    assert.deepStrictEqual([inner.start, inner.close, inner.end], [9, -1, 13]);
    assert.deepStrictEqual(st.errors.map((e) => [e.code, e.start, e.end]), [
      [SyntaxErrorCode.UnclosedCall, 0, 7],
      [SyntaxErrorCode.UnclosedCall, 9, 12],
    ]);
    assert.match(st.errors[0].message, /Ztitle\{ is never closed/);
  });

  it('a directive line inside an open call is argument text, as the engine reads it', () => {
    const text = 'Ztitle{a\nb\n  #trigger !x\nrest';
    const tree = parse(text);
    checkInvariants(tree);
    assert.deepStrictEqual(dumpTree(tree).map((s) => [s.kind, s.start, s.end]), [['body', 0, 29]]);
    const st = tree.statements[0] as BodyStatement;
    const c = st.nodes[0] as CallNode;
    assert.deepStrictEqual([c.close, c.end, st.end], [-1, 29, 29]);
    assert.deepStrictEqual(st.errors.map((e) => [e.code, e.start, e.end]), [[SyntaxErrorCode.UnclosedCall, 0, 7]]);
  });

  it('an unknown # line inside braces does not recover', () => {
    const tree = parse('Ztitle{a\n#triggers x\n#color}');
    assert.strictEqual(tree.statements.length, 1);
    assert.deepStrictEqual((tree.statements[0] as BodyStatement).errors, []);
  });

  it('unclosed group', () => {
    const st = body('a {b');
    assert.deepStrictEqual(st.nodes.map((n) => [n.kind, n.start, n.end, (n as { close: number }).close]), [[NodeKind.Group, 2, 4, -1]]);
    assert.deepStrictEqual(st.errors.map((e) => [e.code, e.start, e.end]), [[SyntaxErrorCode.UnclosedBrace, 2, 3]]);
  });

  it('stray }', () => {
    const st = body('a } b');
    assert.deepStrictEqual(st.nodes.map((n) => [n.kind, n.start, n.end]), [[NodeKind.StrayClose, 2, 3]]);
    assert.deepStrictEqual(st.errors.map((e) => [e.code, e.start, e.end]), [[SyntaxErrorCode.StrayClose, 2, 3]]);
  });

  it('Z{ is a call with an empty name and a missing-name error', () => {
    const st = body('x Z{a}');
    const c = st.nodes[0] as CallNode;
    assert.deepStrictEqual([c.start, c.nameEnd, c.open, c.close, c.end], [2, 3, 3, 5, 6]);
    assert.deepStrictEqual(st.errors.map((e) => [e.code, e.start, e.end]), [[SyntaxErrorCode.MissingName, 2, 4]]);
  });

  it('errors come out in text order', () => {
    const st = body('} Zx{ Z{ }');
    assert.deepStrictEqual(st.errors.map((e) => [e.code, e.start]), [
      [SyntaxErrorCode.StrayClose, 0],
      [SyntaxErrorCode.UnclosedCall, 2],
      [SyntaxErrorCode.MissingName, 6],
    ]);
  });
});

describe('syntax: text encoding', () => {
  it('CRLF file', () => {
    const text = '#trigger !a\r\n\r\nZx{1;\r\n2}\r\n// c\r\n';
    const tree = parse(text);
    checkInvariants(tree);
    assert.deepStrictEqual(dumpTree(tree).map((s) => [s.kind, s.start, s.end]), [
      ['header', 0, 13],
      ['blank', 13, 15],
      ['body', 15, 26],
      ['comment', 26, 32],
    ]);
    const h = tree.statements[0] as HeaderStatement;
    assert.strictEqual(h.valueEnd, 11);
  });

  it('multi-byte characters, emoji and lone surrogates are counted in UTF-16 units', () => {
    const text = 'é😀 Ztitle{😀;\uD800} \uDC00Zusername';
    const st = body(text);
    const c = st.nodes[0] as CallNode;
    assert.deepStrictEqual([c.start, c.open, c.separators[0], c.close], [4, 10, 13, 15]);
    assert.deepStrictEqual([st.nodes[1].kind, st.nodes[1].start, st.nodes[1].end], [NodeKind.BareCall, 18, 27]);
    assert.strictEqual(tokenList(parse(text)).map((t) => t.slice(t.indexOf(':') + 1)).join(''), text);
  });

  it('a BOM at the start is white space', () => {
    assert.deepStrictEqual(kinds('\uFEFF#trigger !x\n'), ['header']);
  });
});

describe('syntax: tokens', () => {
  it('lossless token stream with kinds', () => {
    const text = "#name A\nHi Zusername! Zx{a;{b}\\;} }// c\n";
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

  it('the real example from docs/language.md parses without errors', () => {
    const text = [
      '#trigger !rank',
      '#name Rank Command',
      '#type prefix',
      "#description Shows the author's level.",
      '',
      '// read persistent values into temporary variables',
      'Zvar{xp;ZgetUserVar{xp}}',
      "Ztitle{Zusername's Rank}",
      'Zdescription{Level: ZgetUserVar{level}',
      'XP: Zvar{xp}}',
      'Zcolor{#5865F2}',
      'ZaddField{XP;Zvar{xp};true}',
      'Ztimestamp',
    ].join('\n');
    const tree = parse(text);
    checkInvariants(tree);
    assert.deepStrictEqual(dumpTree(tree).map((s) => s.kind), ['header', 'header', 'header', 'header', 'blank', 'comment', 'body', 'body', 'body', 'body', 'body', 'body']);
    for (const st of tree.statements) if (st.kind === StatementKind.Body) assert.deepStrictEqual(st.errors, []);
    assert.ok(BARE.has('Ztimestamp'));
    const last = tree.statements[11] as BodyStatement;
    assert.deepStrictEqual(last.nodes.map((n) => n.kind), [NodeKind.BareCall]);
    void options;
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
        [13, 24, [[NodeKind.BareCall, 13, 22], [NodeKind.Escape, 22, 24]]],
        [25, 25, []],
      ],
    );
    assert.strictEqual(f.args, f.args); // derived once, then kept
    assert.deepStrictEqual(Object.keys(JSON.parse(JSON.stringify(f))).sort(), ['args', 'close', 'end', 'kind', 'nameEnd', 'open', 'separators', 'start']);
    assert.deepStrictEqual(h.args.map((a) => a.nodes.map((n) => n.kind)), [[NodeKind.BareCall]]);
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
