/**
 * The `#trigger` the engine keeps, recognised once (engineTriggerStatement):
 * the file checks and the cross-file layout (triggerOf) agree.
 */
import * as assert from 'node:assert';
import { triggerOf } from '../../server/src/analysis/commandLayout';
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

  it('a first line after a byte-order mark is not read (as missing-trigger finds)', () => {
    const text = '\ufeff#trigger !bom\nHi\n';
    assert.strictEqual(triggerOf('file:///x.zbr', parse(text)), undefined);
    assert.ok(codes(text).includes('byte-order-mark'));
  });
});
