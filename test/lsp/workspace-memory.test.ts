/**
 * Workspace files that are not open cost their text, not their syntax trees
 * (several times the text): a workspace whose trees alone would exceed the
 * server's heap is indexed, searched and diagnosed under that heap.
 */
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { bundledCatalog } from '../../server/src/catalog';
import { LanguageService } from '../../server/src/service';
import { capabilities, eventually, fileUri, LspClient, SERVER } from './client';

/** A command file of about `size` characters of ordinary calls. */
function bigCommand(n: number, size: number): string {
  const lines = [`#trigger !big${n}`];
  let total = 0;
  for (let i = 0; total < size; i++) {
    const line = `Line ${i}: Zuppercase{hello ${i}} ZaddButton{;b${n}x${i};OK} ZsetServerVar{count${n};${i}}`;
    lines.push(line);
    total += line.length + 1;
  }
  return `${lines.join('\n')}\n`;
}

describe('workspace memory: files not open keep no syntax tree', function () {
  this.timeout(120000);

  it('the service parses a workspace file only for a request, and keeps a bounded number of trees', () => {
    const svc = new LanguageService(bundledCatalog());
    for (let n = 0; n < 40; n++) svc.setWorkspaceFile(`file:///ws/commands/c${n}.zbr`, `#trigger !c${n}\nZsetServerVar{total;${n}}\n`);
    assert.strictEqual(svc.parsedWorkspaceFiles, 0, 'indexing keeps no tree');
    // The index answers from every file without trees.
    assert.strictEqual(svc.workspaceSymbols('!c').length >= 40, true);
    for (let n = 0; n < 40; n++) assert.deepStrictEqual(svc.diagnostics(`file:///ws/commands/c${n}.zbr`), []);
    assert.ok(svc.parsedWorkspaceFiles <= LanguageService.DISK_TREES_KEPT, `${svc.parsedWorkspaceFiles}`);
    // A changed file on disk is indexed again.
    svc.setWorkspaceFile('file:///ws/commands/c0.zbr', '#trigger !renamed\nHi\n');
    assert.ok(svc.workspaceSymbols('!renamed').length >= 1);
  });

  it('indexes 40 files of 0.9 MiB under a 192 MiB heap (their trees alone would take several times that)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zscript-wsmem-'));
    const client = new LspClient({ command: [process.execPath, '--max-old-space-size=192', SERVER] });
    try {
      fs.mkdirSync(path.join(dir, 'commands'));
      for (let n = 0; n < 40; n++) fs.writeFileSync(path.join(dir, 'commands', `big${n}.zbr`), bigCommand(n, 900 * 1024));
      await client.initialize({ workspaceFolders: [dir], capabilities: capabilities({ pull: true }) });
      const symbols = await eventually(
        async () => {
          const found = await client.request('workspace/symbol', { query: '!big' });
          return Array.isArray(found) && found.length >= 40 ? found : undefined;
        },
        'all 40 files indexed',
        2400,
      );
      assert.ok(symbols.length >= 40);
      const uri = fileUri(path.join(dir, 'commands', 'big7.zbr'));
      const report = await client.request('textDocument/diagnostic', { textDocument: { uri } });
      assert.strictEqual(report.kind, 'full');
      // Still serving.
      assert.ok(await client.request('workspace/symbol', { query: '!big3' }));
    } finally {
      await client.shutdown();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
