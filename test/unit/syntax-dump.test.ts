/**
 * Syntax fixtures (test/fixtures/syntax/*.zbr): each input sits beside its
 * expected tree, `NAME.tree`, as `renderTree` writes it (one node a line,
 * absolute offsets, the text each covers). The test parses the input, checks
 * the tree's invariants, and compares the rendering with the file.
 * UPDATE_SNAPSHOTS=1 writes the renderings instead: review the diff (every
 * range, every error) before committing.
 *
 * Bare calls are the fixed set of syntax-helpers (Zusername, Ztimestamp, ...),
 * not the catalog, so a catalog change never moves these trees.
 */
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { renderTree } from '../../server/src/syntax/dump';
import { checkInvariants, parse } from './syntax-helpers';

const dir = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'syntax');
const update = process.env.UPDATE_SNAPSHOTS === '1';

describe('syntax: fixtures as tree dumps', () => {
  const inputs = fs.readdirSync(dir).filter((f) => f.endsWith('.zbr'));
  it('has the fixtures, each with its expected tree', () => {
    assert.ok(inputs.length >= 25, `${inputs.length}`);
    if (update) return; // the trees are being written
    const trees = fs.readdirSync(dir).filter((f) => f.endsWith('.tree'));
    assert.deepStrictEqual(trees.map((f) => f.slice(0, -5)).sort(), inputs.map((f) => f.slice(0, -4)).sort(), 'a .tree without its .zbr, or the reverse');
  });
  for (const f of inputs) {
    it(f, () => {
      const text = fs.readFileSync(path.join(dir, f), 'utf8');
      const tree = parse(text);
      checkInvariants(tree);
      const rendered = renderTree(tree);
      const expectedFile = path.join(dir, `${f.slice(0, -4)}.tree`);
      if (update) {
        if (!fs.existsSync(expectedFile) || fs.readFileSync(expectedFile, 'utf8') !== rendered) fs.writeFileSync(expectedFile, rendered);
        return;
      }
      assert.ok(fs.existsSync(expectedFile), `${expectedFile} is missing: run with UPDATE_SNAPSHOTS=1 and review it`);
      assert.strictEqual(rendered, fs.readFileSync(expectedFile, 'utf8'));
    });
  }
});
