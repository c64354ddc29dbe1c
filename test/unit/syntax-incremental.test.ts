/**
 * Incremental reparse: thousands of seeded random edits, each checked against
 * a fresh full parse (normalized dump with absolute offsets), plus identity of
 * the statements the edit cannot affect.
 */
import * as assert from 'node:assert';
import { checkInvariants, dumpTree, options, parse, prng } from './syntax-helpers';
import { applyEdits, incrementalTuning, reparseCommandFile, type TextEdit } from '../../server/src/syntax/incremental';
import { statementIndexAt } from '../../server/src/syntax/positions';
import type { SyntaxTree } from '../../server/src/syntax/tree';

const PIECES = [
  '{',
  '}',
  ';',
  '\\',
  '\n',
  '\r\n',
  '\r',
  ' ',
  'a',
  'Z',
  'Zx{',
  'Zif{',
  'Zusername',
  '//',
  '#',
  '#trigger ',
  '#name',
  '\\{',
  '\\Z',
  'é',
  '😀',
  '\uD800',
  '\uDC00',
  'Ztitle{a;b}',
  '\n#option a|b|string|required\n',
  '{{',
  '}}',
  '  ',
];

const SEED_TEXT = [
  '#trigger !rank',
  '#name Rank',
  '',
  '// comment',
  'Zvar{xp;ZgetUserVar{xp}}',
  "Ztitle{Zusername's Rank}",
  'Zdescription{Level: ZgetUserVar{level}',
  'XP: Zvar{xp}}',
  'Zif{Zvar{xp}>=10;Zsend{ok};Zsend{no}} // inline',
  'ZjsonParse{{"a":1;"b":2}}',
  'Text \\{ \\} \\; \\\\ \\Zusername',
  'ZaddButton{;ok;OK;;true}',
  'Ztimestamp',
].join('\n');

function randomInsert(rnd: () => number): string {
  const n = 1 + Math.floor(rnd() * 4);
  let s = '';
  for (let i = 0; i < n; i++) s += PIECES[Math.floor(rnd() * PIECES.length)];
  return s;
}

function randomEdit(rnd: () => number, text: string): TextEdit {
  const len = text.length;
  const start = Math.floor(rnd() * (len + 1));
  const r = rnd();
  if (r < 0.4) return { start, end: start, text: randomInsert(rnd) }; // insert
  const delLen = rnd() < 0.8 ? 1 + Math.floor(rnd() * 4) : Math.floor(rnd() * 60);
  const end = Math.min(len, start + delLen);
  if (r < 0.7) return { start, end, text: '' }; // delete
  return { start, end, text: randomInsert(rnd) }; // replace
}

/** Checks `inc` equals a fresh parse and that reusable statements were reused by identity. */
function checkEdit(old: SyntaxTree, edit: TextEdit, inc: SyntaxTree): void {
  const expectedText = old.text.slice(0, edit.start) + edit.text + old.text.slice(edit.end);
  assert.strictEqual(inc.text, expectedText);
  const fresh = parse(expectedText);
  assert.deepStrictEqual(dumpTree(inc), dumpTree(fresh));
  assert.deepStrictEqual(Array.from(inc.starts), Array.from(fresh.starts));
  const n = old.statements.length;
  if (n === 0) return;
  // Before the edit: everything at least two statements before the edited one is the same object.
  const first = statementIndexAt(old, edit.start);
  for (let i = 0; i < first - 2; i++) assert.strictEqual(inc.statements[i], old.statements[i], `statement ${i} before the edit reused`);
  // After the edit: from the first boundary (in the fresh parse) past the edit that is also an
  // old boundary shifted by delta, every statement is the old object.
  const delta = edit.text.length - (edit.end - edit.start);
  const editEnd = edit.start + edit.text.length;
  const oldStarts = new Map<number, number>();
  for (let i = 0; i < n; i++) oldStarts.set(old.starts[i], i);
  for (let k = 0; k < fresh.statements.length; k++) {
    const s = fresh.starts[k];
    if (s < editEnd || k === 0) continue;
    const oldIndex = oldStarts.get(s - delta);
    if (oldIndex === undefined || s - delta < edit.end) continue;
    for (let m = 0; k + m < fresh.statements.length; m++) {
      assert.strictEqual(inc.statements[k + m], old.statements[oldIndex + m], `statement ${k + m} after the edit reused`);
    }
    break;
  }
}

