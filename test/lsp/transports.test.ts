/**
 * The command line: --stdio (and the default), --node-ipc, --socket=N,
 * --version, --help; a clean exit after shutdown/exit.
 */
import * as assert from 'node:assert';
import { execFileSync } from 'node:child_process';
import { capabilities, LspClient, SERVER } from './client';

const URI = 'file:///tmp/zscript-transport/a.zbr';

async function roundTrip(client: LspClient): Promise<void> {
  const init = await client.initialize({ capabilities: capabilities() });
  assert.strictEqual(init.capabilities.textDocumentSync.change, 2);
  await client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'zscript', version: 1, text: 'Ztitle{Hi}\n' } });
  const hover = await client.request('textDocument/hover', { textDocument: { uri: URI }, position: { line: 0, character: 2 } });
  assert.ok(JSON.stringify(hover).includes('Ztitle'));
  await client.waitFor('textDocument/publishDiagnostics', (p) => p.uri === URI);
  assert.strictEqual(await client.shutdown(), 0, client.stderr);
}

describe('lsp: transports and command line', function () {
  this.timeout(30000);

  it('speaks over stdio with --stdio', async () => {
    const client = new LspClient({ args: ['--stdio'] });
    await roundTrip(client);
    assert.strictEqual(client.stray, '');
  });

  it('defaults to stdio without a transport flag (and ignores client flags such as --clientProcessId)', async () => {
    const client = new LspClient({ args: [`--clientProcessId=${process.pid}`] });
    await roundTrip(client);
    assert.strictEqual(client.stray, '');
  });

  it('speaks over --node-ipc', async () => {
    await roundTrip(new LspClient({ transport: 'ipc' }));
  });

  it('connects to a client socket with --socket=N', async () => {
    await roundTrip(new LspClient({ transport: 'socket' }));
  });

  it('prints --version and --help', () => {
    const version = execFileSync(process.execPath, [SERVER, '--version'], { encoding: 'utf8' });
    assert.match(version, /^\d+\.\d+\.\d+\n$/);
    const help = execFileSync(process.execPath, [SERVER, '--help'], { encoding: 'utf8' });
    assert.match(help, /--stdio/);
    assert.match(help, /--node-ipc/);
    assert.match(help, /--socket=PORT/);
  });

  it('refuses a bad --socket value with a one-line error', () => {
    assert.throws(
      () => execFileSync(process.execPath, [SERVER, '--socket=zero'], { encoding: 'utf8', stdio: 'pipe' }),
      (e: any) => e.status === 2 && /--socket needs a port number/.test(String(e.stderr)),
    );
  });
});
