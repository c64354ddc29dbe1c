/**
 * Semantic tokens: categories, full results and deltas.
 */
import * as assert from 'node:assert';
import type { SemanticTokens, SemanticTokensDelta } from 'vscode-languageserver-types';
import { SEMANTIC_TOKEN_MODIFIERS, SEMANTIC_TOKEN_TYPES } from '../../server/src/service';
import { URI, service, positionOf } from './features-helpers.test';

function decode(text: string, data: readonly number[]) {
  const lines = text.split('\n');
  const out: string[] = [];
  let line = 0;
  let char = 0;
  for (let i = 0; i < data.length; i += 5) {
    line += data[i];
    char = data[i] === 0 ? char + data[i + 1] : data[i + 1];
    const mods = SEMANTIC_TOKEN_MODIFIERS.filter((_, k) => data[i + 4] & (1 << k));
    out.push(`${lines[line].slice(char, char + data[i + 2])}:${SEMANTIC_TOKEN_TYPES[data[i + 3]]}${mods.length ? `.${mods.join('.')}` : ''}`);
  }
  return out;
}

describe('features: semantic tokens', () => {
  it('colours a `//` line inside a call spanning lines as a comment, its calls and semicolons included (the engine skips it)', () => {
    const svc = service();
    const text = '#trigger !a\nZif{ZisAdmin==true;\n  // staff only: Ztitle{x}; more\n  Welcome boss\n;\n  Nope\n}\n';
    svc.openDocument(URI, text, 1);
    const tokens = decode(text, svc.semanticTokens(URI).data);
    assert.ok(tokens.includes('// staff only: Ztitle{x}; more:comment'), tokens.join(' | '));
    assert.ok(!tokens.some((t) => t.startsWith('Ztitle')), tokens.join(' | '));
    assert.ok(tokens.includes('Zif:function.defaultLibrary.controlFlow'));
  });

  it('colours functions by category, headers, escapes, comments and operators', () => {
    const svc = service();
    const text = '#type event\n#trigger onMemberJoin\n// hi\nZif{Zusername==bob;\\{yes\\};Znope{}} // done\nZsetUserVar{xp;1}\nZonlyIf{1 contains 2;no}\n';
    svc.openDocument(URI, text, 1);
    const tokens = decode(text, svc.semanticTokens(URI).data);
    assert.deepStrictEqual(tokens, [
      '#type:keyword',
      'event:string',
      '#trigger:keyword',
      'onMemberJoin:event',
      '// hi:comment',
      'Zif:function.defaultLibrary.controlFlow',
      'Zusername:function.defaultLibrary.information',
      '==:operator',
      ';:operator',
      '\\{:macro',
      '\\}:macro',
      ';:operator',
      'Znope:function',
      '// done:comment',
      'ZsetUserVar:function.defaultLibrary.storage',
      'xp:variable.modification',
      ';:operator',
      'ZonlyIf:function.defaultLibrary.guard',
      'contains:operator',
      ';:operator',
    ]);
  });

  it('answers a delta with one edit after a change, and a full result for an unknown id', () => {
    const svc = service();
    const text = 'Ztitle{a}\nZfooter{b}\nZcolor{#fff000}\n';
    svc.openDocument(URI, text, 1);
    const first = svc.semanticTokens(URI);
    const unchanged = svc.semanticTokensDelta(URI, first.resultId!) as SemanticTokensDelta;
    assert.deepStrictEqual(unchanged.edits, []);
    svc.changeDocument(URI, [{ range: { start: positionOf(text, 10), end: positionOf(text, 10) }, text: 'Zusername ' }], 2);
    const delta = svc.semanticTokensDelta(URI, unchanged.resultId!) as SemanticTokensDelta;
    assert.strictEqual(delta.edits.length, 1);
    const full = svc.semanticTokens(URI);
    // Applying the delta to the previous data gives the full result.
    const prev = [...first.data];
    const e = delta.edits[0];
    prev.splice(e.start, e.deleteCount, ...(e.data ?? []));
    assert.deepStrictEqual(prev, full.data);
    const fallback = svc.semanticTokensDelta(URI, 'stale') as SemanticTokens;
    assert.deepStrictEqual(fallback.data, full.data);
  });
});
