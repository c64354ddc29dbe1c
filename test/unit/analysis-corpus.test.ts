/**
 * The valid corpus: every file yields zero errors and zero warnings (the
 * invalid files are annotated fixtures: analysis-annotated.test.ts), and
 * single checks.
 */
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { bundledCatalog } from '../../server/src/catalog';
import { parseCommandFile } from '../../server/src/syntax/parse';
import { reparseCommandFile } from '../../server/src/syntax/incremental';
import { Analyzer, closest } from '../../server/src/analysis';
import { flattenDiagnosis } from '../../server/src/analysis/silencing';

const root = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures');
const catalog = bundledCatalog();
const opts = { isBareCallable: (n: string) => catalog.isBareCallable(n) };
const analyzer = new Analyzer(catalog);

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function diagnose(text: string, severity?: Record<string, 'error' | 'warning' | 'information' | 'hint' | 'off'>) {
  return analyzer.diagnose(parseCommandFile(text, opts), { severity });
}

describe('analysis: valid corpus (zero errors, zero warnings)', () => {
  const dir = path.join(root, 'valid');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.zbr'));
  it('has at least 15 files', () => assert.ok(files.length >= 15, `${files.length}`));
  for (const f of files) {
    it(f, () => {
      const text = fs.readFileSync(path.join(dir, f), 'utf8');
      const found = diagnose(text).filter((d) => d.severity === 'error' || d.severity === 'warning');
      assert.deepStrictEqual(
        found.map((d) => `${lineOf(text, d.start)} ${d.code}: ${d.message}`),
        [],
      );
    });
  }
});

