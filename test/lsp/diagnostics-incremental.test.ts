/**
 * The incremental diagnostics path (analysis results reused by position)
 * through the real
 * server: after many ranged edits of every kind (characters, line breaks,
 * CRLF, braces, disable comments, deletions across lines, a severity
 * setting), the pulled diagnostics equal those of the same text opened fresh
 * in a second document, and the in-process analysis of that text. Typing
 * that leaves a statement's facts unchanged takes the analyzer's refold path
 * (file-level results moved, not recomputed); the rest walk the file.
 */
import * as assert from 'node:assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { capabilities, LspClient } from './client';
import { bundledCatalog } from '../../server/src/catalog';
import { parseCommandFile } from '../../server/src/syntax/parse';
import { Analyzer } from '../../server/src/analysis';
import { LanguageService } from '../../server/src/service';
import { toLspDiagnostics, withPositions } from '../../server/src/features/diagnostics';
import { LineIndex } from '../../server/src/syntax/positions';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from './client';
import { stripAnnotations } from '../annotated';

const BASE = [
  '#trigger !stats',
  '#type prefix',
  '// zscript-disable-next-line unknown-function',
  'Zfoo{1}',
  'Zvar{xp;ZgetUserVar{xp;ZuserID}}',
  'Ztitle{Zusername report}',
  'Zdescription{Level: Zvar{xp}',
  'Next: Zmath{Zvar{xp} * 2}',
  '}',
  'ZauthorIcon{https://x.io/a.png}',
  'ZaddButton{;ok;OK;;true}',
  'ZaddButton{;ok;Again;;true}',
  'Zif{Zvar{xp}>=10;Zsend{yes};no}',
  'Hello Zusername, you have Zvar{coins} // note',
  '',
].join('\n');

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a * 1103515245 + 12345) & 0x7fffffff;
    return a / 0x7fffffff;
  };
}

const PIECES = [
  'x',
  'y',
  '7',
  'x',
  'Z',
  '\n',
  '\r\n',
  '{',
  '}',
  ';',
  '',
  'Zfoo{',
  'Zvar{a}\n',
  'Zvar{a;1}\n',
  '// zscript-disable-next-line\n',
  '// zscript-disable-next-line unknown-function\n',
  '#trigger !y\n',
  'ZaddButton{;ok;X}\n',
];

describe('lsp: incremental diagnostics equal a fresh analysis', function () {
  this.timeout(60000);
  let client: LspClient;

  before(async () => {
    client = new LspClient();
    await client.initialize({ capabilities: capabilities({ pull: true }) });
  });

  after(async () => {
    await client.shutdown();
  });

  it('after many ranged edits, through the connection', async () => {
    const uri = 'file:///incremental/a.zbr';
    let text = Array.from({ length: 30 }, () => BASE).join('');
    let version = 1;
    await client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'zscript', version, text } });
    const first = await client.request('textDocument/diagnostic', { textDocument: { uri } });
    assert.strictEqual(first.kind, 'full');
    assert.ok(first.items.length > 30);

    const catalog = bundledCatalog();
    const options = { isBareCallable: (n: string) => catalog.isBareCallable(n) };
    const rnd = prng(7);
    let fresh = 0;
    for (let i = 0; i < 240; i++) {
      const doc = TextDocument.create(uri, 'zscript', 1, text);
      const start = Math.floor(rnd() * text.length);
      const end = Math.min(text.length, start + (rnd() < 0.6 ? 0 : Math.floor(rnd() * 40)));
      const piece = PIECES[Math.floor(rnd() * PIECES.length)];
      const range = { start: doc.positionAt(start), end: doc.positionAt(end) };
      text = text.slice(0, start) + piece + text.slice(end);
      await client.notify('textDocument/didChange', { textDocument: { uri, version: ++version }, contentChanges: [{ range, text: piece }] });
      // Pulled after every edit (so that each analysis starts from the previous one), compared every fourth.
      const report = await client.request('textDocument/diagnostic', { textDocument: { uri } });
      assert.strictEqual(report.kind, 'full');
      if (i % 4 !== 3) continue;
      // The same text opened fresh in another document.
      // (In a folder of its own: two files of one folder with one trigger are a duplicate-trigger.)
      const other = `file:///incremental/fresh-${fresh++}/a.zbr`;
      await client.notify('textDocument/didOpen', { textDocument: { uri: other, languageId: 'zscript', version: 1, text } });
      const expected = await client.request('textDocument/diagnostic', { textDocument: { uri: other } });
      await client.notify('textDocument/didClose', { textDocument: { uri: other } });
      assert.deepStrictEqual(report.items, expected.items, `edit ${i}`);
      // And the analyzer's flat list, converted in process.
      const flat = toLspDiagnostics(TextDocument.create(uri, 'zscript', 1, text), new Analyzer(catalog).diagnose(parseCommandFile(text, options)), {});
      assert.deepStrictEqual(report.items, JSON.parse(JSON.stringify(flat)), `edit ${i} (in process)`);
    }
  });

  it('a severity setting applies to cached statements too', async () => {
    const uri = 'file:///incremental/b.zbr';
    const text = '#trigger !x\nZfoo{}\nZbar{}\n';
    await client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'zscript', version: 1, text } });
    const before = await client.request('textDocument/diagnostic', { textDocument: { uri } });
    assert.deepStrictEqual(
      before.items.map((d: { severity: number }) => d.severity),
      [1, 1],
    );
    await client.notify('workspace/didChangeConfiguration', { settings: { zscript: { diagnostics: { severity: { 'unknown-function': 'hint' } } } } });
    const after = await client.request('textDocument/diagnostic', { textDocument: { uri } });
    assert.deepStrictEqual(
      after.items.map((d: { severity: number }) => d.severity),
      [4, 4],
    );
    await client.notify('workspace/didChangeConfiguration', { settings: { zscript: { diagnostics: { severity: { 'unknown-function': 'off' } } } } });
    const off = await client.request('textDocument/diagnostic', { textDocument: { uri } });
    assert.deepStrictEqual(off.items, []);
  });
});

