/**
 * "Did you mean" suggestions: closest() counts a swap of two neighbouring
 * letters as one edit (optimal string alignment distance), and its pruning
 * (length difference, letter counts, early stop) never changes the answer.
 */
import * as assert from 'node:assert';
import { bundledCatalog } from '../../server/src/catalog';
import { parseCommandFile } from '../../server/src/syntax/parse';
import { Analyzer, closest } from '../../server/src/analysis';

const catalog = bundledCatalog();
const names = catalog.functions.map((f) => f.name);

/** Plain optimal string alignment distance, no pruning (the reference). */
function osa(a: string, b: string): number {
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    d.push([]);
    for (let j = 0; j <= b.length; j++) {
      if (i === 0 || j === 0) {
        d[i].push(i + j);
        continue;
      }
      let v = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2][j - 2] + 1);
      d[i].push(v);
    }
  }
  return d[a.length][b.length];
}

/** What closest() must answer: the first candidate at the smallest distance below the limit. */
function referenceClosest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const c of candidates) {
    const d = osa(word.toLowerCase(), c.toLowerCase());
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best;
}

describe('analysis: suggestions', () => {
  it('a swap of two neighbouring letters is one edit: Ztitel suggests Ztitle, not Ztime', () => {
    assert.ok(names.includes('Ztime') && names.includes('Ztitle'));
    assert.strictEqual(closest('Ztitel', names), 'Ztitle');
    assert.strictEqual(closest('ZaddFeild', names), 'ZaddField');
    assert.strictEqual(closest('#tirgger', ['#trigger', '#type']), '#trigger');
  });

  it('the unknown-function diagnostic suggests and fixes with the swapped spelling', () => {
    const text = '#trigger !x\nZtitel{Hello}';
    const [d] = new Analyzer(catalog).diagnose(parseCommandFile(text, { isBareCallable: (n) => catalog.isBareCallable(n) }));
    assert.strictEqual(d.code, 'unknown-function');
    assert.match(d.message, /Did you mean Ztitle\?/);
    assert.strictEqual(d.fixes![0].edits[0].newText, 'Ztitle');
  });

  it('agrees with an unpruned optimal string alignment search (random typos of catalog names)', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const letters = 'abcdefghijklmnopqrstuvwxyzZ';
    for (let k = 0; k < 400; k++) {
      let w = names[random(names.length)];
      for (let edits = random(4); edits > 0; edits--) {
        const at = random(w.length);
        const op = random(4);
        if (op === 0) w = w.slice(0, at) + w.slice(at + 1);
        else if (op === 1) w = w.slice(0, at) + letters[random(letters.length)] + w.slice(at);
        else if (op === 2) w = w.slice(0, at) + letters[random(letters.length)] + w.slice(at + 1);
        else if (at + 1 < w.length) w = w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2);
      }
      assert.strictEqual(closest(w, names), referenceClosest(w, names), w);
    }
  });

  it('one-edit typos (found through the index of long lists) get the same answer as the search', () => {
    // Every letter dropped and every neighbouring pair swapped, in every tenth name; ties between
    // several names one edit away must go to the first of them, as the search's do.
    for (let k = 0; k < names.length; k += 10) {
      const name = names[k];
      for (let at = 1; at < name.length; at++) {
        const dropped = name.slice(0, at) + name.slice(at + 1);
        assert.strictEqual(closest(dropped, names), referenceClosest(dropped, names), dropped);
        if (at + 1 < name.length) {
          const swapped = name.slice(0, at) + name[at + 1] + name[at] + name.slice(at + 2);
          assert.strictEqual(closest(swapped, names), referenceClosest(swapped, names), swapped);
        }
      }
    }
    // A long list where lower-casing changes a name's length is searched, not indexed, with the same answer.
    const odd = [...names.slice(0, 80), 'Zİstanbul'];
    for (const w of ['Zistnbul', 'Zİstanbl', 'Ztitel', 'ZaddFeild']) assert.strictEqual(closest(w, odd), referenceClosest(w, odd), w);
  });
});
