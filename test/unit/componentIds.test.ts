/**
 * The one table of component custom-ID parameters: its two readings (IDs an
 * interaction can handle, IDs of components a command creates) and its
 * agreement with the catalog's parameter names.
 */
import * as assert from 'node:assert';
import { bundledCatalog } from '../../server/src/catalog';
import { createdComponentIdArgument, isInteractionIdParameter } from '../../server/src/language/componentIds';
import { Analyzer } from '../../server/src/analysis/analyzer';
import { parseCommandFile } from '../../server/src/syntax/parse';
import { WorkspaceIndex } from '../../server/src/analysis/workspaceIndex';

const catalog = bundledCatalog();

describe('component custom-ID parameters', () => {
  it('interaction handlers can name buttons, menus and modals, not text inputs', () => {
    for (const p of ['customID', 'menuID', 'modalID']) assert.strictEqual(isInteractionIdParameter(p), true, p);
    for (const p of ['fieldID', 'messageID', 'constructor', '']) assert.strictEqual(isInteractionIdParameter(p), false, p);
  });

  it('the created components are ZaddButton, ZnewSelectMenu and ZaddTextInput, with the argument the catalog names', () => {
    const created = { ZaddButton: 'customID', ZnewSelectMenu: 'menuID', ZaddTextInput: 'fieldID' } as const;
    for (const [fn, param] of Object.entries(created)) {
      const index = createdComponentIdArgument(fn);
      assert.notStrictEqual(index, undefined, fn);
      assert.strictEqual(catalog.getFunction(fn)?.arguments[index!].name, param, fn);
    }
    for (const fn of ['ZnewModal', 'ZeditButton', 'ZremoveComponent', 'ZaddUserSelect', 'constructor'])
      assert.strictEqual(createdComponentIdArgument(fn), undefined, fn);
  });

  it('the index links ZeditButton and ZnewModal IDs but not text inputs; the duplicate check counts text inputs but not ZeditButton', () => {
    const text = '#trigger !x\nZaddButton{;a;A}\nZeditButton{a;B}\nZnewModal{m;T}\nZaddTextInput{f;L}\nZaddTextInput{a;L}\n';
    const tree = parseCommandFile(text, { isBareCallable: (n) => catalog.isBareCallable(n) });
    const ids = new WorkspaceIndex(catalog).indexTree(tree).customIds.map((o) => o.name);
    assert.deepStrictEqual(ids, ['a', 'a', 'm']);
    const dups = new Analyzer(catalog).diagnose(tree).filter((d) => d.code === 'duplicate-custom-id');
    assert.deepStrictEqual(
      dups.map((d) => text.slice(d.start, d.end)),
      ['a'],
    );
    assert.strictEqual(text.lastIndexOf('{a;L}') + 1, dups[0].start, 'the text input repeating the button ID');
  });
});
