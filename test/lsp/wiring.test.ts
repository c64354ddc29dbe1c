/**
 * The pure parts of the LSP layer, in process: settings shapes, the exclude
 * glob matcher, file URIs, compact completion lists, diagnostic equality.
 */
import * as assert from 'node:assert';
import { compileGlobs } from '../../server/src/lsp/glob';
import { extractSection, mergeSections, normalizeSettings, DEFAULT_SERVER_SETTINGS } from '../../server/src/lsp/clientSettings';
import { pathToUri, uriToPath } from '../../server/src/lsp/workspaceScan';
import type { CompletionList } from 'vscode-languageserver-types';
import { CompletionWire } from '../../server/src/lsp/completionWire';
import type { CompletionItem } from 'vscode-languageserver-types';
import { sameDiagnostics } from '../../server/src/lsp/diagnosticsDelivery';
import { defaultCacheDir } from '../../server/src/lsp/catalogSource';

describe('lsp wiring: settings', () => {
  it('finds the zscript section in every shape clients send', () => {
    const section = { catalog: { source: 'url' } };
    assert.deepStrictEqual(extractSection({ zscript: section }), section);
    assert.deepStrictEqual(extractSection({ settings: { zscript: section } }), section);
    assert.deepStrictEqual(extractSection(section), section);
    assert.deepStrictEqual(extractSection({ 'zscript.catalog.source': 'url' }), section);
    assert.deepStrictEqual(extractSection({ zscript: { 'catalog.source': 'url', catalog: { url: 'http://x' } } }), {
      catalog: { source: 'url', url: 'http://x' },
    });
    assert.strictEqual(extractSection(null), undefined);
    assert.strictEqual(extractSection({ json: {} }), undefined);
  });

  it('normalises values and falls back to defaults for ill-typed ones', () => {
    assert.deepStrictEqual(normalizeSettings(undefined), DEFAULT_SERVER_SETTINGS);
    const s = normalizeSettings({
      catalog: { source: 'ftp', path: 3 },
      inlayHints: { parameterNames: 'all', defaults: 'yes' },
      diagnostics: { severity: { a: 'off', b: 'loud', c: 'hint' }, mode: 'pull' },
      files: { exclude: { '**/tmp': true, '**/keep': false } },
    });
    assert.strictEqual(s.catalog.source, 'bundled');
    assert.strictEqual(s.catalog.path, '');
    assert.strictEqual(s.inlayHints.parameterNames, 'all');
    assert.strictEqual(s.inlayHints.defaults, true);
    assert.deepStrictEqual(s.diagnostics.severity, { a: 'off', c: 'hint' });
    assert.strictEqual(s.diagnostics.mode, 'pull');
    assert.deepStrictEqual(s.files.exclude, ['**/tmp']);
    assert.deepStrictEqual(normalizeSettings({ files: { exclude: ['a', 7, ''] } }).files.exclude, ['a']);
    assert.strictEqual(normalizeSettings({ files: { maxIndexed: 500.7 } }).files.maxIndexed, 500);
    assert.strictEqual(normalizeSettings({ files: { maxIndexed: -1 } }).files.maxIndexed, DEFAULT_SERVER_SETTINGS.files.maxIndexed);
    assert.strictEqual(normalizeSettings({ files: { maxIndexed: '9' } }).files.maxIndexed, DEFAULT_SERVER_SETTINGS.files.maxIndexed);
    assert.strictEqual(normalizeSettings({ files: { maxIndexed: 1e12 } }).files.maxIndexed, 1_000_000);
  });

  it('layers sections key by key, replacing severity maps whole', () => {
    const merged = mergeSections(
      { catalog: { source: 'file', path: '/a' }, diagnostics: { severity: { x: 'off' } } },
      { catalog: { path: '/b' }, diagnostics: { severity: { y: 'hint' } } },
    );
    assert.deepStrictEqual(merged, { catalog: { source: 'file', path: '/b' }, diagnostics: { severity: { y: 'hint' } } });
  });

  it('puts the remote catalog cache under globalStoragePath, XDG_CACHE_HOME or ~/.cache', () => {
    assert.strictEqual(defaultCacheDir({ globalStoragePath: '/vs/storage' }), '/vs/storage/catalog-cache');
    const saved = process.env.XDG_CACHE_HOME;
    try {
      process.env.XDG_CACHE_HOME = '/xdg';
      assert.strictEqual(defaultCacheDir(undefined), '/xdg/zscript');
      delete process.env.XDG_CACHE_HOME;
      assert.match(defaultCacheDir(undefined), /\.cache\/zscript$/);
    } finally {
      if (saved === undefined) delete process.env.XDG_CACHE_HOME;
      else process.env.XDG_CACHE_HOME = saved;
    }
  });
});

describe('lsp wiring: exclude globs and URIs', () => {
  it('matches **, *, ?, braces and classes; a pattern without a slash matches a segment', () => {
    const m = compileGlobs(['**/drafts/**', '*.bak', 'build', 'a/{x,y}/c?.zbr', 'n[0-9].zbr']);
    assert.ok(m('drafts/a.zbr'));
    assert.ok(m('x/drafts/a.zbr'));
    assert.ok(m('deep/file.bak'));
    assert.ok(m('build'));
    assert.ok(m('src/build'));
    assert.ok(m('a/x/c1.zbr'));
    assert.ok(!m('a/z/c1.zbr'));
    assert.ok(m('n5.zbr'));
    assert.ok(!m('nx.zbr'));
    assert.ok(!m('commands/ok.zbr'));
    assert.ok(!compileGlobs([])('anything'));
  });

  it('turns paths into file URIs the way VS Code encodes them, and back', () => {
    assert.strictEqual(pathToUri('/home/me/my bot/#1.zbr'), 'file:///home/me/my%20bot/%231.zbr');
    assert.strictEqual(uriToPath('file:///home/me/my%20bot/%231.zbr'), '/home/me/my bot/#1.zbr');
    assert.strictEqual(uriToPath('untitled:Untitled-1'), undefined);
  });
});

