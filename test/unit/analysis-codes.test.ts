/**
 * Every diagnostic code's documented example (codes.ts, shown in the README's
 * table) must produce that code, and nothing else that is an error: a user
 * who pastes an example from the table sees exactly what the table says.
 *
 * Examples are one line, or several joined by " + " (header lines and body
 * lines of one file); a line ending in ` ×N` stands for N copies of it; a
 * body-only example gets `#trigger !x` above it.
 */
import * as assert from 'node:assert';
import { bundledCatalog } from '../../server/src/catalog';
import { parseCommandFile } from '../../server/src/syntax/parse';
import { Analyzer, DIAGNOSTIC_CODES } from '../../server/src/analysis';

const catalog = bundledCatalog();

export function exampleFile(code: string, example: string): string {
  if (code === 'missing-trigger') return 'Hello Zusername\n';
  if (code === 'byte-order-mark') return '\uFEFF#trigger !x\nHello Zusername\n';
  // An invisible character is written as its code point in the table: the file holds the character.
  const lines = example
    .replace(/\(U\+([0-9A-F]{4})\)/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .split(' + ')
    .flatMap((line) => {
      const times = / ×(\d+)$/.exec(line);
      return times ? Array<string>(Number(times[1])).fill(line.slice(0, times.index)) : [line];
    });
  if (!lines.some((line) => line.startsWith('#trigger'))) lines.unshift('#trigger !x');
  return `${lines.join('\n')}\n`;
}

describe('analysis: the documented example of every code', () => {
  for (const [code, info] of Object.entries(DIAGNOSTIC_CODES)) {
    if (info.scope === 'workspace') continue; // compares files: test/lsp/workspace-diagnostics.test.ts
    if (info.scope === 'bytes') continue; // a file's bytes: test/unit/check-cli.test.ts
    it(`${code}: ${info.example}`, () => {
      const text = exampleFile(code, info.example);
      const found = new Analyzer(catalog).diagnose(parseCommandFile(text, { isBareCallable: (n) => catalog.isBareCallable(n) }));
      const summary = found.map((d) => `${d.code} (${d.severity}): ${d.message}`).join('\n');
      assert.ok(
        found.some((d) => d.code === code),
        `no ${code} in:\n${summary}`,
      );
      // The example of lines-joined is also a stray } to the language's reading (the engine skips the "//" line with its brace).
      const otherErrors = found.filter((d) => d.code !== code && d.severity === 'error' && !(code === 'lines-joined' && d.code === 'stray-brace'));
      assert.deepStrictEqual(
        otherErrors.map((d) => d.code),
        [],
        `other errors:\n${summary}`,
      );
      assert.strictEqual(found.find((d) => d.code === code)!.severity, info.severity, 'default severity');
    });
  }
});
