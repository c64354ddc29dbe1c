/**
 * Fixes carried by the analysis' diagnostics for a misspelt permission and a
 * duration written as a bare number (the code actions show them first).
 */
import * as assert from 'node:assert';
import { bundledCatalog } from '../../server/src/catalog';
import { parseCommandFile } from '../../server/src/syntax/parse';
import { Analyzer, type AnalysisDiagnostic } from '../../server/src/analysis';

const catalog = bundledCatalog();
const analyzer = new Analyzer(catalog);

function diagnose(text: string): AnalysisDiagnostic[] {
  return analyzer.diagnose(parseCommandFile(text, { isBareCallable: (n) => catalog.isBareCallable(n) }));
}

function applied(text: string, d: AnalysisDiagnostic, k = 0): string {
  const e = d.fixes![k].edits[0];
  return text.slice(0, e.start) + e.newText + text.slice(e.end);
}

describe('analysis: fixes', () => {
  it('unclosed call: closed at the end of its own line when the next line starts a call, at the end otherwise', () => {
    const text = '#trigger !x\nZtitle{Hello\r\nZcolor{#ffffff}\nZreply';
    const [d] = diagnose(text);
    assert.strictEqual(d.code, 'unclosed-call');
    assert.strictEqual(d.fixes![0].preferred, true);
    assert.strictEqual(applied(text, d), '#trigger !x\nZtitle{Hello}\r\nZcolor{#ffffff}\nZreply');
    assert.strictEqual(applied(text, d, 1), `${text}}`);
    const prose = '#trigger !x\nZdescription{Line one\nline two';
    const [p] = diagnose(prose);
    assert.strictEqual(applied(prose, p), `${prose}}`);
    assert.strictEqual(p.fixes![0].preferred, true);
    const one = '#trigger !x\nZtitle{Hello';
    assert.deepStrictEqual(
      diagnose(one)[0].fixes!.map((f) => f.title),
      ['Add the missing "}"'],
    );
  });
  it('unknown-permission: the closest permission name, the spaces around it kept', () => {
    const text = '#trigger !x\nZonlyPerms{ banMember }';
    const [d] = diagnose(text);
    assert.strictEqual(d.code, 'unknown-permission');
    assert.match(d.message, /Did you mean banMembers\?/);
    assert.strictEqual(d.fixes!.length, 1);
    assert.strictEqual(d.fixes![0].preferred, true);
    assert.strictEqual(d.fixes![0].title, 'Change to banMembers');
    assert.strictEqual(applied(text, d), '#trigger !x\nZonlyPerms{ banMembers }');
  });

  it('unknown-permission: a +, - or / prefix stays as written', () => {
    for (const prefix of ['+', '-', '/', '- ']) {
      const text = `#trigger !x\nZeditChannelPerms{123456789012345678;123456789012345678;${prefix}sendMesages}`;
      const d = diagnose(text).find((x) => x.code === 'unknown-permission')!;
      assert.ok(d, prefix);
      assert.strictEqual(applied(text, d), `#trigger !x\nZeditChannelPerms{123456789012345678;123456789012345678;${prefix}sendMessages}`);
    }
  });

  it('unknown-permission: spaces, _ and - in the name are ignored by the search; no fix when nothing is close', () => {
    const text = '#trigger !x\nZonlyPerms{ban_membrs}';
    assert.strictEqual(applied(text, diagnose(text)[0]), '#trigger !x\nZonlyPerms{banMembers}');
    const [far] = diagnose('#trigger !x\nZonlyPerms{flyAround}');
    assert.strictEqual(far.code, 'unknown-permission');
    assert.strictEqual(far.fixes, undefined);
    assert.doesNotMatch(far.message, /Did you mean/);
  });

  it('invalid-duration: a bare number offers seconds and minutes, none preferred', () => {
    const text = '#trigger !x\nZcooldown{ 10 }';
    const [d] = diagnose(text);
    assert.strictEqual(d.code, 'invalid-duration');
    assert.deepStrictEqual(
      d.fixes!.map((f) => f.title),
      ['Change to 10s', 'Change to 10m'],
    );
    assert.ok(d.fixes!.every((f) => !f.preferred));
    assert.deepStrictEqual(
      d.fixes!.map((_, k) => applied(text, d, k)),
      ['#trigger !x\nZcooldown{ 10s }', '#trigger !x\nZcooldown{ 10m }'],
    );
  });

  it('invalid-duration: no unit fix for words or for zero', () => {
    assert.strictEqual(diagnose('#trigger !x\nZcooldown{ten minutes}')[0].fixes, undefined);
    const zero = diagnose('#trigger !x\nZtimeout{123456789012345678;0}').find((d) => d.code === 'invalid-duration')!;
    assert.strictEqual(zero.fixes, undefined);
  });
  it('invalid-expression: ^ and x become ** and * when the result reads', () => {
    const text = '#trigger !x\nZcalculate{ 2^3 x 4 }';
    const d = diagnose(text).find((x) => x.code === 'invalid-expression')!;
    assert.ok(d);
    assert.strictEqual(applied(text, d), '#trigger !x\nZcalculate{ 2**3 * 4 }');
    assert.deepStrictEqual(diagnose(applied(text, d)), []);
    // No fix where the spelling alone does not make it readable.
    assert.strictEqual(diagnose('#trigger !x\nZcalculate{2^}').find((x) => x.code === 'invalid-expression')!.fixes, undefined);
  });

  it('invalid-snowflake: a pasted mention keeps its digits', () => {
    const text = '#trigger !x\nZuseChannel{ <#123456789012345678> }';
    const d = diagnose(text).find((x) => x.code === 'invalid-snowflake')!;
    assert.strictEqual(d.severity, 'error');
    assert.strictEqual(applied(text, d), '#trigger !x\nZuseChannel{ 123456789012345678 }');
  });

  it('action-prints-result: the result goes into a variable', () => {
    const text = '#trigger !x\nZkick{123456789012345678;spam} Kicked.';
    const d = diagnose(text).find((x) => x.code === 'action-prints-result')!;
    const fixed = d.fixes![0].edits.reduceRight((t, e) => t.slice(0, e.start) + e.newText + t.slice(e.end), text);
    assert.strictEqual(fixed, '#trigger !x\nZvar{result;Zkick{123456789012345678;spam}} Kicked.');
    assert.ok(!diagnose(fixed).some((x) => x.code === 'action-prints-result'));
  });

  it('delayed-output-lost: the text is sent with ZsendMessage', () => {
    const text = '#trigger !x\nHi\nZdelay{10s; Time is up! }';
    const d = diagnose(text).find((x) => x.code === 'delayed-output-lost')!;
    const fixed = d.fixes![0].edits.reduceRight((t, e) => t.slice(0, e.start) + e.newText + t.slice(e.end), text);
    assert.strictEqual(fixed, '#trigger !x\nHi\nZdelay{10s; ZsendMessage{ZchannelID;Time is up!} }');
    assert.deepStrictEqual(diagnose(fixed), []);
  });
  it('invalid-time-format: a spreadsheet date pattern becomes % codes', () => {
    const text = '#trigger !x\nZuserJoined{;DD/MM/YYYY HH:mm}';
    const d = diagnose(text).find((x) => x.code === 'invalid-time-format')!;
    assert.strictEqual(applied(text, d), '#trigger !x\nZuserJoined{;%d/%m/%Y %H:%M}');
    assert.deepStrictEqual(diagnose(applied(text, d)), []);
  });
});
