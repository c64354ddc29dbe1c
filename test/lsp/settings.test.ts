/**
 * `zscript.*` settings from every place a client may put them
 * (initializationOptions, a didChangeConfiguration payload, the pull model),
 * applied without a restart; files.exclude and file watching.
 */
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { capabilities, eventually, fileUri, FIXTURES, LspClient } from './client';

const URI = 'file:///tmp/zscript-settings/a.zbr';
const TEXT = '#trigger !a\nZtitel{Hello}\nZaddButton{;verify;Verify me;success}\nZtimeout{ZauthorID;60s}\n';
const ALL = { start: { line: 0, character: 0 }, end: { line: 10, character: 0 } };

const indexed = (client: LspClient, since: number) => client.waitFor('window/logMessage', (p) => /indexed \d+ \.zbr file/.test(p.message), 15000, since);

describe('lsp: settings', function () {
  this.timeout(30000);

  it('reads initializationOptions and didChangeConfiguration payloads (client without workspace/configuration)', async () => {
    const client = new LspClient();
    try {
      await client.initialize({
        capabilities: capabilities({ pull: false }),
        initializationOptions: { zscript: { inlayHints: { parameterNames: 'none', defaults: false } } },
      });
      await client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'zscript', version: 1, text: TEXT } });
      assert.deepStrictEqual(await client.request('textDocument/inlayHint', { textDocument: { uri: URI }, range: ALL }), []);

      // The typo's diagnostic, pushed.
      const first = await client.waitFor('textDocument/publishDiagnostics', (p) => p.uri === URI && p.diagnostics.length > 0);
      const typo = first.params.diagnostics.find((d: any) => d.range.start.line === 1);
      assert.ok(typo);

      // Severity off for that code: re-published without it, no restart.
      const republished = client.next('textDocument/publishDiagnostics', (p) => p.uri === URI && !p.diagnostics.some((d: any) => d.code === typo.code));
      await client.notify('workspace/didChangeConfiguration', {
        settings: { zscript: { diagnostics: { severity: { [typo.code]: 'off' } }, inlayHints: { parameterNames: 'all' } } },
      });
      await republished;
      const hints = await eventually(async () => {
        const h = await client.request('textDocument/inlayHint', { textDocument: { uri: URI }, range: ALL });
        return h.length > 0 ? h : undefined;
      }, 'inlay hints back on');
      assert.ok(hints.length > 0);

      // Dotted keys work too; severity "warning" downgrades it.
      const downgraded = client.next(
        'textDocument/publishDiagnostics',
        (p) => p.uri === URI && p.diagnostics.some((d: any) => d.code === typo.code && d.severity === 2),
      );
      await client.notify('workspace/didChangeConfiguration', { settings: { 'zscript.diagnostics.severity': { [typo.code]: 'warning' } } });
      await downgraded;
    } finally {
      await client.shutdown();
    }
  });

  it('says in its log what it ignores in the settings (a misspelt code, a value out of its list), once', async () => {
    const client = new LspClient();
    try {
      await client.initialize({ capabilities: capabilities({ pull: false }) });
      const since = client.notifications.length;
      const warned = client.waitFor('window/logMessage', (p) => /no-line-brake/.test(p.message), 10000, since);
      const bad = { diagnostics: { severity: { 'no-line-brake': 'off', 'no-line-break': 'bogus' }, mode: 'weird' }, files: { maxIndexed: -5 } };
      await client.notify('workspace/didChangeConfiguration', { settings: { zscript: bad } });
      const first = await warned;
      assert.strictEqual(first.params.type, 2);
      assert.match(first.params.message, /"no-line-brake" is no diagnostic code, so this entry changes nothing/);
      await eventually(async () => {
        const said = client.notifications
          .slice(since)
          .filter((m) => m.method === 'window/logMessage')
          .map((m) => m.params.message as string);
        return (
          said.some((m) => /"no-line-break" is set to "bogus"/.test(m)) &&
          said.some((m) => /zscript\.diagnostics\.mode is "weird"/.test(m)) &&
          said.some((m) => /zscript\.files\.maxIndexed is -5/.test(m))
        );
      }, 'every problem logged');
      // The same settings again: nothing said twice.
      const count = () => client.notifications.filter((m) => m.method === 'window/logMessage' && /no-line-brake/.test(m.params.message)).length;
      await client.notify('workspace/didChangeConfiguration', { settings: { zscript: bad } });
      await client.request('textDocument/hover', { textDocument: { uri: URI }, position: { line: 0, character: 0 } });
      assert.strictEqual(count(), 1);
    } finally {
      await client.shutdown();
    }
  });

  it("cuts a line's inlay hints to 43 characters for VS Code only, which cuts them there itself", async () => {
    for (const [clientName, last] of [
      ['Visual Studio Code', 'false'],
      ['Neovim', 'disabled: false'],
    ]) {
      const client = new LspClient();
      try {
        await client.initialize({ capabilities: capabilities({ pull: true }), clientName });
        await client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'zscript', version: 1, text: 'ZaddButton{;ok}\n' } });
        const labels = await eventually(async () => {
          const h = await client.request('textDocument/inlayHint', { textDocument: { uri: URI }, range: ALL });
          return h.length === 3 ? h.map((x: any) => x.label) : undefined;
        }, 'hints');
        assert.deepStrictEqual(labels, ['newRow: false', 'style: secondary', last], clientName);
      } finally {
        await client.shutdown();
      }
    }
  });

  it('applies pushed settings at once, before the workspace/configuration round trip (eglot pushes, then asks for hints)', async () => {
    const client = new LspClient();
    try {
      client.configuration = {};
      await client.initialize({ capabilities: capabilities({ pull: true, configuration: true }) });
      await client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'zscript', version: 1, text: 'ZaddButton{;ok}\n' } });
      await eventually(async () => client.serverRequests.some((r) => r.method === 'workspace/configuration'), 'configuration pulled');
      const section = { inlayHints: { parameterNames: 'literals' } };
      client.configuration = section;
      // No wait between the two: the hints are asked for while the server's own request for the section is out.
      const pushed = client.notify('workspace/didChangeConfiguration', { settings: { zscript: section } });
      const hints = await client.request('textDocument/inlayHint', { textDocument: { uri: URI }, range: ALL });
      await pushed;
      assert.ok(
        hints.some((h: any) => h.label === 'customID:'),
        JSON.stringify(hints.map((h: any) => h.label)),
      );
    } finally {
      await client.shutdown();
    }
  });

  it("pushes a document's diagnostics once per version: the catalog's arrival republishes, the same list is not sent again", async () => {
    const client = new LspClient();
    const other = 'file:///tmp/zscript-settings/b.zbr';
    try {
      await client.initialize({ capabilities: capabilities({ pull: false }) });
      await client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'zscript', version: 1, text: TEXT } });
      await client.notify('textDocument/didOpen', { textDocument: { uri: other, languageId: 'zscript', version: 1, text: '#trigger !b\nHi\n' } });
      // The catalog's announcement comes with a republish of every open document; an edit of the other one after it
      // is pushed in the same flush or a later one, so by its push any second push of the first has been sent.
      await client.waitFor('zscript/catalogStatus', () => true);
      await client.notify('textDocument/didChange', {
        textDocument: { uri: other, version: 2 },
        contentChanges: [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: 'Zusernme ' }],
      });
      await client.waitFor('textDocument/publishDiagnostics', (p) => p.uri === other && p.version === 2);
      const pushes = client.notifications.filter((n) => n.method === 'textDocument/publishDiagnostics' && n.params.uri === URI);
      assert.strictEqual(pushes.length, 1, JSON.stringify(pushes.map((n) => n.params.version)));
    } finally {
      await client.shutdown();
    }
  });

  it('pulls the zscript section with workspace/configuration and asks for refreshes', async () => {
    const client = new LspClient();
    try {
      client.configuration = { inlayHints: { parameterNames: 'none', defaults: false } };
      await client.initialize({ capabilities: capabilities({ pull: true, configuration: true, refresh: true }) });
      await client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'zscript', version: 1, text: TEXT } });
      await eventually(
        async () => client.serverRequests.some((r) => r.method === 'workspace/configuration' && r.params.items[0].section === 'zscript'),
        'configuration pulled',
      );
      await eventually(async () => (await client.request('textDocument/inlayHint', { textDocument: { uri: URI }, range: ALL })).length === 0, 'hints off');

      const before = client.serverRequests.length;
      client.configuration = { inlayHints: { parameterNames: 'all', defaults: true } };
      await client.notify('workspace/didChangeConfiguration', { settings: null });
      await eventually(async () => (await client.request('textDocument/inlayHint', { textDocument: { uri: URI }, range: ALL })).length > 0, 'hints on');
      await eventually(async () => {
        const methods = client.serverRequests.slice(before).map((r) => r.method);
        return (
          methods.includes('workspace/inlayHint/refresh') &&
          methods.includes('workspace/semanticTokens/refresh') &&
          methods.includes('workspace/diagnostic/refresh')
        );
      }, 'refresh requests');

      // Diagnostics mode "both": pushes even though the client pulls.
      client.configuration = { diagnostics: { mode: 'both' } };
      await client.notify('workspace/didChangeConfiguration', { settings: null });
      await client.waitFor('textDocument/publishDiagnostics', (p) => p.uri === URI);
    } finally {
      await client.shutdown();
    }
  });

  describe('workspace files', () => {
    let dir: string;

    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zscript-lsp-'));
      fs.cpSync(path.join(FIXTURES, 'workspace'), dir, { recursive: true });
      fs.mkdirSync(path.join(dir, 'node_modules', 'pkg'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'node_modules', 'pkg', 'hidden.zbr'), 'Ztitle{x}\n');
    });

    afterEach(() => {
      fs.rmSync(dir, { recursive: true, force: true });
    });

    async function workspaceUris(client: LspClient): Promise<string[]> {
      const report = await client.request('workspace/diagnostic', { previousResultIds: [] });
      return report.items.map((i: any) => i.uri).sort();
    }

    it('respects files.exclude and node_modules, and rescans when the globs change', async () => {
      const client = new LspClient();
      try {
        const done = indexed(client, 0);
        await client.initialize({
          workspaceFolders: [dir],
          capabilities: capabilities(),
          initializationOptions: { zscript: { files: { exclude: ['drafts/**', 'drafts'] } } },
        });
        await done;
        const uris = await workspaceUris(client);
        assert.deepStrictEqual(uris.map((u) => path.basename(u)).sort(), ['prefix.zbr', 'setprefix.zbr']);

        const again = indexed(client, client.notifications.length);
        await client.notify('workspace/didChangeConfiguration', { settings: { zscript: { files: { exclude: { '**/*.zbr.bak': true } } } } });
        await again;
        assert.deepStrictEqual((await workspaceUris(client)).map((u) => path.basename(u)).sort(), ['draft.zbr', 'prefix.zbr', 'setprefix.zbr']);
      } finally {
        await client.shutdown();
      }
    });

    it('shows the scan as work-done progress to a client that declares it: begin, the count, end', async () => {
      const client = new LspClient();
      try {
        const done = indexed(client, 0);
        await client.initialize({ workspaceFolders: [dir], capabilities: capabilities({ progress: true }) });
        const log = await done;
        const files = Number(/indexed (\d+) \.zbr file/.exec(log.params.message)?.[1]);
        assert.ok(files > 0, log.params.message);
        const create = await eventually(async () => client.serverRequests.find((r) => r.method === 'window/workDoneProgress/create'), 'the progress token');
        const values = await eventually(async () => {
          const sent = client.notifications.filter((n) => n.method === '$/progress' && n.params.token === create.params.token).map((n) => n.params.value);
          return sent.some((v) => v.kind === 'end') ? sent : undefined;
        }, 'the end of the progress');
        assert.strictEqual(values[0].kind, 'begin');
        assert.strictEqual(values[0].title, 'Indexing command files');
        assert.deepStrictEqual(values.slice(-2), [{ kind: 'report', message: `${files} files` }, { kind: 'end' }]);
        assert.strictEqual(values.filter((v) => v.kind === 'begin').length, 1);
      } finally {
        await client.shutdown();
      }
    });

    it('sends no progress to a client that does not declare window.workDoneProgress', async () => {
      const client = new LspClient();
      try {
        const done = indexed(client, 0);
        await client.initialize({ workspaceFolders: [dir], capabilities: capabilities() });
        await done;
        await client.request('workspace/symbol', { query: '' });
        assert.deepStrictEqual(
          client.serverRequests.filter((r) => r.method === 'window/workDoneProgress/create'),
          [],
        );
        assert.deepStrictEqual(
          client.notifications.filter((n) => n.method === '$/progress'),
          [],
        );
      } finally {
        await client.shutdown();
      }
    });

    it('indexes at most files.maxIndexed files, says so once, and takes the rest in when the limit is raised', async () => {
      const client = new LspClient();
      try {
        const done = indexed(client, 0);
        await client.initialize({ workspaceFolders: [dir], capabilities: capabilities(), initializationOptions: { zscript: { files: { maxIndexed: 1 } } } });
        await done;
        assert.strictEqual((await workspaceUris(client)).length, 1);
        const warnings = client.notifications.filter((n) => n.method === 'window/logMessage' && /workspace index is full \(1 files/.test(n.params.message));
        assert.strictEqual(warnings.length, 1, 'one warning per scan');
        assert.match(warnings[0].params.message, /zscript\.files\.maxIndexed/);

        const again = indexed(client, client.notifications.length);
        await client.notify('workspace/didChangeConfiguration', { settings: { zscript: { files: { maxIndexed: 100 } } } });
        await again;
        assert.deepStrictEqual((await workspaceUris(client)).map((u) => path.basename(u)).sort(), ['draft.zbr', 'prefix.zbr', 'setprefix.zbr']);

        const lowered = indexed(client, client.notifications.length);
        await client.notify('workspace/didChangeConfiguration', { settings: { zscript: { files: { maxIndexed: 2 } } } });
        await lowered;
        assert.strictEqual((await workspaceUris(client)).length, 2, 'lowering the limit drops files already indexed');
      } finally {
        await client.shutdown();
      }
    });

    it('registers file watchers dynamically and follows created, changed and deleted files', async () => {
      const client = new LspClient();
      try {
        const done = indexed(client, 0);
        await client.initialize({ workspaceFolders: [dir], capabilities: capabilities({ watch: true }) });
        await done;
        const registration = await eventually(async () => client.serverRequests.find((r) => r.method === 'client/registerCapability'), 'registration');
        const reg = registration.params.registrations.find((r: any) => r.method === 'workspace/didChangeWatchedFiles');
        assert.ok(reg.registerOptions.watchers.some((w: any) => w.globPattern === '**/*.zbr'));

        const created = path.join(dir, 'commands', 'new.zbr');
        fs.writeFileSync(created, '#trigger !new\nZsetServerVar{fresh;1}\n');
        await client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: fileUri(created), type: 1 }] });
        await eventually(async () => (await workspaceUris(client)).includes(fileUri(created)), 'created file indexed');
        const symbols = await client.request('workspace/symbol', { query: '' });
        assert.ok(Array.isArray(symbols));

        fs.rmSync(path.join(dir, 'drafts'), { recursive: true });
        await client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: fileUri(path.join(dir, 'drafts')), type: 3 }] });
        fs.rmSync(created);
        await client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: fileUri(created), type: 3 }] });
        await eventually(async () => {
          const uris = await workspaceUris(client);
          return !uris.includes(fileUri(created)) && !uris.some((u) => u.includes('/drafts/'));
        }, 'deleted files dropped');
      } finally {
        await client.shutdown();
      }
    });
  });
});
