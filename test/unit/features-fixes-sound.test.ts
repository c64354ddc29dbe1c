/**
 * Every quick fix offered on the annotated fixtures (the analysis' own and
 * the code actions' extra spellings and units), applied: the diagnostic it
 * fixes goes (one fewer of its code), and no new error or warning appears.
 * A fix that trades one problem for another is worse than none: users apply
 * the preferred one without reading it.
 *
 * Some fixes make a call valid, and a valid call can have findings an
 * invalid one has not (a timeout that now runs prints its result). Those
 * are listed in REVEALED with the reason; anything else new fails.
 */
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { stripAnnotations } from '../annotated';
import { service } from './features-helpers.test';

const dir = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'annotated');

/** `fixture fixed-code → revealed-code`: findings a fix uncovers by making the code valid. */
const REVEALED: Record<string, string> = {
  'b-misc.zbr unknown-directive → directive-ignored': 'the misspelt #trigger now counts, and the #trigger line after it replaces it',
  'b-types.zbr invalid-duration → action-prints-result': 'the timeout now runs, and its result goes into the reply',
  'bare-calls-run-together.zbr bare-call-needs-braces → embed-part-replaced': 'the bare Ztitle now sets the title, which the Ztitle{Profile} below replaces',
  'engine-escapes.zbr invalid-duration → action-prints-result': 'the timeout (10M written 10m) now runs, and its result goes into the reply',
  'engine-loader.zbr header-word-case → trigger-type-mismatch': "#type slash now counts, and the fixture's trigger is a prefix one",
  'engine-rows-one.zbr invalid-boolean → component-rows-dropped': 'a button with "true" first now starts a second row',
  'b-slash-headers.zbr invalid-type → optional-option-missing': 'the file is now a slash command, so its optional reason can be left out',
  'option-position.zbr option-position → optional-option-missing': 'the reason read by name is optional, as it was read by position',
};

/** Errors and warnings by code. */
function counts(list: readonly Diagnostic[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const d of list) if (d.severity === 1 || d.severity === 2) m.set(String(d.code), (m.get(String(d.code)) ?? 0) + 1);
  return m;
}

function diagnose(uri: string, text: string): Diagnostic[] {
  // A fresh service: nothing cached from the text before the fix.
  const svc = service();
  svc.openDocument(uri, text, 1);
  return svc.diagnostics(uri);
}

describe('fixes: every quick fix on the annotated fixtures fixes, and breaks nothing', () => {
  let fixes = 0;
  for (const f of fs.readdirSync(dir).filter((name) => name.endsWith('.zbr'))) {
    it(f, () => {
      const uri = `file:///bot/commands/${f}`;
      const code = stripAnnotations(fs.readFileSync(path.join(dir, f), 'utf8'));
      const svc = service();
      svc.openDocument(uri, code, 1);
      const before = svc.diagnostics(uri);
      const had = counts(before);
      for (const d of before) {
        for (const action of svc.codeActions(uri, d.range, [d])) {
          if (action.title.startsWith('Disable')) continue;
          fixes++;
          const fixed = TextDocument.applyEdits(TextDocument.create(uri, 'zscript', 1, code), action.edit?.changes?.[uri] ?? []);
          const after = diagnose(uri, fixed);
          const where = `${f}:${d.range.start.line + 1} ${d.code} "${action.title}"`;
          assert.ok(after.filter((x) => x.code === d.code).length < before.filter((x) => x.code === d.code).length, `${where}: the diagnostic is still there`);
          for (const [c, n] of counts(after)) {
            if (c === d.code || n <= (had.get(c) ?? 0)) continue;
            assert.ok(Object.hasOwn(REVEALED, `${f} ${d.code} → ${c}`), `${where}: the fixed code has a new ${c}: ${after.find((x) => x.code === c)?.message}`);
          }
        }
      }
    });
  }
  after(() => assert.ok(fixes >= 70, `only ${fixes} fixes checked`));
});
