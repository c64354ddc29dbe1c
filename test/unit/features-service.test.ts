/**
 * The service itself: documents with incremental changes, workspace files,
 * catalog swap, settings, diagnostics mapping and bad input.
 */
import * as assert from 'node:assert';
import { bundledCatalog, catalogFromTexts } from '../../server/src/catalog';
import { parseCommandFile } from '../../server/src/syntax/parse';
import { LanguageService } from '../../server/src/service';
import { Analyzer } from '../../server/src/analysis';
import { URI, openAt, service, positionOf } from './features-helpers.test';

describe('features: the language service', () => {
  it('diagnostics with a limit: the first ones of the full list, then one saying how many more', () => {
    const svc = service();
    const text = `#trigger !many\n${'Zfoo{a}\n'.repeat(30)}`;
    svc.openDocument(URI, text, 1);
    const all = svc.diagnostics(URI);
    assert.strictEqual(all.length, 30);
    const capped = svc.diagnostics(URI, 10);
    assert.deepStrictEqual(capped.slice(0, 10), all.slice(0, 10));
    assert.strictEqual(capped.length, 11);
    assert.strictEqual(capped[10].code, 'too-many-diagnostics');
    assert.match(capped[10].message, /^20 more problems in this file not shown \(at most 10 per file/);
    assert.deepStrictEqual(capped[10].range.start, all[10].range.start);
    assert.deepStrictEqual(svc.diagnostics(URI, 30), all, 'at the limit: nothing left out');
    assert.deepStrictEqual(svc.diagnostics(URI, Number.NaN), all, 'a limit that is no number is no limit');
  });

  it('never ends a diagnostic range between the halves of an emoji', () => {
    const { svc } = openAt('#trigger !x\nHello\n🎉 party¦');
    const [d] = svc.diagnostics(URI);
    assert.strictEqual(d.code, 'no-line-break');
    assert.deepStrictEqual(d.range, { start: { line: 2, character: 0 }, end: { line: 2, character: 2 } });
  });

  it('keeps the text and the tree equal to a fresh parse through ranged edits', () => {
    const svc = service();
    let text = '#trigger !a\nZtitle{Hello}\nZif{a==b;\n yes;\n no}\n';
    svc.openDocument(URI, text, 1);
    const edits: [number, number, string][] = [
      [12, 12, 'Zusername '],
      [30, 31, ''],
      [0, 0, '// top\n'],
      [5, 9, 'x}{;\n'],
    ];
    let version = 1;
    for (const [s, e, t] of edits) {
      const range = { start: positionOf(text, Math.min(s, text.length)), end: positionOf(text, Math.min(e, text.length)) };
      svc.changeDocument(URI, [{ range, text: t }], ++version);
      text = text.slice(0, Math.min(s, text.length)) + t + text.slice(Math.min(e, text.length));
      assert.strictEqual(svc.getText(URI), text);
      const fresh = parseCommandFile(text, { isBareCallable: (n: string) => bundledCatalog().isBareCallable(n) });
      assert.deepStrictEqual(JSON.parse(JSON.stringify(svc.getTree(URI))), JSON.parse(JSON.stringify(fresh)));
    }
    assert.strictEqual(svc.getVersion(URI), version);
    svc.changeDocument(URI, [{ text: 'Ztitle{x}' }], ++version);
    assert.strictEqual(svc.getText(URI), 'Ztitle{x}');
  });

  it('maps analysis diagnostics with code, source and severity overrides', () => {
    const svc = service();
    svc.openDocument(URI, '#trigger !a\nZaddFeild{a;b}', 1);
    const d = svc.diagnostics(URI).find((x) => x.code === 'unknown-function')!;
    assert.strictEqual(d.source, 'zscript');
    assert.strictEqual(typeof d.code, 'string');
    assert.strictEqual(d.severity, 1);
    svc.configure({ severity: { [String(d.code)]: 'warning' } });
    assert.strictEqual(svc.diagnostics(URI)[0].severity, 2);
    svc.configure({ severity: { [String(d.code)]: 'off' } });
    assert.ok(svc.diagnostics(URI).every((x) => x.code !== d.code));
  });

  it('a mistake repeated on many lines is reported on each, where it is, fresh and after edits', () => {
    // Many equal statements: the analyzer analyses the text once and shares the findings.
    const line = 'Ztitel{Hello} and ZaddField{a;b;c;d;e}\n';
    const text = `#trigger !a\n${line.repeat(120)}`;
    const svc = service();
    svc.openDocument(URI, text, 1);
    const expected = (t: string) => {
      const tree = parseCommandFile(t, { isBareCallable: (n) => bundledCatalog().isBareCallable(n) });
      return new Analyzer(bundledCatalog()).diagnose(tree).map((d) => ({ code: d.code, start: positionOf(t, d.start), end: positionOf(t, d.end) }));
    };
    const got = () => svc.diagnostics(URI).map((d) => ({ code: d.code, start: d.range.start, end: d.range.end }));
    const fresh = expected(text);
    assert.ok(fresh.filter((d) => d.code === 'unknown-function').length === 120, 'one unknown function per line');
    assert.deepStrictEqual(got(), fresh);
    // A line inserted near the top moves every later finding; then one repeated line is corrected.
    svc.changeDocument(URI, [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: 'Hello\n' }], 2);
    let now = svc.getText(URI)!;
    assert.deepStrictEqual(got(), expected(now));
    // After an edit the shared findings still give every line its own diagnostics.
    svc.changeDocument(URI, [{ range: { start: { line: 60, character: 0 }, end: { line: 60, character: 6 } }, text: 'Ztitle' }], 3);
    now = svc.getText(URI)!;
    assert.deepStrictEqual(got(), expected(now));
    assert.strictEqual(got().filter((d) => d.code === 'unknown-function').length, 119);
  });

  it('swaps the catalog and reparses bare calls', () => {
    // A function the engine does not know is a bare call when the catalog gives it no required parameter.
    const svc = service();
    svc.openDocument(URI, 'Hi ZbrandNew', 1);
    assert.strictEqual(svc.hover(URI, { line: 0, character: 5 }), null);
    const data = bundledCatalog().data;
    const template = data.functions.find((f) => f.name === 'Zusername')!;
    const larger = catalogFromTexts(
      { functions: JSON.stringify([...data.functions, { ...template, name: 'ZbrandNew', syntax: 'ZbrandNew{userID?}', example: 'ZbrandNew' }]) },
      'test',
    );
    assert.ok(larger.ok);
    if (!larger.ok) return;
    svc.setCatalog(larger.catalog);
    assert.strictEqual(svc.catalog, larger.catalog);
    // Now a bare call: hover shows the function.
    assert.ok(svc.hover(URI, { line: 0, character: 5 }));
  });

  it('answers empty for unknown documents and never throws on bad input', () => {
    const svc = new LanguageService(bundledCatalog());
    const nowhere = 'file:///nowhere.zbr';
    const p = { line: 0, character: 0 };
    const r = { start: p, end: p };
    assert.deepStrictEqual(svc.diagnostics(nowhere), []);
    assert.strictEqual(svc.hover(nowhere, p), null);
    assert.strictEqual(svc.signatureHelp(nowhere, p), null);
    assert.deepStrictEqual(svc.inlayHints(nowhere, r), []);
    assert.deepStrictEqual(svc.documentSymbols(nowhere), []);
    assert.deepStrictEqual(svc.foldingRanges(nowhere), []);
    assert.deepStrictEqual(svc.semanticTokens(nowhere).data, []);
    assert.deepStrictEqual(svc.documentLinks(nowhere), []);
    svc.openDocument(URI, 'Ztitle{a}\n', 1);
    const far = { line: 1e6, character: -5 };
    for (const call of [
      () => svc.hover(URI, far),
      () => svc.completions(URI, far),
      () => svc.signatureHelp(URI, far),
      () => svc.inlayHints(URI, { start: far, end: { line: -3, character: 1e9 } }),
      () => svc.selectionRanges(URI, [far]),
      () => svc.changeDocument(URI, [{ range: { start: far, end: { line: 0, character: 0 } }, text: 'x' }], 2),
      () => svc.changeDocument(URI, [null as never], 3),
      () => svc.rename(URI, far, ''),
      () => svc.definition(URI, null as never),
    ]) {
      assert.doesNotThrow(call);
    }
  });

  it('survives 50 000 nested calls in every feature', () => {
    const svc = service();
    const text = `${'Ztitle{'.repeat(25000) + '{'.repeat(25000)}ZsetUserVar{x;1}\n${'}'.repeat(100)}\nZcolor{#ffffff}\n`;
    svc.openDocument(URI, text, 1);
    const end = { line: 3, character: 0 };
    const inside = { line: 0, character: 7 * 25000 + 25000 + 13 };
    assert.ok(svc.semanticTokens(URI).data.length > 0);
    svc.foldingRanges(URI);
    svc.documentSymbols(URI);
    svc.documentColors(URI);
    svc.documentLinks(URI);
    svc.inlayHints(URI, { start: { line: 0, character: 0 }, end });
    svc.selectionRanges(URI, [inside]);
    // Right after the innermost `{` (nothing typed): the function list.
    assert.ok(svc.completions(URI, { line: 0, character: inside.character - 1 }).items.length > 0);
    assert.strictEqual(svc.signatureHelp(URI, inside)!.signatures[0].label, 'ZsetUserVar{name;value?;userID?;guildID?}');
    svc.hover(URI, inside);
    svc.references(URI, inside, true);
    svc.workspaceSymbols('');
  });

  it('indexes workspace files until an open document replaces them', () => {
    const svc = service();
    const other = 'file:///bot/commands/other.zbr';
    svc.setWorkspaceFile(other, 'ZsetServerVar{a;1}\n');
    assert.ok(svc.hasDocument(other));
    assert.strictEqual(svc.diagnostics(other).length >= 0, true);
    svc.openDocument(other, 'ZsetServerVar{b;1}\n', 1);
    assert.deepStrictEqual(
      svc.workspaceSymbols('').map((s) => s.name),
      ['b'],
    );
    svc.closeDocument(other);
    assert.deepStrictEqual(
      svc.workspaceSymbols('').map((s) => s.name),
      ['a'],
    );
    svc.removeWorkspaceFile(other);
    assert.deepStrictEqual(svc.workspaceSymbols(''), []);
  });
});
