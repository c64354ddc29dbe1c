/**
 * Signature help through the service API: label offsets, documentation and
 * the active parameter by the binding rule.
 */
import * as assert from 'node:assert';
import { URI, openAt } from './features-helpers.test';

function help(marked: string) {
  const { svc, position } = openAt(marked);
  return svc.signatureHelp(URI, position);
}

function activeName(marked: string): string | undefined {
  const h = help(marked);
  if (!h) return undefined;
  const sig = h.signatures[0];
  const p = sig.parameters![h.activeParameter!];
  if (!p) return undefined;
  const [s, e] = p.label as [number, number];
  return sig.label.slice(s, e);
}

describe('features: signature help', () => {
  it('labels the signature with parameter offsets and documents each parameter', () => {
    const h = help('ZaddField{¦}')!;
    const sig = h.signatures[0];
    assert.strictEqual(sig.label, 'ZaddField{name;value;inline?;index?}');
    const names = sig.parameters!.map((p) => sig.label.slice(...(p.label as [number, number])));
    assert.deepStrictEqual(names, ['name', 'value', 'inline', 'index']);
    const doc = sig.parameters![2].documentation as { value: string };
    assert.match(doc.value, /`boolean`, optional, default: `false`/);
    assert.match((sig.documentation as { value: string }).value, /field/i);
    assert.strictEqual(h.activeParameter, 0);
  });

  it('shows no signature in the arguments of a call the catalog does not know, nor on a `//` line inside a call', () => {
    assert.strictEqual(help('ZaddField{Score;Zclmp{5;¦}}'), null);
    assert.strictEqual(help('Zif{ZisAdmin==true;\n  // a note; ¦here\n  Hi\n}'), null);
    // Around them, the known call's.
    assert.strictEqual(activeName('ZaddField{Score;Zclmp{5;6}¦}'), 'value');
    assert.strictEqual(activeName('Zif{ZisAdmin==true;\n  // a note; here\n  H¦i\n}'), 'then');
  });

  it("says where the engine needs an optional argument's place (left empty, not out), as the diagnostics do", () => {
    // The registry wants two arguments for ZsetUserVar ("Too few arguments" otherwise); the value may be empty.
    const h = help('ZsetUserVar{coins;¦}')!;
    assert.strictEqual(h.signatures[0].label, 'ZsetUserVar{name;value?;userID?;guildID?}');
    const doc = h.signatures[0].parameters![1].documentation as { value: string };
    assert.match(doc.value, /^\*\*value\*\*: `string`, optional/);
    assert.match(doc.value, /leave it empty \(`;`\) rather than out/);
    // Not where the engine does without it.
    const field = help('ZaddField{a;b;¦}')!.signatures[0].parameters![2].documentation as { value: string };
    assert.doesNotMatch(field.value, /rather than out/);
  });

  it('follows the cursor through the arguments', () => {
    assert.strictEqual(activeName('ZaddField{a;¦}'), 'value');
    assert.strictEqual(activeName('ZaddField{a;b;tr¦ue}'), 'inline');
  });

  it('binds Zsort trailing parameters from the end', () => {
    assert.strictEqual(activeName('Zsort{5;3;9;¦1;descending;3;,}'), 'number');
    assert.strictEqual(activeName('Zsort{5;3;9;1;desc¦ending;3;,}'), 'direction');
    assert.strictEqual(activeName('Zsort{5;3;9;1;descending;3¦;,}'), 'return_amount');
    assert.strictEqual(activeName('Zsort{5;3;9;1;descending;3;¦,}'), 'separator');
    assert.match(help('Zsort{¦}')!.signatures[0].label, /^Zsort\{number;\.\.\.;direction;return_amount;separator\}$/);
  });

  it('binds ZblackListIDs optional trailing message only when it is not an ID', () => {
    assert.strictEqual(activeName('ZblackListIDs{123456789012345678;2345678901234567¦89}'), 'userID');
    assert.strictEqual(activeName('ZblackListIDs{123456789012345678;Go aw¦ay}'), 'errorMessage');
  });

  it('shows the innermost call', () => {
    const h = help('Ztitle{Zusername{¦}}')!;
    assert.strictEqual(h.signatures[0].label, 'Zusername{userID?}');
    assert.strictEqual(help('Ztitle{Zusername{}¦}')!.signatures[0].label, 'Ztitle{text;index?}');
  });

  it('highlights nothing for a surplus argument', () => {
    const h = help('Ztitle{a;1;¦x}')!;
    assert.strictEqual(h.signatures[0].parameters![h.activeParameter!], undefined);
  });

  it('answers null outside calls and for unknown functions', () => {
    assert.strictEqual(help('Hello ¦world'), null);
    assert.strictEqual(help('Znope{¦}'), null);
  });

  it('documents what values the active parameter takes', () => {
    const doc = (marked: string) => {
      const h = help(marked)!;
      return (h.signatures[0].parameters![h.activeParameter!].documentation as { value: string }).value;
    };
    assert.match(doc('ZaddButton{;ok;OK;¦}'), /One of: `primary`, `secondary`, `success`, `danger`, `link`/);
    assert.match(doc('ZaddField{a;b;¦}'), /`true` or `false`/);
    assert.match(doc('Zcooldown{¦}'), /e\.g\. `10s`/);
    assert.match(doc('ZeditChannelPerms{1;2;¦}'), /`\+` \(allow\)/);
  });
});
