/**
 * Completion through the service API, with the real catalog.
 */
import * as assert from 'node:assert';
import type { CompletionItem, CompletionList, TextEdit } from 'vscode-languageserver-types';
import { URI, openAt, service, positionOf } from './features-helpers.test';

function sorted(list: CompletionList): CompletionItem[] {
  return [...list.items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label));
}

/** Items the client would show for the typed prefix (prefix match on filterText). */
function visible(list: CompletionList, typed: string): CompletionItem[] {
  return sorted(list).filter((i) => (i.filterText ?? i.label).toLowerCase().startsWith(typed.toLowerCase()));
}

function complete(marked: string) {
  const { svc, position } = openAt(marked);
  return svc.completions(URI, position);
}

const labels = (items: CompletionItem[]) => items.map((i) => i.label);

describe('features: completion', () => {
  it('offers Ztitle first after `Zti`', () => {
    const list = complete('Zti¦');
    const shown = visible(list, 'Zti');
    assert.strictEqual(shown[0].label, 'Ztitle');
    assert.ok(labels(shown).includes('Ztimestamp'));
    assert.strictEqual(shown[0].preselect, true);
    assert.strictEqual(shown[0].detail, 'Ztitle{text;index?}');
  });

  it('offers every catalog function as a Function item, and the engine functions the catalog lacks, marked', () => {
    const list = complete('¦');
    const fns = list.items.filter((i) => i.kind === 3);
    const catalog = service().catalog;
    assert.strictEqual(fns.length, catalog.functions.length + catalog.engineOnlyFunctions.length);
    assert.ok(catalog.engineOnlyFunctions.length > 150, `${catalog.engineOnlyFunctions.length}`);
    const poll = fns.find((i) => i.label === 'ZpollCreate')!;
    assert.match(poll.detail!, /not in the catalog/);
    // Documented functions come first, the uncommon ones too (eglot orders by sortText alone).
    const title = fns.find((i) => i.label === 'Ztitle')!;
    assert.ok(title.sortText! < poll.sortText!);
    const engineOnly = new Set(catalog.engineOnlyFunctions.map((f) => f.name));
    const lastDocumented = fns.filter((i) => !engineOnly.has(i.label)).reduce((a, b) => (a.sortText! > b.sortText! ? a : b));
    const firstEngineOnly = fns.filter((i) => engineOnly.has(i.label)).reduce((a, b) => (a.sortText! < b.sortText! ? a : b));
    assert.ok(lastDocumented.sortText! < firstEngineOnly.sortText!, `${lastDocumented.label} before ${firstEngineOnly.label}`);
  });

  it('inserts a snippet with tab stops for required parameters only', () => {
    const items = complete('Zadd¦').items;
    const edit = (name: string) => (items.find((i) => i.label === name)!.textEdit as TextEdit).newText;
    assert.strictEqual(edit('ZaddField'), 'ZaddField{${1:name};${2:value}}');
    // newRow is optional: an empty first argument before the required customID.
    assert.strictEqual(edit('ZaddButton'), 'ZaddButton{;${1:customID}}');
    const ts = complete('Ztimes¦').items.find((i) => i.label === 'Ztimestamp')!;
    assert.strictEqual((ts.textEdit as TextEdit).newText, 'Ztimestamp{}');
    assert.strictEqual(ts.insertTextFormat, 2);
  });

  it('inserts no call the engine halts on for too few arguments: every snippet has its minimum of places', () => {
    const fns = complete('¦').items.filter((i) => i.kind === 3);
    const short: string[] = [];
    for (const item of fns) {
      // Each tab stop typed as a word: what a user who fills the snippet in gets.
      const call = (item.textEdit as TextEdit).newText.replace(/\$\{\d+(:[^}]*)?\}/g, 'x');
      const found = service();
      found.openDocument('file:///bot/commands/x.zbr', `#trigger !x\n${call}\n`, 1);
      if (found.diagnostics('file:///bot/commands/x.zbr').some((d) => d.code === 'missing-argument')) short.push(call);
    }
    assert.deepStrictEqual(short, []);
    assert.ok(fns.length > 500);
  });

  it('offers functions on a fresh last line after a header or comment, not the header values', () => {
    for (const text of ['#trigger !x\n¦', '#type slash\r\n¦', '// note\n¦', '#option a|b|string|\n¦']) {
      const items = complete(text).items;
      assert.ok(
        items.some((i) => i.label === 'Zreply'),
        JSON.stringify(text),
      );
      assert.ok(!items.some((i) => i.label === 'slash' || i.label === 'onMemberJoin' || i.label === 'required'), JSON.stringify(text));
    }
  });

  it('offers #trigger first, preselected, in an empty file and above the first body line of a file without one', () => {
    for (const text of ['¦', '\n¦', '// my command\n¦', '¦\nHello', '#type slash\n¦', '#trigger\n¦', '#trigger!x\n¦', '\ufeff#trigger !x\n¦']) {
      const shown = sorted(complete(text));
      assert.strictEqual(shown[0].label, '#trigger', JSON.stringify(text));
      assert.strictEqual(shown[0].preselect, true, JSON.stringify(text));
      assert.strictEqual((shown[0].textEdit as TextEdit).newText, '#trigger ');
      assert.ok(labels(shown).includes('#type') && labels(shown).includes('Zreply'), JSON.stringify(text));
    }
  });

  it('offers the directives after the functions on a blank line of a file that has a #trigger, and none after text', () => {
    for (const text of ['#trigger !x\n¦', '#trigger !x\nHello\n\n¦\nBye']) {
      const shown = sorted(complete(text));
      assert.strictEqual(shown[0].label.startsWith('Z'), true, JSON.stringify(text));
      const directive = shown.findIndex((i) => i.label === '#name');
      assert.ok(directive > shown.findIndex((i) => i.label === 'Zreply'), JSON.stringify(text));
      assert.ok(!shown.some((i) => i.preselect && i.label.startsWith('#')), JSON.stringify(text));
    }
    assert.ok(!labels(complete('#trigger !x\nHello ¦').items).some((l) => l.startsWith('#')));
  });

  it('completes the name typed after a bare call glued to it, closing that call with {}', () => {
    const list = complete('#trigger !x\nID: ZuserIDZdis¦');
    const item = visible(list, 'Zdis').find((i) => i.label === 'ZdisplayName');
    assert.ok(item, labels(list.items).slice(0, 5).join());
    const edit = item.textEdit as TextEdit;
    assert.ok(edit.newText.startsWith('{}ZdisplayName'), edit.newText);
    assert.deepStrictEqual(edit.range.start, { line: 1, character: 11 });
    assert.ok(complete('#trigger !x\nHi ZusernameZ¦').items.some((i) => i.label === 'Zreply'));
    // After a name that needs arguments no {} (Ztitle{} would halt); a name glued after the cursor stays.
    assert.ok(!(complete('Ztitle{ZtitleZdis¦}').items.find((i) => i.label === 'ZdisplayName')!.textEdit as TextEdit).newText.startsWith('{}'));
    const mid = complete('#trigger !x\nZuserI¦ZdisplayName').items.find((i) => i.label === 'ZuserID')!.textEdit as TextEdit;
    assert.deepStrictEqual(mid.range.end, { line: 1, character: 6 });
    // One Z in the word: inserted as typed.
    assert.strictEqual((complete('Hi Zdis¦').items.find((i) => i.label === 'ZdisplayName')!.textEdit as TextEdit).newText.startsWith('Zdisplay'), true);
  });

  it('offers nothing on a `//` line inside a call spanning lines (the engine skips it)', () => {
    assert.deepStrictEqual(complete('#trigger !a\nZif{ZisAdmin==true;\n  // staff only: Zus¦\n  Welcome boss\n}\n').items, []);
    assert.ok(complete('#trigger !a\nZif{ZisAdmin==true;\n  // staff only\n  Zus¦\n}\n').items.some((i) => i.label === 'Zusername'));
  });

  it('replaces the whole word being typed, `Z` included', () => {
    const { svc, text, position } = openAt('Hello Zusern¦ame!');
    const item = svc.completions(URI, position).items.find((i) => i.label === 'Zusername')!;
    const range = (item.textEdit as TextEdit).range;
    assert.deepStrictEqual(range.start, positionOf(text, 6));
    assert.deepStrictEqual(range.end, positionOf(text, 15));
  });

  it('inserts only the name when a `{` follows', () => {
    const item = complete('Ztit¦{hello}').items.find((i) => i.label === 'Ztitle')!;
    assert.strictEqual((item.textEdit as TextEdit).newText, 'Ztitle');
  });

  it('offers no functions for a plain word: it is text, and Enter must stay a line break', () => {
    assert.deepStrictEqual(complete('Say tit¦').items, []);
    assert.deepStrictEqual(complete('Zdescription{Welcome to the server¦}').items, []);
    // The word's Z makes it a call again.
    assert.strictEqual(visible(complete('Say Ztit¦'), 'Ztit')[0].label, 'Ztitle');
  });

  function typed(marked: string, character: string) {
    const { svc, position } = openAt(marked);
    return svc.completions(URI, position, { character });
  }

  it('pops up nothing on `{`, `;` and other trigger characters unless the parameter has a closed set of values', () => {
    // Enter after these must insert a line break, not the first function of a list.
    assert.deepStrictEqual(typed('Zdescription{¦', '{').items, []);
    assert.deepStrictEqual(typed('Zif{a==b;¦', ';').items, []);
    assert.deepStrictEqual(typed('Zdescription{a - ¦}', '-').items, []);
    assert.deepStrictEqual(typed('Zdescription{Issue #¦}', '#').items, []);
    assert.deepStrictEqual(typed('ZsetUserVar{¦', '{').items, [], 'variable names are not a closed set');
    // A boolean parameter: just its two values, none preselected.
    const bools = typed('ZaddField{a;b;¦', ';').items;
    assert.deepStrictEqual(labels(bools), ['true', 'false']);
    assert.ok(!bools.some((i) => i.preselect));
    // A permission prefix typed: the permissions with it.
    const perms = typed('ZeditChannelPerms{123456789012345678;123456789012345678;+¦}', '+').items;
    assert.ok(perms.length > 10 && perms.every((i) => i.label.startsWith('+')));
    // `Z` still opens the function list.
    assert.ok(typed('Zdescription{Z¦', 'Z').items.some((i) => i.label === 'Ztitle'));
  });

  it('resolves full markdown documentation', () => {
    const { svc, position } = openAt('Zaddf¦');
    const item = svc.completions(URI, position).items.find((i) => i.label === 'ZaddField')!;
    const resolved = svc.resolveCompletion(item);
    const doc = resolved.documentation as { kind: string; value: string };
    assert.strictEqual(doc.kind, 'markdown');
    assert.match(doc.value, /\| `inline` \| boolean \| no \| false \|/);
    assert.match(doc.value, /Example/);
  });

  it('offers button styles inside ZaddButton{;id;label;', () => {
    const list = complete('ZaddButton{;id;label;¦}');
    const values = sorted(list).filter((i) => i.kind !== 3);
    const names = labels(values);
    for (const style of ['primary', 'secondary', 'success', 'danger', 'link']) assert.ok(names.includes(style), `${style} in ${names}`);
    // Values rank before functions.
    assert.ok(sorted(list)[0].kind !== 3);
  });

  it('offers true/false for boolean parameters', () => {
    const names = labels(complete('ZaddField{a;b;¦}').items.filter((i) => i.kind !== 3));
    assert.deepStrictEqual(names, ['true', 'false']);
  });

  it('offers prefixed permission names in ZeditChannelPerms', () => {
    const items = complete('ZeditChannelPerms{123456789012345678;123456789012345678;+man¦}').items.filter((i) => i.kind !== 3);
    assert.ok(labels(items).includes('+manageMessages'));
    assert.ok(labels(items).every((l) => String(l).startsWith('+')));
    const all = complete('ZmodifyRolePerms{123456789012345678;¦}').items.filter((i) => i.kind !== 3);
    assert.ok(labels(all).includes('-sendMessages') && labels(all).includes('/viewChannel'));
  });

  it('offers plain permission names for permission parameters', () => {
    const items = complete('ZonlyPerms{¦}').items.filter((i) => i.kind !== 3);
    assert.ok(labels(items).includes('manageMessages'));
    assert.ok(labels(items).includes('usexternalEmojis'));
  });

  it('offers duration examples', () => {
    const items = complete('Zcooldown{¦}').items.filter((i) => i.kind !== 3);
    assert.ok(labels(items).includes('10s') && labels(items).includes('1h30m'));
  });

  it('offers option names inside Zoption{', () => {
    const items = complete('#trigger /ban\n#type slash\n#option user|Who|user|required\n#option reason|Why|string|optional\nZoption{¦}').items.filter(
      (i) => i.kind !== 3,
    );
    assert.deepStrictEqual(labels(items), ['user', 'reason']);
  });

  it('offers variable names of the same scope from the workspace', () => {
    const svc = service();
    svc.setWorkspaceFile('file:///bot/commands/other.zbr', 'ZsetServerVar{prefix;!}\nZsetUserVar{coins;5}\n');
    const text = 'ZgetServerVar{}';
    svc.openDocument(URI, text, 1);
    const items = svc.completions(URI, positionOf(text, 14)).items.filter((i) => i.kind !== 3);
    assert.deepStrictEqual(labels(items), ['prefix']);
  });

  it('offers temporary variable names from the same file only', () => {
    const svc = service();
    svc.setWorkspaceFile('file:///bot/commands/other.zbr', 'Zvar{elsewhere;1}\n');
    const text = 'Zvar{total;1}\nZvar{}';
    svc.openDocument(URI, text, 1);
    const items = svc.completions(URI, positionOf(text, text.length - 1)).items.filter((i) => i.kind !== 3);
    assert.deepStrictEqual(labels(items), ['total']);
  });

  it('offers onInteraction with the custom IDs of the workspace in an interaction command', () => {
    const svc = service();
    svc.setWorkspaceFile('file:///bot/commands/panel.zbr', '#trigger !panel\nZaddButton{;verify;Verify me;success}\n');
    const text = '#type interaction\n#trigger on';
    svc.openDocument(URI, text, 1);
    const items = svc.completions(URI, positionOf(text, text.length)).items;
    assert.deepStrictEqual(labels(items), ['onInteraction', 'onInteraction{verify}']);
  });

  it('offers directive names after `#`', () => {
    const items = complete('#¦').items;
    assert.deepStrictEqual(labels(items), ['#trigger', '#name', '#type', '#description', '#scope', '#option']);
  });

  it('offers event names after `#trigger ` with no #type line, writing `#type event` with the choice', () => {
    const items = complete('#trigger on¦').items;
    const join = items.find((i) => i.label === 'onMemberJoin')!;
    assert.ok(join, labels(items).join());
    assert.deepStrictEqual(join.additionalTextEdits, [
      { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: '#type event\n' },
    ]);
    // A CRLF file gets a CRLF line.
    const crlf = complete('#trigger on¦\r\nZreply\r\n').items.find((i) => i.label === 'onMemberJoin')!;
    assert.strictEqual(crlf.additionalTextEdits?.[0].newText, '#type event\r\n');
    // A chat command's #type written: its trigger is a word of the user's, no event names.
    assert.deepStrictEqual(complete('#type prefix\n#trigger on¦').items, []);
  });

  it('offers onInteraction after `#trigger ` with no #type line too, after the events, writing `#type interaction`', () => {
    const items = complete('#trigger on¦').items;
    const sorted = [...items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label));
    assert.strictEqual(sorted[sorted.length - 1].label, 'onInteraction');
    assert.deepStrictEqual(sorted[sorted.length - 1].additionalTextEdits, [
      { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: '#type interaction\n' },
    ]);
    assert.match(sorted[sorted.length - 1].detail!, /adds #type interaction/);
    // With #type event written, events only.
    assert.ok(!labels(complete('#type event\n#trigger on¦').items).includes('onInteraction'));
  });

  it('offers event trigger names after `#trigger ` in an event command, and no functions', () => {
    const items = complete('#type event\n#trigger ¦').items;
    assert.ok(labels(items).includes('onMemberJoin'));
    assert.ok(items.every((i) => i.kind !== 3));
    assert.strictEqual(items.length, 22);
  });

  it('offers #type, #scope and #option type values', () => {
    assert.deepStrictEqual(labels(complete('#type ¦').items), ['prefix', 'slash', 'sub-slash', 'interaction', 'event']);
    assert.deepStrictEqual(labels(complete('#scope g¦').items), ['guild', 'global', 'both']);
    assert.ok(labels(complete('#option user|Who|¦').items).includes('mentionable'));
    assert.deepStrictEqual(labels(complete('#option user|Who|user|¦').items), ['required', 'optional']);
    assert.deepStrictEqual(complete('#name Rank ¦').items, []);
  });

  it('never breaks an escape', () => {
    assert.deepStrictEqual(complete('\\Zti¦').items, []);
    assert.deepStrictEqual(complete('a \\¦').items, []);
    // An escaped backslash before a call is not an escape of the call.
    assert.ok(complete('\\\\Zti¦').items.length > 0);
  });

  it('offers nothing in comments', () => {
    assert.deepStrictEqual(complete('// Zti¦').items, []);
    assert.deepStrictEqual(complete('Hi // Zti¦').items, []);
  });

  it('offers only values, the matching one preselected, for a word typed without Z where values are known', () => {
    const items = complete('ZaddField{a;b;t¦}').items;
    assert.deepStrictEqual(labels(items), ['true', 'false']);
    assert.deepStrictEqual(labels(items.filter((i) => i.preselect)), ['true']);
    const perms = complete('ZeditChannelPerms{123456789012345678;123456789012345678;+vi¦}').items;
    assert.ok(perms.every((i) => i.kind !== 3));
    assert.strictEqual(perms.find((i) => i.preselect)?.label, '+viewChannel');
    // With its Z the word is a function name again.
    const fns = complete('ZaddField{a;b;Zt¦}').items;
    assert.match(fns.find((i) => i.preselect)?.label ?? '', /^Zt/);
    // Right after `;` nothing is typed yet: values first, then functions, nothing preselected.
    const empty = complete('ZaddField{a;b;¦}').items;
    assert.ok(empty.some((i) => i.kind === 3));
    assert.ok(!empty.some((i) => i.preselect));
  });

  it('ranks the common functions first, then the shorter names, and in an argument those that give a value', () => {
    const first = (marked: string) => {
      const items = complete(marked).items.filter((i) => i.kind === 3);
      items.sort((a, b) => (a.sortText! < b.sortText! ? -1 : a.sortText! > b.sortText! ? 1 : 0));
      return items[0]?.label;
    };
    assert.strictEqual(first('Zhtt¦'), 'ZhttpGet');
    assert.strictEqual(first('Zjso¦'), 'ZjsonParse');
    assert.strictEqual(first('Zser¦'), 'ZserverName');
    // A builder writes nothing: in an argument that wants a value (a channel here) it comes after those that give one.
    assert.strictEqual(first('Zt¦'), 'Ztitle');
    assert.notStrictEqual(first('ZuseChannel{Zt¦}'), 'Ztitle');
    // A lazy form's code runs actions: the builders keep their rank there.
    assert.strictEqual(first('Zif{1==1;Zt¦}'), 'Ztitle');
    // Among the rare ones the first is a guess: not preselected.
    assert.ok(!complete('ZthreadR¦').items.some((i) => i.preselect));
  });

  it('sends only the names the typed letters may still match, and says the list is incomplete', () => {
    const every = complete('Z¦');
    assert.strictEqual(every.isIncomplete, false);
    const all = labels(every.items);
    const list = complete('Zuv¦');
    assert.strictEqual(list.isIncomplete, true);
    // Letters in order, any case, anywhere after the Z: ZgetUserVar and ZuserAvatar stay, Ztitle goes.
    const kept = labels(list.items);
    assert.ok(kept.includes('ZgetUserVar') && kept.includes('ZuserAvatar'), kept.join(' '));
    assert.ok(!kept.includes('Ztitle'));
    const expected = all.filter((name) => /^Z.*u.*v/i.test(name));
    assert.deepStrictEqual(kept, expected);
    // A client's own filter (prefix on filterText) shows exactly what it showed from the whole list.
    assert.deepStrictEqual(labels(visible(list, 'Zuv')), labels(visible(every, 'Zuv')));
    assert.deepStrictEqual(labels(visible(complete('Zsend¦'), 'Zsend')), labels(visible(every, 'Zsend')));
  });

  it('preselects a function only when its Z was typed', () => {
    assert.ok(!complete('Zdescription{a\ntr¦\n}').items.some((i) => i.preselect));
    assert.strictEqual(complete('Say Ztit¦').items.find((i) => i.preselect)?.label, 'Ztitle');
  });

  it('offers the whole #option line as a snippet with choices for the type and required', () => {
    const items = complete('#trigger /ban\n#type slash\n#option ¦').items;
    assert.strictEqual(items.length, 1);
    assert.strictEqual(items[0].insertTextFormat, 2);
    assert.strictEqual(
      (items[0].textEdit as TextEdit).newText,
      '${1:name}|${2:description}|${3|string,integer,number,boolean,user,channel,role,mentionable,attachment|}|${4|required,optional|}',
    );
    // Not once the name is being typed.
    assert.deepStrictEqual(complete('#option us¦').items, []);
  });

  it('offers custom IDs between the braces of onInteraction{', () => {
    const svc = service();
    svc.setWorkspaceFile('file:///bot/commands/panel.zbr', '#trigger !panel\nZaddButton{;verify;Verify me;success}\nZaddButton{;close}\n');
    const text = '#type interaction\n#trigger onInteraction{ve}';
    svc.openDocument(URI, text, 1);
    const items = svc.completions(URI, positionOf(text, text.length - 2)).items;
    assert.deepStrictEqual(labels(items).sort(), ['close', 'verify']);
    const edit = items.find((i) => i.label === 'verify')!.textEdit as TextEdit;
    // Only the ID is replaced: `onInteraction{` and the `}` stay.
    assert.deepStrictEqual(edit.range, { start: { line: 1, character: 23 }, end: { line: 1, character: 25 } });
  });

  it('inserts at the cursor when nothing is typed, leaving the text after it', () => {
    const edit = (marked: string, label: string) => complete(marked).items.find((i) => i.label === label)!.textEdit as TextEdit;
    assert.deepStrictEqual(edit('¦Ztitle{x}', 'Zdescription').range, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
    assert.strictEqual(edit('¦Ztitle{x}', 'Zdescription').newText, 'Zdescription{${1:text}}');
    assert.deepStrictEqual(edit('Ztitle{¦abc}', 'Zusername').range, { start: { line: 0, character: 7 }, end: { line: 0, character: 7 } });
    // Before a bare `{` the name alone completes the call.
    assert.strictEqual(edit('¦{x}', 'Ztitle').newText, 'Ztitle');
  });

  it('does not double the space after a directive name', () => {
    const edit = (marked: string) => complete(marked).items.find((i) => i.label === '#type')!.textEdit as TextEdit;
    assert.strictEqual(edit('#ty¦pe event').newText, '#type');
    assert.strictEqual(edit('#ty¦').newText, '#type ');
  });

  it('answers empty for unknown documents and clamps positions', () => {
    const svc = service();
    assert.deepStrictEqual(svc.completions('file:///nope.zbr', { line: 0, character: 0 }).items, []);
    svc.openDocument(URI, 'Zti', 1);
    assert.ok(svc.completions(URI, { line: 99, character: 99 }).items.length > 0);
  });
});