describe('analysis: checks', () => {
  it('time-zone-name offers the <t:...> markup only where Discord renders it', () => {
    const fixOf = (line: string) => {
      const found = diagnose(`#trigger !x\nZtitle{Status}\n${line}`).filter((d) => d.code === 'time-zone-name');
      assert.strictEqual(found.length, 1, line);
      return found[0].fixes?.[0].edits[0].newText;
    };
    assert.strictEqual(fixOf('Updated at Ztime'), '<t:ZgetTimestamp:t>');
    assert.strictEqual(fixOf('Zdescription{Server clock: Ztime{}}'), '<t:ZgetTimestamp:t>');
    assert.strictEqual(fixOf('ZaddField{Now;It is Ztime}'), '<t:ZgetTimestamp:t>');
    // The field's name asks for the time, and Ztime is its whole value.
    assert.strictEqual(fixOf('ZaddField{Local time;Ztime;true}'), '<t:ZgetTimestamp:t>');
    assert.deepStrictEqual(
      diagnose('#trigger !x\nZtitle{Status}\nZaddField{Zone;Ztime}\nZaddField{Timezone;Ztime}').filter((d) => d.code === 'time-zone-name'),
      [],
    );
    // A footer or a field's name shows the markup as it is written.
    assert.strictEqual(fixOf('Zfooter{Updated at Ztime}'), undefined);
    assert.strictEqual(fixOf('ZaddField{Time now: Ztime;x}'), undefined);
  });
  it('unknown-function: narrowest range, did-you-mean fix, case-insensitive match', () => {
    const text = '#trigger !x\nzz ZAddField{a;b}';
    const [d] = diagnose(text);
    assert.strictEqual(d.code, 'unknown-function');
    assert.strictEqual(text.slice(d.start, d.end), 'ZAddField');
    assert.strictEqual(d.fixes![0].edits[0].newText, 'ZaddField');
    assert.strictEqual(
      closest(
        'ZaddFeild',
        catalog.functions.map((f) => f.name),
      ),
      'ZaddField',
    );
  });
  it('unknown-function suggests no name that starts otherwise and is three edits away: another function, not a slip', () => {
    const meant = (name: string) => /Did you mean (\w+)\?/.exec(diagnose(`#trigger !x\n${name}{1}`)[0].message)?.[1];
    assert.strictEqual(meant('ZmentionedChannels'), undefined, 'ZignoreChannels would change what the line does');
    assert.strictEqual(meant('ZgetServerVariable'), 'ZgetServerVar');
    assert.strictEqual(meant('ZsendMesage'), 'ZsendMessage');
    assert.strictEqual(meant('ZgteUserVar'), 'ZgetUserVar');
  });
  it('comment-cuts-text advises braces, not an escape (the language has none for "/")', () => {
    const [d] = diagnose('#trigger !x\nSee https://example.com/docs');
    assert.strictEqual(d.code, 'comment-cuts-text');
    assert.doesNotMatch(d.message, /escape it/i);
    assert.match(d.message, /inside a call's braces/);
    // The advice works: inside braces the same URL is text.
    assert.deepStrictEqual(diagnose('#trigger !x\nZdescription{See https://example.com/docs}'), []);
  });
  it('too-many-arguments fix removes the surplus argument with its ";"', () => {
    const text = '#trigger !x\nZuppercase{a;b}';
    const [d] = diagnose(text);
    const e = d.fixes![0].edits[0];
    assert.strictEqual(text.slice(0, e.start) + e.newText + text.slice(e.end), '#trigger !x\nZuppercase{a}');
  });
  it('nested calls are not type-checked', () => {
    assert.deepStrictEqual(diagnose('#trigger !x\nZclear{Zcalculate{1+1}}'), []);
  });
  it('empty arguments keep defaults', () => {
    assert.deepStrictEqual(diagnose('#trigger !x\nZaddButton{;ok;OK;;true}'), []);
  });
  it('ZslowMode accepts 0', () => {
    const fn = catalog.getFunction('ZslowMode');
    if (!fn) return;
    const text = `#trigger !x\nZslowMode{${fn.arguments.length > 1 ? ';' : ''}0}`;
    assert.deepStrictEqual(
      diagnose(text).filter((d) => d.code === 'invalid-duration'),
      [],
    );
  });
  it('silencing: next line, all codes or listed codes; file-wide at the top', () => {
    assert.deepStrictEqual(diagnose('#trigger !x\n// zscript-disable-next-line\nZfoo{}').length, 0);
    assert.deepStrictEqual(diagnose('#trigger !x\n// zscript-disable-next-line unknown-function\nZfoo{}').length, 0);
    assert.deepStrictEqual(diagnose('#trigger !x\n// zscript-disable-next-line missing-argument\nZfoo{}').length, 1);
    assert.deepStrictEqual(diagnose('// zscript-disable unknown-function\n#trigger !x\nZfoo{}\nZbar{}').length, 0);
  });
  it('silencing: disable-next-line also covers the file-level checks on that line', () => {
    const cases: [string, string][] = [
      ['embed-part-order', '#trigger !x\nZtitle{t}\nZfooterIcon{https://x.io/i.png}\nZfooter{a}'],
      ['variable-read-before-set', '#trigger !x\nTotal: Zvar{total}'],
      ['unknown-option', '#type slash\n#trigger /x\nZoption{usr}'],
      ['duplicate-custom-id', '#trigger !x\nZaddButton{;a;Yes}\nZaddButton{;a;No}'],
      ['empty-event-context', '#type event\n#trigger onBanAdd\nZmessage'],
      ['split-text-before-split', '#trigger !x\nZsplitText{1}'],
      ['http-result-before-request', '#trigger !x\nZhttpStatus{}'],
    ];
    for (const [code, text] of cases) {
      const lines = text.split('\n');
      const found = diagnose(text);
      assert.deepStrictEqual(
        found.map((d) => d.code),
        [code],
        code,
      );
      const at = lineOf(text, found[0].start) - 1;
      const withDirective = (directive: string) => [...lines.slice(0, at), directive, ...lines.slice(at)].join('\n');
      assert.deepStrictEqual(
        diagnose(withDirective(`// zscript-disable-next-line ${code}`)).map((d) => d.code),
        [],
        `${code} silenced on its line`,
      );
      assert.deepStrictEqual(
        diagnose(withDirective('// zscript-disable-next-line')).map((d) => d.code),
        [],
        `${code} silenced by a bare directive`,
      );
      assert.deepStrictEqual(
        diagnose(withDirective('// zscript-disable-next-line unknown-function')).map((d) => d.code),
        [code],
        `${code} not silenced by another code`,
      );
      assert.deepStrictEqual(
        diagnose(`// zscript-disable ${code}\n${text}`).map((d) => d.code),
        [],
        `${code} silenced file-wide`,
      );
    }
  });
  it('silencing: "zscript-disable-line" is not a file-wide directive; "-- why" after the codes is ignored', () => {
    assert.deepStrictEqual(
      diagnose('// zscript-disable-line unknown-function\n#trigger !x\nZfoo{}').map((d) => d.code),
      ['unknown-function'],
    );
    assert.deepStrictEqual(diagnose('#trigger !x\n// zscript-disable-next-line unknown-function -- a custom function\nZfoo{}').length, 0);
  });
  it('condition-never-true: the range is the comparison itself, each side of && / || on its own', () => {
    const text = '#trigger !x\nZif{ZisAdmin==true || ZboostLevel{} >= 4;a;b}';
    const [d] = diagnose(text);
    assert.strictEqual(d.code, 'condition-never-true');
    assert.strictEqual(text.slice(d.start, d.end), 'ZboostLevel{} >= 4');
    for (const ok of ['ZboostLevel>=3', 'ZboostLevel==0', 'ZboostLevel<1', '2>=ZboostLevel', 'ZboostLevel!=3', 'ZboostCount>=30']) {
      assert.deepStrictEqual(diagnose(`#trigger !x\nZif{${ok};a;b}`), [], ok);
    }
    // True whatever the tier: as useless a test as one never true.
    for (const always of ['3>=ZboostLevel', 'ZboostLevel!=9', 'ZboostLevel>-1']) {
      assert.deepStrictEqual(
        diagnose(`#trigger !x\nZif{${always};a;b}`).map((d) => d.code),
        ['condition-always-true'],
        always,
      );
    }
  });
  it('catalog examples: every trigger example is clean; function examples only miss context from other calls', () => {
    // The onMessage example counts XP with Zsum{ZgetUserVar{xp};1}: saved variables have no start value
    // in the engine (v1.8.5), so each new user's first message halts there. Nothing else may be found.
    const unsetInEngine = new Set(['onMessage']);
    for (const t of catalog.triggers)
      assert.deepStrictEqual(
        diagnose(t.example).map((d) => d.code),
        unsetInEngine.has(t.name) ? ['saved-variable-unset'] : [],
        t.name,
      );
    const needsContext = new Set([
      'embed-without-body',
      'select-option-without-menu',
      'text-input-without-modal',
      'embed-part-order',
      // ZsendEmbed's example sends an embed the other calls would build.
      'embed-not-built',
      // The JSON functions' examples read an object ZjsonParse would make.
      'json-read-before-parse',
      'http-result-before-request',
      'input-value-outside-modal',
      'loop-value-outside-loop',
      'split-text-before-split',
      // Zawait's example waits for a block its own line does not start.
      'await-without-async',
      // Options reach slash and sub-slash commands only; the examples run in a prefix command.
      'unknown-option',
      // The catalog's examples give select options and edited buttons emoji the engine never sends.
      'emoji-not-shown',
      // An example shows a moderation call alone; in a command its result text goes into the reply.
      'action-prints-result',
      // Modals show, and Zdefer acts, in interaction commands only.
      'modal-outside-interaction',
      'defer-ignored',
      // Zephemeral acts in slash and interaction commands only.
      'ephemeral-ignored',
      // Zcalculate's example computes with a saved variable other calls would have set.
      'saved-variable-unset',
      // The resets' examples show the call alone; a command would guard it (ZonlyAdmin) first.
      'reset-clears-everyone',
      // A date's example alone: a command would choose its time zone with Ztime first (or mean Tokyo's).
      'default-time-zone',
      // ZaddReactions' example is alone: in a command, the text beside it is the reply it reacts to.
      'reactions-ignored',
      // The component editors' examples act on the message clicked, in a button's or menu's command.
      'component-message-missing',
    ]);
    // Catalog examples the engine (v1.8.5) refuses: Zsort takes exactly asc or desc; ZeditSelectMenu
    // sends a menu without options, which Discord refuses.
    const refusedByEngine = new Set(['Zsort', 'ZeditSelectMenu']);
    // Catalog examples the engine runs otherwise than they show: ZfromTimestamp knows no % pattern.
    const readOtherwise = new Set(['ZfromTimestamp']);
    for (const f of catalog.functions) {
      if (readOtherwise.has(f.name)) {
        assert.ok(
          diagnose(`#trigger !x\n${f.example}`).some((d) => d.severity === 'warning'),
          `${f.name}: the engine runs ${f.example} otherwise; if the catalog's example is fixed, drop it from readOtherwise`,
        );
        continue;
      }
      if (refusedByEngine.has(f.name)) {
        assert.ok(
          diagnose(`#trigger !x\n${f.example}`).some((d) => d.severity === 'error'),
          `${f.name}: the engine refuses ${f.example}; if the catalog's example is fixed, drop it from refusedByEngine`,
        );
        continue;
      }
      // What an example needs after it to make a whole reply: a menu is sent with its options.
      const after = f.name === 'ZnewSelectMenu' ? '\nZaddSelectMenuOption{A;a}' : '';
      const found = diagnose(`#trigger !x\n${f.example}${after}`).filter((d) => !needsContext.has(d.code));
      assert.deepStrictEqual(
        found.map((d) => `${d.code}: ${d.message}`),
        [],
        `${f.name}: ${f.example}`,
      );
    }
  });
  it('severity overrides and off', () => {
    assert.strictEqual(diagnose('#trigger !x\nZfoo{}', { 'unknown-function': 'hint' })[0].severity, 'hint');
    assert.strictEqual(diagnose('#trigger !x\nZfoo{}', { 'unknown-function': 'off' }).length, 0);
  });
  it('#type fix corrects the word', () => {
    const [d] = diagnose('#type slah\n#trigger /x\nhi');
    assert.strictEqual(d.fixes![0].edits[0].newText, 'slash');
  });
  it('unclosed call fix adds "}"', () => {
    const [d] = diagnose('#trigger !x\nZuppercase{hi');
    assert.strictEqual(d.fixes![0].edits[0].newText, '}');
  });
});

describe('analysis: per-statement cache', () => {
  it('a one-character edit in a big file re-analyses only one statement', () => {
    const lines = ['#trigger !big'];
    for (let i = 0; i < 2000; i++) lines.push(`Line ${i}: Zuppercase{hello ${i}} ZaddButton{;b${i};OK}`);
    const text = `${lines.join('\n')}\n`;
    const a = new Analyzer(catalog);
    const tree = parseCommandFile(text, opts);
    const first = a.diagnose(tree);
    assert.strictEqual(a.stats.statementsAnalyzed, tree.statements.length);
    const at = text.indexOf('hello 1000') + 1;
    const tree2 = reparseCommandFile(tree, { start: at, end: at, text: 'x' }, opts);
    const before = a.stats.statementsAnalyzed;
    const second = a.diagnose(tree2);
    assert.strictEqual(a.stats.statementsAnalyzed - before, 1);
    assert.strictEqual(second.length, first.length);
  });

  it('edits that add or remove a call a file-level check asks about give what a fresh analysis gives', () => {
    // ZuseChannel decides whether an event without a channel drops its output; ZsendEmbed where the
    // embed goes. The walk after each edit carries the previous walk's answers over (CallNames).
    const text = '#trigger onMemberLeave\n#type event\nZtitle{Bye}\nGoodbye Zusername!\nZvar{x;1}\nZvar{x}\n';
    const edits: { find: string; text: string }[] = [
      { find: 'Zvar{x;1}', text: 'ZuseChannel{123456789012345678}' },
      { find: 'Zvar{x}', text: 'ZsendEmbed{123456789012345678}' },
      { find: 'ZuseChannel{123456789012345678}', text: 'Zvar{x;1}' },
      { find: 'ZsendEmbed{123456789012345678}', text: 'ZuseChannel{1}' },
      { find: 'ZuseChannel{1}', text: 'Zvar{x}' },
    ];
    const a = new Analyzer(catalog);
    let tree = parseCommandFile(text, opts);
    a.diagnoseParts(tree);
    for (const edit of edits) {
      const at = tree.text.indexOf(edit.find);
      assert.ok(at >= 0, edit.find);
      const next = reparseCommandFile(tree, { start: at, end: at + edit.find.length, text: edit.text }, opts);
      const incremental = flattenDiagnosis(next, a.diagnoseParts(next, tree), {});
      const fresh = new Analyzer(catalog).diagnose(parseCommandFile(next.text, opts));
      assert.deepStrictEqual(
        incremental.map((d) => `${d.code}@${d.start}`),
        fresh.map((d) => `${d.code}@${d.start}`),
        next.text,
      );
      tree = next;
    }
  });
});
