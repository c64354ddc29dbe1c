/**
 * Hostile input to the language server (issue 16), through its real
 * connection: the protocol's lifecycle rules, a malformed header, a closed
 * output, a client that is not there, reversed edit ranges, answers too large
 * or too deep to send, pulls for documents never opened, and workspaces and
 * catalog folders holding FIFOs, devices, /proc files and links out of the
 * workspace. Bounded in count; no wall-clock assertions (the client's own
 * request timeout is what catches a hang).
 */
import * as assert from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { capabilities, eventually, fileUri, frame, LspClient, ROOT, SERVER } from './client';

const URI = 'file:///tmp/zscript-hostile/a.zbr';
const CATALOG_DIR = path.join(ROOT, 'catalog');
const CATALOG_FILES = ['functions.json', 'functions_tag.json', 'triggers.json', 'triggers_tag.json'];
const canFifo = process.platform !== 'win32';

function mkfifo(file: string): void {
  const r = spawnSync('mkfifo', [file]);
  if (r.status !== 0) throw new Error(`mkfifo failed: ${r.stderr}`);
}

/** Runs the server binary with `args` and no client; resolves with its exit code and stderr. */
function runServer(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SERVER, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 15000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe('lsp: hostile input (issue 16)', function () {
  this.timeout(90000);

  describe('lifecycle and transport', () => {
    it('answers ServerNotInitialized before initialize, refuses a second initialize and requests after shutdown', async () => {
      const client = new LspClient();
      try {
        await assert.rejects(
          client.request('textDocument/hover', { textDocument: { uri: URI }, position: { line: 0, character: 0 } }),
          (e: any) => e.code === -32002,
        );
        await assert.rejects(client.request('shutdown'), (e: any) => e.code === -32002);
        await client.initialize({ capabilities: capabilities() });
        await assert.rejects(client.request('initialize', { processId: null, rootUri: null, capabilities: {} }), (e: any) => e.code === -32600);
        await client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'zscript', version: 1, text: 'Ztitle{Hi}\n' } });
        assert.ok(await client.request('textDocument/hover', { textDocument: { uri: URI }, position: { line: 0, character: 2 } }));
        await client.request('shutdown');
        await assert.rejects(
          client.request('textDocument/hover', { textDocument: { uri: URI }, position: { line: 0, character: 2 } }),
          (e: any) => e.code === -32600,
        );
        await client.notify('exit');
        assert.strictEqual(await client.exited, 0);
      } finally {
        client.kill();
      }
    });

    it('garbage in any one parameter of any request answers empty or InvalidParams, never InternalError', async () => {
      const client = new LspClient();
      try {
        await client.initialize({ capabilities: capabilities({ pull: true }) });
        await client.notify('textDocument/didOpen', {
          textDocument: { uri: URI, languageId: 'zscript', version: 1, text: '#trigger !a\nZtitle{Hi} Zcolor{blue} Zfoo{a}\n' },
        });
        const methods = [
          'textDocument/hover',
          'textDocument/completion',
          'completionItem/resolve',
          'textDocument/signatureHelp',
          'textDocument/definition',
          'textDocument/references',
          'textDocument/rename',
          'textDocument/prepareRename',
          'textDocument/inlayHint',
          'textDocument/codeAction',
          'textDocument/selectionRange',
          'textDocument/colorPresentation',
          'textDocument/diagnostic',
          'workspace/symbol',
          'workspace/diagnostic',
          'textDocument/documentSymbol',
          'textDocument/foldingRange',
          'textDocument/semanticTokens/full',
          'textDocument/semanticTokens/full/delta',
          'textDocument/documentColor',
          'textDocument/documentLink',
          'textDocument/formatting',
        ];
        const values: unknown[] = [null, 1, 'x', [], {}, true, { line: 1 }, [1, 2], { uri: 5 }, { start: 1 }, [null, { range: 3 }]];
        const keys = [
          'textDocument',
          'position',
          'range',
          'context',
          'positions',
          'newName',
          'color',
          'previousResultId',
          'previousResultIds',
          'query',
          'data',
          'label',
        ];
        const failures: string[] = [];
        for (const method of methods) {
          const pending: Promise<void>[] = [];
          for (const key of keys) {
            for (const value of values) {
              const params: Record<string, unknown> = {
                textDocument: { uri: URI },
                position: { line: 1, character: 2 },
                range: { start: { line: 0, character: 0 }, end: { line: 2, character: 0 } },
                context: { diagnostics: [], includeDeclaration: true },
                positions: [{ line: 1, character: 2 }],
                newName: 'renamed',
                color: { red: 1, green: 0, blue: 0, alpha: 1 },
                label: 'Ztitle',
                query: 'a',
                [key]: value,
              };
              pending.push(
                client.request(method, params).then(
                  () => undefined,
                  (e: any) => {
                    if (e.code !== -32602 && e.code !== -32800) failures.push(`${method} ${key}=${JSON.stringify(value)}: ${e.code} ${e.message}`);
                  },
                ),
              );
            }
          }
          await Promise.all(pending);
        }
        assert.deepStrictEqual(failures, []);
      } finally {
        await client.shutdown();
      }
    });

    it('garbage diagnostics in a codeAction request are not an InternalError', async () => {
      const client = new LspClient();
      try {
        await client.initialize({ capabilities: capabilities() });
        await client.notify('textDocument/didOpen', {
          textDocument: { uri: URI, languageId: 'zscript', version: 1, text: '#trigger !a\nZcolor{blue} Zfoo{a}\n' },
        });
        const range = { start: { line: 0, character: 0 }, end: { line: 2, character: 0 } };
        const garbage = [null, 1, {}, { range: 5 }, { range: { start: 1, end: 2 } }, { range, message: 5, code: {}, data: 7 }];
        const actions = await client.request('textDocument/codeAction', {
          textDocument: { uri: URI },
          range,
          context: { diagnostics: garbage, only: [5, null] },
        });
        assert.ok(Array.isArray(actions));
      } finally {
        await client.shutdown();
      }
    });

    it('answers InternalError when an answer cannot be serialised, and keeps serving', async () => {
      const client = new LspClient({ env: { ZSCRIPT_LSP_FAULT: 'unsendable:textDocument/hover' } });
      try {
        await client.initialize({ capabilities: capabilities() });
        await client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'zscript', version: 1, text: 'Ztitle{Hi}\n' } });
        await assert.rejects(
          client.request('textDocument/hover', { textDocument: { uri: URI }, position: { line: 0, character: 2 } }),
          (e: any) => e.code === -32603 && /could not be sent/.test(e.message),
        );
        assert.ok(Array.isArray(await client.request('textDocument/documentSymbol', { textDocument: { uri: URI } })));
      } finally {
        await client.shutdown();
      }
    });

    it('logs a malformed Content-Length and exits non-zero instead of hanging', async () => {
      const client = new LspClient();
      await client.initialize({ capabilities: capabilities() });
      // A body that is not JSON (and mentions headers) costs only itself.
      const notJson = Buffer.from('{"header": Content-Length');
      await client.sendBytes(Buffer.concat([Buffer.from(`Content-Length: ${notJson.length}\r\n\r\n`), notJson]));
      await client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'zscript', version: 1, text: 'Ztitle{Hi}\n' } });
      assert.ok(await client.request('textDocument/hover', { textDocument: { uri: URI }, position: { line: 0, character: 2 } }));
      await client.sendBytes(Buffer.from('Content-Length: abc\r\n\r\n{}'));
      await client.sendBytes(frame({ jsonrpc: '2.0', id: 99, method: 'textDocument/hover', params: {} }));
      const code = await client.exited;
      assert.strictEqual(code, 1);
      assert.match(client.stderr, /malformed message header/);
    });

    it('exits when its output is closed', async () => {
      const client = new LspClient();
      await client.initialize({ capabilities: capabilities() });
      client.child.stdout!.destroy();
      // The next answer cannot be written: the server must notice and go.
      await client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'zscript', version: 1, text: 'Ztitle{Hi}\n' } });
      void client.request('textDocument/hover', { textDocument: { uri: URI }, position: { line: 0, character: 2 } }).catch(() => undefined);
      const code = await client.exited;
      assert.notStrictEqual(code, null, 'exited by itself');
      assert.notStrictEqual(code, 0);
    });

    it('--socket with nothing listening and --pipe to a missing path print one line and exit 1', async () => {
      const port = await closedPort();
      const socket = await runServer([`--socket=${port}`]);
      assert.strictEqual(socket.code, 1);
      assert.match(socket.stderr, /^zscript-language-server: cannot connect to 127\.0\.0\.1:\d+ \(ECONNREFUSED\)\n$/);
      const pipe = await runServer([`--pipe=${path.join(os.tmpdir(), 'zscript-no-such-pipe', 'x.sock')}`]);
      assert.strictEqual(pipe.code, 1);
      assert.match(pipe.stderr, /^zscript-language-server: cannot connect to .*x\.sock \(ENOENT\)\n$/);
    });
  });

  describe('documents', () => {
    let client: LspClient;
    before(async () => {
      client = new LspClient();
      await client.initialize({ capabilities: capabilities({ pull: true }) });
    });
    after(async () => {
      await client?.shutdown();
    });

    it('takes a didChange range whose end is before its start the other way round, as the text-document library does', async () => {
      const uri = 'file:///tmp/zscript-hostile/reversed.zbr';
      await client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'zscript', version: 1, text: '#trigger !a\nZcolor{ff0000}\n' } });
      // Replace "color" (characters 1 to 6 of line 1), the range given end first.
      await client.notify('textDocument/didChange', {
        textDocument: { uri, version: 2 },
        contentChanges: [{ range: { start: { line: 1, character: 6 }, end: { line: 1, character: 1 } }, text: 'title' }],
      });
      const hover = await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 2 } });
      assert.match(JSON.stringify(hover), /Ztitle/);
      const report = await client.request('textDocument/diagnostic', { textDocument: { uri } });
      assert.deepStrictEqual(
        report.items.filter((d: any) => d.code === 'unknown-function'),
        [],
        'the text is Ztitle{ff0000}, not Zcolortitle{ff0000}',
      );
    });

    it('caps diagnostics per document and says how many more there are', async () => {
      const uri = 'file:///tmp/zscript-hostile/many.zbr';
      const text = `#trigger !many\n${'Zfoo{a}\n'.repeat(3000)}`;
      await client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'zscript', version: 1, text } });
      const report = await client.request('textDocument/diagnostic', { textDocument: { uri } });
      assert.strictEqual(report.items.length, 1001);
      const last = report.items[1000];
      assert.strictEqual(last.code, 'too-many-diagnostics');
      assert.match(last.message, /^2000 more problems in this file not shown/);
      assert.deepStrictEqual(last.range.start, { line: 1001, character: 0 }, 'placed at the first one not shown');
    });

    it('answers selection ranges inside thousands of nested calls (depth capped)', async () => {
      const uri = 'file:///tmp/zscript-hostile/nested.zbr';
      const depth = 4500;
      const text = `${'Zlowercase{'.repeat(depth)}x${'}'.repeat(depth)}\n`;
      await client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'zscript', version: 1, text } });
      const [range] = await client.request('textDocument/selectionRange', { textDocument: { uri }, positions: [{ line: 0, character: depth * 11 }] });
      let levels = 0;
      let outermost = range;
      for (let r = range; r; r = r.parent) {
        levels++;
        outermost = r;
      }
      assert.ok(levels > 100 && levels <= 1000, `${levels} levels`);
      assert.deepStrictEqual(outermost.range.start, { line: 0, character: 0 }, 'the whole file stays the outermost level');
    });

    it('answers inlay hints over a multi-megabyte single line, within its budget and the requested range', async () => {
      const uri = 'file:///tmp/zscript-hostile/oneline.zbr';
      const unit = 'ZaddButton{;id;OK} ';
      const line = unit.repeat(Math.ceil(3e6 / unit.length));
      await client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'zscript', version: 1, text: `#trigger !a\n${line}\n` } });
      const all = await client.request('textDocument/inlayHint', {
        textDocument: { uri },
        range: { start: { line: 0, character: 0 }, end: { line: 2, character: 0 } },
      });
      // The service stops at 5000 hints (this client is not VS Code: no 43-character cap per line).
      assert.ok(all.length > 0 && all.length <= 5000, String(all.length));
      const from = 1_500_000;
      const some = await client.request('textDocument/inlayHint', {
        textDocument: { uri },
        range: { start: { line: 1, character: from }, end: { line: 1, character: from + 200 } },
      });
      assert.ok(some.length > 0);
      for (const h of some) assert.ok(h.position.line === 1 && h.position.character >= from && h.position.character <= from + 200);
    });

    it('does not analyse a document over 8 M characters (small heap), says so, and analyses it again once it is small', async () => {
      const small = new LspClient({ command: [process.execPath, '--max-old-space-size=160', SERVER] });
      try {
        await small.initialize({ capabilities: capabilities({ pull: true }) });
        const uri = 'file:///tmp/zscript-hostile/huge.zbr';
        // 9 M characters of findings: analysed, several hundred MiB.
        const text = `#trigger !a\n${'Zcolor{blue}\n'.repeat(Math.ceil((9 * 1024 * 1024) / 13))}`;
        await small.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'zscript', version: 1, text } });
        const report = await small.request('textDocument/diagnostic', { textDocument: { uri } });
        assert.deepStrictEqual(
          report.items.map((d: any) => d.code),
          ['file-too-large'],
        );
        assert.match(report.items[0].message, /not analysed: 9\.0 M characters is over the 8 M/);
        assert.strictEqual(await small.request('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 2 } }), null);
        // An edit (ranged, followed here) that removes all but the first lines brings it back under the cap.
        await small.notify('textDocument/didChange', {
          textDocument: { uri, version: 2 },
          contentChanges: [{ range: { start: { line: 2, character: 0 }, end: { line: 800_000, character: 0 } }, text: '' }],
        });
        const after = await small.request('textDocument/diagnostic', { textDocument: { uri } });
        assert.deepStrictEqual(after.items.map((d: any) => d.code).sort(), ['embed-without-body', 'invalid-color']);
        assert.ok(await small.request('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 2 } }));
      } finally {
        await small.shutdown();
      }
    });

    it('keeps nothing for pulls of documents that were never opened (small heap)', async () => {
      // 8 KiB URIs: kept per pull, 6,000 of them would be 48 MiB in a 40 MiB heap.
      const small = new LspClient({ command: [process.execPath, '--max-old-space-size=40', SERVER] });
      try {
        await small.initialize({ capabilities: capabilities({ pull: true }) });
        const pad = 'x'.repeat(8192);
        for (let batch = 0; batch < 12; batch++) {
          const pulls: Promise<any>[] = [];
          for (let i = 0; i < 500; i++)
            pulls.push(small.request('textDocument/diagnostic', { textDocument: { uri: `file:///never/${batch}-${i}-${pad}.zbr` } }, 60000));
          for (const report of await Promise.all(pulls)) {
            assert.strictEqual(report.kind, 'full');
            assert.deepStrictEqual(report.items, []);
            assert.strictEqual(report.resultId, undefined, 'no result id kept for a document the server does not have');
          }
        }
        await small.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'zscript', version: 1, text: 'Ztitle{Hi}\n' } });
        assert.ok(await small.request('textDocument/hover', { textDocument: { uri: URI }, position: { line: 0, character: 2 } }));
      } finally {
        await small.shutdown();
      }
    });
  });

  describe('files that are not what they claim', () => {
    let dir: string;
    let outside: string;
    before(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zscript-hostile-ws-'));
      outside = fs.mkdtempSync(path.join(os.tmpdir(), 'zscript-hostile-out-'));
    });
    after(() => {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(outside, { recursive: true, force: true });
    });

    it('indexes regular files inside the workspace only: not FIFOs, devices, /proc files, oversized files or links out of it', async function () {
      if (!canFifo) this.skip();
      fs.writeFileSync(path.join(dir, 'good.zbr'), '#trigger !good\nZvar{fromGood;1}\n');
      fs.writeFileSync(path.join(outside, 'secret.zbr'), '#trigger !secret\nZvar{fromOutside;1}\n');
      fs.symlinkSync(path.join(outside, 'secret.zbr'), path.join(dir, 'outside.zbr'));
      fs.symlinkSync(path.join(dir, 'good.zbr'), path.join(dir, 'inside-link.zbr'));
      fs.symlinkSync('/etc/passwd', path.join(dir, 'passwd.zbr'));
      if (fs.existsSync('/proc/self/pagemap')) fs.symlinkSync('/proc/self/pagemap', path.join(dir, 'pagemap.zbr'));
      fs.symlinkSync('/dev/zero', path.join(dir, 'zero.zbr'));
      mkfifo(path.join(dir, 'fifo.zbr'));
      // A FIFO met through a link inside the workspace is opened without waiting and refused.
      fs.symlinkSync(path.join(dir, 'fifo.zbr'), path.join(dir, 'fifo-link.zbr'));
      fs.writeFileSync(path.join(dir, 'big.zbr'), `#trigger !big\n${'x'.repeat(1024 * 1024 + 10)}\n`);
      const client = new LspClient();
      try {
        await client.initialize({ capabilities: capabilities({ pull: true }), workspaceFolders: [dir] });
        const report = await eventually(async () => {
          const r = await client.request('workspace/diagnostic', { previousResultIds: [] });
          return r.items.some((i: any) => i.uri.endsWith('/good.zbr')) ? r : undefined;
        }, 'the workspace scan');
        const names = report.items.map((i: any) => path.basename(decodeURIComponent(i.uri))).sort();
        assert.deepStrictEqual(names, ['good.zbr', 'inside-link.zbr']);
        assert.match(client.stderr + JSON.stringify(client.notifications), /outside\.zbr: it links outside the workspace folders/);
        assert.match(JSON.stringify(client.notifications), /fifo-link\.zbr: is a FIFO, not a regular file/);
        assert.match(JSON.stringify(client.notifications), /passwd\.zbr: it links outside the workspace folders/);
        // Still serving.
        await client.notify('textDocument/didOpen', {
          textDocument: { uri: fileUri(path.join(dir, 'good.zbr')), languageId: 'zscript', version: 1, text: '#trigger !good\nZtitle{x}\n' },
        });
        assert.ok(
          await client.request('textDocument/hover', { textDocument: { uri: fileUri(path.join(dir, 'good.zbr')) }, position: { line: 1, character: 2 } }),
        );
      } finally {
        await client.shutdown();
      }
    });

    it('refuses a catalog folder whose files are a FIFO or /dev/zero, and keeps the last good catalog of that folder', async function () {
      if (!canFifo) this.skip();
      const catalog = fs.mkdtempSync(path.join(os.tmpdir(), 'zscript-hostile-cat-'));
      for (const f of CATALOG_FILES) fs.copyFileSync(path.join(CATALOG_DIR, f), path.join(catalog, f));
      const client = new LspClient({ command: [process.execPath, '--max-old-space-size=128', SERVER] });
      try {
        await client.initialize({ capabilities: capabilities(), initializationOptions: { zscript: { catalog: { source: 'file', path: catalog } } } });
        await client.waitFor('zscript/catalogStatus', (p) => p.source === 'file');
        fs.rmSync(path.join(catalog, 'functions.json'));
        mkfifo(path.join(catalog, 'functions.json'));
        const fifo = await client.request('zscript/reloadCatalog');
        assert.strictEqual(fifo.source, 'file', 'the last good catalog of the folder is kept');
        assert.match(fifo.message, /functions\.json: is a FIFO, not a regular file; keeping the catalog loaded from it before/);
        fs.rmSync(path.join(catalog, 'functions.json'));
        fs.symlinkSync('/dev/zero', path.join(catalog, 'functions.json'));
        const zero = await client.request('zscript/reloadCatalog');
        assert.strictEqual(zero.source, 'file');
        assert.match(zero.message, /is a character device, not a regular file/);
        await client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'zscript', version: 1, text: 'Ztitle{Hi}\n' } });
        assert.ok(await client.request('textDocument/hover', { textDocument: { uri: URI }, position: { line: 0, character: 2 } }));
      } finally {
        await client.shutdown();
        fs.rmSync(catalog, { recursive: true, force: true });
      }
    });
  });
});
