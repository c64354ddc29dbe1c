/**
 * Bad input and failures never stop the server: unknown documents, absurd
 * positions, garbage params, malformed frames, a malformed 1 MB file, a
 * feature that throws, and cancellation.
 */
import * as assert from 'node:assert';
import { capabilities, frame, LspClient } from './client';

const URI = 'file:///tmp/zscript-robustness/a.zbr';
const TEXT = '#trigger !a\nZtitle{Hello}\nZcolor{ff0000}\n';

async function alive(client: LspClient): Promise<void> {
  const hover = await client.request('textDocument/hover', { textDocument: { uri: URI }, position: { line: 1, character: 2 } });
  assert.ok(hover && JSON.stringify(hover.contents).includes('Ztitle'), 'server still answers');
}

describe('lsp: bad input and cancellation', function () {
  this.timeout(60000);
  let client: LspClient;

  before(async () => {
    client = new LspClient();
    await client.initialize({ capabilities: capabilities({ pull: true }) });
    await client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'zscript', version: 1, text: TEXT } });
  });

  after(async () => {
    await client?.shutdown();
  });

  it('answers empty for an unknown document', async () => {
    const unknown = { textDocument: { uri: 'file:///nowhere/x.zbr' } };
    const p = { line: 0, character: 0 };
    assert.strictEqual(await client.request('textDocument/hover', { ...unknown, position: p }), null);
    assert.strictEqual(await client.request('textDocument/signatureHelp', { ...unknown, position: p }), null);
    assert.strictEqual(await client.request('textDocument/definition', { ...unknown, position: p }), null);
    assert.deepStrictEqual(await client.request('textDocument/references', { ...unknown, position: p, context: { includeDeclaration: true } }), []);
    assert.deepStrictEqual((await client.request('textDocument/completion', { ...unknown, position: p })).items, []);
    assert.deepStrictEqual(await client.request('textDocument/documentSymbol', unknown), []);
    assert.deepStrictEqual(await client.request('textDocument/foldingRange', unknown), []);
    assert.deepStrictEqual((await client.request('textDocument/semanticTokens/full', unknown)).data, []);
    assert.deepStrictEqual(await client.request('textDocument/documentColor', unknown), []);
    assert.deepStrictEqual(await client.request('textDocument/documentLink', unknown), []);
    assert.deepStrictEqual(await client.request('textDocument/inlayHint', { ...unknown, range: { start: p, end: p } }), []);
    const report = await client.request('textDocument/diagnostic', unknown);
    assert.strictEqual(report.kind, 'full');
    assert.deepStrictEqual(report.items, []);
  });

  it('answers empty or clamped for positions far out of range', async () => {
    const far = { line: 1e6, character: 1e6 };
    const doc = { textDocument: { uri: URI } };
    await client.request('textDocument/hover', { ...doc, position: far });
    await client.request('textDocument/completion', { ...doc, position: far });
    await client.request('textDocument/signatureHelp', { ...doc, position: { line: -5, character: -1 } });
    await client.request('textDocument/inlayHint', { ...doc, range: { start: { line: 1e6, character: 0 }, end: { line: 0, character: 0 } } });
    await client.request('textDocument/selectionRange', { ...doc, positions: [far] });
    await client.request('textDocument/codeAction', { ...doc, range: { start: far, end: far }, context: { diagnostics: [] } });
    // An edit with a range past the end.
    await client.notify('textDocument/didChange', {
      textDocument: { uri: URI, version: 2 },
      contentChanges: [{ range: { start: far, end: far }, text: '' }],
    });
    await alive(client);
  });

  it('answers garbage params without dying', async () => {
    const other = 'file:///tmp/zscript-robustness/garbage.zbr';
    const garbage: unknown[] = [
      null,
      42,
      'text',
      [],
      {},
      { textDocument: 7 },
      { textDocument: { uri: other }, position: 'here' },
      { textDocument: { uri: other }, position: { line: 'a', character: {} } },
    ];
    const methods = [
      'textDocument/hover',
      'textDocument/completion',
      'textDocument/signatureHelp',
      'textDocument/definition',
      'textDocument/references',
      'textDocument/rename',
      'textDocument/prepareRename',
      'textDocument/inlayHint',
      'textDocument/codeAction',
      'textDocument/selectionRange',
      'textDocument/colorPresentation',
      'textDocument/documentColor',
      'textDocument/documentSymbol',
      'textDocument/documentHighlight',
      'textDocument/documentLink',
      'textDocument/foldingRange',
      'textDocument/formatting',
      'textDocument/semanticTokens/full',
      'textDocument/diagnostic',
      'workspace/symbol',
      'workspace/diagnostic',
      'completionItem/resolve',
    ];
    for (const method of methods) {
      for (const params of garbage) {
        // An answer or an error response are both fine; a hang or an exit is not. Params that JSON-RPC
        // does not allow (neither object nor array) are the client's mistake: InvalidParams, saying so.
        const structured = typeof params === 'object' && params !== null;
        await client.request(method, params).then(
          () => assert.ok(structured, `${method} answered params ${JSON.stringify(params)}`),
          (e) => {
            assert.strictEqual(typeof e.code, 'number', `${method}: ${JSON.stringify(e)}`);
            if (!structured) {
              assert.strictEqual(e.code, -32602, `${method} with params ${JSON.stringify(params)}: ${e.message}`);
              assert.match(e.message, /params must be an object/);
            } else assert.notStrictEqual(e.code, -32603, `${method} with params ${JSON.stringify(params)} failed inside: ${e.message}`);
          },
        );
      }
    }
    for (const params of garbage) {
      await client.notify('textDocument/didOpen', params);
      await client.notify('textDocument/didChange', params);
      await client.notify('textDocument/didClose', params);
      await client.notify('workspace/didChangeWatchedFiles', params);
      await client.notify('workspace/didChangeConfiguration', params);
    }
    await alive(client);
  });

  it('survives malformed frames and invalid JSON', async () => {
    await client.sendBytes(Buffer.from('Content-Length: 12\r\n\r\n{not json!!}'));
    await client.sendBytes(frame({ jsonrpc: '2.0', id: 'odd', method: 'no/such/method', params: {} }));
    await alive(client);
  });

  it('replies MethodNotFound for unknown requests', async () => {
    await assert.rejects(client.request('zscript/noSuchThing', {}), (e: any) => e.code === -32601);
  });

  it('opens, analyses and edits a malformed 1 MB file', async () => {
    const uri = 'file:///tmp/zscript-robustness/huge.zbr';
    const chunk = 'Zif{Ztitle{{{;;\\\n}}}#option ||| ZZZ{ Zcolor{zz} ]][[ \u00e9\u{1F600} \\{ \\} \r\n';
    let text = '';
    while (text.length < 1024 * 1024) text += `${chunk + '{'.repeat(text.length % 7)}\n`;
    await client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'zscript', version: 1, text } });
    const report = await client.request('textDocument/diagnostic', { textDocument: { uri } }, 60000);
    assert.strictEqual(report.kind, 'full');
    await client.notify('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line: 500, character: 3 }, end: { line: 900, character: 1 } }, text: '}}}{{{' }],
    });
    await client.request('textDocument/completion', { textDocument: { uri }, position: { line: 501, character: 4 } }, 60000);
    await client.request('textDocument/semanticTokens/full', { textDocument: { uri } }, 60000);
    await client.request('textDocument/foldingRange', { textDocument: { uri } }, 60000);
    await client.notify('textDocument/didClose', { textDocument: { uri } });
    await alive(client);
  });

  it('honours $/cancelRequest: a request cancelled before it runs answers RequestCancelled', async () => {
    await assert.rejects(
      client.requestAndCancel('textDocument/hover', { textDocument: { uri: URI }, position: { line: 1, character: 2 } }),
      (e: any) => e.code === -32800,
    );
    await assert.rejects(client.requestAndCancel('workspace/diagnostic', { previousResultIds: [] }), (e: any) => e.code === -32800);
    await alive(client);
  });

  it('a cancel for an unknown or finished request is harmless', async () => {
    await client.notify('$/cancelRequest', { id: 987654 });
    await client.notify('$/cancelRequest', { id: 'nope' });
    await alive(client);
  });
});

