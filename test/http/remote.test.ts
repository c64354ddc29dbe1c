/** loadRemoteCatalog against real sockets: our own HTTP module, and small misbehaving endpoints. */
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as path from 'node:path';
import { bundledCatalog } from '../../server/src/catalog';
import { cacheFileName, CACHED_URLS_KEPT, loadRemoteCatalog } from '../../server/src/catalog/remote';
import { type CatalogServer, serveCatalog } from '../../server/src/http';
import { REPO_CATALOG as REPO_CATALOG_DIR, removeDir, repoData, tempCatalog, tempDir } from './helpers';

type Fn = { name: string; syntax: string; example: string; [key: string]: unknown };

/** A catalog directory whose functions.json has one function more than ours. */
function biggerCatalog(): string {
  const functions = repoData('functions.json') as Fn[];
  const base = functions[0];
  const extra = {
    ...base,
    name: 'ZfromTheEngine',
    syntax: base.syntax.replace(base.name, 'ZfromTheEngine'),
    example: base.example.split(base.name).join('ZfromTheEngine'),
  };
  return tempCatalog({ 'functions.json': JSON.stringify([...functions, extra]) });
}

/** A bare endpoint answering each path with a fixed status and body (404 elsewhere); `hang` never answers. */
async function fakeEndpoint(routes: Record<string, { status: number; body: string } | 'hang'>): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const route = routes[req.url ?? ''];
    if (route === 'hang') return; // never answers
    const answer = route ?? { status: 404, body: '{"error":"not found","status":404}' };
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

