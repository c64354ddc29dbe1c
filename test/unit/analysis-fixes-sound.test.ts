/**
 * Every fix the analysis offers in the annotated fixtures, applied: the
 * diagnostic it fixes goes (one fewer of its code), and no new error or
 * warning appears. A fix that trades one problem for another is worse than
 * none: users apply the preferred one without reading it.
 *
 * Some fixes make a call valid, and a valid call can have findings an
 * invalid one has not (a timeout that now runs prints its result). Those
 * are listed in REVEALED with the reason; anything else new fails.
 */
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { bundledCatalog } from '../../server/src/catalog';
import { parseCommandFile } from '../../server/src/syntax/parse';
import { Analyzer, type AnalysisDiagnostic } from '../../server/src/analysis';
import { stripAnnotations } from '../annotated';

const dir = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'annotated');
const catalog = bundledCatalog();
const options = { isBareCallable: (n: string) => catalog.isBareCallable(n) };

/** `fixture fixed-code → revealed-code`: findings a fix uncovers by making the code valid. */
const REVEALED: Record<string, string> = {
  'b-types.zbr invalid-duration → action-prints-result': 'the timeout now runs, and its result goes into the reply',
  'engine-loader.zbr header-word-case → trigger-type-mismatch': "#type slash now counts, and the fixture's trigger is a prefix one",
  'engine-rows-one.zbr invalid-boolean → component-rows-dropped': 'a button with "true" first now starts a second row',
};

function diagnose(text: string): AnalysisDiagnostic[] {
  // A fresh analyzer: nothing cached from the text before the fix.
  return new Analyzer(catalog).diagnose(parseCommandFile(text, options));
}

function counts(list: readonly AnalysisDiagnostic[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const d of list) if (d.severity === 'error' || d.severity === 'warning') m.set(d.code, (m.get(d.code) ?? 0) + 1);
  return m;
}

describe('analysis: every fix in the annotated fixtures fixes, and breaks nothing', () => {
  let fixes = 0;
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.zbr'));
  for (const f of files) {
    it(f, () => {
      const code = stripAnnotations(fs.readFileSync(path.join(dir, f), 'utf8'));
      const before = diagnose(code);
      const had = counts(before);
      for (const d of before) {
        for (const fix of d.fixes ?? []) {
          fixes++;
          let fixed = code;
          for (const e of [...fix.edits].sort((a, b) => b.start - a.start)) fixed = fixed.slice(0, e.start) + e.newText + fixed.slice(e.end);
          const after = diagnose(fixed);
          const where = `${f}:${code.slice(0, d.start).split('\n').length} ${d.code} "${fix.title}"`;
          assert.ok(after.filter((x) => x.code === d.code).length < before.filter((x) => x.code === d.code).length, `${where}: the diagnostic is still there`);
          for (const [c, n] of counts(after)) {
            if (c === d.code || n <= (had.get(c) ?? 0)) continue;
            assert.ok(Object.hasOwn(REVEALED, `${f} ${d.code} → ${c}`), `${where}: the fixed code has a new ${c}: ${after.find((x) => x.code === c)?.message}`);
          }
        }
      }
    });
  }
  after(() => assert.ok(fixes >= 60, `only ${fixes} fixes checked`));
});
