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

/** Every edit of the fix, applied from the end (they do not overlap). */
function appliedAll(text: string, d: AnalysisDiagnostic, k = 0): string {
  const edits = [...d.fixes![k].edits].sort((a, b) => b.start - a.start || b.end - a.end);
  for (const e of edits) text = text.slice(0, e.start) + e.newText + text.slice(e.end);
  return text;
}

function only(text: string, code: string): AnalysisDiagnostic {
  const found = diagnose(text).filter((d) => d.code === code);
  assert.strictEqual(found.length, 1, `${code} in ${JSON.stringify(text)}: ${found.length}`);
  return found[0];
}

describe('analysis: fixes', () => {
  it('word-runs-function on $username in a condition: the fix calls Zusername, as it does in text', () => {
    const text = '#trigger !hi\nZif{$username == Bob;Hi Bob!;Who are you?}\n';
    const d = only(text, 'word-runs-function');
    assert.match(d.message, /the condition reads "\$" followed by the result\. Write Zusername\./);
    assert.strictEqual(applied(text, d), '#trigger !hi\nZif{Zusername == Bob;Hi Bob!;Who are you?}\n');
  });

  it('loop-passes-on-lines on Zrepeat of one symbol: the fix repeats it on one line with ZrepeatText, and nothing is left to report', () => {
    const text = '#trigger !rate\nZvar{n;3}\nRating: Zrepeat{Zvar{n};*}\n';
    const fixed = applied(text, only(text, 'loop-passes-on-lines'));
    assert.strictEqual(fixed, '#trigger !rate\nZvar{n;3}\nRating: ZrepeatText{*;Zvar{n}}\n');
    assert.deepStrictEqual(diagnose(fixed), []);
    // A count the user types: ZrepeatText has no limit of passes (Zrepeat stops at 1,000), so no fix, and the message says so.
    const typed = only('#trigger !stars\nZrepeat{Zmessage{1};*}\n', 'loop-passes-on-lines');
    assert.strictEqual(typed.fixes, undefined);
    assert.match(typed.message, /keeping the count within bounds first: ZrepeatText has no limit/);
    // A blank spacer (U+2800) is stacked on purpose.
    assert.ok(!diagnose('#trigger !gap\nZrepeat{3;\u2800}\n').some((d) => d.code === 'loop-passes-on-lines'));
  });

  it('missing-argument with one argument where the first parameter may be left out: says how the engine reads it, and the fix empties the first', () => {
    const text = '#trigger !a\nZsendMessage{Hello everyone!}\n';
    const found = diagnose(text);
    // One finding for the call: not also that "Hello everyone!" is no channel ID.
    assert.deepStrictEqual(
      found.map((d) => d.code),
      ['missing-argument'],
    );
    assert.match(found[0].message, /^With one argument, ZsendMessage reads it as "channelID" \(argument 1\), not as "content"/);
    assert.match(found[0].message, /leave argument 1 empty: ZsendMessage\{;\.\.\.\}\.$/);
    const fixed = applied(text, found[0]);
    assert.strictEqual(fixed, '#trigger !a\nZsendMessage{;Hello everyone!}\n');
    assert.deepStrictEqual(diagnose(fixed), []);
    // A call alone may be the first argument, with the second forgotten: the usual message, no fix.
    const id = only('#trigger !a\nZsendMessage{ZchannelID{mod-logs}}\n', 'missing-argument');
    assert.match(id.message, /^ZsendMessage halts the command without "content"/);
    assert.strictEqual(id.fixes, undefined);
    // Two arguments, or a required first parameter: the usual message.
    assert.match(only('#trigger !a\nZhasRole{;}\n', 'empty-required-argument').message, /ZhasRole halts the command when "role ID"/);
  });

  it("trigger-type-mismatch on a wrong event name names the event meant (other libraries' names, then spelling)", () => {
    const message = (trigger: string) => only(`#trigger ${trigger}\n#type event\nHi\n`, 'trigger-type-mismatch').message;
    assert.match(message('onMemberRemove'), /Did you mean onMemberLeave\?$/);
    assert.match(message('onGuildMemberAdd'), /Did you mean onMemberJoin\?$/);
    assert.match(message('onMemberBan'), /Did you mean onBanAdd\?$/);
    assert.match(message('onMesageDelete'), /Did you mean onMessageDelete\?$/);
    assert.match(message('onSomethingElse'), /must be an event such as onMemberJoin\.$/);
  });

  it('ignored-arguments on ZforSplit{ZtextSplit{...};code}: the fix splits first, then loops, and leaves no finding', () => {
    const text = '#trigger !lock\nZforSplit{ZtextSplit{general,memes;,};Locking ZloopValue}\n';
    const fixed = applied(text, only(text, 'ignored-arguments'));
    assert.strictEqual(fixed, '#trigger !lock\nZtextSplit{general,memes;,}ZforSplit{Locking ZloopValue}\n');
    assert.deepStrictEqual(
      diagnose(fixed)
        .filter((d) => d.severity === 'error' || d.severity === 'warning')
        .map((d) => d.code),
      [],
    );
  });

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
    for (const prefix of ['+', '-', '- ']) {
      const text = `#trigger !x\nZeditChannelPerms{123456789012345678;123456789012345678;${prefix}sendMesages}`;
      const d = diagnose(text).find((x) => x.code === 'unknown-permission')!;
      assert.ok(d, prefix);
      assert.strictEqual(applied(text, d), `#trigger !x\nZeditChannelPerms{123456789012345678;123456789012345678;${prefix}sendMessages}`);
    }
    // ZmodifyRolePerms looks a reset name up; ZeditChannelPerms never does (the name has no effect there).
    const reset = '#trigger !x\nZmodifyRolePerms{123456789012345678;/sendMesages}';
    const d = diagnose(reset).find((x) => x.code === 'unknown-permission')!;
    assert.strictEqual(applied(reset, d), '#trigger !x\nZmodifyRolePerms{123456789012345678;/sendMessages}');
    assert.deepStrictEqual(
      diagnose('#trigger !x\nZeditChannelPerms{123456789012345678;123456789012345678;/sendMesages}').filter((x) => x.code === 'unknown-permission'),
      [],
    );
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

  it('invalid-snowflake: a typed word becomes the first mention, whichever word it was (Zmentioned counts mentions)', () => {
    for (const word of ['1', '2']) {
      const text = `#trigger !x\nZkick{Zmessage{${word}}}`;
      const d = diagnose(text).find((x) => x.code === 'invalid-snowflake')!;
      assert.strictEqual(applied(text, d), '#trigger !x\nZkick{Zmentioned{1}}');
      assert.strictEqual(d.message.includes('counts mentions, not words'), word === '2');
    }
  });

  it('name-in-mention: the name of a typed word is mentioned by Zmentioned, never as <@<@id>>', () => {
    const text = '#trigger !x\nHi <@Zusername{Zmessage{1}}>';
    const d = diagnose(text).find((x) => x.code === 'name-in-mention')!;
    assert.strictEqual(applied(text, d), '#trigger !x\nHi <@Zmentioned{1}>');
  });

  it('Zcensor: words given as arguments join the word list with \\;', () => {
    const three = '#trigger !x\nZcensor{Zmessage;darn;heck}';
    assert.strictEqual(applied(three, only(three, 'invalid-value')), '#trigger !x\nZcensor{Zmessage;darn\\;heck}');
    const four = '#trigger !x\nZcensor{Zmessage;darn;heck;gosh}';
    assert.strictEqual(appliedAll(four, diagnose(four).find((d) => d.code === 'too-many-arguments')!), '#trigger !x\nZcensor{Zmessage;darn\\;heck\\;gosh}');
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
  it("a halt inside Zdelay's or Zasync's code stops that code, not the command, and nobody sees it", () => {
    const delayed = diagnose('#trigger !x\nZdelay{1m;ZsendMessage{ZchannelID;Time is up!;true;extra}}\nSoon.').find((x) => x.code === 'too-many-arguments')!;
    assert.match(delayed.message, /stops the delayed code with "Too many arguments"\. The command itself has answered already/);
    assert.doesNotMatch(delayed.message, /halts the command/);
    const background = diagnose('#trigger !x\nZasync{job;ZsendMessage{ZchannelID;Done;true;extra}}\nSoon.').find((x) => x.code === 'too-many-arguments')!;
    assert.match(background.message, /stops Zasync's code with "Too many arguments"\. Nobody sees that error/);
    // Outside them, the command halts.
    const direct = diagnose('#trigger !x\nZsendMessage{ZchannelID;Time is up!;true;extra}').find((x) => x.code === 'too-many-arguments')!;
    assert.match(direct.message, /halts the command with "Too many arguments"/);
  });
  it('a call with a wrong count gets that error alone: the engine never runs it, so its arguments are not read', () => {
    const codes = diagnose('#trigger !dice\nZrandom{1,6}').map((d) => d.code);
    assert.deepStrictEqual(codes, ['missing-argument']);
  });
  it('invalid-time-format: a spreadsheet date pattern becomes % codes', () => {
    const text = '#trigger !x\nZtime{UTC}ZuserJoined{;DD/MM/YYYY HH:mm}';
    const d = diagnose(text).find((x) => x.code === 'invalid-time-format')!;
    assert.strictEqual(applied(text, d), '#trigger !x\nZtime{UTC}ZuserJoined{;%d/%m/%Y %H:%M}');
    assert.deepStrictEqual(diagnose(applied(text, d)), []);
  });
  it("the fixes of the engine's own readings write what the engine needs", () => {
    // guard-after-action: the guard's line moves above the action's, with the file's line ending.
    const ban = '#trigger !ban\nZban{Zmentioned{1}}\nDone.\nZonlyPerms{banMembers}';
    assert.strictEqual(appliedAll(ban, only(ban, 'guard-after-action')), '#trigger !ban\nZonlyPerms{banMembers}\nZban{Zmentioned{1}}\nDone.\n');
    const crlf = '#trigger !ban\r\nZkick{Zmentioned{1}}\r\nZonlyAdmin';
    assert.strictEqual(appliedAll(crlf, only(crlf, 'guard-after-action')), '#trigger !ban\r\nZonlyAdmin\r\nZkick{Zmentioned{1}}\r\n');
    // saved-variable-unset: read as 0 while unset, the getter's own arguments kept.
    const pay = '#trigger !pay\nZsetUserVar{coins;Zsum{ZgetUserVar{coins;Zmentioned{1}};10};Zmentioned{1}}';
    assert.strictEqual(
      applied(pay, only(pay, 'saved-variable-unset')),
      '#trigger !pay\nZsetUserVar{coins;Zsum{Zif{ZgetUserVar{coins;Zmentioned{1}}==;0;ZgetUserVar{coins;Zmentioned{1}}};10};Zmentioned{1}}',
    );
    // non-numeric-comparison, a word operator after ==: the test goes into its function, a trailing ==false stays outside.
    const entered = '#trigger !e\nZonlyIf{Zmessage contains ZuserID==false;You already entered!}';
    assert.strictEqual(
      applied(entered, only(entered, 'non-numeric-comparison')),
      '#trigger !e\nZonlyIf{ZcheckContains{Zmessage;ZuserID}==false;You already entered!}',
    );
    const kept = '#trigger !e\nZonlyIf{Zmessage startsWith hi!=false;Say hi.}';
    assert.strictEqual(applied(kept, only(kept, 'non-numeric-comparison')), '#trigger !e\nZonlyIf{ZstartsWith{Zmessage;hi}==true;Say hi.}');
    // The engine functions' written values: the value meant, where the mistake says it.
    const caps = '#trigger !c\nZvar{a;ZcapsDetect{Zmessage; 70 }}';
    assert.strictEqual(applied(caps, only(caps, 'invalid-number')), '#trigger !c\nZvar{a;ZcapsDetect{Zmessage; 0.7 }}');
    const uptime = '#trigger !u\nZvar{a;Zduration{1h30m}}';
    assert.strictEqual(applied(uptime, only(uptime, 'invalid-integer')), '#trigger !u\nZvar{a;Zduration{5400}}');
    const rgb = '#trigger !r\nZvar{a;ZhexToRgb{#f80}}';
    assert.strictEqual(applied(rgb, only(rgb, 'invalid-color')), '#trigger !r\nZvar{a;ZhexToRgb{#ff8800}}');
    // A setter's "+50" meant as an addition; a number as the name and a word as the value, swapped.
    const daily = '#trigger !d\nZsetUserVar{coins; +50 }';
    assert.strictEqual(
      applied(daily, only(daily, 'arithmetic-as-text')),
      '#trigger !d\nZsetUserVar{coins; Zsum{Zif{ZgetUserVar{coins}==;0;ZgetUserVar{coins}};50} }',
    );
    const reset = '#trigger !r\nZsetUserVar{50;coins}\nYou have ZgetUserVar{coins}.';
    assert.strictEqual(appliedAll(reset, only(reset, 'arguments-swapped')), '#trigger !r\nZsetUserVar{coins;50}\nYou have ZgetUserVar{coins}.');
    // saved-variable-unset, compared with 0: the empty value taken too, joined as the condition's own parts are.
    const start = '#trigger !start\nZif{ZgetUserVar{coins}==0;ZsetUserVar{coins;100}Welcome!}';
    assert.strictEqual(
      applied(start, only(start, 'saved-variable-unset')),
      '#trigger !start\nZif{ZgetUserVar{coins}== || ZgetUserVar{coins}==0;ZsetUserVar{coins;100}Welcome!}',
    );
    const rob = '#trigger !rob\nZonlyIf{Zmessage{1}!= && ZgetUserVar{coins} != 0;Nothing to rob.}\nZsetUserVar{coins;250}';
    assert.strictEqual(
      applied(rob, only(rob, 'saved-variable-unset')),
      '#trigger !rob\nZonlyIf{Zmessage{1}!= && ZgetUserVar{coins}!= && ZgetUserVar{coins}!=0;Nothing to rob.}\nZsetUserVar{coins;250}',
    );
    const mixed = '#trigger !m\nZif{ZgetUserVar{coins}==0 && Zmessage{1}==yes;a}\nZsetUserVar{coins;250}';
    assert.strictEqual(only(mixed, 'saved-variable-unset').fixes, undefined, 'no fix that would mix && and ||');
    // arithmetic-as-text: Zcalculate in a number argument; Zsum for a saved count, read as 0 while unset.
    const half = '#trigger !h\nZvar{a;8}\nZvar{b;Zround{Zvar{a}/2}}';
    assert.strictEqual(applied(half, only(half, 'arithmetic-as-text')), '#trigger !h\nZvar{a;8}\nZvar{b;Zround{Zcalculate{Zvar{a}/2}}}');
    const count = '#trigger !c\nZsetServerVar{uses;ZgetServerVar{uses} + 1}';
    assert.strictEqual(
      applied(count, only(count, 'arithmetic-as-text')),
      '#trigger !c\nZsetServerVar{uses;Zsum{Zif{ZgetServerVar{uses}==;0;ZgetServerVar{uses}};1}}',
    );
    // A left-out option: compared with the text Zoption writes.
    const reason = '#trigger /warn\n#type slash\n#description Warn\n#option reason|Why|string|optional\nZif{Zoption{reason}==;None;Zoption{reason}}';
    assert.strictEqual(
      applied(reason, only(reason, 'condition-never-true')),
      reason.replace('Zoption{reason}==;', 'Zoption{reason}==option "reason" not found;'),
    );
    // Quotes and other languages' words in a comparison: the word as the engine compares it.
    const quoted = '#trigger !p\nZif{Zmessage{1}=="red";a;b}';
    assert.strictEqual(applied(quoted, only(quoted, 'condition-never-true')), '#trigger !p\nZif{Zmessage{1}==red;a;b}');
    const empty = '#trigger !p\nZif{Zmessage=="";a;b}';
    assert.strictEqual(appliedAll(empty, only(empty, 'condition-never-true')), '#trigger !p\nZif{Zmessage ==;a;b}');
    const nothing = '#trigger !p\nZif{Zmentioned{1}!=null;a;b}';
    assert.strictEqual(applied(nothing, only(nothing, 'condition-always-true')), '#trigger !p\nZif{Zmentioned{1}!=;a;b}');
    const either = '#trigger !p\nZif{Zmessage{1}==hi || hello;a;b}';
    assert.strictEqual(applied(either, only(either, 'condition-without-operator')), '#trigger !p\nZif{Zmessage{1}==hi || Zmessage{1}==hello;a;b}');
    // ZonlyIf's message written first: the fix swaps the two.
    const slap = '#trigger !s\nZonlyIf{You must mention someone;Zmentioned{1}!=}';
    assert.strictEqual(appliedAll(slap, only(slap, 'condition-without-operator')), '#trigger !s\nZonlyIf{Zmentioned{1}!=;You must mention someone}');
    // Separators written another way: the fix writes ";".
    const roll = '#trigger !r\nZrandom{1, 6}';
    assert.strictEqual(applied(roll, only(roll, 'missing-argument')), '#trigger !r\nZrandom{1;6}');
    const split = '#trigger !r\nZif{ZisAdmin==true}{Admin}{Not admin}';
    assert.strictEqual(appliedAll(split, only(split, 'missing-argument')), '#trigger !r\nZif{ZisAdmin==true;Admin;Not admin}');
    const ball = '#trigger !r\nZrandomText{Yes, No, Maybe}';
    assert.strictEqual(appliedAll(ball, only(ball, 'single-random-choice')), '#trigger !r\nZrandomText{Yes;No;Maybe}');
    // A Zif that only writes a refusal: the fix makes the refusal end the run.
    const promote = '#trigger !p\nZif{ZisAdmin==false;Admins only!}\nZroleGrant{Zmentioned{1};+234567890123456789}';
    assert.strictEqual(appliedAll(promote, only(promote, 'if-does-not-stop')), promote.replace('Admins only!', 'Zerror{Admins only!}'));
    // A required option is never left out: no comparison would fire, so no fix offers one.
    const required = reason.replace('|optional', '|required');
    const never = only(required, 'condition-never-true');
    assert.strictEqual(never.fixes, undefined);
    assert.match(never.message, /The option "reason" is required: Discord always sends it/);
    // Two names run together: the second in the first's braces, where one argument is enough.
    const card = '#trigger !card\nZthumbnailZuserAvatar';
    assert.strictEqual(applied(card, only(card, 'bare-call-needs-braces')), '#trigger !card\nZthumbnail{ZuserAvatar}');
    assert.strictEqual(only('#trigger !d\nZdelayZusername', 'bare-call-needs-braces').fixes, undefined);
    // A dotted username in last place: the default message after it.
    const users = '#trigger !u\nZonlyForUsers{alice;john.doe}';
    assert.strictEqual(applied(users, only(users, 'invalid-value')), '#trigger !u\nZonlyForUsers{alice;john.doe;You are not allowed to use this command.}');
  });

  it("the fixes of the engine functions' written values, units and members", () => {
    // A colour for a button style: the style of that colour, in ZaddButton (which halts) and ZeditButton (grey).
    const add = '#trigger !b\nZaddButton{false;ok;OK;green}';
    assert.strictEqual(applied(add, only(add, 'invalid-value')), '#trigger !b\nZaddButton{false;ok;OK;success}');
    const edit = '#trigger onInteraction{ok}\n#type interaction\nZeditButton{ok;Done;blurple}\nDone.';
    assert.strictEqual(applied(edit, only(edit, 'invalid-value')), edit.replace('blurple', 'primary'));
    // A time in milliseconds: its first ten digits, or ZgetTimestamp alone.
    const ms = '#trigger !t\nZtime{UTC}\nZvar{a;ZfromTimestamp{1700000000123}}\nZvar{a}';
    assert.strictEqual(applied(ms, only(ms, 'timestamp-unit')), ms.replace('1700000000123', '1700000000'));
    const now = '#trigger !t\nZvar{a;ZrelativeTime{ZgetTimestamp{ms}}}\nZvar{a}';
    assert.strictEqual(applied(now, only(now, 'timestamp-unit')), now.replace('ZgetTimestamp{ms}', 'ZgetTimestamp'));
    // Two members to one ban: a call each, the reason kept for both.
    const ban = '#trigger !b\nZvar{r;Zban{Zmentioned{1};Zmentioned{2}}}\nZvar{r}';
    assert.strictEqual(
      applied(ban, only(ban, 'arguments-swapped')),
      ban.replace('Zban{Zmentioned{1};Zmentioned{2}}', 'Zban{Zmentioned{1}}Zban{Zmentioned{2}}'),
    );
    // The days stay Zban's third argument, after an empty reason.
    const days = '#trigger !b\nZvar{r;Zban{Zmentioned{1};Zmentioned{2};7}}\nZvar{r}';
    assert.strictEqual(
      applied(days, only(days, 'arguments-swapped')),
      days.replace('Zban{Zmentioned{1};Zmentioned{2};7}', 'Zban{Zmentioned{1};;7}Zban{Zmentioned{2};;7}'),
    );
    // A time with leading zeros is in seconds all the same: no unit is guessed from its length.
    assert.deepStrictEqual(
      diagnose('#trigger !t\nZtime{UTC}\nZvar{a;ZfromTimestamp{0001700000000}}\nZvar{a}').filter((x) => x.code === 'timestamp-unit'),
      [],
    );
    // Text given to a function of no argument: the fix that keeps it writes it after the call.
    const reply = '#trigger !hi\nZreply{Hey there!}';
    const kept = only(reply, 'too-many-arguments').fixes!.find((f) => f.title.startsWith('Write the text after'));
    assert.ok(kept);
    assert.strictEqual(
      kept!.edits.reduceRight((t, e) => t.slice(0, e.start) + e.newText + t.slice(e.end), reply),
      '#trigger !hi\nZreply{}Hey there!',
    );
    // A fallback around a call with an error of its own would copy the error: no such fix.
    assert.strictEqual(only('#trigger !ui\nZtitle{Info}\nZaddField{Roles;ZuserRoles{ZuserID;mention;, }}', 'value-may-be-empty').fixes, undefined);
    assert.ok(only('#trigger !ui\nZtitle{Info}\nZaddField{Roles;ZuserRoles{ZuserID;name;, }}', 'value-may-be-empty').fixes);
    // A lone brace in the text is one to show: the preferred fix escapes it, as the message says.
    const sad = '#trigger !sad\nSorry, the event is cancelled :{\nZtitle{Cancelled}';
    assert.strictEqual(applied(sad, only(sad, 'unclosed-brace')), sad.replace(':{', ':\\{'));
    // Another language's brackets: its arguments need not be this one's, so the fix is offered, not preferred.
    assert.strictEqual(only('#trigger !c\n$color[RED]', 'foreign-syntax').fixes![0].preferred, undefined);
    // A whole number written with a fraction of zero.
    const even = '#trigger !e\nZvar{a;ZisEven{4.0}}\nZvar{a}';
    assert.strictEqual(applied(even, only(even, 'invalid-integer')), even.replace('4.0', '4'));
    // A poll longer than Discord keeps one: the longest it does.
    const poll = '#trigger !p\nZpollCreate{Cats or dogs?;1000}\nZpollAddAnswer{Cats}\nZpollAddAnswer{Dogs}\nZpollSend';
    assert.strictEqual(applied(poll, only(poll, 'limit-exceeded')), poll.replace('1000', '768'));
  });
});
