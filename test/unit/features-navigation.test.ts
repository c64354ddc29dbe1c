/**
 * Variables and options across the workspace: definition, references and
 * rename by name and scope.
 */
import * as assert from 'node:assert';
import { service, positionOf } from './features-helpers.test';

const A = 'file:///bot/commands/a.zbr';
const B = 'file:///bot/commands/b.zbr';
const C = 'file:///bot/commands/c.zbr';

function workspace() {
  const svc = service();
  const a = '#trigger !a\nZgetServerVar{prefix}\nZgetUserVar{prefix}\nZvar{tmp;1}\nZvar{tmp}\n';
  const b = '#trigger !b\nZsetServerVar{prefix;!}\nZresetServerVar{prefix}\n';
  const c = 'Zvar{tmp}\n';
  svc.openDocument(A, a, 1);
  svc.setWorkspaceFile(B, b);
  svc.setWorkspaceFile(C, c);
  return { svc, a, b, c };
}

describe('features: navigation', () => {
  it('goes to the first write of a server variable, in another file', () => {
    const { svc, a, b } = workspace();
    const def = svc.definition(A, positionOf(a, a.indexOf('prefix') + 2)) as { uri: string; range: { start: unknown } };
    assert.strictEqual(def.uri, B);
    assert.deepStrictEqual(def.range.start, positionOf(b, b.indexOf('prefix')));
  });

  it('highlights a variable in this file only, sets as writes', () => {
    const { svc, a } = workspace();
    const marks = svc.documentHighlights(A, positionOf(a, a.indexOf('tmp') + 1));
    assert.deepStrictEqual(
      marks.map((m) => [m.range.start.line, m.kind]),
      [
        [3, 3],
        [4, 2],
      ],
    );
    // The user variable "prefix" is not the server one.
    assert.strictEqual(svc.documentHighlights(A, positionOf(a, a.indexOf('prefix') + 1)).length, 1);
    assert.deepStrictEqual(svc.documentHighlights(A, positionOf(a, 0)), []);
  });

  it('links a modal text input to its ZinputValue reads: definition, rename, completion', () => {
    const svc = service();
    const modal = 'file:///bot/commands/modal.zbr';
    const submit = 'file:///bot/commands/submit.zbr';
    const m = '#trigger onInteraction{open}\n#type interaction\nZnewModal{form;Form}\nZaddTextInput{age;Your age}\n';
    const u = '#trigger onInteraction{form}\n#type interaction\nAge: ZinputValue{age}\nZinputValue{}\n';
    svc.openDocument(submit, u, 1);
    svc.setWorkspaceFile(modal, m);
    const at = positionOf(u, u.indexOf('age') + 1);
    const def = svc.definition(submit, at) as { uri: string; range: { start: unknown } };
    assert.strictEqual(def.uri, modal);
    assert.deepStrictEqual(def.range.start, positionOf(m, m.indexOf('age')));
    const edit = svc.rename(submit, at, 'years')!;
    assert.deepStrictEqual(Object.keys(edit.changes!).sort(), [modal, submit]);
    const items = svc.completions(submit, positionOf(u, u.lastIndexOf('{}') + 1)).items;
    assert.strictEqual(items[0].label, 'age');
    // A field ID is no custom ID an interaction handles.
    assert.ok(!svc.completions(submit, positionOf(u, u.indexOf('onInteraction{') + 14)).items.some((i) => i.label === 'age'));
  });

  it('finds references by name and scope only', () => {
    const { svc, a } = workspace();
    const refs = svc.references(A, positionOf(a, a.indexOf('prefix')), true);
    assert.deepStrictEqual(
      refs.map((r) => `${r.uri.slice(-5)}:${r.range.start.line}`),
      ['a.zbr:1', 'b.zbr:1', 'b.zbr:2'],
    );
    assert.strictEqual(svc.references(A, positionOf(a, a.indexOf('prefix')), false).length, 2);
  });

  it('refuses a rename onto a variable of the same scope that exists, and says why', () => {
    const { svc, a } = workspace();
    const at = positionOf(a, a.indexOf('tmp') + 1);
    svc.openDocument(A, `${a}Zvar{other;2}\n`, 2);
    assert.strictEqual(svc.rename(A, at, 'other'), null);
    assert.match(svc.renameProblem(A, at, 'other')!, /a temporary variable named "other" already exists/);
    assert.match(svc.renameProblem(A, at, 'a;b')!, /cannot be a name/);
    assert.strictEqual(svc.renameProblem(A, at, 'fresh'), undefined);
    assert.ok(svc.rename(A, at, 'fresh'));
  });

  it('refuses a name the engine would not read back as written, with its reason', () => {
    const { svc, a } = workspace();
    const at = positionOf(a, a.indexOf('tmp') + 1);
    const refused: Record<string, RegExp> = {
      café: /non-ASCII|outside ASCII|crash/i,
      stop: /stop/,
      today: /day/,
      Zusername: /run the call/,
      ' spaced ': /trims the spaces/,
      '': /cannot be empty/,
    };
    for (const [name, reason] of Object.entries(refused)) {
      assert.match(svc.renameProblem(A, at, name) ?? '', reason, name);
      assert.strictEqual(svc.rename(A, at, name), null, name);
    }
    // The reason is about the name: not the diagnostic's advice on printing the word.
    assert.match(
      svc.renameProblem(A, at, 'stop')!,
      /^"stop" cannot be a name: the engine would run the word "stop" as the function Zstop, so the name would not stay as written$/,
    );
    // Names the engine keeps as written: a "|" (only #option lines split on it), a word no ending of which runs.
    for (const name of ['coins', 'total2', 'my coins', 'level_up', 'a|b', 'Zdates', 'Zusernme'])
      assert.strictEqual(svc.renameProblem(A, at, name), undefined, name);
  });

  it('refuses an option name Discord would refuse', () => {
    const svc = service();
    const text = '#trigger /r\n#type slash\n#option amount|How many|integer|required\nYou chose Zoption{amount}\n';
    svc.openDocument(A, text, 1);
    const at = positionOf(text, text.indexOf('Zoption{amount}') + 10);
    for (const name of ['my coins', 'My_Coins', 'a|b', 'x'.repeat(33)]) assert.match(svc.renameProblem(A, at, name) ?? '', /cannot be an option name/, name);
    assert.strictEqual(svc.renameProblem(A, at, 'coins-2'), undefined);
  });

  it('renames a server variable across two files', () => {
    const { svc, a } = workspace();
    const prep = svc.prepareRename(A, positionOf(a, a.indexOf('prefix') + 1))!;
    assert.strictEqual(prep.placeholder, 'prefix');
    const edit = svc.rename(A, positionOf(a, a.indexOf('prefix') + 1), 'botPrefix')!;
    assert.deepStrictEqual(Object.keys(edit.changes!).sort(), [A, B]);
    assert.strictEqual(edit.changes![A].length, 1);
    assert.strictEqual(edit.changes![B].length, 2);
    assert.ok(
      Object.values(edit.changes!)
        .flat()
        .every((e) => e.newText === 'botPrefix'),
    );
  });

  it('keeps temporary variables inside their file', () => {
    const { svc, a } = workspace();
    const refs = svc.references(A, positionOf(a, a.indexOf('tmp')), true);
    assert.deepStrictEqual(
      refs.map((r) => `${r.uri.slice(-5)}:${r.range.start.line}`),
      ['a.zbr:3', 'a.zbr:4'],
    );
  });

  it('follows edits of open documents and closing them', () => {
    const { svc, a } = workspace();
    svc.changeDocument(A, [{ range: { start: positionOf(a, a.length), end: positionOf(a, a.length) }, text: 'ZsetServerVar{prefix;?}\n' }], 2);
    const text = svc.getText(A)!;
    assert.strictEqual(svc.references(A, positionOf(text, text.indexOf('prefix')), true).length, 4);
    svc.closeDocument(A);
    assert.strictEqual(svc.hasDocument(A), false);
    const refs = svc.references(B, { line: 1, character: 15 }, true);
    assert.strictEqual(refs.length, 2);
  });

  it('renames an option with its #option line', () => {
    const svc = service();
    const text = '#type slash\n#option user|Who|user|required\nZoption{user} Zoption{user}\n';
    svc.openDocument(A, text, 1);
    const edit = svc.rename(A, positionOf(text, text.indexOf('Zoption{user}') + 9), 'member')!;
    assert.strictEqual(edit.changes![A].length, 3);
    const def = svc.definition(A, positionOf(text, text.lastIndexOf('user')))! as { range: { start: unknown } };
    assert.deepStrictEqual(def.range.start, positionOf(text, text.indexOf('user')));
  });

  it('links a button custom ID with the interaction command that handles it', () => {
    const svc = service();
    const panel = '#trigger !panel\nZaddButton{;verify;Verify me;success}\n';
    const handler = '#type interaction\n#trigger onInteraction{verify}\nZreply\n';
    svc.openDocument(A, handler, 1);
    svc.setWorkspaceFile(B, panel);
    const def = svc.definition(A, positionOf(handler, handler.indexOf('verify') + 1)) as { uri: string; range: { start: unknown } };
    assert.strictEqual(def.uri, B);
    assert.deepStrictEqual(def.range.start, positionOf(panel, panel.indexOf('verify')));
    const edit = svc.rename(B, positionOf(panel, panel.indexOf('verify')), 'confirm')!;
    assert.deepStrictEqual(Object.keys(edit.changes!).sort(), [A, B]);
  });

  it('refuses names the engine would split and positions that are not names', () => {
    const { svc, a } = workspace();
    assert.strictEqual(svc.rename(A, positionOf(a, a.indexOf('prefix')), 'a;b'), null);
    assert.strictEqual(svc.prepareRename(A, positionOf(a, 0)), null);
    assert.strictEqual(svc.definition(A, positionOf(a, 0)), null);
  });
});
