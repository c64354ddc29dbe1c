/**
 * Annotated fixtures (test/fixtures/annotated/*.zbr): each file is command
 * code with its expected diagnostics written under the lines they point at
 * (see test/annotated.ts). The test analyses the code and compares the file
 * with the code annotated by what the analysis found: exact ranges, severity
 * and code, nothing more, nothing less. UPDATE_SNAPSHOTS=1 writes the found
 * annotations back instead; review the diff.
 *
 * Adding a rule's fixture: write the code, run with UPDATE_SNAPSHOTS=1, check
 * the annotations say what the rule should say.
 */
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { bundledCatalog } from '../../server/src/catalog';
import { parseCommandFile } from '../../server/src/syntax/parse';
import { Analyzer } from '../../server/src/analysis';
import { isDiagnosticCode } from '../../server/src/analysis/codes';
import { renderAnnotated, stripAnnotations } from '../annotated';

const dir = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'annotated');
const catalog = bundledCatalog();
const analyzer = new Analyzer(catalog);
const update = process.env.UPDATE_SNAPSHOTS === '1';

describe('analysis: annotated fixtures (expected diagnostics written under the code)', () => {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.zbr'));
  it('has the converted rule fixtures', () => assert.ok(files.length >= 30, `${files.length}`));
  for (const f of files) {
    it(f, () => {
      const file = path.join(dir, f);
      const fixture = fs.readFileSync(file, 'utf8');
      const code = stripAnnotations(fixture);
      const found = analyzer.diagnose(parseCommandFile(code, { isBareCallable: (n) => catalog.isBareCallable(n) }));
      for (const d of found) assert.ok(isDiagnosticCode(d.code), d.code);
      const expected = renderAnnotated(code, found);
      if (update) {
        if (expected !== fixture) fs.writeFileSync(file, expected);
        return;
      }
      assert.strictEqual(fixture, expected);
    });
  }
});