describe('syntax: incremental reparse', function () {
  this.timeout(120_000);

  it('a one-character edit in the middle re-parses one statement and shifts the rest', () => {
    const lines: string[] = [];
    for (let i = 0; i < 200; i++) lines.push(`Zvar{x${i};ZgetUserVar{y${i}}} text ${i}`);
    const text = lines.join('\n');
    const old = parse(text);
    const mid = old.starts[100] + 5;
    const inc = reparseCommandFile(old, { start: mid, end: mid, text: 'Q' }, options);
    checkEdit(old, { start: mid, end: mid, text: 'Q' }, inc);
    let changed = 0;
    for (let i = 0; i < inc.statements.length; i++) if (inc.statements[i] !== old.statements[i]) changed++;
    assert.strictEqual(changed, 1);
    assert.strictEqual(inc.starts[150], old.starts[150] + 1);
  });

  it('opening a brace re-parses forward until depth re-synchronises', () => {
    const text = 'a\nbb\nc\nd\ne}\nf\ng';
    const old = parse(text);
    const edit = { start: 3, end: 3, text: 'Zy{' }; // `bZy{b` opens a brace: lines merge until the }
    const inc = reparseCommandFile(old, edit, options);
    checkEdit(old, edit, inc);
    assert.strictEqual(inc.statements[0], old.statements[0]);
    assert.strictEqual(inc.statements.length, 4);
    assert.strictEqual(inc.statements[2], old.statements[5]);
    assert.strictEqual(inc.statements[3], old.statements[6]);
  });

  it('edits around header recovery and line breaks', () => {
    const cases: [string, TextEdit][] = [
      ['Zfoo{a\n#trigger x\nb', { start: 15, end: 15, text: 'x' }], // #triggerx no longer recovers
      ['Zfoo{a\n#triggerx x\nb', { start: 15, end: 16, text: '' }], // now recovers
      ['a\rb', { start: 2, end: 2, text: '\n' }], // lone \r becomes \r\n
      ['a\r\nb', { start: 1, end: 2, text: '' }],
      ['a\r\nb', { start: 2, end: 2, text: 'x' }], // split a CRLF
      ['', { start: 0, end: 0, text: 'Zx{' }],
      ['abc', { start: 0, end: 3, text: '' }],
      ['x\n', { start: 2, end: 2, text: 'y' }],
      ['Zx{\n\n\n', { start: 3, end: 3, text: '}' }],
      ['ab Zusername', { start: 2, end: 3, text: '' }], // bare call now preceded by a letter
    ];
    for (const [text, edit] of cases) {
      const old = parse(text);
      const inc = reparseCommandFile(old, edit, options);
      checkInvariants(inc);
      checkEdit(old, edit, inc);
    }
  });

  it('out-of-range edits are clamped, an empty edit returns the same tree', () => {
    const old = parse('abc\ndef');
    assert.strictEqual(reparseCommandFile(old, { start: 1, end: 1, text: '' }, options), old);
    const inc = reparseCommandFile(old, { start: 5, end: 100, text: 'X' }, options);
    assert.strictEqual(inc.text, 'abc\ndX');
    const inc2 = reparseCommandFile(old, { start: -4, end: 1, text: '' }, options);
    assert.strictEqual(inc2.text, 'bc\ndef');
  });

  it("the new text the caller holds becomes the tree's own string; one that disagrees with the edit is not used", () => {
    const old = parse('Zx{a}\nbc\nZy{d}');
    const edit = { start: 7, end: 8, text: 'QQ' };
    // Built apart from the tree's text, as an editor's document is.
    const held = ['Zx{a}\nb', 'QQ', '\nZy{d}'].join('');
    const shared = reparseCommandFile(old, edit, options, held);
    assert.strictEqual(shared.text, held);
    checkEdit(old, edit, shared);
    for (const wrong of ['Zx{a}\nbQQ\nZy{d}X', 'Zx{a}\nQQc\nZy{d}']) {
      const inc = reparseCommandFile(old, edit, options, wrong);
      assert.strictEqual(inc.text, 'Zx{a}\nbQQ\nZy{d}', `not taken: ${JSON.stringify(wrong)}`);
      checkEdit(old, edit, inc);
    }
  });

  it('applyEdits applies edits in order', () => {
    const old = parse('Zx{a}\nb');
    const t = applyEdits(
      old,
      [
        { start: 0, end: 0, text: 'Q' },
        { start: 7, end: 7, text: 'Zy{' },
      ],
      options,
    );
    assert.strictEqual(t.text, 'QZx{a}\nZy{b');
    assert.deepStrictEqual(dumpTree(t), dumpTree(parse(t.text)));
  });

  for (const window of [4096, 1, 7]) {
    it(`property: 4000 random edits (seeded) each equal a full parse, untouched statements reused (window ${window})`, () => {
      const saved = incrementalTuning.window;
      incrementalTuning.window = window;
      try {
        property(0x5eed + window);
      } finally {
        incrementalTuning.window = saved;
      }
    });
  }

  it('property: chains of 90 versions, each checked in random order afterwards (a later edit never changes an earlier version)', () => {
    const rnd = prng(0xc4a1);
    for (let round = 0; round < 12; round++) {
      const versions: SyntaxTree[] = [parse(SEED_TEXT.repeat(1 + (round % 3)))];
      const edits: TextEdit[] = [];
      for (let i = 0; i < 90; i++) {
        const prev = versions[versions.length - 1];
        const edit = randomEdit(rnd, prev.text);
        edits.push(edit);
        versions.push(reparseCommandFile(prev, edit, options));
        // Now and then read an earlier version mid-chain: reading must change nothing either.
        if (rnd() < 0.05) void versions[Math.floor(rnd() * versions.length)].starts;
      }
      const order = edits.map((_, k) => k);
      for (let k = order.length - 1; k > 0; k--) {
        const m = Math.floor(rnd() * (k + 1));
        [order[k], order[m]] = [order[m], order[k]];
      }
      for (const k of order) {
        try {
          checkEdit(versions[k], edits[k], versions[k + 1]);
        } catch (e) {
          throw new Error(`round ${round} version ${k + 1}: ${JSON.stringify(edits[k])}: ${(e as Error).message}`);
        }
      }
      for (const v of versions) checkInvariants(v);
    }
  });

  it('a version keeps its own arrays: reading it again, or after later versions are read, gives the same arrays', () => {
    const t0 = parse(SEED_TEXT);
    const t1 = reparseCommandFile(t0, { start: 3, end: 3, text: 'x\n' }, options);
    const t2 = reparseCommandFile(t1, { start: 40, end: 45, text: '' }, options);
    const s2 = t2.statements;
    const st2 = Array.from(t2.starts);
    const s1 = t1.statements;
    assert.strictEqual(t2.statements, s2);
    assert.strictEqual(t1.statements, s1);
    assert.deepStrictEqual(Array.from(t2.starts), st2);
    assert.deepStrictEqual(dumpTree(t1), dumpTree(parse(t1.text)));
    assert.deepStrictEqual(dumpTree(t2), dumpTree(parse(t2.text)));
    assert.deepStrictEqual(dumpTree(t0), dumpTree(parse(SEED_TEXT)));
    // A tree that is a plain object (not made by the parser) is a valid input too.
    const plain: SyntaxTree = { text: t0.text, statements: t0.statements.slice(), starts: t0.starts.slice() };
    const t3 = reparseCommandFile(plain, { start: 0, end: 0, text: 'Zx{' }, options);
    assert.deepStrictEqual(dumpTree(t3), dumpTree(parse(t3.text)));
  });

  it('long statements and look-ahead past the parse window', () => {
    const cases: [string, TextEdit][] = [
      [`Zx{${'a\n'.repeat(5000)}}\nb`, { start: 1, end: 1, text: 'y' }],
      [`Zx{${'a\n'.repeat(5000)}}\nb`, { start: 2, end: 3, text: '' }],
      [`Zx{a\n${' '.repeat(6000)}#trigger x\nb`, { start: 3, end: 3, text: 'q' }],
      [`Zx{a\r${'\n'.repeat(1)}b}`, { start: 3, end: 3, text: 'q' }],
    ];
    for (const [text, edit] of cases) {
      const old = parse(text);
      checkEdit(old, edit, reparseCommandFile(old, edit, options));
    }
  });
});

function property(seed: number): void {
  const rnd = prng(seed);
  let tree = parse(SEED_TEXT);
  let edits = 0;
  for (let round = 0; round < 40; round++) {
    tree = parse(SEED_TEXT.repeat(1 + (round % 3)));
    for (let i = 0; i < 100; i++) {
      const edit = randomEdit(rnd, tree.text);
      const next = reparseCommandFile(tree, edit, options);
      try {
        checkEdit(tree, edit, next);
      } catch (e) {
        throw new Error(`round ${round} edit ${i}: ${JSON.stringify(edit)} on ${JSON.stringify(tree.text)}: ${(e as Error).message}`);
      }
      tree = next;
      edits++;
      if (tree.text.length > 6000) tree = parse(SEED_TEXT);
    }
  }
  assert.strictEqual(edits, 4000);
}
