/**
 * Inlay hints through the service API: parameter names and default values.
 */
import * as assert from 'node:assert';
import type { InlayHint } from 'vscode-languageserver-types';
import { URI, service } from './features-helpers.test';
import type { ServiceSettings } from '../../server/src/service';

const FULL = { start: { line: 0, character: 0 }, end: { line: 1000, character: 0 } };

function hints(text: string, settings?: Partial<ServiceSettings>, range = FULL): InlayHint[] {
  const svc = service(settings);
  svc.openDocument(URI, text, 1);
  return svc.inlayHints(URI, range);
}

const show = (list: InlayHint[]) => list.map((h) => `${h.position.line}:${h.position.character} ${h.label}`);

describe('features: inlay hints', () => {
  it('shows no default where the engine halts without the argument (ZgetCooldown{} is refused)', () => {
    assert.deepStrictEqual(show(hints('Wait ZgetCooldown{} seconds')), []);
    assert.deepStrictEqual(show(hints('Wait ZgetCooldown{normal} seconds')), []);
    // `{ }` is one argument, empty, to the engine: accepted, and the default applies.
    assert.deepStrictEqual(show(hints('Wait ZgetCooldown{ } seconds')), ['0:19 type: normal']);
  });

  it('shows defaults for empty and omitted optional parameters of ZaddButton{;ok}', () => {
    assert.deepStrictEqual(show(hints('ZaddButton{;ok}')), ['0:11 newRow: false', '0:14 style: secondary', '0:14 false']);
    // The shortened one keeps its name in the tooltip.
    assert.strictEqual(hints('ZaddButton{;ok}')[2].tooltip, 'disabled: false');
    // No padding against the ";" closing the empty argument (eglot pads with a real space); a space before an omitted one.
    assert.deepStrictEqual(
      hints('ZaddButton{;ok}').map((h) => [h.paddingLeft, h.paddingRight]),
      [
        [false, false],
        [true, false],
        [true, false],
      ],
    );
    assert.deepStrictEqual(
      hints('ZaddButton{;ok;Yes}', { inlayHintsParameterNames: 'literals' })
        .filter((h) => h.label === 'label:')
        .map((h) => [h.paddingLeft, h.paddingRight]),
      [[false, true]],
    );
  });

  it('shows every hint whole where the editor does not cut them (not VS Code)', () => {
    const whole = { inlayHintsLineBudget: Number.POSITIVE_INFINITY };
    assert.deepStrictEqual(show(hints('ZaddButton{;ok}', whole)), ['0:11 newRow: false', '0:14 style: secondary', '0:14 disabled: false']);
  });

  it("keeps the hints of a line within VS Code's 43-character cap, names going before defaults", () => {
    const width = (list: InlayHint[]) => list.reduce((n, h) => n + (h.label as string).length, 0);
    for (const text of ['ZaddButton{;ok}', 'ZaddButton{;ok;;;}', 'ZaddField{a;b;true} ZaddButton{;ok} ZaddButton{;no}', 'ZaddSelectMenuOption{;a;b;c;;}']) {
      for (const mode of ['none', 'literals', 'all'] as const) {
        const list = hints(text, { inlayHintsParameterNames: mode });
        assert.ok(width(list) <= 43, `${mode} ${text}: ${show(list).join(' | ')}`);
      }
    }
    // With names on, a line with room keeps them.
    assert.deepStrictEqual(show(hints('ZaddButton{;ok}', { inlayHintsParameterNames: 'all' })), [
      '0:11 newRow: false',
      '0:12 customID:',
      '0:14 style: secondary',
      '0:14 false',
    ]);
    assert.deepStrictEqual(show(hints('ZsetUserVar{coins;5}', { inlayHintsParameterNames: 'all' })), ['0:12 name:', '0:18 value:']);
  });

  it('gives at most one hint per argument', () => {
    const list = hints('ZaddButton{;ok;OK;;true}');
    const positions = list.filter((h) => h.position.character < 23).map((h) => h.position.character);
    assert.strictEqual(new Set(positions).size, positions.length);
    assert.ok(show(list).includes('0:18 style: secondary'));
  });

  it('names literal arguments only in `literals` mode, all in `all`, none in `none`', () => {
    const text = 'ZaddField{Level;ZgetUserVar{level};true}';
    assert.deepStrictEqual(show(hints(text, { inlayHintsParameterNames: 'literals' })), ['0:10 name:', '0:35 inline:', '0:39 index: 1']);
    assert.deepStrictEqual(show(hints(text)), ['0:39 index: 1'], 'names are off by default');
    assert.deepStrictEqual(show(hints(text, { inlayHintsParameterNames: 'all' })), [
      '0:10 name:',
      '0:16 value:',
      '0:28 name:',
      '0:35 inline:',
      '0:39 index: 1',
    ]);
    assert.deepStrictEqual(show(hints(text, { inlayHintsParameterNames: 'none' })), ['0:39 index: 1']);
    assert.deepStrictEqual(show(hints(text, { inlayHintsParameterNames: 'none', inlayHintsDefaults: false })), []);
  });

  it('skips names the argument text already says and one-parameter functions', () => {
    assert.deepStrictEqual(show(hints('ZsetUserVar{coins;5}', { inlayHintsDefaults: false, inlayHintsParameterNames: 'literals' })), [
      '0:12 name:',
      '0:18 value:',
    ]);
    assert.deepStrictEqual(
      show(hints('Zcooldown{30s;Please wait with the errorMessage}', { inlayHintsDefaults: false, inlayHintsParameterNames: 'literals' })),
      ['0:10 duration:'],
    );
    assert.deepStrictEqual(show(hints('ZaddCmdReactions{👍;👎}')), []);
  });

  it('hints nested calls and honours the requested range', () => {
    const text = 'Ztitle{a}\nZdescription{Zusername{}}\nZfooter{b}';
    assert.deepStrictEqual(show(hints(text, { inlayHintsParameterNames: 'none' })), ["1:23 userID: command author's ID"]);
    const middle = { start: { line: 1, character: 0 }, end: { line: 1, character: 30 } };
    assert.deepStrictEqual(show(hints(text, { inlayHintsParameterNames: 'none' }, middle)), ["1:23 userID: command author's ID"]);
    const rest = { start: { line: 2, character: 0 }, end: { line: 2, character: 30 } };
    assert.deepStrictEqual(show(hints('ZaddField{a;b;true}\nZaddField{a;b;true}\nZaddField{a;b;true}', { inlayHintsParameterNames: 'none' }, rest)), [
      '2:18 index: 1',
    ]);
  });

  it('does not hint escapes or unknown functions', () => {
    assert.deepStrictEqual(show(hints('\\Ztitle{x} Znope{a;b}')), []);
  });

  it('keeps a file of plain calls free of hints', () => {
    const text = [
      'Zvar{xp;ZgetUserVar{xp}}',
      "Ztitle{Zusername's Rank}",
      'Zdescription{Level: ZgetUserVar{level}}',
      'Zcolor{#5865F2}',
      'Zimage{https://example.com/a.png}',
      'Ztimestamp',
    ].join('\n');
    // Only `name:` before the literal first argument of Zvar, which has a second one.
    assert.deepStrictEqual(show(hints(text, { inlayHintsParameterNames: 'literals' })), ['0:5 name:']);
    assert.deepStrictEqual(show(hints(text)), []);
    // `all` still names every argument, a lone first one included.
    assert.ok(show(hints('Zcolor{#5865F2}', { inlayHintsParameterNames: 'all' })).includes('0:7 hex:'));
    // Giving an optional parameter or leaving one empty brings the omitted defaults back.
    assert.deepStrictEqual(show(hints('Ztitle{Hi;}')), ['0:10 index: 1']);
  });
});
