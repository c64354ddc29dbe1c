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