describe('lsp wiring: compact completion lists', () => {
  const range = { start: { line: 1, character: 0 }, end: { line: 1, character: 2 } };
  const list: CompletionList = {
    isIncomplete: false,
    items: [
      {
        label: 'Ztitle',
        kind: 3 as const,
        detail: 'Ztitle{text}',
        documentation: 'Sets the title.',
        filterText: 'Ztitle',
        insertTextFormat: 1 as const,
        textEdit: { range, newText: 'Ztitle' },
        data: { name: 'Ztitle' },
      },
      {
        label: 'Zif',
        kind: 3 as const,
        detail: 'Zif{cond;then;else?}',
        insertTextFormat: 1 as const,
        textEdit: { range, newText: 'Zif{$1}' },
        data: { name: 'Zif' },
      },
    ],
  };

  /** What a client sends back on resolve: the item with the list's default data applied (LSP 3.17). */
  const asResolved = (sent: CompletionList, i: number): CompletionItem => ({
    ...(sent.itemDefaults?.data !== undefined ? { data: sent.itemDefaults.data } : {}),
    ...sent.items[i],
  });

  for (const mode of ['by label, key in itemDefaults.data', 'per-item keys'] as const) {
    it(`uses itemDefaults and defers detail/documentation to resolve, restoring them exactly (${mode})`, () => {
      const defaults = mode === 'per-item keys' ? ['editRange', 'insertTextFormat'] : ['editRange', 'insertTextFormat', 'data'];
      const wire = new CompletionWire({ itemDefaults: defaults, resolveProperties: ['detail', 'documentation'] });
      const sent = wire.compact(list);
      if (mode === 'per-item keys') {
        assert.deepStrictEqual(sent.itemDefaults, { editRange: range });
        assert.deepStrictEqual(Object.keys(sent.items[0]).sort(), ['data', 'kind', 'label']);
      } else {
        assert.deepStrictEqual(Object.keys(sent.itemDefaults ?? {}).sort(), ['data', 'editRange']);
        assert.deepStrictEqual(Object.keys(sent.items[0]).sort(), ['kind', 'label'], 'no per-item data on the wire');
      }
      assert.strictEqual(sent.items[1].textEditText, 'Zif{$1}');
      const back = wire.restore(asResolved(sent, 0));
      assert.strictEqual(back.detail, 'Ztitle{text}');
      assert.strictEqual(back.documentation, 'Sets the title.');
      assert.deepStrictEqual(back.data, { name: 'Ztitle' });
      // The list before last still resolves; older ones give the item back without its stash.
      wire.compact(list);
      assert.strictEqual(wire.restore(asResolved(sent, 1)).detail, 'Zif{cond;then;else?}');
      assert.deepStrictEqual(wire.restore(asResolved(sent, 1)).data, { name: 'Zif' });
      wire.compact(list);
      assert.strictEqual(wire.restore(asResolved(sent, 1)).detail, undefined);
      assert.strictEqual(list.items[0].detail, 'Ztitle{text}', 'the service list is not modified');
    });
  }

  it('keeps per-item keys when labels repeat, even with itemDefaults.data', () => {
    const twice: CompletionList = { isIncomplete: false, items: [list.items[0], { ...list.items[0], data: { name: 'other' } }] };
    const wire = new CompletionWire({ itemDefaults: ['editRange', 'data'], resolveProperties: ['detail'] });
    const sent = wire.compact(twice);
    assert.strictEqual(sent.itemDefaults?.data, undefined);
    assert.deepStrictEqual(wire.restore(sent.items[1]).data, { name: 'other' });
  });

  it('sends items whole to a client that declared nothing', () => {
    const wire = new CompletionWire({ itemDefaults: [], resolveProperties: [] });
    const sent = wire.compact(list);
    assert.strictEqual(sent.itemDefaults, undefined);
    assert.deepStrictEqual(sent.items[1], list.items[1]);
    assert.strictEqual(sent.items[0].filterText, undefined, 'filterText equal to the label is the default');
  });

  it('keeps per-item edits when the ranges differ', () => {
    const wire = new CompletionWire({ itemDefaults: ['editRange'], resolveProperties: [] });
    const other: CompletionList = {
      ...list,
      items: [list.items[0], { ...list.items[1], textEdit: { range: { ...range, end: { line: 1, character: 1 } }, newText: 'Zif' } }],
    };
    const sent = wire.compact(other);
    assert.strictEqual(sent.itemDefaults, undefined);
    assert.ok(sent.items.every((i) => i.textEdit));
  });
});

describe('lsp wiring: diagnostic equality for result ids', () => {
  const d = (line: number, message: string, data?: unknown) => ({
    range: { start: { line, character: 0 }, end: { line, character: 3 } },
    severity: 1 as const,
    code: 'x',
    source: 'zscript',
    message,
    data,
  });
  it('compares what a client shows, including fix data', () => {
    assert.ok(sameDiagnostics([d(1, 'a', { fixes: [{ t: 1 }] })], [d(1, 'a', { fixes: [{ t: 1 }] })]));
    assert.ok(!sameDiagnostics([d(1, 'a')], [d(2, 'a')]));
    assert.ok(!sameDiagnostics([d(1, 'a')], [d(1, 'b')]));
    assert.ok(!sameDiagnostics([d(1, 'a', { fixes: [{ t: 1 }] })], [d(1, 'a', { fixes: [{ t: 2 }] })]));
    assert.ok(!sameDiagnostics([d(1, 'a')], []));
  });
});
