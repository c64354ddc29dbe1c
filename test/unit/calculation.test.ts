/**
 * Zcalculate's expression reader against the engine's grammar: what it
 * reads, what it refuses, and that on random well-formed expressions the
 * only refusal is a division by zero.
 */
import * as assert from 'node:assert';
import { calculationError, firstForeignCharacter } from '../../server/src/language/calculation';

describe('language: Zcalculate expressions', () => {
  it('reads what the engine computes', () => {
    for (const ok of ['1', '1 + 2 * 3', '(1 + 2) * 3', '2 ** 3 ** 2', '-5 + 3', '7 % 4', '1.5e3 / 3', '.5 + 1.', ' ( 4 ) ', '-(2 + 3)', '10 - -2'])
      assert.strictEqual(calculationError(ok), undefined, ok);
  });

  it('refuses what the engine halts on', () => {
    const cases: [string, RegExp][] = [
      ['2^3', /unexpected character "\^"/],
      ['3 x 4', /unexpected character "x"/],
      ['+5', /number expected/],
      ['(1 + 2', /missing closing parenthesis/],
      ['1 +', /ends too early/],
      ['10 / 0', /division by zero/],
      ['10 % (2 - 2)', /by zero/],
      ['1.2.3', /not a number/],
      ['e5', /not a number/],
      ['2 3', /unexpected character "3"/],
      ['', /ends too early/],
    ];
    for (const [text, why] of cases) assert.match(calculationError(text)?.message ?? 'accepted', why, text);
  });

  it('agrees with the arithmetic on random expressions: a refusal only for a division by zero', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const expr = (depth: number): string => {
      if (depth > 3 || random(3) === 0) return String(random(20));
      const op = ['+', '-', '*', '/', '%', '**'][random(6)];
      const inner = `${expr(depth + 1)} ${op} ${expr(depth + 1)}`;
      return random(2) ? `(${inner})` : inner;
    };
    for (let k = 0; k < 2000; k++) {
      const text = expr(0);
      const error = calculationError(text);
      if (error) assert.match(error.message, /by zero/, text);
    }
  });

  it('gives up without a finding past its nesting limit, whatever the depth', () => {
    assert.strictEqual(calculationError(`2${'**2'.repeat(100000)}`)?.message, 'too deeply nested');
    assert.strictEqual(calculationError(`${'('.repeat(100000)}1${')'.repeat(100000)}`)?.message, 'too deeply nested');
  });

  it('finds a character no expression contains', () => {
    assert.strictEqual(firstForeignCharacter(' + 2) * '), -1);
    assert.strictEqual(firstForeignCharacter(' ^ 2'), 1);
  });
});
