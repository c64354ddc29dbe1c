/**
 * Diagnostics that compare files, over the real connection: two files of one
 * commands folder with the same trigger (only one is loaded by the engine),
 * kept up to date as either file changes; a file in a subfolder of a bot's
 * commands/ folder (never loaded).
 */
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { capabilities, fileUri, LspClient } from './client';

/**
 * A bot in a new temporary folder (zbr.json, commands/ with `files`, paths
 * relative to commands/) and a server whose workspace it is, once the
 * workspace scan has ended (it pushes every open file again: tests start after it).
 */
async function botWorkspace(prefix: string, files: Record<string, string>): Promise<{ dir: string; client: LspClient }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.writeFileSync(path.join(dir, 'zbr.json'), '{}');
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, 'commands', name)), { recursive: true });
    fs.writeFileSync(path.join(dir, 'commands', name), text);
  }
  const client = new LspClient();
  const indexed = client.waitFor('window/logMessage', (p) => /indexed \d+ \.zbr file/.test(p.message), 15000);
  await client.initialize({ workspaceFolders: [dir], capabilities: capabilities({ pull: false }) });
  await indexed;
  return { dir, client };
}

describe('lsp: diagnostics across files', function () {
  this.timeout(30000);
  let client: LspClient;
  let dir: string;
  let a: string;
  let b: string;
  let nested: string;

  before(async () => {
    ({ dir, client } = await botWorkspace('zscript-layout-', { 'admin/.keep': '' }));
    a = fileUri(path.join(dir, 'commands', 'ping.zbr'));
    b = fileUri(path.join(dir, 'commands', 'pong.zbr'));
    nested = fileUri(path.join(dir, 'commands', 'admin', 'ban.zbr'));
  });

  after(async () => {
    await client?.shutdown();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const codesOf = (p: any) => (p.diagnostics as any[]).map((d) => d.code);

  it('reports both files of a folder that share a trigger (an error), naming the other, and clears when one changes', async () => {
    await client.notify('textDocument/didOpen', { textDocument: { uri: a, languageId: 'zscript', version: 1, text: '#trigger !ping\nPong!\n' } });
    await client.waitFor('textDocument/publishDiagnostics', (p) => p.uri === a);
    const both = client.next('textDocument/publishDiagnostics', (p) => p.uri === a && codesOf(p).includes('duplicate-trigger'));
    await client.notify('textDocument/didOpen', { textDocument: { uri: b, languageId: 'zscript', version: 1, text: '#trigger !ping\nAlso pong\n' } });
    const onB = await client.waitFor('textDocument/publishDiagnostics', (p) => p.uri === b && codesOf(p).includes('duplicate-trigger'));
    const d = onB.params.diagnostics.find((x: any) => x.code === 'duplicate-trigger');
    // An error: the engine drops one of the two files (loader.rs).
    assert.strictEqual(d.severity, 1);
    assert.match(d.message, /ping\.zbr/);
    assert.deepStrictEqual(d.range, { start: { line: 0, character: 9 }, end: { line: 0, character: 14 } });
    assert.strictEqual(d.relatedInformation[0].location.uri, a);
    // The first file learns of the second without being edited.
    await both;
    const cleared = client.next('textDocument/publishDiagnostics', (p) => p.uri === a && !codesOf(p).includes('duplicate-trigger'));
    await client.notify('textDocument/didChange', {
      textDocument: { uri: b, version: 2 },
      contentChanges: [{ range: { start: { line: 0, character: 13 }, end: { line: 0, character: 14 } }, text: 'x' }],
    });
    await cleared;
  });

  it('clears the warning on the other file when the duplicate, never saved, is closed', async () => {
    const ban = fileUri(path.join(dir, 'commands', 'ban.zbr'));
    const copy = fileUri(path.join(dir, 'commands', 'ban_copy.zbr'));
    const first = client.next('textDocument/publishDiagnostics', (p) => p.uri === ban);
    await client.notify('textDocument/didOpen', { textDocument: { uri: ban, languageId: 'zscript', version: 1, text: '#trigger !ban\nBanned.\n' } });
    await first;
    const warned = client.next('textDocument/publishDiagnostics', (p) => p.uri === ban && codesOf(p).includes('duplicate-trigger'));
    await client.notify('textDocument/didOpen', { textDocument: { uri: copy, languageId: 'zscript', version: 1, text: '#trigger !ban\nHi\n' } });
    await warned;
    const cleared = client.next('textDocument/publishDiagnostics', (p) => p.uri === ban && !codesOf(p).includes('duplicate-trigger'));
    await client.notify('textDocument/didClose', { textDocument: { uri: copy } });
    await cleared;
  });

  it("warns on a trigger that starts with another file's trigger and a space, pointing at that file", async () => {
    const overlap = client.next('textDocument/publishDiagnostics', (p) => p.uri === b && codesOf(p).includes('trigger-overlap'));
    await client.notify('textDocument/didChange', { textDocument: { uri: b, version: 3 }, contentChanges: [{ text: '#trigger !ping extra\nMore pong\n' }] });
    const d = (await overlap).params.diagnostics.find((x: any) => x.code === 'trigger-overlap');
    assert.strictEqual(d.severity, 2);
    assert.match(d.message, /starts with "!ping", the trigger of ping\.zbr/);
    assert.strictEqual(d.relatedInformation[0].location.uri, a);
    // A trigger that only starts with the same letters is no overlap: "!pingextra" needs a space after "!ping".
    const cleared = client.next('textDocument/publishDiagnostics', (p) => p.uri === b && !codesOf(p).includes('trigger-overlap'));
    await client.notify('textDocument/didChange', { textDocument: { uri: b, version: 4 }, contentChanges: [{ text: '#trigger !pingextra\nMore pong\n' }] });
    await cleared;
  });

  it("warns on two commands with one name that both take a cooldown, and clears when one's #name changes", async () => {
    const daily = fileUri(path.join(dir, 'commands', 'daily.zbr'));
    const weekly = fileUri(path.join(dir, 'commands', 'weekly.zbr'));
    await client.notify('textDocument/didOpen', {
      textDocument: { uri: daily, languageId: 'zscript', version: 1, text: '#trigger !daily\n#name Rewards\nZcooldown{1d}\nYou got 100 coins.\n' },
    });
    await client.waitFor('textDocument/publishDiagnostics', (p) => p.uri === daily);
    const onDaily = client.next('textDocument/publishDiagnostics', (p) => p.uri === daily && codesOf(p).includes('shared-cooldown'));
    await client.notify('textDocument/didOpen', {
      textDocument: { uri: weekly, languageId: 'zscript', version: 1, text: '#trigger !weekly\n#name Rewards\nZcooldown{7d}\nYou got 1000 coins.\n' },
    });
    const d = (await onDaily).params.diagnostics.find((x: any) => x.code === 'shared-cooldown');
    assert.strictEqual(d.severity, 2);
    assert.match(d.message, /weekly\.zbr \(!weekly\) has this command's name, "Rewards"/);
    assert.deepStrictEqual(d.range, { start: { line: 0, character: 9 }, end: { line: 0, character: 15 } });
    assert.strictEqual(d.relatedInformation[0].location.uri, weekly);
    const cleared = client.next('textDocument/publishDiagnostics', (p) => p.uri === daily && !codesOf(p).includes('shared-cooldown'));
    await client.notify('textDocument/didChange', {
      textDocument: { uri: weekly, version: 2 },
      contentChanges: [{ text: '#trigger !weekly\n#name Weekly\nZcooldown{7d}\nYou got 1000 coins.\n' }],
    });
    await cleared;
    for (const uri of [daily, weekly]) await client.notify('textDocument/didClose', { textDocument: { uri } });
  });

  it('the same trigger in another folder is another bot: no warning', async () => {
    const other = fileUri(path.join(dir, 'copy', 'ping.zbr'));
    await client.notify('textDocument/didOpen', { textDocument: { uri: other, languageId: 'zscript', version: 1, text: '#trigger !ping\nCopy\n' } });
    const p = await client.waitFor('textDocument/publishDiagnostics', (n) => n.uri === other);
    assert.deepStrictEqual(codesOf(p.params), []);
  });

  it("a #trigger line the engine's loader reads inside an unclosed statement is no trigger: no duplicate", async () => {
    // The `//` of the URL stops the loader's brace count, so the call stays open and swallows the last line,
    // which the file checks already say (lines-never-loaded); the cross-file layout reads it the same way.
    const swallowing = fileUri(path.join(dir, 'loader', 'swallowing.zbr'));
    const plain = fileUri(path.join(dir, 'loader', 'plain.zbr'));
    await client.notify('textDocument/didOpen', {
      textDocument: { uri: swallowing, languageId: 'zscript', version: 1, text: '#trigger !kept\nZreply{see:\nhttps://example.com/x}\n#trigger !same\n' },
    });
    const s = await client.waitFor('textDocument/publishDiagnostics', (n) => n.uri === swallowing);
    assert.ok(codesOf(s.params).includes('lines-never-loaded'), JSON.stringify(s.params.diagnostics));
    assert.ok(!codesOf(s.params).includes('missing-trigger'));
    await client.notify('textDocument/didOpen', { textDocument: { uri: plain, languageId: 'zscript', version: 1, text: '#trigger !same\nHi\n' } });
    const p = await client.waitFor('textDocument/publishDiagnostics', (n) => n.uri === plain);
    assert.deepStrictEqual(codesOf(p.params), []);
    // The same line read as a directive (the call closed) is a duplicate.
    const dup = client.next('textDocument/publishDiagnostics', (n) => n.uri === plain && codesOf(n).includes('duplicate-trigger'));
    await client.notify('textDocument/didChange', {
      textDocument: { uri: swallowing, version: 2 },
      contentChanges: [{ text: '#trigger !kept\nZreply{see}\n#trigger !same\n' }],
    });
    await dup;
  });

  it('says that a file in a subfolder of commands/ next to zbr.json is never loaded', async () => {
    await client.notify('textDocument/didOpen', { textDocument: { uri: nested, languageId: 'zscript', version: 1, text: '#trigger !ban\nBanned.\n' } });
    const p = await client.waitFor('textDocument/publishDiagnostics', (n) => n.uri === nested);
    const d = p.params.diagnostics.find((x: any) => x.code === 'file-not-loaded');
    assert.ok(d, JSON.stringify(p.params.diagnostics));
    assert.strictEqual(d.severity, 2);
    assert.match(d.message, /subfolder "admin"/);
  });
});

describe('lsp: components no command of the bot handles', function () {
  this.timeout(30000);
  let client: LspClient;
  let dir: string;
  let apply: string;
  let handler: string;

  before(async () => {
    ({ dir, client } = await botWorkspace('zscript-handlers-', {
      'apply.zbr': '#trigger !apply\nWant to join?\nZaddButton{;apply-btn;Apply;primary}\n',
      'apply-click.zbr': '#trigger onInteraction{apply-button}\n#type interaction\nThanks!\n',
    }));
    apply = fileUri(path.join(dir, 'commands', 'apply.zbr'));
    handler = fileUri(path.join(dir, 'commands', 'apply-click.zbr'));
  });

  after(async () => {
    await client?.shutdown();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const handled = (p: any) => (p.diagnostics as any[]).find((d) => d.code === 'interaction-not-handled');

  it('warns on a custom ID no onInteraction command of the folder handles, offers the handled ID, and clears once a handler has it', async () => {
    const warned = client.next('textDocument/publishDiagnostics', (p) => p.uri === apply && handled(p) !== undefined);
    await client.notify('textDocument/didOpen', {
      textDocument: { uri: apply, languageId: 'zscript', version: 1, text: fs.readFileSync(new URL(apply), 'utf8') },
    });
    const d = handled((await warned).params);
    assert.strictEqual(d.severity, 2);
    assert.deepStrictEqual(d.range, { start: { line: 2, character: 12 }, end: { line: 2, character: 21 } });
    assert.match(d.message, /apply-click\.zbr handles "apply-button"/);
    const actions = await client.request('textDocument/codeAction', {
      textDocument: { uri: apply },
      range: d.range,
      context: { diagnostics: [d] },
    });
    const fix = (actions as any[]).find((a) => a.title === 'Use the handled ID "apply-button"');
    assert.ok(fix, JSON.stringify(actions));
    assert.strictEqual(fix.edit.changes[apply][0].newText, 'apply-button');
    // The handler file, edited to handle this ID: the warning goes without apply.zbr being edited.
    const cleared = client.next('textDocument/publishDiagnostics', (p) => p.uri === apply && handled(p) === undefined);
    await client.notify('textDocument/didOpen', {
      textDocument: { uri: handler, languageId: 'zscript', version: 1, text: '#trigger onInteraction{apply-btn}\n#type interaction\nThanks!\n' },
    });
    await cleared;
  });

  it("obeys the file's disable comments, like the file's own diagnostics", async () => {
    const silenced = fileUri(path.join(dir, 'commands', 'vote.zbr'));
    const text = (comment: string) => `#trigger !vote\nVote:\n${comment}ZaddButton{;vote-yes;Yes;success}\n`;
    const warned = client.next('textDocument/publishDiagnostics', (p) => p.uri === silenced && handled(p) !== undefined);
    await client.notify('textDocument/didOpen', { textDocument: { uri: silenced, languageId: 'zscript', version: 1, text: text('') } });
    await warned;
    for (const [version, comment] of [
      [2, '// zscript-disable-next-line interaction-not-handled\n'],
      [3, '// zscript-disable-next-line\n'],
    ] as const) {
      const quiet = client.next('textDocument/publishDiagnostics', (p) => p.uri === silenced && p.version === version);
      await client.notify('textDocument/didChange', { textDocument: { uri: silenced, version }, contentChanges: [{ text: text(comment) }] });
      assert.strictEqual(handled((await quiet).params), undefined, comment);
    }
    const fileWide = client.next('textDocument/publishDiagnostics', (p) => p.uri === silenced && p.version === 4);
    await client.notify('textDocument/didChange', {
      textDocument: { uri: silenced, version: 4 },
      contentChanges: [{ text: `// zscript-disable interaction-not-handled\n${text('')}` }],
    });
    assert.strictEqual(handled((await fileWide).params), undefined);
  });

  it('says nothing while a command file of the folder is unknown to it', async () => {
    // A file the workspace scan has not seen (written after it, and no watcher told of it) may be the handler.
    fs.writeFileSync(path.join(dir, 'commands', 'menu-click.zbr'), '#trigger onInteraction{pick}\n#type interaction\nPicked.\n');
    const menu = fileUri(path.join(dir, 'commands', 'menu.zbr'));
    const p = await (async () => {
      const published = client.next('textDocument/publishDiagnostics', (n) => n.uri === menu);
      await client.notify('textDocument/didOpen', {
        textDocument: {
          uri: menu,
          languageId: 'zscript',
          version: 1,
          text: '#trigger !menu\nZnewSelectMenu{pick2;1;1;Choose}\nZaddSelectMenuOption{Red;red}\n',
        },
      });
      return published;
    })();
    assert.strictEqual(handled(p.params), undefined, JSON.stringify(p.params.diagnostics));
  });
});

describe('lsp: names one command writes and another reads', function () {
  this.timeout(30000);
  let client: LspClient;
  let dir: string;
  let balance: string;
  let work: string;
  let answer: string;

  before(async () => {
    ({ dir, client } = await botWorkspace('zscript-names-', {
      'work.zbr': '#trigger !work\nZsetUserVar{coins;Zsum{Zif{ZgetUserVar{coins}==;0;ZgetUserVar{coins}};10}}\nYou earned 10 coins.\n',
      'balance.zbr': '#trigger !balance\nYou have ZgetUserVar{Coins} coins.\n',
      'apply.zbr': '#trigger onInteraction{apply}\n#type interaction\nZnewModal{apply_form;Apply}\nZaddTextInput{age;Your age}\n',
      'answer.zbr': '#trigger onInteraction{apply_form}\n#type interaction\nAge: ZinputValue{Age}\n',
      'poll.zbr': '#trigger !poll\nZsetServerVar{yes;0}\nVote!\nZaddButton{;vote-yes;Yes}\n',
      'vote-yes.zbr': '#trigger onInteraction{vote-yes}\n#type interaction\nZsetServerVar{yes;Zsum{ZgetServerVar{yes};1}}\nCounted.\n',
    }));
    balance = fileUri(path.join(dir, 'commands', 'balance.zbr'));
    work = fileUri(path.join(dir, 'commands', 'work.zbr'));
    answer = fileUri(path.join(dir, 'commands', 'answer.zbr'));
  });

  after(async () => {
    await client?.shutdown();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const find = (p: any, code: string) => (p.diagnostics as any[]).find((d) => d.code === code);
  const open = (uri: string) =>
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'zscript', version: 1, text: fs.readFileSync(new URL(uri), 'utf8') } });

  it('warns on a saved variable read under a name another file saves in other capitals, fixes it, and clears when the setter changes', async () => {
    const warned = client.next('textDocument/publishDiagnostics', (p) => p.uri === balance && find(p, 'saved-variable-misnamed') !== undefined);
    await open(balance);
    const d = find((await warned).params, 'saved-variable-misnamed');
    assert.strictEqual(d.severity, 2);
    assert.deepStrictEqual(d.range, { start: { line: 1, character: 21 }, end: { line: 1, character: 26 } });
    assert.match(d.message, /ZsetUserVar in work\.zbr saves "coins"/);
    const actions = (await client.request('textDocument/codeAction', {
      textDocument: { uri: balance },
      range: d.range,
      context: { diagnostics: [d] },
    })) as any[];
    const fix = actions.find((a) => a.title === 'Read "coins"');
    assert.ok(fix, JSON.stringify(actions));
    assert.strictEqual(fix.edit.changes[balance][0].newText, 'coins');
    // The setter, opened and edited to save "Coins": balance.zbr is right now, without an edit of its own.
    await open(work);
    const cleared = client.next('textDocument/publishDiagnostics', (p) => p.uri === balance && find(p, 'saved-variable-misnamed') === undefined);
    await client.notify('textDocument/didChange', {
      textDocument: { uri: work, version: 2 },
      contentChanges: [{ text: '#trigger !work\nZsetUserVar{Coins;10}\n' }],
    });
    await cleared;
  });

  it("trusts a saved variable in a button's command that the command making the button sets first, until it no longer does", async () => {
    const vote = fileUri(path.join(dir, 'commands', 'vote-yes.zbr'));
    const poll = fileUri(path.join(dir, 'commands', 'poll.zbr'));
    const first = client.next('textDocument/publishDiagnostics', (p) => p.uri === vote);
    await open(vote);
    assert.strictEqual(find((await first).params, 'saved-variable-unset'), undefined);
    await open(poll);
    const warned = client.next('textDocument/publishDiagnostics', (p) => p.uri === vote && find(p, 'saved-variable-unset') !== undefined);
    await client.notify('textDocument/didChange', {
      textDocument: { uri: poll, version: 2 },
      contentChanges: [{ text: '#trigger !poll\nVote!\nZaddButton{;vote-yes;Yes}\n' }],
    });
    await warned;
  });

  it("warns on ZinputValue of an input the answered modal lacks, naming the modal's inputs", async () => {
    const warned = client.next('textDocument/publishDiagnostics', (p) => p.uri === answer && find(p, 'input-not-in-modal') !== undefined);
    await open(answer);
    const d = find((await warned).params, 'input-not-in-modal');
    assert.deepStrictEqual(d.range, { start: { line: 2, character: 17 }, end: { line: 2, character: 20 } });
    assert.match(d.message, /The modal "apply_form" has no text input "Age" \(its inputs: "age"\)/);
  });
});

describe('lsp: a byte-order mark the editor keeps out of the text', function () {
  this.timeout(30000);
  let client: LspClient;
  let dir: string;

  before(async () => {
    ({ dir, client } = await botWorkspace('zscript-bom-', { '.keep': '' }));
  });

  after(async () => {
    await client?.shutdown();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const marked = (p: any) => (p.diagnostics as any[]).find((d) => d.code === 'byte-order-mark');

  it('is reported from the file on disk while open, and cleared once a save writes the file without it', async () => {
    const file = path.join(dir, 'commands', 'hello.zbr');
    fs.writeFileSync(file, '\ufeff#trigger !hello\nHi\n');
    const uri = fileUri(file);
    // The editor (VS Code, Neovim) sends the text without the mark.
    const reported = client.next('textDocument/publishDiagnostics', (p) => p.uri === uri && marked(p) !== undefined);
    await client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'zscript', version: 1, text: '#trigger !hello\nHi\n' } });
    const d = marked((await reported).params);
    assert.strictEqual(d.severity, 1);
    assert.deepStrictEqual(d.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
    assert.match(d.message, /on disk starts with a byte-order mark, which the editor does not show/);
    // Saved as UTF-8 without the mark.
    fs.writeFileSync(file, '#trigger !hello\nHi\n');
    const cleared = client.next('textDocument/publishDiagnostics', (p) => p.uri === uri && marked(p) === undefined);
    await client.notify('textDocument/didSave', { textDocument: { uri } });
    await cleared;
  });

  it('is not reported for a file without the mark, nor for one that is not on disk', async () => {
    const file = path.join(dir, 'commands', 'plain.zbr');
    fs.writeFileSync(file, '#trigger !plain\nHi\n');
    for (const uri of [fileUri(file), 'untitled:Untitled-1']) {
      const published = client.next('textDocument/publishDiagnostics', (p) => p.uri === uri);
      await client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'zscript', version: 1, text: '#trigger !plain\nHi\n' } });
      assert.strictEqual(marked((await published).params), undefined, uri);
      await client.notify('textDocument/didSave', { textDocument: { uri } });
    }
  });
});

describe('lsp: files changed outside an editor that does not watch files', function () {
  this.timeout(30000);
  let client: LspClient;
  let dir: string;

  before(async () => {
    // The test client declares no dynamic registration of watched files: the server watches the folder itself.
    ({ dir, client } = await botWorkspace('zscript-own-watch-', {
      'vote.zbr': '#trigger !vote\nVote:\nZaddButton{;vote-yes;Yes;success}\n',
    }));
  });

  after(async () => {
    await client?.shutdown();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const handled = (p: any) => (p.diagnostics as any[]).find((d) => d.code === 'interaction-not-handled');

  it('sees a handler created and deleted on disk, and updates the open file', async () => {
    const vote = fileUri(path.join(dir, 'commands', 'vote.zbr'));
    const warned = client.next('textDocument/publishDiagnostics', (p) => p.uri === vote && handled(p) !== undefined);
    await client.notify('textDocument/didOpen', {
      textDocument: { uri: vote, languageId: 'zscript', version: 1, text: fs.readFileSync(new URL(vote), 'utf8') },
    });
    await warned;
    // Written by a shell or a git pull: no notification from the editor.
    const handler = path.join(dir, 'commands', 'vote-click.zbr');
    const cleared = client.next('textDocument/publishDiagnostics', (p) => p.uri === vote && handled(p) === undefined, 15000);
    fs.writeFileSync(handler, '#trigger onInteraction{vote-yes}\n#type interaction\nCounted.\n');
    await cleared;
    const back = client.next('textDocument/publishDiagnostics', (p) => p.uri === vote && handled(p) !== undefined, 15000);
    fs.rmSync(handler);
    await back;
    assert.ok(!client.serverRequests.some((r) => r.method === 'client/registerCapability' && JSON.stringify(r.params).includes('didChangeWatchedFiles')));
  });
});
