/**
 * The shared directory walker (server/src/walk.ts) and the workspace reader
 * thread's job (lsp/workspaceReader.ts), on real temporary trees: skipped
 * folders, ignore globs, links inside and outside the root, linked folders
 * and their loops, name order; the reader's texts, problems and file limit.
 */
import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { walk, walkSync, type WalkItem, type WalkOptions } from '../../server/src/walk';
import { readWorkspace, type ReaderMessage, type ReadItem } from '../../server/src/lsp/workspaceReader';
import { compileGlobs } from '../../server/src/lsp/glob';

const posix = process.platform !== 'win32';

function describeItems(root: string, items: WalkItem[]): string[] {
  return items
    .map((item) => {
      const rel = path.relative(root, item.path).split(path.sep).join('/');
      if (item.kind === 'file') return `${rel}${item.link ? ' (link)' : ''}${item.regular ? '' : ' (not regular)'}`;
      if (item.kind === 'skipped') return `skipped ${rel}`;
      return `problem ${rel}`;
    })
    .sort();
}

async function collect(roots: string[], options: WalkOptions): Promise<WalkItem[]> {
  const items: WalkItem[] = [];
  for await (const item of walk(roots, options)) items.push(item);
  return items;
}

describe('the directory walker', () => {
  let temp: string;
  let root: string;
  let outside: string;

  beforeEach(function () {
    if (!posix) this.skip();
    temp = fs.mkdtempSync(path.join(os.tmpdir(), 'zscript-walk-'));
    root = path.join(temp, 'root');
    outside = path.join(temp, 'outside');
    for (const dir of ['a/b', 'node_modules/pkg', '.git', 'drafts', 'c']) fs.mkdirSync(path.join(root, dir), { recursive: true });
    fs.mkdirSync(outside);
    for (const file of ['top.zbr', 'a/one.zbr', 'a/b/two.zbr', 'node_modules/pkg/x.zbr', '.git/y.zbr', 'drafts/d.zbr', 'a/notes.txt', 'c/z.zbr']) {
      fs.writeFileSync(path.join(root, file), '#trigger !t\n');
    }
    fs.writeFileSync(path.join(outside, 'secret.zbr'), '#trigger !secret\n');
    fs.symlinkSync(path.join(outside, 'secret.zbr'), path.join(root, 'out.zbr'));
    fs.symlinkSync(path.join(root, 'a', 'one.zbr'), path.join(root, 'in.zbr'));
    fs.symlinkSync(outside, path.join(root, 'linked-out'));
    fs.symlinkSync(path.join(root, 'a'), path.join(root, 'linked-in'));
    fs.symlinkSync(root, path.join(root, 'a', 'loop'));
    fs.symlinkSync(path.join(root, 'missing.zbr'), path.join(root, 'dangling.zbr'));
  });

  afterEach(() => {
    if (temp) fs.rmSync(temp, { recursive: true, force: true });
  });

  const accept = (name: string) => name.endsWith('.zbr');
  const ignore = compileGlobs(['drafts']);

  it('skips node_modules, .git and ignored folders, follows links to files inside the root only, and passes over linked folders unless asked', async () => {
    const expected = ['a/b/two.zbr', 'a/one.zbr', 'c/z.zbr', 'in.zbr (link)', 'skipped out.zbr', 'top.zbr'];
    const items: WalkItem[] = [];
    walkSync([root], { accept, ignore }, (item) => items.push(item));
    assert.deepStrictEqual(describeItems(root, items), expected);
    assert.deepStrictEqual(describeItems(root, await collect([root], { accept, ignore })), expected);
  });

  it('enters linked folders inside the root when asked, never those outside, and ends link loops', async () => {
    const items: WalkItem[] = [];
    walkSync([root], { accept, ignore, followLinkedFolders: true }, (item) => items.push(item));
    const described = describeItems(root, items);
    assert.ok(described.includes('skipped linked-out'), described.join(', '));
    assert.ok(!described.some((d) => d.includes('secret')), described.join(', '));
    // Each real folder once (through its link or its own name, whichever comes first): no file twice, none lost.
    const reals = items.filter((i) => i.kind === 'file' && !i.link).map((i) => path.relative(fs.realpathSync(root), fs.realpathSync(i.path)));
    assert.deepStrictEqual(
      reals.sort(),
      ['a/b/two.zbr', 'a/one.zbr', 'c/z.zbr', 'top.zbr'].map((p) => p.split('/').join(path.sep)),
    );
    // A linked folder whose target nothing else reaches is entered.
    const lone = path.join(temp, 'lone');
    fs.mkdirSync(path.join(root, 'hidden', 'deep'), { recursive: true });
    fs.writeFileSync(path.join(root, 'hidden', 'deep', 'h.zbr'), '');
    fs.symlinkSync(path.join(root, 'hidden', 'deep'), lone);
    const viaLink: WalkItem[] = [];
    walkSync([temp], { accept, ignore: compileGlobs(['root']), followLinkedFolders: true }, (item) => viaLink.push(item));
    assert.ok(describeItems(temp, viaLink).includes('lone/h.zbr'), describeItems(temp, viaLink).join(', '));
    const asyncItems = await collect([root], { accept, ignore, followLinkedFolders: true });
    assert.ok(asyncItems.length < 100, 'the asynchronous walk ends the loop too');
    assert.ok(describeItems(root, asyncItems).includes('skipped linked-out'));
  });

  it('visits entries in name order when sorted, depth first', () => {
    const files: string[] = [];
    walkSync([root], { accept, ignore, sorted: true }, (item) => item.kind === 'file' && files.push(path.relative(root, item.path).split(path.sep).join('/')));
    assert.deepStrictEqual(files, ['a/b/two.zbr', 'a/one.zbr', 'c/z.zbr', 'in.zbr', 'top.zbr']);
  });

  it('reports a folder it cannot read as a problem and goes on', function () {
    if (process.getuid?.() === 0) this.skip(); // root reads anything
    fs.chmodSync(path.join(root, 'c'), 0);
    try {
      const items: WalkItem[] = [];
      walkSync([root], { accept, ignore }, (item) => items.push(item));
      assert.ok(describeItems(root, items).includes('problem c'));
      assert.ok(describeItems(root, items).includes('top.zbr'));
    } finally {
      fs.chmodSync(path.join(root, 'c'), 0o755);
    }
  });

  it('the reader thread job: texts with their sizes, refusals with their reason, links out named, at most maxFiles read', () => {
    if (spawnSync('mkfifo', [path.join(root, 'fifo.zbr')]).status !== 0) return;
    fs.symlinkSync(path.join(root, 'fifo.zbr'), path.join(root, 'fifo-link.zbr'));
    fs.writeFileSync(path.join(root, 'big.zbr'), 'x'.repeat(2000));
    fs.writeFileSync(path.join(root, 'é.zbr'), '#trigger !é\n');
    const run = (maxFiles: number) => {
      const messages: ReaderMessage[] = [];
      readWorkspace({ roots: [root], exclude: ['drafts'], maxFileBytes: 1000, maxFiles, batch: 2 }, (m) => messages.push(m));
      assert.deepStrictEqual(messages[messages.length - 1], { done: true, limited: maxFiles < 7 });
      assert.ok(messages.slice(0, -1).every((m) => 'items' in m && m.items.length <= 2 && m.items.length > 0));
      return messages.flatMap((m) => ('items' in m ? [...m.items] : [])) as ReadItem[];
    };
    const items = run(1000);
    const byName = new Map(items.map((i) => [path.relative(root, i.path).split(path.sep).join('/'), i]));
    const accent = byName.get('é.zbr');
    assert.ok(accent && 'text' in accent && accent.text === '#trigger !é\n' && accent.bytes === Buffer.byteLength('#trigger !é\n'));
    assert.deepStrictEqual([...byName.keys()].sort(), [
      'a/b/two.zbr',
      'a/one.zbr',
      'big.zbr',
      'c/z.zbr',
      'fifo-link.zbr',
      'in.zbr',
      'out.zbr',
      'top.zbr',
      'é.zbr',
    ]);
    const problems = Object.fromEntries(items.filter((i) => 'problem' in i).map((i) => [path.basename(i.path), (i as { problem: string }).problem]));
    assert.deepStrictEqual(problems, { 'big.zbr': 'too-large', 'fifo-link.zbr': 'not-regular', 'out.zbr': 'outside' });
    // The plain FIFO is not a regular file: the walker never reports it.
    assert.ok(!byName.has('fifo.zbr'));
    assert.strictEqual(run(2).filter((i) => 'text' in i).length, 2);
  });
});
