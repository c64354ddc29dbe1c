/**
 * The catalog in use: bundled, a directory (zscript.catalog.path), a base
 * URL served by our HTTP module, an unreachable URL (fallback with a status
 * message), the zscript/reloadCatalog request and zscript/catalogStatus.
 */
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { serveCatalog } from '../../server/src/http';
import { capabilities, LspClient, ROOT } from './client';

const URI = 'file:///tmp/zscript-catalog/a.zbr';
const CATALOG_DIR = path.join(ROOT, 'catalog');
const FILES = ['functions.json', 'functions_tag.json', 'triggers.json', 'triggers_tag.json'];

function status(client: LspClient, test: (p: any) => boolean, since = 0) {
  return client.waitFor('zscript/catalogStatus', test, 20000, since);
}

/** A directory with the bundled catalog plus one extra function, `ZbenchOnly`. */
function extendedCatalog(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zscript-catalog-'));
  for (const f of FILES) fs.copyFileSync(path.join(CATALOG_DIR, f), path.join(dir, f));
  const functions = JSON.parse(fs.readFileSync(path.join(dir, 'functions.json'), 'utf8'));
  const title = functions.find((f: any) => f.name === 'Ztitle');
  functions.push({ ...title, name: 'ZextraFromFile', description: 'Only in the test catalog.' });
  fs.writeFileSync(path.join(dir, 'functions.json'), JSON.stringify(functions));
  return dir;
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe('lsp: catalog source', function () {
  this.timeout(40000);
  let cacheHome: string;
  let extended: string;
  const bundledCount = JSON.parse(fs.readFileSync(path.join(CATALOG_DIR, 'functions.json'), 'utf8')).length;

  before(() => {
    cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'zscript-cache-'));
    extended = extendedCatalog();
  });

  after(() => {
    fs.rmSync(cacheHome, { recursive: true, force: true });
    fs.rmSync(extended, { recursive: true, force: true });
  });

  it('says which catalog is in use at start (bundled by default)', async () => {
    const client = new LspClient({ env: { XDG_CACHE_HOME: cacheHome } });
    try {
      await client.initialize({ capabilities: capabilities() });
      const n = await status(client, () => true);
      assert.strictEqual(n.params.source, 'bundled');
      assert.strictEqual(n.params.functions, bundledCount);
      assert.strictEqual(typeof n.params.message, 'string');
      const logged = await client.waitFor('window/logMessage', (p) => p.type === 3 && /catalog/.test(p.message));
      assert.ok(logged);
    } finally {
      await client.shutdown();
    }
  });

  it('loads a catalog directory, switches without a restart, and falls back when it is broken', async () => {
    const client = new LspClient({ env: { XDG_CACHE_HOME: cacheHome } });
    try {
      await client.initialize({ capabilities: capabilities(), initializationOptions: { zscript: { catalog: { source: 'file', path: extended } } } });
      const n = await status(client, (p) => p.source === 'file');
      assert.strictEqual(n.params.functions, bundledCount + 1);
      await client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'zscript', version: 1, text: 'ZextraFromFile{x}\n' } });
      const hover = await client.request('textDocument/hover', { textDocument: { uri: URI }, position: { line: 0, character: 3 } });
      assert.ok(JSON.stringify(hover).includes('Only in the test catalog'));

      // A broken directory: the bundled catalog, and a message that names the problem.
      const since = client.notifications.length;
      await client.notify('workspace/didChangeConfiguration', { settings: { zscript: { catalog: { source: 'file', path: path.join(extended, 'missing') } } } });
      const fallback = await status(client, (p) => p.source === 'bundled', since);
      assert.match(fallback.params.message, /bundled/);
      assert.match(fallback.params.message, /missing/);

      // zscript/reloadCatalog answers with the status.
      const reloaded = await client.request('zscript/reloadCatalog');
      assert.deepStrictEqual(Object.keys(reloaded).sort(), ['functions', 'message', 'source']);
      assert.strictEqual(reloaded.source, 'bundled');
    } finally {
      await client.shutdown();
    }
  });

  it('falls back to the bundled catalog with a status message when the URL is unreachable', async () => {
    const port = await closedPort();
    const client = new LspClient({ env: { XDG_CACHE_HOME: cacheHome } });
    try {
      await client.initialize({
        capabilities: capabilities(),
        initializationOptions: { zscript: { catalog: { source: 'url', url: `http://127.0.0.1:${port}` } } },
      });
      const n = await status(client, () => true);
      assert.notStrictEqual(n.params.source, 'url');
      assert.strictEqual(n.params.functions, bundledCount);
      assert.ok(n.params.message.length > 0);
      // Still serving, on the bundled catalog.
      await client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'zscript', version: 1, text: 'Ztitle{x}\n' } });
      const hover = await client.request('textDocument/hover', { textDocument: { uri: URI }, position: { line: 0, character: 3 } });
      assert.ok(JSON.stringify(hover).includes('Ztitle'));
    } finally {
      await client.shutdown();
    }
  });

  it('fetches the catalog from our HTTP module (a base URL), and caches it under the cache directory', async () => {
    const http = await serveCatalog({ port: 0, host: '127.0.0.1', catalogDir: extended, quiet: true, log: () => undefined });
    const client = new LspClient({ env: { XDG_CACHE_HOME: cacheHome } });
    try {
      await client.initialize({ capabilities: capabilities(), initializationOptions: { zscript: { catalog: { source: 'url', url: http.url } } } });
      const n = await status(client, (p) => p.source === 'url');
      assert.strictEqual(n.params.functions, bundledCount + 1);
      await client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'zscript', version: 1, text: 'ZextraFromFile{x}\n' } });
      const hover = await client.request('textDocument/hover', { textDocument: { uri: URI }, position: { line: 0, character: 3 } });
      assert.ok(JSON.stringify(hover).includes('Only in the test catalog'));
      // The endpoint goes away: a reload falls back to the cached copy, with a message.
      await http.stop();
      const reloaded = await client.request('zscript/reloadCatalog');
      assert.notStrictEqual(reloaded.source, 'url');
      assert.ok(reloaded.message.length > 0);
    } finally {
      await client.shutdown();
      await http.stop().catch(() => undefined);
    }
  });

  it('never writes outside its cache directory', () => {
    // Everything the runs above wrote is under XDG_CACHE_HOME/zscript (if anything).
    for (const entry of fs.readdirSync(cacheHome)) assert.strictEqual(entry, 'zscript');
  });
});