describe('catalog/remote: the language server as a client of a catalog endpoint (real socket)', () => {
  let cacheDir: string;
  const dirs: string[] = [];
  const servers: CatalogServer[] = [];

  beforeEach(() => {
    cacheDir = path.join(tempDir('zscript-remote-'), 'globalStorage');
    dirs.push(path.dirname(cacheDir));
  });
  after(async () => {
    for (const s of servers) await s.stop();
    for (const d of dirs) removeDir(d);
  });

  async function ourServer(dir: string): Promise<CatalogServer> {
    dirs.push(dir);
    const server = await serveCatalog({ port: 0, catalogDir: dir, quiet: true, watch: false });
    servers.push(server);
    return server;
  }

  it('loads from our HTTP module, says so, and writes the cache (only in cacheDir, atomically)', async () => {
    const server = await ourServer(tempCatalog());
    const result = await loadRemoteCatalog({ baseUrl: server.url, cacheDir });
    assert.strictEqual(result.origin, 'remote');
    assert.strictEqual(result.catalog.functions.length, bundledCatalog().functions.length);
    assert.strictEqual(
      result.message,
      `Using catalog from ${server.url}: ${result.catalog.functions.length} functions, ${result.catalog.triggers.length} triggers`,
    );
    assert.deepStrictEqual(fs.readdirSync(cacheDir), [cacheFileName(server.url)], 'one cache file, no temp files left');
    const cached = JSON.parse(fs.readFileSync(path.join(cacheDir, cacheFileName(server.url)), 'utf8'));
    assert.strictEqual(cached.url, server.url);
    assert.deepStrictEqual(Object.keys(cached.texts).sort(), ['functionTags', 'functions', 'triggerTags', 'triggers']);
  });

  it('accepts a trailing slash on the base URL', async () => {
    const server = await ourServer(tempCatalog());
    const result = await loadRemoteCatalog({ baseUrl: `${server.url}/`, cacheDir });
    assert.strictEqual(result.origin, 'remote');
  });

  it('accepts a catalog with more functions than ours', async () => {
    const server = await ourServer(biggerCatalog());
    const result = await loadRemoteCatalog({ baseUrl: server.url, cacheDir });
    assert.strictEqual(result.origin, 'remote', result.message);
    assert.strictEqual(result.catalog.functions.length, bundledCatalog().functions.length + 1);
    assert.ok(result.catalog.getFunction('ZfromTheEngine'));
    assert.match(result.message, new RegExp(`${bundledCatalog().functions.length + 1} functions`));
  });

  it('falls back to the cached copy when the endpoint becomes unreachable', async () => {
    const server = await ourServer(biggerCatalog());
    const url = server.url;
    assert.strictEqual((await loadRemoteCatalog({ baseUrl: url, cacheDir })).origin, 'remote');
    await server.stop();
    const result = await loadRemoteCatalog({ baseUrl: url, cacheDir });
    assert.strictEqual(result.origin, 'cache', result.message);
    assert.ok(result.catalog.getFunction('ZfromTheEngine'), 'the cached (bigger) catalog, not the bundled one');
    assert.match(result.message, /unreachable \(ECONNREFUSED\); using cached copy from http:\/\/127\.0\.0\.1:\d+ fetched \d{4}-/);
    assert.ok(!result.message.includes('\n'));
  });

  it('unreachable and no cache: the bundled catalog, with a one-line reason', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const result = await loadRemoteCatalog({ baseUrl: url, cacheDir });
    assert.strictEqual(result.origin, 'bundled');
    assert.strictEqual(result.catalog, bundledCatalog());
    assert.match(
      result.message,
      /^Catalog endpoint http:\/\/127\.0\.0\.1:\d+ unreachable \(ECONNREFUSED\); no cached copy of http:\/\/127\.0\.0\.1:\d+; using bundled catalog: \d+ functions/,
    );
    assert.ok(!fs.existsSync(cacheDir) || fs.readdirSync(cacheDir).length === 0);
  });

  const garbage: [string, { status: number; body: string }, RegExp][] = [
    ['HTTP 500', { status: 500, body: '{"error":"boom"}' }, /answered HTTP 500 on \/functions_list/],
    ['invalid JSON', { status: 200, body: '[{"name": "Zabs", ' }, /unusable catalog \(functions\.json: is not valid JSON/],
    ['a wrong shape (object)', { status: 200, body: '{"functions": []}' }, /unusable catalog \(functions\.json: .*array/],
    ['a wrong shape (records)', { status: 200, body: '[{"name": 5}]' }, /unusable catalog \(functions\.json: /],
    ['HTML', { status: 200, body: '<html>maintenance</html>' }, /not valid JSON/],
  ];
  for (const [what, answer, reason] of garbage) {
    it(`an endpoint answering ${what}: cache if there is one, else bundled`, async () => {
      const routes: Record<string, { status: number; body: string }> = { '/functions_list': answer };
      const endpoint = await fakeEndpoint(routes);
      try {
        const bundled = await loadRemoteCatalog({ baseUrl: endpoint.url, cacheDir });
        assert.strictEqual(bundled.origin, 'bundled');
        assert.match(bundled.message, reason);
        assert.match(bundled.message, /using bundled catalog/);
        assert.ok(!fs.existsSync(path.join(cacheDir, cacheFileName(endpoint.url))), 'garbage is never cached');
        // A good copy of another endpoint never stands in for this one.
        const other = await ourServer(biggerCatalog());
        assert.strictEqual((await loadRemoteCatalog({ baseUrl: other.url, cacheDir })).origin, 'remote');
        const still = await loadRemoteCatalog({ baseUrl: endpoint.url, cacheDir });
        assert.strictEqual(still.origin, 'bundled', still.message);
        assert.ok(still.message.includes(`no cached copy of ${endpoint.url}`), still.message);
        // Once this endpoint served a good catalog, its own copy wins over the bundled one.
        const bigger = biggerCatalog();
        dirs.push(bigger);
        routes['/functions_list'] = { status: 200, body: fs.readFileSync(path.join(bigger, 'functions.json'), 'utf8') };
        assert.strictEqual((await loadRemoteCatalog({ baseUrl: endpoint.url, cacheDir })).origin, 'remote');
        routes['/functions_list'] = answer;
        const cached = await loadRemoteCatalog({ baseUrl: endpoint.url, cacheDir });
        assert.strictEqual(cached.origin, 'cache', cached.message);
        assert.ok(cached.catalog.getFunction('ZfromTheEngine'));
        assert.match(cached.message, reason);
        assert.ok(cached.message.includes(`using cached copy from ${endpoint.url} fetched `), cached.message);
        assert.strictEqual(fs.readdirSync(cacheDir).length, 2, 'one file per endpoint URL');
      } finally {
        await endpoint.close();
      }
    });
  }

  it('an endpoint serving only /functions_list: functions from it, triggers from the bundled catalog', async () => {
    const functions = repoData('functions.json') as Fn[];
    const endpoint = await fakeEndpoint({ '/functions_list': { status: 200, body: JSON.stringify(functions.slice(0, 10)) } });
    try {
      const result = await loadRemoteCatalog({ baseUrl: endpoint.url, cacheDir });
      assert.strictEqual(result.origin, 'remote', result.message);
      assert.strictEqual(result.catalog.functions.length, 10);
      assert.strictEqual(result.catalog.triggers.length, bundledCatalog().triggers.length);
      assert.match(result.message, /\/triggers_list.* not served, bundled data used for them/);
      // The cache holds exactly what was fetched, and loads back the same way.
      const cached = JSON.parse(fs.readFileSync(path.join(cacheDir, cacheFileName(endpoint.url)), 'utf8'));
      assert.deepStrictEqual(Object.keys(cached.texts), ['functions']);
    } finally {
      await endpoint.close();
    }
  });

  it('an endpoint that never answers times out (bounded by timeoutMs)', async () => {
    const endpoint = await fakeEndpoint({ '/functions_list': 'hang', '/functions_tag_list': 'hang', '/triggers_list': 'hang', '/triggers_tag_list': 'hang' });
    try {
      const result = await loadRemoteCatalog({ baseUrl: endpoint.url, cacheDir, timeoutMs: 200 });
      assert.strictEqual(result.origin, 'bundled');
      assert.match(result.message, /timed out after 200 ms/);
    } finally {
      await endpoint.close();
    }
  });

  it('a corrupted cache is ignored in favour of the bundled catalog', async () => {
    fs.mkdirSync(cacheDir, { recursive: true });
    const url = `http://127.0.0.1:${await freePort()}`;
    fs.writeFileSync(path.join(cacheDir, cacheFileName(url)), JSON.stringify({ url, texts: { functions: '[1,2]' } }));
    const result = await loadRemoteCatalog({ baseUrl: url, cacheDir });
    assert.strictEqual(result.origin, 'bundled');
    assert.match(result.message, /cached copy invalid/);
  });

  it(`keeps copies of the ${CACHED_URLS_KEPT} most recently fetched endpoints`, async () => {
    const functions = fs.readFileSync(path.join(REPO_CATALOG_DIR, 'functions.json'), 'utf8');
    const endpoints = [];
    try {
      for (let i = 0; i < CACHED_URLS_KEPT + 2; i++) {
        const endpoint = await fakeEndpoint({ '/functions_list': { status: 200, body: functions } });
        endpoints.push(endpoint);
        assert.strictEqual((await loadRemoteCatalog({ baseUrl: endpoint.url, cacheDir })).origin, 'remote');
        // Distinct modification times, whatever the file system's resolution.
        const when = new Date(Date.now() - (CACHED_URLS_KEPT + 2 - i) * 10_000);
        fs.utimesSync(path.join(cacheDir, cacheFileName(endpoint.url)), when, when);
      }
      // One more write prunes: the newest copies stay.
      const last = endpoints[endpoints.length - 1];
      assert.strictEqual((await loadRemoteCatalog({ baseUrl: last.url, cacheDir })).origin, 'remote');
      const kept = fs.readdirSync(cacheDir).sort();
      assert.strictEqual(kept.length, CACHED_URLS_KEPT);
      assert.ok(!kept.includes(cacheFileName(endpoints[0].url)), 'the oldest copy is gone');
      assert.ok(kept.includes(cacheFileName(last.url)));
    } finally {
      for (const endpoint of endpoints) await endpoint.close();
    }
  });

  it('an invalid base URL is explained, not thrown', async () => {
    const result = await loadRemoteCatalog({ baseUrl: 'not a url', cacheDir });
    assert.strictEqual(result.origin, 'bundled');
    assert.match(result.message, /not a url is not a valid URL/);
  });

  it('without a cacheDir nothing is written anywhere', async () => {
    const server = await ourServer(tempCatalog());
    const result = await loadRemoteCatalog({ baseUrl: server.url });
    assert.strictEqual(result.origin, 'remote');
    assert.ok(!fs.existsSync(cacheDir));
  });

  it('uses an injected fetch implementation', async () => {
    const server = await ourServer(tempCatalog());
    const seen: string[] = [];
    const fetchImpl: typeof fetch = (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    };
    const result = await loadRemoteCatalog({ baseUrl: server.url, cacheDir, fetchImpl });
    assert.strictEqual(result.origin, 'remote');
    assert.deepStrictEqual(seen.map((u) => u.slice(server.url.length)).sort(), [
      '/functions_list',
      '/functions_tag_list',
      '/triggers_list',
      '/triggers_tag_list',
    ]);
  });
});
