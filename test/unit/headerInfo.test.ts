/**
 * The one reader of a file's headers as written (analysis/headerInfo.ts),
 * shared by the workspace index and the editor features.
 */
import * as assert from 'node:assert';
import { headerInfo } from '../../server/src/analysis/headerInfo';
import { WorkspaceIndex } from '../../server/src/analysis/workspaceIndex';
import { bundledCatalog } from '../../server/src/catalog';
import { parseCommandFile } from '../../server/src/syntax/parse';

const parse = (text: string) => parseCommandFile(text, { isBareCallable: () => false });

describe('header reader', () => {
  it('keeps the first #trigger with a value, the first #name, the last #type and every #option name', () => {
    const text = '#trigger \n#trigger !a\n#trigger !b\n#name One\n#name Two\n#type Slash\n#type  EVENT \n#option  who |x|user|required\n#option |y|string|no\n';
    const info = headerInfo(parse(text));
    assert.strictEqual(info.trigger?.name, '!a');
    assert.strictEqual(text.slice(info.trigger!.start, info.trigger!.end), '!a');
    assert.strictEqual(info.name, 'One');
    assert.strictEqual(info.type, 'event');
    assert.strictEqual(info.typeWritten, true);
    assert.deepStrictEqual(
      info.options.map((o) => text.slice(o.start, o.end)),
      ['who'],
    );
  });

  it('without #type the type is prefix, not written', () => {
    const info = headerInfo(parse('#trigger !x\nZreply{hi}\n'));
    assert.strictEqual(info.type, 'prefix');
    assert.strictEqual(info.typeWritten, false);
  });

  it('the workspace index reports the same headers', () => {
    const tree = parse('#type event\n#trigger onBanAdd\n#name Bans\n#option a|b|string|required\n');
    const info = headerInfo(tree);
    const index = new WorkspaceIndex(bundledCatalog()).indexTree(tree);
    assert.deepStrictEqual(
      { trigger: index.trigger, name: index.name, type: index.type, options: index.options },
      { trigger: info.trigger, name: info.name, type: info.type, options: info.options },
    );
  });
});
