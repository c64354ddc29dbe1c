/**
 * A client that declares neither snippets nor Markdown (Emacs eglot without
 * yasnippet or markdown-mode, simple editors) gets plain text, over the real
 * connection: completion inserts no `${1:name}`, hover and signature help
 * carry no Markdown marks.
 */
import * as assert from 'node:assert';
import { markdownToPlain, snippetToPlain } from '../../server/src/lsp/clientFormats';
import { capabilities, LspClient } from './client';

describe('lsp: plain-text clients', function () {
  this.timeout(30000);
  let client: LspClient;
  const uri = 'file:///plain/commands/embed.zbr';
  const text = '#trigger !embed\nZaddF\nZtitle{Hi}\n';

  before(async () => {
    client = new LspClient();
    const caps = capabilities() as any;
    caps.textDocument.completion.completionItem.snippetSupport = false;
    // As eglot 1.17 without markdown-mode declares them: plain text for hover, nothing for the others
    // (which it shows as raw as hover).
    delete caps.textDocument.completion.completionItem.documentationFormat;
    caps.textDocument.hover.contentFormat = ['plaintext'];
    delete caps.textDocument.signatureHelp.signatureInformation.documentationFormat;
    await client.initialize({ capabilities: caps, workspaceFolders: null });
    await client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'zscript', version: 1, text } });
  });

  after(async () => {
    await client?.shutdown();
  });

  it('completion inserts plain text: the places left empty, the separators kept', async () => {
    const list = await client.request('textDocument/completion', { textDocument: { uri }, position: { line: 1, character: 5 } });
    const items: any[] = Array.isArray(list) ? list : list.items;
    const field = items.find((i) => i.label === 'ZaddField');
    assert.ok(field, 'ZaddField offered');
    const format = field.insertTextFormat ?? list.itemDefaults?.insertTextFormat ?? 1;
    assert.strictEqual(format, 1);
    const inserted = field.textEditText ?? field.textEdit?.newText ?? field.insertText ?? field.label;
    assert.strictEqual(inserted, 'ZaddField{;}');
    for (const item of items) assert.doesNotMatch(item.textEditText ?? item.textEdit?.newText ?? '', /\$\{?\d/, item.label);
    const resolved = await client.request('completionItem/resolve', field);
    assert.strictEqual(resolved.documentation?.kind, 'plaintext');
    assert.doesNotMatch(resolved.documentation.value, /```|\*\*|\|---/);
  });

  it('hover and signature help are plain text', async () => {
    const hover = await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 2 } });
    assert.strictEqual(hover.contents.kind, 'plaintext');
    assert.match(hover.contents.value, /Ztitle/);
    assert.doesNotMatch(hover.contents.value, /```|\*\*|`|\|/);
    // The parameter table as lines: the parameter, then its columns.
    assert.match(hover.contents.value, /^text - type: string/m);
    const help = await client.request('textDocument/signatureHelp', { textDocument: { uri }, position: { line: 2, character: 7 } });
    for (const s of help.signatures) if (s.documentation && typeof s.documentation === 'object') assert.strictEqual(s.documentation.kind, 'plaintext');
  });

  it('names parameters by their text for clients without label offsets, and for eglot where the text is unique', async () => {
    const text2 = '#trigger !x\nZtextSplit{a b;x}\n';
    const position = { line: 1, character: 'ZtextSplit{a'.length };
    const labelsFor = async (caps: any, clientName?: string) => {
      const c = new LspClient();
      try {
        await c.initialize({ capabilities: caps, workspaceFolders: null, clientName });
        const u = 'file:///plain/commands/split.zbr';
        await c.notify('textDocument/didOpen', { textDocument: { uri: u, languageId: 'zscript', version: 1, text: text2 } });
        const help = await c.request('textDocument/signatureHelp', { textDocument: { uri: u }, position });
        return help.signatures[0].parameters.map((p: any) => p.label);
      } finally {
        await c.shutdown();
      }
    };
    const withOffsets = capabilities() as any;
    const without = capabilities() as any;
    delete without.textDocument.signatureHelp.signatureInformation.parameterInformation;
    const offsets = await labelsFor(withOffsets);
    assert.ok(
      offsets.every((l: unknown) => Array.isArray(l)),
      JSON.stringify(offsets),
    );
    const texts = await labelsFor(without);
    assert.ok(texts.every((l: unknown) => typeof l === 'string') && texts.includes('separator'), JSON.stringify(texts));
    // eglot: "text" is also inside "ZtextSplit", so it keeps its offsets; the others become text.
    const eglot = await labelsFor(withOffsets, 'Eglot');
    assert.ok(Array.isArray(eglot[0]) && eglot.slice(1).every((l: unknown) => typeof l === 'string'), JSON.stringify(eglot));
  });

  it('converts snippets and Markdown as a reader would see them', () => {
    assert.strictEqual(snippetToPlain('ZaddField{${1:name};${2:value}}$0'), 'ZaddField{;}');
    assert.strictEqual(snippetToPlain('Zif{${1:a ${2:b}};\\$5 \\} ${3|x,y|}}'), 'Zif{;$5 } }');
    assert.strictEqual(
      markdownToPlain('**Ztitle**{text}\n```zscript\nZtitle{Hi}\n```\nSets the `title`; see [docs](https://x.io).'),
      'Ztitle{text}\nZtitle{Hi}\nSets the title; see docs (https://x.io).',
    );
    assert.strictEqual(
      markdownToPlain('| parameter | type | default |\n|---|---|---|\n| `style` | string | secondary |\n| `label` | string | |\nafter'),
      'style - type: string, default: secondary\nlabel - type: string\nafter',
    );
  });
});
