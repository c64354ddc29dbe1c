/**
 * The workspace scan's reader thread runs the small reader bundle shipped
 * next to the server (dist/workspace-reader.js), not a second copy of the
 * whole server; a server copied without it reads the workspace all the same.
 */
import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { capabilities, eventually, LspClient, ROOT, SERVER } from './client';

const READER = path.join(ROOT, 'dist', 'workspace-reader.js');

/** Starts `server` on a folder of `count` command files and waits until workspace/symbol finds every one. */
async function indexes(server: string, env: NodeJS.ProcessEnv, count: number): Promise<LspClient> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zscript-reader-ws-'));
  fs.mkdirSync(path.join(dir, 'commands'));
  for (let i = 0; i < count; i++) fs.writeFileSync(path.join(dir, 'commands', `c${i}.zbr`), `#trigger !reader${i}\nHello Zusername\n`);
  const client = new LspClient({ command: [process.execPath, server], env });
  try {
    await client.initialize({ workspaceFolders: [dir], capabilities: capabilities({ pull: true }) });
    await eventually(
      async () => {
        const found = await client.request('workspace/symbol', { query: '!reader' });
        return Array.isArray(found) && found.length >= count ? found : undefined;
      },
      `all ${count} files indexed`,
      600,
    );
    return client;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('lsp: the workspace reader thread', function () {
  this.timeout(60000);
  let temp: string;
  beforeEach(() => (temp = fs.mkdtempSync(path.join(os.tmpdir(), 'zscript-reader-'))));
  afterEach(() => fs.rmSync(temp, { recursive: true, force: true }));

  it('is a small bundle of its own, without the server, the catalog or the analysis', () => {
    const reader = fs.readFileSync(READER, 'utf8');
    const server = fs.statSync(SERVER).size;
    assert.ok(reader.length * 20 < server, `the reader bundle is ${reader.length} bytes, the server ${server}`);
    for (const word of ['ZaddButton', 'publishDiagnostics', 'textDocument/']) assert.ok(!reader.includes(word), `the reader bundle holds "${word}"`);
  });

  it('the server starts its reader thread from the reader file next to it', async () => {
    // A stand-in reader next to a copy of the server: it leaves a mark, then is the real reader.
    fs.copyFileSync(SERVER, path.join(temp, 'server.js'));
    const mark = path.join(temp, 'reader-ran');
    fs.writeFileSync(
      path.join(temp, 'workspace-reader.js'),
      `require('node:fs').writeFileSync(${JSON.stringify(mark)}, 'ran');\nrequire(${JSON.stringify(READER)});\n`,
    );
    const client = await indexes(path.join(temp, 'server.js'), {}, 30);
    assert.strictEqual(await client.shutdown(), 0, client.stderr);
    assert.strictEqual(fs.readFileSync(mark, 'utf8'), 'ran');
    assert.doesNotMatch(client.stderr, /reader thread failed|did not start/);
  });

  it('a server copied without the reader file runs the reader from its own bundle', async () => {
    fs.copyFileSync(SERVER, path.join(temp, 'server.js'));
    const client = await indexes(path.join(temp, 'server.js'), {}, 30);
    assert.strictEqual(await client.shutdown(), 0, client.stderr);
    assert.doesNotMatch(client.stderr, /reader thread failed|did not start/);
  });

  it('a reader file that does not read (run directly, or broken) leaves the reading to the server', async () => {
    fs.copyFileSync(SERVER, path.join(temp, 'server.js'));
    fs.writeFileSync(path.join(temp, 'workspace-reader.js'), 'process.exit(0);\n');
    const client = await indexes(path.join(temp, 'server.js'), {}, 30);
    assert.strictEqual(await client.shutdown(), 0, client.stderr);
  });

  it('run on its own, the reader file says what it is and exits with status 2', () => {
    const r = spawnSync(process.execPath, [READER], { encoding: 'utf8' });
    assert.strictEqual(r.status, 2);
    assert.match(r.stderr, /reader thread; run server\.js instead/);
  });
});
