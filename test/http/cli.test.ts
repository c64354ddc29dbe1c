/** zscript-catalog-server, the bundled bin (dist/catalog-server.js), as a child process. */
import * as assert from 'node:assert';
import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as path from 'node:path';
import { json, removeDir, REPO_ROOT, request, tempCatalog } from './helpers';

const BIN = path.join(REPO_ROOT, 'dist', 'catalog-server.js');

interface Running {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function run(args: string[]): { child: ChildProcess; stdout: () => string; stderr: () => string; exit: Running['exit'] } {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000); // bound: never hang the suite
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      // Let the pipes drain.
      setImmediate(() => resolve({ code, signal }));
    });
  });
  return { child, stdout: () => out, stderr: () => err, exit };
}

async function start(args: string[]): Promise<Running> {
  const r = run(args);
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (): void => {
      const m = /zscript catalog server listening on (http:\/\/\S+)/.exec(r.stdout());
      if (m) {
        r.child.stdout!.off('data', onData);
        resolve(m[1]);
      }
    };
    r.child.stdout!.on('data', onData);
    void r.exit.then(({ code }) => reject(new Error(`exited ${code} before listening: ${r.stderr()}`)));
  });
  return { ...r, url };
}

describe('http: zscript-catalog-server CLI (dist/catalog-server.js)', () => {
  it('--port 0 prints the URL, serves, logs access lines (written by the end at the latest) and exits 0 on SIGTERM', async () => {
    const server = await start(['--port', '0']);
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const reply = await request(`${server.url}/functions_list`);
    assert.strictEqual(reply.status, 200);
    assert.ok(json(reply).length > 0);
    const health = json(await request(`${server.url}/healthz`));
    assert.strictEqual(health.source, path.join(REPO_ROOT, 'catalog'), 'the default catalog is the package folder next to dist/');
    server.child.kill('SIGTERM');
    const { code } = await server.exit;
    assert.strictEqual(code, 0);
    assert.strictEqual(server.stderr(), '');
    // The access log is buffered (a second, or 64 KiB); a clean exit writes what is left.
    assert.match(server.stdout(), /"GET \/functions_list HTTP\/1\.1" 200 /);
    assert.match(server.stdout(), /"GET \/healthz HTTP\/1\.1" 200 /);
  });

  it('SIGINT with an idle keep-alive connection open still exits 0', async () => {
    const server = await start(['--port', '0', '--quiet']);
    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) => {
      http
        .get(`${server.url}/functions_list`, { agent }, (res) => {
          res.resume();
          res.on('end', resolve);
        })
        .on('error', reject);
    });
    server.child.kill('SIGINT');
    const { code } = await server.exit;
    agent.destroy();
    assert.strictEqual(code, 0);
    assert.doesNotMatch(server.stdout(), /"GET /, '--quiet: no access log');
  });

  it('a port in use: one line on stderr, no stack trace, exit 1', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const r = run(['--port', String(port)]);
      const { code } = await r.exit;
      assert.strictEqual(code, 1);
      const lines = r.stderr().trim().split('\n');
      assert.strictEqual(lines.length, 1, r.stderr());
      assert.match(lines[0], new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use; choose another with --port N`));
      assert.doesNotMatch(r.stderr(), /\bat .*:\d+:\d+/);
      // Started by `npm start`, the hint is the npm spelling (arguments after --).
      const child = spawn(process.execPath, [BIN, '--port', String(port)], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, npm_lifecycle_event: 'start' },
      });
      let err = '';
      child.stderr!.on('data', (d) => (err += d));
      const code2 = await new Promise((resolve) => child.on('close', resolve)); // after stderr is drained
      assert.strictEqual(code2, 1);
      assert.match(err, /already in use; choose another with npm start -- --port N/);
    } finally {
      blocker.close();
    }
  });

  for (const args of [['--port'], ['--port', 'eighty'], ['--port', '70000'], ['--bogus'], ['--catalog']]) {
    it(`bad arguments ${JSON.stringify(args)}: one line, a pointer to --help, exit 2`, async () => {
      const r = run(args);
      const { code } = await r.exit;
      assert.strictEqual(code, 2);
      const lines = r.stderr().trim().split('\n');
      assert.strictEqual(lines.length, 2, r.stderr());
      assert.match(lines[0], /^zscript-catalog-server: .*(--port|--catalog|--bogus)/);
      assert.strictEqual(lines[1], "Run 'zscript-catalog-server --help' for usage.");
      assert.strictEqual(r.stdout(), '');
    });
  }

  it('--help prints usage and exits 0', async () => {
    const r = run(['--help']);
    const { code } = await r.exit;
    assert.strictEqual(code, 0);
    assert.match(r.stdout(), /usage: zscript-catalog-server \[--host 127\.0\.0\.1\] \[--port 8080\]/);
    for (const flag of ['--export DIR', '--version', '--quiet', '--catalog DIR']) assert.ok(r.stdout().includes(flag), flag);
  });

  it('--version prints the package version and exits 0', async () => {
    const r = run(['--version']);
    const { code } = await r.exit;
    assert.strictEqual(code, 0);
    assert.strictEqual(r.stdout(), `${JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).version}\n`);
  });

  it('says on start where it listens, what is served and how to stop', async () => {
    const server = await start(['--port', '0', '--quiet']);
    await new Promise((r) => setTimeout(r, 50));
    try {
      const out = server.stdout();
      assert.ok(out.includes(`${server.url}/ `), 'names the reference page');
      assert.match(out, /reference page/);
      assert.match(out, /\/functions_list/);
      assert.match(out, /to stop, press Ctrl\+C \(or send SIGTERM\)/);
      assert.match(out, /another port, --port N/);
    } finally {
      server.child.kill('SIGTERM');
      await server.exit;
    }
  });

  it('an invalid catalog directory: one line naming the file, exit 1', async () => {
    const dir = tempCatalog({ 'triggers.json': '[{"name": 42}' });
    try {
      const r = run(['--port', '0', '--catalog', dir]);
      const { code } = await r.exit;
      assert.strictEqual(code, 1);
      const lines = r.stderr().trim().split('\n');
      assert.strictEqual(lines.length, 1, r.stderr());
      assert.match(lines[0], /triggers\.json/);
      assert.doesNotMatch(r.stderr(), /\bat .*:\d+:\d+/);
    } finally {
      removeDir(dir);
    }
  });

  it('a missing catalog directory: one line, exit 1', async () => {
    const r = run(['--port', '0', '--catalog', path.join(REPO_ROOT, 'no-such-catalog-dir')]);
    const { code } = await r.exit;
    assert.strictEqual(code, 1);
    assert.strictEqual(r.stderr().trim().split('\n').length, 1);
    assert.match(r.stderr(), /functions\.json/);
  });

  it('--catalog DIR and --host=HOST forms are honoured', async () => {
    const dir = tempCatalog();
    const server = await start(['--host=127.0.0.1', '--port=0', '--catalog', dir, '--quiet']);
    try {
      const health = json(await request(`${server.url}/healthz`));
      assert.strictEqual(health.source, dir);
    } finally {
      server.child.kill('SIGTERM');
      assert.strictEqual((await server.exit).code, 0);
      removeDir(dir);
    }
  });
});
