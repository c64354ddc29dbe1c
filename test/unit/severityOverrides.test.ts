/**
 * Severity overrides are applied in one place (effectiveSeverity); the
 * analyzer's flat list, the LSP conversion and the checker give the same
 * answer for the same overrides.
 */
import * as assert from 'node:assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { bundledCatalog } from '../../server/src/catalog';
import { Analyzer } from '../../server/src/analysis/analyzer';
import { effectiveSeverity, isSeverityLevel, SEVERITY_LEVELS } from '../../server/src/analysis/codes';
import { parseCommandFile } from '../../server/src/syntax/parse';
import { toLspDiagnostics } from '../../server/src/features/diagnostics';
import { checkText } from '../../server/src/bin/check';

const catalog = bundledCatalog();

describe('severity overrides', () => {
  it('an override replaces the severity, off drops the code, other codes keep theirs', () => {
    const overrides = { 'unknown-function': 'hint', 'missing-trigger': 'off' } as const;
    assert.strictEqual(effectiveSeverity('unknown-function', 'error', overrides), 'hint');
    assert.strictEqual(effectiveSeverity('missing-trigger', 'error', overrides), undefined);
    assert.strictEqual(effectiveSeverity('invalid-type', 'warning', overrides), 'warning');
    // Only the overrides' own keys count (a plain object's prototype is no setting).
    assert.strictEqual(effectiveSeverity('constructor', 'warning', overrides), 'warning');
  });

  it('the levels are the four severities and off', () => {
    assert.deepStrictEqual([...SEVERITY_LEVELS], ['error', 'warning', 'information', 'hint', 'off']);
    assert.strictEqual(isSeverityLevel('off'), true);
    assert.strictEqual(isSeverityLevel('Error'), false);
    assert.strictEqual(isSeverityLevel(1), false);
  });

  it('the analyzer, the LSP conversion and the checker agree', () => {
    const text = 'Zfrobnicate{1}\n#type slashy\n';
    const overrides = { 'unknown-function': 'hint', 'missing-trigger': 'off' } as const;
    const tree = parseCommandFile(text, { isBareCallable: (n) => catalog.isBareCallable(n) });
    const analyzer = new Analyzer(catalog);
    const raw = analyzer.diagnose(tree);
    const flat = analyzer.diagnose(tree, { severity: overrides }).map((d) => `${d.code}:${d.severity}`);
    const lsp = toLspDiagnostics(TextDocument.create('file:///a.zbr', 'zscript', 1, text), raw, overrides).map(
      (d) => `${d.code}:${['', 'error', 'warning', 'information', 'hint'][d.severity!]}`,
    );
    const check = checkText('a.zbr', text, analyzer, catalog, overrides).map((d) => `${d.code}:${d.severity}`);
    assert.ok(raw.some((d) => d.code === 'missing-trigger'));
    assert.ok(flat.includes('unknown-function:hint'), flat.join());
    assert.ok(!flat.some((d) => d.startsWith('missing-trigger')));
    assert.deepStrictEqual(lsp, flat);
    assert.deepStrictEqual(check, flat);
  });
});