describe('features: completion inside a character of two halves', () => {
  it('takes a position between the halves of an emoji as before it: no edit splits it', () => {
    const svc = service();
    svc.openDocument(URI, '#trigger !x\nZtitle{🎉}Zcolor{#fff}\n', 1);
    const list = svc.completions(URI, { line: 1, character: 8 });
    for (const item of list.items) {
      const edit = item.textEdit as TextEdit | undefined;
      if (!edit) continue;
      assert.notStrictEqual(edit.range.start.character, 8, item.label);
      assert.notStrictEqual(edit.range.end.character, 8, item.label);
    }
  });
});

describe('features: completion of custom IDs of components made elsewhere', () => {
  it('offers the file’s custom IDs first, then the workspace’s, in ZeditButton and ZremoveComponent', () => {
    const svc = service();
    svc.setWorkspaceFile('file:///w/commands/b.zbr', '#trigger !b\nZnewSelectMenu{pick;1;1;x}\n');
    svc.openDocument('file:///w/commands/a.zbr', '#trigger !x\nZaddButton{;abc;A}\nZeditButton{}\nZremoveComponent{}\n', 1);
    for (const position of [
      { line: 2, character: 12 },
      { line: 3, character: 17 },
    ]) {
      const items = [...svc.completions('file:///w/commands/a.zbr', position).items].sort((x, y) => (x.sortText ?? '').localeCompare(y.sortText ?? ''));
      assert.deepStrictEqual(
        items.slice(0, 2).map((i) => [i.label, i.detail]),
        [
          ['abc', 'custom ID in this file'],
          ['pick', 'custom ID in the workspace'],
        ],
      );
    }
  });
});
