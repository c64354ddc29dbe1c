/** What the workspace scan tells its progress listener (the LSP shows it as work-done progress). */
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { bundledCatalog } from '../../server/src/catalog';
import { WorkspaceFiles } from '../../server/src/lsp/workspaceScan';
import { LanguageService } from '../../server/src/service';

describe('workspace scan: progress', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zscript-progress-'));
    for (let i = 0; i < 5; i++) fs.writeFileSync(path.join(dir, `c${i}.zbr`), `#trigger !c${i}\nHello\n`);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  function listened(): { files: WorkspaceFiles; events: string[] } {
    const files = new WorkspaceFiles(new LanguageService(bundledCatalog()), { info: () => undefined, warn: () => undefined });
    const events: string[] = [];
    files.progress = {
      started: () => events.push('started'),
      indexed: (n) => events.push(`indexed ${n}`),
      ended: (n) => events.push(`ended ${n}`),
    };
    return { files, events };
  }

  it('starts, counts every file indexed and ends with the total', async () => {
    const { files, events } = listened();
    files.setFolders([dir]);
    await files.rescan();
    assert.deepStrictEqual(events, ['started', 'indexed 1', 'indexed 2', 'indexed 3', 'indexed 4', 'indexed 5', 'ended 5']);
  });

  it('a scan superseded by one without folders still ends (and only once)', async () => {
    const { files, events } = listened();
    files.setFolders([dir]);
    const first = files.rescan();
    files.setFolders([]);
    const second = files.rescan();
    await Promise.all([first, second]);
    assert.strictEqual(events[0], 'started');
    assert.deepStrictEqual(
      events.filter((e) => e.startsWith('started') || e.startsWith('ended')),
      ['started', `ended ${files.fileCount}`],
    );
    assert.strictEqual(files.fileCount, 0);
  });
});

describe('workspace scan: a rescan forgets what is gone', () => {
  it('drops every file deleted since the last scan, keeps the others, and tells the service', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zscript-rescan-'));
    try {
      // More files than one pass of the sweep looks at between its checks of the clock (256).
      for (let i = 0; i < 700; i++) fs.writeFileSync(path.join(dir, `c${i}.zbr`), `#trigger !c${i}\nHello\n`);
      const service = new LanguageService(bundledCatalog());
      const files = new WorkspaceFiles(service, { info: () => undefined, warn: () => undefined });
      files.setFolders([dir]);
      await files.rescan();
      assert.strictEqual(files.fileCount, 700);
      const first = files.files().find((uri) => uri.endsWith('/c0.zbr'))!;
      assert.strictEqual(service.hasDocument(first), true);
      for (let i = 0; i < 700; i += 3) fs.rmSync(path.join(dir, `c${i}.zbr`));
      await files.rescan();
      const kept = files.files().map((uri) => uri.slice(uri.lastIndexOf('/') + 1));
      assert.strictEqual(kept.length, 700 - 234);
      assert.ok(!kept.includes('c0.zbr') && !kept.includes('c699.zbr') && kept.includes('c1.zbr') && kept.includes('c698.zbr'));
      assert.strictEqual(service.hasDocument(first), false);
      assert.strictEqual(service.hasDocument(files.files()[0]), true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
