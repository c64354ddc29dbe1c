/**
 * The condition rules' cheap prechecks against the checks they guard: a
 * precheck that says "nothing to find" must agree with the full check.
 */
import * as assert from 'node:assert';
import { hasLoneEquals, singleEqualsConditions } from '../../server/src/analysis/rules/conditions';
import { prng } from './syntax-helpers';

describe('condition rules: prechecks', () => {
  it('finds a lone "=" where the single-equals check reports, and only there', () => {
    assert.deepStrictEqual(singleEqualsConditions('Zmessage{1}=yes'), [11]);
    assert.strictEqual(hasLoneEquals('Zmessage{1}=yes'), true);
    for (const raw of ['a==b', 'a!=b', 'a>=1', 'a<=1', 'Zvar{x}==Zvar{y} && 1==1']) {
      assert.strictEqual(hasLoneEquals(raw), false, raw);
      assert.deepStrictEqual(singleEqualsConditions(raw), [], raw);
    }
    // An escaped "=" leaves its partner alone in the condition's own text.
    assert.deepStrictEqual(singleEqualsConditions('a\\==b'), [3]);
    assert.strictEqual(hasLoneEquals('a\\==b'), true);
  });

  it('agrees with the single-equals check on random conditions', () => {
    const parts = ['=', '==', '!=', '>=', '<=', '>', '<', '!', 'a', '1', ' ', ' && ', ' || ', 'Zvar{', 'Zmessage{1}', '{', '}', '\\', ';', 'yes', ' contains '];
    const rnd = prng(77);
    let quiet = 0;
    for (let i = 0; i < 20000; i++) {
      let raw = '';
      const n = 1 + Math.floor(rnd() * 10);
      for (let k = 0; k < n; k++) raw += parts[Math.floor(rnd() * parts.length)];
      if (hasLoneEquals(raw)) continue;
      quiet++;
      assert.deepStrictEqual(singleEqualsConditions(raw), [], JSON.stringify(raw));
    }
    assert.ok(quiet > 2000, `${quiet} conditions skipped the check`);
  });
});
