/**
 * Hover through the service API.
 */
import * as assert from 'node:assert';
import { URI, openAt } from './features-helpers.test';
import { bundledCatalog } from '../../server/src/catalog';
import { engineFacts } from '../../server/src/catalog/engine';
import { parseCommandFile } from '../../server/src/syntax/parse';
import { conditionOperators } from '../../server/src/features/model';
import { type BodyStatement, NodeKind } from '../../server/src/syntax/tree';

const hoverTextOf = (marked: string) => hoverText(marked);

function hoverText(marked: string): string | undefined {
  const { svc, position } = openAt(marked);
  const h = svc.hover(URI, position);
  return h ? (h.contents as { value: string }).value : undefined;
}

describe('features: hover', () => {
  it("says what the engine runs for a plain word or a word's end, and how to keep the word", () => {
    const stop = hoverText('#trigger !x\nPlease st¦op spamming') ?? '';
    assert.match(stop, /runs the word `stop` as the function `Zstop`/);
    assert.match(stop, /Zlowercase\{STOP\}/);
    const day = hoverText('#trigger !x\nTo¦day is great') ?? '';
    assert.match(day, /`day` at the end of `Today` as the function `Zday`/);
    assert.match(day, /ToZlowercase\{DAY\}/);
    assert.match(hoverText('#trigger !x\nZtitle{Happy To¦day}') ?? '', /`Zday`/);
    // A word the engine leaves alone: no such hover.
    assert.strictEqual(hoverText('#trigger !x\nHel¦lo there'), undefined);
  });

  it('says nothing on a `//` line inside a call spanning lines (the engine skips it), and names the argument around it', () => {
    assert.strictEqual(hoverText('Zif{ZisAdmin==true;\n  // staff only: Zus¦ername\n  Welcome boss\n;\n  Nope\n}'), undefined);
    assert.match(hoverText('Zif{ZisAdmin==true;\n  // staff only\n  Welcome bo¦ss\n;\n  Nope\n}') ?? '', /then/);
  });

  it('documents a function with a parameter table and its example', () => {
    const text = hoverText('ZaddBu¦tton{;ok}')!;
    assert.match(text, /Adds a button/);
    assert.match(text, /ZaddButton\{newRow\?;customID;label\?;style\?;disabled\?;emoji\?\}/);
    assert.match(text, /\| parameter \| type \| required \| default \|/);
    assert.match(text, /\| `style` \| string \| no \| secondary \|/);
    assert.match(text, /\| `customID` \| string \| yes \| {2}\|/);
    assert.match(text, /Example/);
    // Its syntax needs two arguments to reach customID, as the engine does: no note on the counts.
    assert.doesNotMatch(text, /differs from the syntax above/);
    // ZgetMessage{messageID} alone is read by the engine (the channel defaults to this one): that is said.
    assert.match(hoverText('ZgetMes¦sage{123}')!, /the engine accepts 1 to 3 arguments for ZgetMessage/);
  });

  it('suggests the closest name on an unknown function, as the diagnostic does', () => {
    assert.match(hoverText('Zti¦tel{Hi}')!, /`Ztitel` is not a function of the catalog; did you mean `Ztitle`\?/);
    assert.match(hoverText('Zuser¦NAME{}')!, /did you mean `Zusername`\?/);
    assert.match(hoverText('Zqq¦qqqqqqq{}')!, /is not a function of the catalog\.$/);
  });

  it('an engine function the catalog leaves out: its parameters as the engine names them, and what each is', () => {
    const text = hoverText('Zabbre¦viate{1500}')!;
    assert.match(text, /takes 1 argument/);
    assert.match(text, /Shortens a large number/);
    assert.match(text, /\| `number` \| yes \| the number to shorten/);
    assert.doesNotMatch(text, /not documented\._|No parameters/);
    // What the engine does that its own summary does not say: a count reached at half, a fixed answer.
    assert.match(hoverText('#trigger onMessage\n#type event\nZspam¦Detect{ZuserID;6;5}')!, /Counts each message twice in onMessage/);
    assert.match(hoverText('ZpollAnswer¦Details{1;1}')!, /Unfinished in the engine: it always gives/);
    const { svc, position } = openAt('ZtimeFormat{1700000000;%H:%M;Europe/Pa¦ris}');
    const help = svc.signatureHelp(URI, position)!;
    assert.strictEqual(help.signatures[0].label, 'ZtimeFormat{timestamp;format;timezone?}');
    assert.strictEqual(help.activeParameter, 2);
    assert.match(JSON.stringify(help.signatures[0].parameters?.[2].documentation), /IANA zone name/);
  });

  it('says what the engine does with an argument past the documented ones', () => {
    assert.match(hoverText('#trigger !x\nZlowercase{Hi;th¦ere}')!, /at most 1: it halts the command with "Too many arguments"/);
    assert.match(hoverText('#trigger !x\nZif{1==1;a;b;ex¦tra}')!, /the engine ignores this one/);
    assert.match(hoverText('#trigger !x\nZstartThread{Chat;123456789012345678;;60;false;ye¦s}')!, /reads this one, which the catalog does not document/);
  });

  it('every engine function the catalog leaves out is documented from the engine: a summary, and parameters within its argument count', () => {
    const catalog = bundledCatalog();
    assert.ok(catalog.engineOnlyFunctions.length > 150);
    for (const fn of catalog.engineOnlyFunctions) {
      const engine = engineFacts.forCall(fn.name)!;
      assert.ok(engine.summary && engine.params, `${fn.name}: no summary or parameters`);
      assert.ok(
        engine.max === null || engine.params.length <= Math.max(engine.max, 1) || engine.max >= 50,
        `${fn.name}: more parameters than the engine takes`,
      );
      assert.ok(engine.params.filter((p) => p.required).length >= Math.min(engine.min, engine.params.length), `${fn.name}: a needed argument marked optional`);
      for (const p of engine.params) assert.ok(p.description && /^[a-z]\w*$/i.test(p.name), `${fn.name}: parameter ${p.name}`);
    }
  });

  it('adds what the engine does that the catalog does not say', () => {
    assert.match(hoverText('Zti¦me{Europe/Paris}')!, /\*\*Engine:\*\* Without Ztime the engine's clock runs in Asia\/Tokyo time/);
    assert.match(hoverText('Zba¦n{123456789012345678}')!, /\*\*Engine:\*\* Returns "banned: "/);
    assert.doesNotMatch(hoverText('Zti¦tle{x}')!, /\*\*Engine:\*\*/);
    assert.match(hoverText('Zho¦ur')!, /\*\*Engine:\*\* The hour \(0-23\) in Asia\/Tokyo time unless Ztime\{zone\} ran before it/);
    assert.match(hoverText('Zst¦op')!, /Throws away all the text the command has written/);
    assert.match(hoverText('ZremoveCompo¦nent{claim}')!, /\*\*Engine:\*\* Removes every component of the message, not only this one/);
    assert.match(hoverText('ZeditChannel¦Perms{1;2;/sendMessages}')!, /every permission it does not name goes back to neutral/);
    // An engine function the catalog leaves out gets its note too.
    assert.match(hoverText('Zcl¦amp{5;1;10}')!, /A minimum above the maximum \(or NaN\) crashes the command/);
  });

  it('says what an escape does: text at the top level, what the engine does with it between braces', () => {
    assert.match(hoverText('#trigger !x\na \\¦; b')!, /outputs `;` as text/);
    assert.match(hoverText('#trigger !x\nZtitle{Zif{1==1;a\\¦;b;c}}')!, /Zif gets a plain ";" and splits its arguments here/);
    assert.match(hoverText('#trigger !x\nZtitle{a \\¦} b}')!, /this \} closes the call/);
  });

  it('gives a guard its halt message', () => {
    assert.match(hoverText('ZblackList¦IDs{123456789012345678}')!, /Halts with:\*\* "You are blacklisted from using this command\."/);
  });

  it('says which parameter an argument binds to and its default', () => {
    const text = hoverText('ZaddButton{;ok;OK;dan¦ger}')!;
    assert.match(text, /\*\*style\*\*: `string`, optional, default: `secondary`/);
    assert.match(text, /One of: primary, secondary, success, danger, link/);
  });

  it('explains condition operators, numeric comparison included', () => {
    assert.match(hoverText('Zif{ZgetUserVar{xp}>¦=100;yes;no}')!, /compares the \*\*lengths\*\*/);
    assert.match(hoverText('ZonlyIf{Zmessage{} cont¦ains hello;no}')!, /contains the right one/);
  });

  it('spells out durations', () => {
    assert.match(hoverText('Zcooldown{1h3¦0m}')!, /`1h30m` = 1 hour 30 minutes \(5400 s\)/);
  });

  it('explains permission names', () => {
    assert.match(
      hoverText('ZeditChannelPerms{123456789012345678;123456789012345678;+viewCh¦annel}')!,
      /Permission \*\*viewChannel\*\* \(alias: readMessages\): `\+` allows it/,
    );
    assert.match(hoverText('ZonlyPerms{useExter¦nalEmojis}')!, /not a permission/);
  });

  it('documents header directives and event triggers', () => {
    assert.match(hoverText('#ty¦pe event')!, /kind of command/);
    const text = hoverText('#type event\n#trigger onMessage¦Delete')!;
    assert.match(text, /deleted/);
    assert.match(text, /Empty for this event:\*\* author, message text/);
  });

  it('suggests the right name for an unknown function', () => {
    assert.match(hoverText('Zaddfi¦eld{a;b}')!, /did you mean `ZaddField`/);
  });

  it('answers null on plain text and unknown documents', () => {
    assert.strictEqual(hoverText('Hello wo¦rld'), undefined);
    const { svc } = openAt('¦x');
    assert.strictEqual(svc.hover('file:///other.zbr', { line: 0, character: 0 }), null);
  });

  it('shows the four parts of an #option line and what a prefix or slash trigger means', () => {
    const hoverText = (marked: string) => hoverTextOf(marked) ?? '';
    const option = hoverText('#option si¦ze|Which size|Integer|required');
    assert.match(option, /\| name \| `size` \|/);
    assert.match(option, /\| type \| `integer` \|/);
    assert.match(option, /\| required \| yes \|/);
    assert.match(hoverText('#option size|Which size¦'), /needs exactly four/);
    assert.match(hoverText('#trigger !ra¦nk'), /message starts with `!rank`/);
    assert.match(hoverText('#type slash\n#trigger ra¦nk'), /`#trigger \/rank`/);
  });

  it('says where a variable is set, and warns about one that is never set', () => {
    const text = 'ZsetUserVar{coins;5}\nZgetUserVar{coins}\nZgetUserVar{cions}';
    const { svc } = openAt(`¦${text}`);
    svc.setWorkspaceFile('file:///bot/commands/shop.zbr', 'ZsetUserVar{coins;0}\n');
    const at = (line: number) => (svc.hover(URI, { line, character: 13 })!.contents as { value: string }).value;
    assert.match(at(1), /User variable `coins`: set 2 times in 2 files; 1 read, check or reset\./);
    assert.match(at(2), /User variable `cions`: never set in the workspace/);
  });
});

describe('features: condition operators (one scan for hover and semantic tokens)', () => {
  it('finds the operators of the literal stretches only, in text order', () => {
    const text = 'Zif{Zmessage{a==b} contains x && n>=2 || Zif{1<2;a;b}!=c;y;n}';
    const tree = parseCommandFile(text, { isBareCallable: () => false });
    const st = tree.statements[0] as BodyStatement;
    const call = st.nodes[0];
    assert.strictEqual(call.kind, NodeKind.Call);
    if (call.kind !== NodeKind.Call) return;
    const ops = conditionOperators(text, call.args[0]).map((o) => `${o.op}@${o.start}`);
    // The == and < inside nested calls are theirs, not the condition's.
    assert.deepStrictEqual(ops, [
      `contains@${text.indexOf('contains')}`,
      `&&@${text.indexOf('&&')}`,
      `>=@${text.indexOf('>=')}`,
      `||@${text.indexOf('||')}`,
      `!=@${text.indexOf('!=')}`,
    ]);
  });
});