describe('lsp: a feature that throws', function () {
  this.timeout(30000);
  let client: LspClient;

  before(async () => {
    client = new LspClient({ env: { ZSCRIPT_LSP_FAULT: 'textDocument/hover' } });
    await client.initialize({ capabilities: capabilities() });
    await client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'zscript', version: 1, text: TEXT } });
  });

  after(async () => {
    await client?.shutdown();
  });

  it('answers that request with an error, logs the stack, and keeps serving the others', async () => {
    const logged = client.waitFor('window/logMessage', (p) => p.type === 1 && /textDocument\/hover failed/.test(p.message));
    await assert.rejects(
      client.request('textDocument/hover', { textDocument: { uri: URI }, position: { line: 1, character: 2 } }),
      (e: any) => e.code === -32603 && /injected fault/.test(e.message),
    );
    const log = await logged;
    assert.ok(/\n\s+at /.test(log.params.message), 'the log carries a stack');
    const completions = await client.request('textDocument/completion', { textDocument: { uri: URI }, position: { line: 1, character: 2 } });
    assert.ok(completions.items.length > 0);
    await assert.rejects(
      client.request('textDocument/hover', { textDocument: { uri: URI }, position: { line: 1, character: 2 } }),
      (e: any) => e.code === -32603,
    );
  });
});
