/**
 * The `#trigger` the engine keeps, recognised once (engineTriggerStatement):
 * the file checks and the cross-file layout (triggerOf) agree.
 */
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { engineTriggerIndex, loaderTriggerIndex, triggerOf } from '../../server/src/analysis/commandLayout';
import { Analyzer } from '../../server/src/analysis/analyzer';
import { bundledCatalog } from '../../server/src/catalog';
import { parseCommandFile } from '../../server/src/syntax/parse';

const catalog = bundledCatalog();
const parse = (text: string) => parseCommandFile(text, { isBareCallable: (n) => catalog.isBareCallable(n) });
const codes = (text: string) => new Analyzer(catalog).diagnose(parse(text)).map((d) => d.code);

describe("the engine's #trigger", () => {
  it('the last recognised line wins; a wrong-case or tab-separated one is not read', () => {
    const text = '#trigger !a\n#trigger !b\n#Trigger !c\n#trigger\t!d\n';
    const site = triggerOf('file:///x.zbr', parse(text))!;
    assert.strictEqual(site.trigger, '!b');
    assert.strictEqual(text.slice(site.start, site.end), '!b');
  });

  it('a line the loader reads inside an unclosed call is not read (as missing-trigger finds)', () => {
    const text = 'Zreply{see:\nhttps://example.com/x}\n#trigger !late\n';
    assert.strictEqual(triggerOf('file:///x.zbr', parse(text)), undefined);
    assert.ok(codes(text).includes('missing-trigger'));
    const closed = 'Zreply{see}\n#trigger !late\n';
    assert.strictEqual(triggerOf('file:///x.zbr', parse(closed))?.trigger, '!late');
    assert.ok(!codes(closed).includes('missing-trigger'));
  });

  it("the shortcut for a plain header trigger gives the loader's answer on every fixture and on edits around its edges", () => {
    const root = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures');
    const texts: string[] = [];
    const visit = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) visit(full);
        else if (entry.name.endsWith('.zbr')) texts.push(fs.readFileSync(full, 'utf8'));
      }
    };
    visit(root);
    assert.ok(texts.length > 200, `${texts.length} fixtures`);
    const edits: ((t: string) => string)[] = [
      (t) => t,
      (t) => `\ufeff${t}`,
      (t) => `{\n${t}`,
      (t) => `}\n${t}`,
      (t) => `Zreply{open\n${t}`,
      (t) => `#description has a { brace\n${t}`,
      (t) => `// a comment { with a brace\n${t}`,
      (t) => `// a comment\n\n${t}`,
      (t) => `Hello\n${t}`,
      (t) => `${t}\n#trigger !another\n`,
      (t) => `${t}\nZvar{a;{\n#trigger !inside\n`,
      (t) => t.replace('#trigger ', '#trigger\t'),
      (t) => t.replace('#trigger ', '#triggers '),
      (t) => t.replace('#trigger ', '#Trigger '),
      (t) => t.replace(/(#trigger [^\n]*)/, '$1 {'),
      (t) => t.replace(/(#trigger [^\n]*)/, '$1 }'),
    ];
    let decided = 0;
    for (const text of texts) {
      for (const edit of edits) {
        const edited = edit(text);
        const tree = parse(edited);
        assert.strictEqual(engineTriggerIndex(tree), loaderTriggerIndex(tree), JSON.stringify(edited.slice(0, 200)));
        decided++;
      }
    }
    assert.ok(decided > 3000);
  });

  it('a first line after a byte-order mark is not read (as missing-trigger finds)', () => {
    const text = '\ufeff#trigger !bom\nHi\n';
    assert.strictEqual(triggerOf('file:///x.zbr', parse(text)), undefined);
    assert.ok(codes(text).includes('byte-order-mark'));
  });
});
