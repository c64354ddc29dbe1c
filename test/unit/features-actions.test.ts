/**
 * Code actions through the service API: the analysis' fixes and the
 * disable-next-line comment.
 */
import * as assert from 'node:assert';
import type { TextEdit } from 'vscode-languageserver-types';
import { URI, service } from './features-helpers.test';

function applyEdits(text: string, edits: TextEdit[], offsetAt: (p: { line: number; character: number }) => number): string {
  const sorted = [...edits].sort((a, b) => offsetAt(b.range.start) - offsetAt(a.range.start));
  for (const e of sorted) text = text.slice(0, offsetAt(e.range.start)) + e.newText + text.slice(offsetAt(e.range.end));
  return text;
}

/** The titles of the code actions on the first diagnostic of `code` in `text`. */
function actionTitles(text: string, code: string): string[] {
  const svc = service();
  svc.openDocument(URI, text, 1);
  const d = svc.diagnostics(URI).find((x) => x.code === code);
  assert.ok(d, `no ${code}`);
  return svc.codeActions(URI, d!.range, [d!]).map((a) => a.title);
}

function offsetIn(text: string) {
  const lines = text.split('\n');
  return (p: { line: number; character: number }) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
}

describe('features: code actions', () => {
  it('replaces a misspelled function with the suggestion', () => {
    const svc = service();
    const text = '#trigger !hi\nZaddFeild{Level;5}\n';
    svc.openDocument(URI, text, 1);
    const diagnostics = svc.diagnostics(URI);
    const unknown = diagnostics.find((d) => d.range.start.line === 1);
    assert.ok(unknown, JSON.stringify(diagnostics));
    const actions = svc.codeActions(URI, unknown!.range, [unknown!]);
    const fix = actions.find((a) => /ZaddField/.test(a.title));
    assert.ok(fix, JSON.stringify(actions.map((a) => a.title)));
    assert.strictEqual(fix!.kind, 'quickfix');
    const result = applyEdits(text, fix!.edit!.changes![URI], offsetIn(text));
    assert.strictEqual(result, '#trigger !hi\nZaddField{Level;5}\n');
    assert.strictEqual(fix!.isPreferred, true);
  });

  it('missing-trigger: adds a #trigger named after the file, / for slash commands, none for events', () => {
    const svc = service();
    const cases: [string, string, string | undefined][] = [
      ['file:///bot/commands/Ban%20User.zbr', 'Hello Zusername\n', '#trigger !ban-user\nHello Zusername\n'],
      ['file:///bot/commands/remind.zbr', '#type slash\nHello\n', '#trigger /remind\n#type slash\nHello\n'],
      ['file:///bot/commands/welcome.zbr', '#type event\nHello\n', undefined],
      // Letters of any script stay (header values are safe); a name of symbols makes no word.
      ['file:///bot/commands/men%C3%BC.zbr', 'Hello\n', '#trigger !menü\nHello\n'],
      ['file:///bot/commands/%F0%9F%8E%89.zbr', 'Hello\n', undefined],
    ];
    for (const [uri, text, expected] of cases) {
      svc.openDocument(uri, text, 1);
      const d = svc.diagnostics(uri).find((x) => x.code === 'missing-trigger');
      assert.ok(d, uri);
      const fix = svc.codeActions(uri, d!.range, [d!]).find((a) => a.title.startsWith('Add'));
      if (expected === undefined) {
        assert.strictEqual(fix, undefined, uri);
        continue;
      }
      assert.ok(fix, uri);
      assert.strictEqual(fix!.isPreferred, true);
      const fixed = applyEdits(text, fix!.edit!.changes![uri], offsetIn(text));
      assert.strictEqual(fixed, expected);
      svc.changeDocument(uri, [{ text: fixed }], 2);
      assert.deepStrictEqual(
        svc.diagnostics(uri).map((x) => x.code),
        [],
        uri,
      );
    }
  });

  it("writes the file's own line breaks: a CRLF file's fixes insert CRLF", () => {
    const svc = service();
    const uri = 'file:///bot/commands/ping.zbr';
    const text = 'Hello Zusername\r\nPong!\r\n';
    svc.openDocument(uri, text, 1);
    const d = svc.diagnostics(uri).find((x) => x.code === 'missing-trigger');
    assert.ok(d);
    const fix = svc.codeActions(uri, d!.range, [d!]).find((a) => a.title.startsWith('Add'));
    const lines = text.split('\n');
    const offsetAt = (p: { line: number; character: number }) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
    assert.strictEqual(applyEdits(text, fix!.edit!.changes![uri], offsetAt), '#trigger !ping\r\nHello Zusername\r\nPong!\r\n');
    // A #trigger line written another way has its own fix: no second trigger line is offered.
    assert.deepStrictEqual(
      actionTitles('#Trigger !pingme\nPong!\n', 'missing-trigger').filter((t) => t.startsWith('Add "#trigger')),
      [],
    );
  });

  it("offers only spellings whose function takes the call's argument count", () => {
    const titles = actionTitles('#trigger !hi\nCoins: ZgetUservar{coins}\n', 'unknown-function');
    assert.ok(titles.includes('Change to ZgetUserVar'), JSON.stringify(titles));
    // ZsetUserVar is as close, but needs two arguments: the engine would halt.
    assert.ok(!titles.includes('Change to ZsetUserVar'), JSON.stringify(titles));
  });

  it('finds the fixes even when the client drops `data`', () => {
    const svc = service();
    const text = '#trigger !hi\nZaddFeild{Level;5}';
    svc.openDocument(URI, text, 1);
    const d = { ...svc.diagnostics(URI).find((x) => x.code === 'unknown-function')! };
    delete d.data;
    assert.ok(svc.codeActions(URI, d.range, [d]).some((a) => /ZaddField/.test(a.title)));
  });

  it('takes the fixes from the current text, not from the data of a diagnostic kept from before an edit', () => {
    const svc = service();
    const before = '#trigger !st\nZtitle{Hi}\nZcolor{#F1C}\n';
    svc.openDocument(URI, before, 1);
    const old = svc.diagnostics(URI).find((x) => x.code === 'invalid-color')!;
    assert.ok(old?.data, 'the color has a fix');
    // A line pasted above before the next pull; the client moves the marker (VS Code does), its data stays.
    svc.changeDocument(URI, [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: 'Zdescription{Welcome}\n' }], 2);
    const after = '#trigger !st\nZdescription{Welcome}\nZtitle{Hi}\nZcolor{#F1C}\n';
    const moved = { ...old, range: { start: { ...old.range.start, line: 3 }, end: { ...old.range.end, line: 3 } } };
    const fix = svc.codeActions(URI, moved.range, [moved]).find((a) => a.isPreferred)!;
    assert.ok(fix, 'the moved diagnostic still gets its fix');
    const fixed = applyEdits(after, fix.edit!.changes![URI], offsetIn(after));
    assert.ok(fixed.includes('\nZtitle{Hi}\nZcolor{#FF11CC}\n'), fixed);
    // Not moved: the range is of the old text, where the current one has no such diagnostic: no action at all
    // (a disable comment would go above whatever that line holds now).
    assert.deepStrictEqual(
      svc.codeActions(URI, old.range, [old]).map((a) => a.title),
      [],
    );
  });

  it('offers a disable-next-line comment with the line indentation for every diagnostic', () => {
    const svc = service();
    const text = 'Ztitle{a}\n  ZaddFeild{x;y}\n';
    svc.openDocument(URI, text, 1);
    const d = svc.diagnostics(URI).find((x) => x.range.start.line === 1)!;
    assert.ok(d);
    const disable = svc.codeActions(URI, d.range, [d]).find((a) => a.title.startsWith('Disable'))!;
    const edit = disable.edit!.changes![URI][0];
    assert.deepStrictEqual(edit.range.start, { line: 1, character: 0 });
    assert.strictEqual(edit.newText, `  // zscript-disable-next-line ${d.code}\n`);
  });

  it('silences a finding about the whole file with the file-wide comment, which then works', () => {
    const svc = service();
    const text = 'Hello\n';
    svc.openDocument(URI, text, 1);
    const d = svc.diagnostics(URI).find((x) => x.code === 'missing-trigger')!;
    assert.ok(d);
    const disable = svc.codeActions(URI, d.range, [d]).find((a) => a.title.startsWith('Disable'))!;
    assert.strictEqual(disable.title, 'Disable missing-trigger for this file');
    const fixed = applyEdits(text, disable.edit!.changes![URI], offsetIn(text));
    assert.strictEqual(fixed, '// zscript-disable missing-trigger\nHello\n');
    svc.openDocument(URI, fixed, 2);
    assert.deepStrictEqual(
      svc.diagnostics(URI).map((x) => x.code),
      [],
    );
  });

  it('on a later line of a call that spans lines, silences that line alone with a comment line right above it (the engine skips it)', () => {
    const svc = service();
    const text = '#trigger !check\nZif{Zmessage{1}==;\n  Ztitel{Usage}\n;\n  Zfooer{Thanks}\n}\n';
    svc.openDocument(URI, text, 1);
    const d = svc.diagnostics(URI).find((x) => x.range.start.line === 2)!;
    const disable = svc.codeActions(URI, d.range, [d]).find((a) => a.title.startsWith('Disable'))!;
    assert.strictEqual(disable.title, 'Disable unknown-function for this line');
    const edit = disable.edit!.changes![URI][0];
    assert.deepStrictEqual(edit.range.start, { line: 2, character: 0 });
    const fixed = applyEdits(text, [edit], offsetIn(text));
    assert.strictEqual(
      fixed,
      '#trigger !check\nZif{Zmessage{1}==;\n  // zscript-disable-next-line unknown-function\n  Ztitel{Usage}\n;\n  Zfooer{Thanks}\n}\n',
    );
    svc.openDocument(URI, fixed, 2);
    // The other line's finding stays.
    assert.deepStrictEqual(
      svc.diagnostics(URI).map((x) => `${x.range.start.line}:${x.code}`),
      ['5:unknown-function'],
    );
  });

  it('on the first line of a call that spans lines, says the comment above it silences the whole statement', () => {
    const svc = service();
    const text = '#trigger !check\nZif{Ztitel{x}==;\n  Hi\n}\n';
    svc.openDocument(URI, text, 1);
    const d = svc.diagnostics(URI).find((x) => x.code === 'unknown-function')!;
    const disable = svc.codeActions(URI, d.range, [d]).find((a) => a.title.startsWith('Disable'))!;
    assert.strictEqual(disable.title, 'Disable unknown-function for this statement (lines 2–4)');
    assert.deepStrictEqual(disable.edit!.changes![URI][0].range.start, { line: 1, character: 0 });
  });

  it('offers the fixes of its own diagnostics at the cursor when the client sends none', () => {
    const svc = service();
    svc.openDocument(URI, '#trigger !hi\nZtitel{Hi}\n', 1);
    const cursor = { line: 1, character: 3 };
    const titles = svc.codeActions(URI, { start: cursor, end: cursor }, []).map((a) => a.title);
    assert.ok(titles.includes('Change to Ztitle'), titles.join());
    // Away from any diagnostic: nothing.
    const elsewhere = { line: 0, character: 2 };
    assert.deepStrictEqual(svc.codeActions(URI, { start: elsewhere, end: elsewhere }, []), []);
  });

  it('ignores diagnostics of other tools and unknown documents', () => {
    const svc = service();
    svc.openDocument(URI, 'x', 1);
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };
    assert.deepStrictEqual(svc.codeActions(URI, range, [{ range, message: 'x', source: 'other', code: 'a' }]), []);
    assert.deepStrictEqual(svc.codeActions('file:///none.zbr', range, []), []);
  });

  it('offers the nearest spellings, a swap of two letters counting as one edit', () => {
    const svc = service();
    const text = '#trigger !hi\nZtitel{Hello}\n';
    svc.openDocument(URI, text, 1);
    const unknown = svc.diagnostics(URI).find((d) => d.code === 'unknown-function')!;
    const fixes = svc.codeActions(URI, unknown.range, [unknown]).filter((a) => a.title.startsWith('Change to'));
    assert.strictEqual(fixes[0].title, 'Change to Ztitle');
    assert.strictEqual(fixes[0].isPreferred, true);
    assert.strictEqual(fixes.filter((a) => a.isPreferred).length, 1);
    assert.strictEqual(new Set(fixes.map((a) => a.title)).size, fixes.length, 'no duplicate fix');
    assert.strictEqual(applyEdits(text, fixes[0].edit!.changes![URI], offsetIn(text)), '#trigger !hi\nZtitle{Hello}\n');
  });

  it('corrects a misspelled permission, keeping its prefix', () => {
    const svc = service();
    const text = '#trigger !hi\nZonlyPerms{ banMember }\nZeditChannelPerms{123456789012345678;123456789012345678;-sendMesages}\n';
    svc.openDocument(URI, text, 1);
    const fixed = svc
      .diagnostics(URI)
      .filter((d) => d.code === 'unknown-permission')
      .map((d) => {
        const fix = svc.codeActions(URI, d.range, [d]).find((a) => a.isPreferred)!;
        return applyEdits(text, fix.edit!.changes![URI], offsetIn(text)).split('\n')[d.range.start.line];
      });
    assert.deepStrictEqual(fixed, ['ZonlyPerms{ banMembers }', 'ZeditChannelPerms{123456789012345678;123456789012345678;-sendMessages}']);
  });

  it('offers each fix once when the analysis carries it too (permissions, durations), one preferred at most', () => {
    const svc = service();
    const text = '#trigger !hi\nZonlyPerms{ banMember }\nZeditChannelPerms{123456789012345678;123456789012345678;-sendMesages}\nZcooldown{10}\n';
    svc.openDocument(URI, text, 1);
    const diagnostics = svc.diagnostics(URI).filter((d) => d.code === 'unknown-permission' || d.code === 'invalid-duration');
    assert.strictEqual(diagnostics.length, 3);
    for (const d of diagnostics) {
      const fixes = svc.codeActions(URI, d.range, [d]).filter((a) => a.title.startsWith('Change to'));
      const edits = fixes.map((a) => JSON.stringify(a.edit!.changes![URI]));
      assert.strictEqual(new Set(fixes.map((a) => a.title)).size, fixes.length, `duplicate title: ${fixes.map((a) => a.title)}`);
      assert.strictEqual(new Set(edits).size, edits.length, 'duplicate edit');
      assert.ok(fixes.filter((a) => a.isPreferred).length <= 1);
    }
  });

  it("writes a duration with an upper-case unit the engine's way, and an option type by the word meant", () => {
    const svc = service();
    const text = '#trigger /mute\n#type slash\n#option minutes|How long|int|required\nZcooldown{10M}\n';
    svc.openDocument(URI, text, 1);
    const fixOf = (code: string) => {
      const d = svc.diagnostics(URI).find((x) => x.code === code)!;
      assert.ok(d, code);
      const fix = svc.codeActions(URI, d.range, [d]).find((a) => a.isPreferred)!;
      assert.ok(fix, `a fix for ${code}`);
      return applyEdits(text, fix.edit!.changes![URI], offsetIn(text));
    };
    assert.ok(fixOf('invalid-duration').includes('Zcooldown{10m}'));
    assert.ok(fixOf('invalid-option').includes('#option minutes|How long|integer|required'));
  });

  it('adds a unit to a duration written as a bare number', () => {
    const titles = actionTitles('Zcooldown{10}\n', 'invalid-duration');
    assert.deepStrictEqual(titles.slice(0, 3), ['Change to 10s', 'Change to 10m', 'Change to 10h']);
  });
});
