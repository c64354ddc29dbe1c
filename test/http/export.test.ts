/**
 * `--export DIR`: the static files and the nginx configuration. The nginx
 * part starts Debian's nginx (unprivileged, on a 127.0.0.1 port, with its own
 * prefix, pid and log paths under a temporary folder) on the exported
 * configuration, and compares every route's bytes and headers with the node
 * server's for several Accept-Encoding values and conditional requests.
 */
import * as assert from 'node:assert';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as path from 'node:path';
import { type CatalogServer, exportCatalogFrom, serveCatalog } from '../../server/src/http';
import { REPO_ROOT, removeDir, tempCatalog, tempDir, waitFor } from './helpers';

const BIN = path.join(REPO_ROOT, 'dist', 'catalog-server.js');

/** The headers both servers must agree on (nginx adds Server, Date, Connection, which may differ). */
const COMPARED = [
  'content-type',
  'content-length',
  'content-encoding',
  'etag',
  'last-modified',
  'cache-control',
  'vary',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'x-content-type-options',
  'content-security-policy',
  'referrer-policy',
];

const ENCODINGS = [undefined, 'gzip', 'br', 'gzip, deflate, br', 'gzip, deflate, br, zstd', 'br;q=0, gzip', 'gzip;q=0', 'identity', '*', 'x-gzip'];

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function fetch(agent: http.Agent, port: number, route: string, headers: Record<string, string>, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: route, method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`${route} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

function compared(reply: Reply): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const name of COMPARED) out[name] = reply.headers[name] as string | undefined;
  return out;
}

/** Every route of an export: the files under site/ that are not a .br/.gz variant. */
function exportedRoutes(site: string): string[] {
  const routes: string[] = [];
  const walk = (dir: string, prefix: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
      else if (!/\.(br|gz)$/.test(entry.name)) routes.push(entry.name === 'index.html' && prefix === '/' ? '/' : `${prefix}${entry.name}`);
    }
  };
  walk(site, '/');
  return routes.sort();
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('http: --export DIR (static files and nginx configuration)', function () {
  this.timeout(120_000);
  let catalogDir: string;
  let temp: string;

  before(() => {
    catalogDir = tempCatalog();
    temp = tempDir('zscript-export-');
  });
  after(() => {
    removeDir(catalogDir);
    removeDir(temp);
  });

  it('writes every route with its brotli and gzip variants, the catalog time as mtime, and an nginx configuration', async () => {
    const out = path.join(temp, 'plain');
    const result = await exportCatalogFrom(catalogDir, out, { port: 18080 });
    const site = path.join(out, 'site');
    const routes = exportedRoutes(site);
    assert.strictEqual(routes.length, result.routes);
    for (const route of [
      '/',
      '/functions_list',
      '/functions_tag_list',
      '/triggers_list',
      '/triggers_tag_list',
      '/openapi.json',
      '/functions/Ztitle',
      '/triggers/onBanAdd',
    ]) {
      assert.ok(routes.includes(route), route);
    }
    assert.strictEqual(routes.filter((r) => r.startsWith('/functions/')).length, result.catalog.functions.length);
    assert.ok(fs.existsSync(path.join(site, 'functions_list.br')) && fs.existsSync(path.join(site, 'functions_list.gz')));
    assert.ok(fs.existsSync(path.join(site, 'index.html.br')));
    const mtime = Math.floor(Math.max(...fs.readdirSync(catalogDir).map((f) => fs.statSync(path.join(catalogDir, f)).mtimeMs)) / 1000) * 1000;
    assert.strictEqual(fs.statSync(path.join(site, 'functions_list')).mtimeMs, mtime);
    const conf = fs.readFileSync(result.nginxConfig, 'utf8');
    assert.match(conf, /listen 127\.0\.0\.1:18080;/);
    assert.ok(conf.includes(`root "${site}";`));
  });

  it('refuses a folder that holds other files, and replaces an earlier export', async () => {
    const other = path.join(temp, 'other');
    fs.mkdirSync(other);
    fs.writeFileSync(path.join(other, 'keep.txt'), 'mine');
    await assert.rejects(exportCatalogFrom(catalogDir, other), /not empty and not an earlier export/);
    assert.strictEqual(fs.readFileSync(path.join(other, 'keep.txt'), 'utf8'), 'mine');
    const again = path.join(temp, 'again');
    await exportCatalogFrom(catalogDir, again);
    fs.writeFileSync(path.join(again, 'site', 'stale'), 'x');
    await exportCatalogFrom(catalogDir, again);
    assert.ok(!fs.existsSync(path.join(again, 'site', 'stale')), 'an earlier export is replaced as a whole');
  });

  it('the bin: --export prints what it wrote and exits 0; a refused folder is one line and exit 1', () => {
    const out = path.join(temp, 'cli');
    const r = spawnSync(process.execPath, [BIN, '--export', out, '--catalog', catalogDir, '--port', '9999'], { encoding: 'utf8' });
    assert.strictEqual(r.status, 0, r.stderr);
    assert.match(r.stdout, /exported \d+ routes .* to .*cli\/site/);
    assert.match(fs.readFileSync(path.join(out, 'nginx.conf'), 'utf8'), /listen 127\.0\.0\.1:9999;/);
    fs.writeFileSync(path.join(temp, 'a-file'), 'x');
    const bad = spawnSync(process.execPath, [BIN, '--export', path.join(temp, 'a-file')], { encoding: 'utf8' });
    assert.strictEqual(bad.status, 1);
    assert.strictEqual(bad.stderr.trim().split('\n').length, 1, bad.stderr);
  });

  describe('served by nginx, byte for byte like the node server', () => {
    let nginx: ChildProcess | undefined;
    let node: CatalogServer;
    let nginxPort: number;
    let routes: string[];
    let nginxLog = '';
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

    before(async function () {
      const found = spawnSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], { encoding: 'utf8' }).stdout.trim().split('\n')[0];
      if (!found) {
        console.log("    (skipped: nginx is not installed; .ci/run installs Debian's nginx)");
        this.skip();
      }
      const root = path.join(temp, 'nginx');
      fs.mkdirSync(root);
      nginxPort = await freePort();
      const result = await exportCatalogFrom(catalogDir, path.join(root, 'export'), { port: nginxPort });
      routes = exportedRoutes(path.join(root, 'export', 'site'));
      const prefix = path.join(root, 'prefix');
      fs.mkdirSync(path.join(prefix, 'logs'), { recursive: true });
      const main = path.join(prefix, 'nginx.conf');
      fs.writeFileSync(
        main,
        [
          'worker_processes 1;',
          'daemon off;',
          'master_process off;',
          `pid ${path.join(prefix, 'nginx.pid')};`,
          `error_log ${path.join(prefix, 'logs', 'error.log')} warn;`,
          'events { worker_connections 64; }',
          'http {',
          '  access_log off;',
          ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${path.join(prefix, t)};`),
          `  include ${result.nginxConfig};`,
          '}',
          '',
        ].join('\n'),
      );
      // Unprivileged: when the suite runs as root, nginx runs as nobody, reading the export and writing only under the prefix.
      const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
      if (asRoot) {
        for (let dir = root; dir !== path.dirname(dir) && dir.startsWith(temp); dir = path.dirname(dir)) fs.chmodSync(dir, 0o755);
        fs.chmodSync(temp, 0o755);
        spawnSync('chown', ['-R', 'nobody', prefix]);
        spawnSync('chmod', ['-R', 'a+rX', path.join(root, 'export')]);
      }
      nginx = spawn(found, ['-p', prefix, '-c', main, '-e', path.join(prefix, 'logs', 'error.log')], {
        stdio: ['ignore', 'pipe', 'pipe'],
        ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
      });
      nginx.stderr!.on('data', (d) => (nginxLog += d));
      nginx.stdout!.on('data', (d) => (nginxLog += d));
      await waitFor(
        () =>
          new Promise<boolean>((resolve) => {
            if (nginx!.exitCode !== null) resolve(true);
            const socket = net.connect(nginxPort, '127.0.0.1');
            socket.on('connect', () => {
              socket.destroy();
              resolve(true);
            });
            socket.on('error', () => resolve(false));
          }),
        'nginx to listen',
      );
      assert.strictEqual(nginx.exitCode, null, `nginx exited: ${nginxLog}`);
      node = await serveCatalog({ port: 0, catalogDir, quiet: true, watch: false });
    });

    after(async () => {
      agent.destroy();
      if (nginx && nginx.exitCode === null) {
        const exited = new Promise((resolve) => nginx!.once('exit', resolve));
        nginx.kill('SIGTERM');
        await exited;
      }
      if (node) await node.stop();
    });

    it('every route, for each Accept-Encoding: same status, body bytes and headers', async () => {
      assert.ok(routes.length > 400, `${routes.length} routes`);
      const nodePort = node.address().port;
      let compressed = 0;
      for (const encoding of ENCODINGS) {
        const headers: Record<string, string> = encoding === undefined ? {} : { 'Accept-Encoding': encoding };
        for (const route of routes) {
          const [a, b] = await Promise.all([fetch(agent, nodePort, route, headers), fetch(agent, nginxPort, route, headers)]);
          const what = `${route} with Accept-Encoding ${JSON.stringify(encoding)}`;
          assert.strictEqual(b.status, a.status, what);
          assert.strictEqual(a.status, 200, what);
          assert.deepStrictEqual(compared(b), compared(a), what);
          assert.ok(b.body.equals(a.body), `${what}: bodies differ`);
          if (a.headers['content-encoding']) compressed++;
        }
      }
      assert.ok(compressed > 0, 'compressed variants were compared too');
    });

    it('HEAD, If-None-Match and If-Modified-Since answer alike', async () => {
      const nodePort = node.address().port;
      for (const route of ['/', '/functions_list', '/functions/Ztitle', '/openapi.json']) {
        for (const encoding of ['gzip, br', 'gzip', '']) {
          const base: Record<string, string> = encoding ? { 'Accept-Encoding': encoding } : {};
          const [ha, hb] = await Promise.all([fetch(agent, nodePort, route, base, 'HEAD'), fetch(agent, nginxPort, route, base, 'HEAD')]);
          assert.deepStrictEqual(compared(hb), compared(ha), `HEAD ${route}`);
          assert.strictEqual(hb.body.length, 0);
          const etag = String(ha.headers.etag);
          const [ca, cb] = await Promise.all([
            fetch(agent, nodePort, route, { ...base, 'If-None-Match': etag }),
            fetch(agent, nginxPort, route, { ...base, 'If-None-Match': etag }),
          ]);
          assert.strictEqual(ca.status, 304, `node: ${route}`);
          assert.strictEqual(cb.status, 304, `nginx: ${route} ${encoding}`);
          assert.strictEqual(cb.headers.etag, ca.headers.etag);
          const since = String(ha.headers['last-modified']);
          const [ma, mb] = await Promise.all([
            fetch(agent, nodePort, route, { ...base, 'If-Modified-Since': since }),
            fetch(agent, nginxPort, route, { ...base, 'If-Modified-Since': since }),
          ]);
          assert.strictEqual(ma.status, 304);
          assert.strictEqual(mb.status, 304, `nginx If-Modified-Since ${route}`);
          const [sa, sb] = await Promise.all([
            fetch(agent, nodePort, route, { ...base, 'If-None-Match': '"stale"' }),
            fetch(agent, nginxPort, route, { ...base, 'If-None-Match': '"stale"' }),
          ]);
          assert.strictEqual(sa.status, 200);
          assert.strictEqual(sb.status, 200);
        }
      }
    });

    it('the files behind the routes are not routes', async () => {
      for (const route of ['/functions_list.br', '/index.html', '/functions_list.gz']) {
        assert.strictEqual((await fetch(agent, nginxPort, route, {})).status, 404, route);
      }
    });
  });
});