describe('analysis: a large first pass shares results of statements with equal text', function () {
  // Hundreds of analysis passes: seconds alone, more on a loaded shared machine (not a speed check).
  this.timeout(120_000);
  it('equals the same file typed in pieces (every pass too small to share)', () => {
    // Every fixture, twice: the second copy's statements repeat the first's.
    const files: string[] = [];
    for (const dir of ['valid', 'annotated']) {
      const d = path.join(ROOT, 'test', 'fixtures', dir);
      // The annotated fixtures' code, without the annotation lines.
      for (const f of fs.readdirSync(d).sort()) if (f.endsWith('.zbr')) files.push(stripAnnotations(fs.readFileSync(path.join(d, f), 'utf8')));
    }
    const text = [...files, ...files].join('\n');
    const catalog = bundledCatalog();
    const whole = new LanguageService(catalog);
    whole.openDocument('file:///whole.zbr', text, 1);
    const expected = whole.diagnostics('file:///whole.zbr');
    assert.ok(expected.length > 50);

    // Appended 8 lines at a time, diagnostics after each append: each pass analyses a few statements.
    const pieces = new LanguageService(catalog);
    const uri = 'file:///pieces.zbr';
    pieces.openDocument(uri, '', 1);
    const lines = text.split('\n');
    let sent = '';
    for (let i = 0, version = 2; i < lines.length; i += 8, version++) {
      const chunk = lines.slice(i, i + 8).join('\n') + (i + 8 < lines.length ? '\n' : '');
      const doc = TextDocument.create(uri, 'zscript', 1, sent);
      const end = doc.positionAt(sent.length);
      pieces.changeDocument(uri, [{ range: { start: end, end }, text: chunk }], version);
      sent += chunk;
      pieces.diagnostics(uri);
    }
    assert.strictEqual(sent, text);
    assert.deepStrictEqual(pieces.diagnostics(uri), expected);
  });
});

describe('lsp diagnostics: positions of a just-opened document', () => {
  it('equal TextDocument.positionAt for every offset, with \\r\\n, \\r and \\n line ends', () => {
    const rnd = prng(11);
    const parts = ['a', 'Zx{', '}', '\n', '\r', '\r\n', '\n\r', ' ', '\r\r\n', 'é'];
    for (let k = 0; k < 60; k++) {
      let text = '';
      const n = Math.floor(rnd() * 40);
      for (let i = 0; i < n; i++) text += parts[Math.floor(rnd() * parts.length)];
      const doc = TextDocument.create('file:///p.zbr', 'zscript', 1, text);
      const view = withPositions(doc);
      assert.strictEqual(view.getText(), text);
      assert.strictEqual(view.uri, doc.uri);
      for (let offset = -1; offset <= text.length + 1; offset++)
        assert.deepStrictEqual(view.positionAt(offset), doc.positionAt(offset), `${JSON.stringify(text)} at ${offset}`);
      assert.deepStrictEqual(new LineIndex(text).lineCount, doc.lineCount);
    }
  });
});
