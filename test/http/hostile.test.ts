/**
 * Hostile input to the catalog HTTP module and the remote-catalog client
 * (issue 16), over real sockets on 127.0.0.1: unusual request lines and
 * expectations, /healthz seen from other origins, catalog files that are
 * FIFOs, devices or links to other files, a catalog updated one file at a
 * time under concurrent reads, and endpoints that send too much (chunked,
 * gzip bombs) or change their catalog mid-read. Bounded in count and bytes;
 * no wall-clock assertions.
 */
import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type * as net from 'node:net';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { loadRemoteCatalog } from '../../server/src/catalog/remote';
import { type CatalogServer, serveCatalog } from '../../server/src/http';
import { json, rawExchange, removeDir, repoData, request, tempCatalog, tempDir, waitFor } from './helpers';

type Fn = { name: string; description: string; [key: string]: unknown };
type Tag = { name: string; members: string[]; [key: string]: unknown };

const canFifo = process.platform !== 'win32';

function statusOf(raw: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
}

function bodyOf(raw: string): any {
  return JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
}

describe('http: hostile input (issue 16)', function () {
  this.timeout(60000);

  describe('request lines and expectations', () => {
    let server: CatalogServer;
    let lines: string[];
    let port: number;
    before(async () => {
      lines = [];
      server = await serveCatalog({ port: 0, watch: false, log: (l) => lines.push(l) });
      port = server.address().port;
    });
    after(async () => {
      await server?.stop();
    });

    it('Expect: other than 100-continue gets a 417 with the JSON error body, the CORS header and a log line', async () => {
      const raw = await rawExchange(port, 'GET /functions_list HTTP/1.1\r\nHost: x\r\nExpect: foo\r\n\r\n', { untilClose: true });
      assert.strictEqual(statusOf(raw), 417);
      assert.match(raw, /\r\nAccess-Control-Allow-Origin: \*\r\n/i);
      const body = bodyOf(raw);
      assert.strictEqual(body.status, 417);
      assert.match(body.error, /Expectation "foo" is not supported/);
      await waitFor(() => lines.some((l) => /"GET \/functions_list HTTP\/1\.1" 417 /.test(l)), 'the access-log line');
    });

    it('CONNECT is answered 405 with Allow and the JSON error body, and logged', async () => {
      const raw = await rawExchange(port, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n', { untilClose: true });
      assert.strictEqual(statusOf(raw), 405);
      assert.match(raw, /\r\nAllow: GET, HEAD, OPTIONS\r\n/);
      assert.strictEqual(bodyOf(raw).status, 405);
      await waitFor(() => lines.some((l) => /"CONNECT example\.com:443 HTTP\/1\.1" 405/.test(l)), 'the access-log line');
    });

    it('HTTP/2.0 and HTTP/0.9-style request lines get 505, not 200', async () => {
      for (const line of ['GET /functions_list HTTP/2.0\r\nHost: x\r\n\r\n', 'GET /functions_list\r\n\r\n']) {
        const raw = await rawExchange(port, line, { untilClose: true });
        assert.strictEqual(statusOf(raw), 505, raw.slice(0, 80));
        assert.match(bodyOf(raw).error, /is not supported; use HTTP\/1\.1/);
      }
    });
  });

  describe('catalog files that are not what they claim, and /healthz', () => {
    let dir: string;
    let server: CatalogServer;
    let secretDir: string;
    beforeEach(async () => {
      dir = tempCatalog();
      secretDir = tempDir('zscript-secret-');
      server = await serveCatalog({ port: 0, catalogDir: dir, watch: false, quiet: true, log: () => undefined });
    });
    afterEach(async () => {
      await server?.stop();
      removeDir(dir);
      removeDir(secretDir);
    });

    it('a FIFO or a link to /dev/zero in place of a catalog file is refused at once; the last good catalog is served', async function () {
      if (!canFifo) this.skip();
      const good = await request(`${server.url}/functions_list`);
      fs.rmSync(path.join(dir, 'functions.json'));
      assert.strictEqual(spawnSync('mkfifo', [path.join(dir, 'functions.json')]).status, 0);
      const fifo = await server.reload();
      assert.strictEqual(fifo.ok, false);
      assert.match(!fifo.ok ? fifo.error : '', /functions\.json: is a FIFO, not a regular file/);
      fs.rmSync(path.join(dir, 'functions.json'));
      fs.symlinkSync('/dev/zero', path.join(dir, 'functions.json'));
      const zero = await server.reload();
      assert.match(!zero.ok ? zero.error : '', /functions\.json: is a character device, not a regular file/);
      const after = await request(`${server.url}/functions_list`);
      assert.ok(after.body.equals(good.body));
    });

    it('/healthz shows no local path or file content to other origins (or other host names); local tools keep the detail', async () => {
      const secret = path.join(secretDir, 'passwd');
      fs.writeFileSync(secret, 'root:x:0:0:top-secret-line:/root:/bin/bash\n');
      fs.rmSync(path.join(dir, 'functions.json'));
      fs.symlinkSync(secret, path.join(dir, 'functions.json'));
      assert.strictEqual((await server.reload()).ok, false);
      const port = server.address().port;
      const views = [
        await request(`${server.url}/healthz`, { headers: { origin: 'https://evil.example' } }),
        // DNS rebinding: a page's own origin, so no Origin header on a GET, but its host name.
        json({
          status: 0,
          headers: {},
          body: Buffer.from((await rawExchange(port, 'GET /healthz HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n')).split('\r\n\r\n')[1]),
        }),
      ];
      for (const view of views) {
        const body = 'body' in view && Buffer.isBuffer(view.body) ? json(view) : view;
        const text = JSON.stringify(body);
        assert.strictEqual(body.status, 'degraded');
        assert.strictEqual(body.source, 'folder');
        assert.strictEqual(body.lastReloadError, 'functions.json: is not valid JSON');
        assert.ok(!text.includes(dir) && !text.includes('top-secret') && !text.includes('root:x'), text);
      }
      const local = json(await request(`${server.url}/healthz`));
      assert.strictEqual(local.source, dir);
      assert.match(local.lastReloadError, /functions\.json: is not valid JSON/);
    });
  });

  describe('a catalog updated one file at a time, under concurrent reads', () => {
    let dir: string;
    let server: CatalogServer;
    const functions = repoData('functions.json') as Fn[];
    const functionTags = repoData('functions_tag.json') as Tag[];
    const triggers = repoData('triggers.json') as Fn[];
    const triggerTags = repoData('triggers_tag.json') as Tag[];

    /** Generation `g` of the catalog: every file says `g` (a description in each list, a tag's description in each tag file). */
    function generation(g: number): Record<string, string> {
      const mark = (records: Fn[] | Tag[]) => records.map((r, i) => (i === 0 ? { ...r, description: `generation ${g}` } : r));
      return {
        'functions.json': JSON.stringify(mark(functions)),
        'functions_tag.json': JSON.stringify(mark(functionTags)),
        'triggers.json': JSON.stringify(mark(triggers)),
        'triggers_tag.json': JSON.stringify(mark(triggerTags)),
      };
    }
    const ROUTES = ['/functions_list', '/functions_tag_list', '/triggers_list', '/triggers_tag_list'];

    before(async () => {
      dir = tempCatalog(generation(0));
      server = await serveCatalog({ port: 0, catalogDir: dir, quiet: true, debounceMs: 20, pollMs: 50, log: () => undefined });
    });
    after(async () => {
      await server?.stop();
      removeDir(dir);
    });

    it('with the update marker, no version served mixes generations, and a client comparing Catalog-Version never keeps a mix', async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
      const seen = new Map<string, Set<string>>(); // version → generations of its responses
      let writing = true;
      let cycles = 0;
      let retried = 0;
      const reader = async () => {
        while (writing) {
          // One client cycle: the four routes, at once; read again while they name different versions.
          for (let attempt = 0; ; attempt++) {
            const replies = await Promise.all(ROUTES.map((r) => request(`${server.url}${r}`, { agent })));
            const versions = new Set(replies.map((r) => String(r.headers['catalog-version'])));
            for (const reply of replies) {
              const version = String(reply.headers['catalog-version']);
              const g = String(json(reply)[0].description);
              if (!seen.has(version)) seen.set(version, new Set());
              seen.get(version)!.add(g);
            }
            if (versions.size === 1) break;
            retried++;
            assert.ok(attempt < 20, 'a cycle settles on one version');
          }
          cycles++;
        }
      };
      const writer = async () => {
        for (let g = 1; g <= 4; g++) {
          fs.writeFileSync(path.join(dir, '.catalog-updating'), '');
          for (const [file, text] of Object.entries(generation(g))) {
            fs.writeFileSync(path.join(dir, file), text);
            // A pause several times the debounce between files: without the marker each file would be a reload.
            await new Promise((r) => setTimeout(r, 120));
          }
          fs.rmSync(path.join(dir, '.catalog-updating'));
          await waitFor(async () => json(await request(`${server.url}/triggers_tag_list`))[0].description === `generation ${g}`, `generation ${g} served`);
        }
        writing = false;
      };
      await Promise.all([writer(), reader(), reader(), reader()]);
      agent.destroy();
      assert.ok(cycles > 0);
      for (const [version, generations] of seen) assert.strictEqual(generations.size, 1, `version ${version} served ${[...generations].join(' and ')}`);
      // Every generation was served whole, and none other.
      const served = new Set([...seen.values()].map((s) => [...s][0]));
      assert.deepStrictEqual([...served].sort(), ['generation 0', 'generation 1', 'generation 2', 'generation 3', 'generation 4']);
      void retried;
    });
  });

  describe('the remote-catalog client against endpoints that send too much or change mid-read', () => {
    async function endpoint(handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
      const server = http.createServer(handler);
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

    it('stops a chunked body without Content-Length once it passes the cap', async () => {
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let total = 0;
      const ep = await endpoint((req, res) => {
        if (req.url !== '/functions_list') return void res.writeHead(404).end('{}');
        let sent = 0;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('[');
        // Up to 1 GiB, while the client keeps reading.
        const pump = () => {
          while (sent < 1024 * chunk.length && !res.destroyed) {
            sent += chunk.length;
            total += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.on('close', () => (sent = Infinity));
        pump();
      });
      try {
        const result = await loadRemoteCatalog({ baseUrl: ep.url, timeoutMs: 30000 });
        assert.strictEqual(result.origin, 'bundled');
        assert.match(result.message, /answered more than 67108864 bytes/);
        assert.ok(total < 1024 * chunk.length, 'the transfer was cut short');
      } finally {
        await ep.close();
      }
    });

    it('stops a gzip bomb by the bytes it inflates to', async () => {
      const bomb = zlib.gzipSync(Buffer.alloc(256 * 1024 * 1024, 0x20), { level: 9 });
      assert.ok(bomb.length < 1024 * 1024);
      const ep = await endpoint((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(bomb.length) });
        res.end(bomb);
      });
      try {
        const result = await loadRemoteCatalog({ baseUrl: ep.url, timeoutMs: 30000 });
        assert.strictEqual(result.origin, 'bundled');
        assert.match(result.message, /answered more than 67108864 bytes/);
      } finally {
        await ep.close();
      }
    });

    it('reads the routes again when they name different catalog versions, and refuses an endpoint that never settles', async () => {
      const bodies: Record<string, string> = {
        '/functions_list': JSON.stringify(repoData('functions.json')),
        '/functions_tag_list': JSON.stringify(repoData('functions_tag.json')),
        '/triggers_list': JSON.stringify(repoData('triggers.json')),
        '/triggers_tag_list': JSON.stringify(repoData('triggers_tag.json')),
      };
      let mode: 'settles' | 'never' = 'settles';
      let reads = 0;
      const ep = await endpoint((req, res) => {
        const body = bodies[req.url ?? ''];
        if (!body) return void res.writeHead(404).end('{}');
        reads++;
        // 'settles': the first round straddles a reload (functions_list from another version); 'never': every round does.
        const other = req.url === '/functions_list' && (mode === 'never' || reads <= 4);
        res.writeHead(200, { 'content-type': 'application/json', 'catalog-version': other ? 'v1' : 'v2' });
        res.end(body);
      });
      try {
        const settled = await loadRemoteCatalog({ baseUrl: ep.url });
        assert.strictEqual(settled.origin, 'remote', settled.message);
        assert.strictEqual(reads, 8, 'one more round of the four routes');
        mode = 'never';
        const never = await loadRemoteCatalog({ baseUrl: ep.url });
        assert.strictEqual(never.origin, 'bundled');
        assert.match(never.message, /different catalog versions/);
      } finally {
        await ep.close();
      }
    });
  });
});
