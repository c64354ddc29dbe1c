/**
 * The built server (dist/server.js) over stdio, one request per capability,
 * against a real JSON-RPC connection: sync, push and pull diagnostics, every
 * editor feature, the workspace index across two files.
 */
import * as assert from 'node:assert';
import * as path from 'node:path';
import { capabilities, eventually, fileUri, FIXTURES, LspClient, positionOf } from './client';
import { version as PACKAGE_VERSION } from '../../package.json';

const WORKSPACE = path.join(FIXTURES, 'workspace');
const PREFIX = fileUri(path.join(WORKSPACE, 'commands', 'prefix.zbr'));
const SETPREFIX = fileUri(path.join(WORKSPACE, 'commands', 'setprefix.zbr'));
const DRAFT = fileUri(path.join(WORKSPACE, 'drafts', 'draft.zbr'));
const DOC = fileUri(path.join(WORKSPACE, 'commands', 'open.zbr'));

const TEXT = [
  '#trigger !open',
  '#name Open test',
  '',
  'Ztitel{Hello}',
  'Zcolor{ff0000}',
  'Zdescription{See https://example.com/rules and ZgetServerVar{prefix}}',
  'Zif{ZgetServerVar{prefix}==!;',
  '  yes;',
  '  no}',
  'ZaddButton{;panel;Press me;success}',
  '',
].join('\n');

describe('lsp: features over stdio', function () {
  this.timeout(30000);
  let client: LspClient;
  let init: any;

  before(async () => {
    client = new LspClient();
    init = await client.initialize({ workspaceFolders: [WORKSPACE], capabilities: capabilities({ pull: false }) });
    await client.notify('textDocument/didOpen', { textDocument: { uri: DOC, languageId: 'zscript', version: 1, text: TEXT } });
  });

  after(async () => {
    await client?.shutdown();
  });

  it('declares every capability statically in the initialize result', () => {
    const c = init.capabilities;
    assert.strictEqual(init.serverInfo.name, 'zscript-language-server');
    // The one version source (server/src/version.ts), the same string --version prints.
    assert.strictEqual(init.serverInfo.version, PACKAGE_VERSION);
    assert.strictEqual(c.textDocumentSync.change, 2, 'incremental sync');
    assert.strictEqual(c.textDocumentSync.openClose, true);
    assert.strictEqual(c.completionProvider.resolveProvider, true);
    for (const ch of ['Z', '{', ';', '#']) assert.ok(c.completionProvider.triggerCharacters.includes(ch), ch);
    assert.deepStrictEqual(c.signatureHelpProvider.triggerCharacters, ['{', ';']);
    assert.deepStrictEqual(c.signatureHelpProvider.retriggerCharacters, [';']);
    assert.ok(c.hoverProvider);
    assert.ok(c.inlayHintProvider);
    assert.deepStrictEqual(c.codeActionProvider.codeActionKinds, ['quickfix']);
    assert.ok(c.definitionProvider);
    assert.ok(c.referencesProvider);
    assert.strictEqual(c.renameProvider.prepareProvider, true);
    assert.ok(c.documentSymbolProvider);
    assert.ok(c.workspaceSymbolProvider);
    assert.ok(c.foldingRangeProvider);
    assert.strictEqual(c.semanticTokensProvider.full.delta, true);
    assert.ok(c.semanticTokensProvider.legend.tokenTypes.includes('function'));
    assert.ok(c.colorProvider);
    assert.ok(c.documentLinkProvider);
    assert.ok(c.selectionRangeProvider);
    assert.deepStrictEqual(c.diagnosticProvider, { identifier: 'zscript', interFileDependencies: true, workspaceDiagnostics: true });
  });

  it('publishes diagnostics after didOpen (push, client without pull support)', async () => {
    const n = await client.waitFor('textDocument/publishDiagnostics', (p) => p.uri === DOC);
    assert.strictEqual(n.params.version, 1);
    const typo = n.params.diagnostics.find((d: any) => d.range.start.line === 3);
    assert.ok(typo, JSON.stringify(n.params.diagnostics));
    assert.strictEqual(typo.severity, 1);
    assert.strictEqual(typo.source, 'zscript');
  });

  it('answers pull diagnostics with a result id, then "unchanged"', async () => {
    const first = await client.request('textDocument/diagnostic', { textDocument: { uri: DOC } });
    assert.strictEqual(first.kind, 'full');
    assert.ok(first.items.length > 0);
    assert.strictEqual(typeof first.resultId, 'string');
    const second = await client.request('textDocument/diagnostic', { textDocument: { uri: DOC }, previousResultId: first.resultId });
    assert.deepStrictEqual(second, { kind: 'unchanged', resultId: first.resultId });
  });

  it('indexes the workspace folder and answers workspace/diagnostic for every file', async () => {
    const report = await eventually(async () => {
      const r = await client.request('workspace/diagnostic', { previousResultIds: [] });
      return r.items.some((i: any) => i.uri === SETPREFIX) && r.items.some((i: any) => i.uri === PREFIX) ? r : undefined;
    }, 'workspace files indexed');
    const open = report.items.find((i: any) => i.uri === DOC);
    assert.strictEqual(open.version, 1);
    assert.strictEqual(open.kind, 'full');
    const disk = report.items.find((i: any) => i.uri === PREFIX);
    assert.strictEqual(disk.version, null);
    // Second round with the previous ids: nothing changed.
    const again = await client.request('workspace/diagnostic', { previousResultIds: report.items.map((i: any) => ({ uri: i.uri, value: i.resultId })) });
    assert.ok(
      again.items.every((i: any) => i.kind === 'unchanged'),
      JSON.stringify(again.items.map((i: any) => i.kind)),
    );
  });

  it('applies incremental edits (ranged didChange) and re-publishes', async () => {
    const before = await client.request('textDocument/diagnostic', { textDocument: { uri: DOC } });
    const waiting = client.next('textDocument/publishDiagnostics', (p) => p.uri === DOC && p.version === 2);
    // Ztitel → Ztitle: replace "el" by "le" on line 3.
    await client.notify('textDocument/didChange', {
      textDocument: { uri: DOC, version: 2 },
      contentChanges: [{ range: { start: { line: 3, character: 4 }, end: { line: 3, character: 6 } }, text: 'le' }],
    });
    const pushed = await waiting;
    assert.ok(!pushed.params.diagnostics.some((d: any) => d.range.start.line === 3), JSON.stringify(pushed.params.diagnostics));
    const after = await client.request('textDocument/diagnostic', { textDocument: { uri: DOC }, previousResultId: before.resultId });
    assert.strictEqual(after.kind, 'full');
    assert.notStrictEqual(after.resultId, before.resultId);
    const hover = await client.request('textDocument/hover', { textDocument: { uri: DOC }, position: { line: 3, character: 2 } });
    assert.ok(JSON.stringify(hover).includes('Ztitle'));
    // And back, so the other tests see the typo.
    const back = client.next('textDocument/publishDiagnostics', (p) => p.uri === DOC && p.version === 3);
    await client.notify('textDocument/didChange', {
      textDocument: { uri: DOC, version: 3 },
      contentChanges: [{ range: { start: { line: 3, character: 4 }, end: { line: 3, character: 6 } }, text: 'el' }],
    });
    assert.ok((await back).params.diagnostics.some((d: any) => d.range.start.line === 3));
  });

  it('completes function names and resolves an item', async () => {
    const list = await client.request('textDocument/completion', {
      textDocument: { uri: DOC },
      position: positionOf(TEXT, 'Zcolor', 2),
      context: { triggerKind: 1 },
    });
    const items = Array.isArray(list) ? list : list.items;
    const color = items.find((i: any) => i.label === 'Zcolor');
    assert.ok(color, `no Zcolor among ${items.length} items`);
    // The list is sent compactly (LSP 3.17 itemDefaults, detail and documentation deferred to resolve).
    assert.ok(list.itemDefaults?.editRange, 'shared edit range in itemDefaults');
    assert.strictEqual(color.textEdit, undefined);
    const resolved = await client.request('completionItem/resolve', color);
    assert.strictEqual(resolved.label, 'Zcolor');
    assert.ok(resolved.documentation && resolved.detail, JSON.stringify(resolved));
  });

  it('offers #trigger first in a new, empty file', async () => {
    const uri = 'file:///tmp/zscript-features/new-empty.zbr';
    await client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'zscript', version: 1, text: '' } });
    const list = await client.request('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 0 }, context: { triggerKind: 1 } });
    const items = [...(Array.isArray(list) ? list : list.items)].sort((a: any, b: any) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label));
    assert.strictEqual(items[0].label, '#trigger');
    assert.strictEqual(items[0].preselect, true);
    assert.ok(items.some((i: any) => i.label === 'Zreply'));
    await client.notify('textDocument/didClose', { textDocument: { uri } });
  });

  it('pops up no list on `{` or `;` typed in text (Enter stays a line break), values on a closed parameter', async () => {
    const at = (needle: string, plus: number, ch: string) =>
      client.request('textDocument/completion', {
        textDocument: { uri: DOC },
        position: positionOf(TEXT, needle, plus),
        context: { triggerKind: 2, triggerCharacter: ch },
      });
    const afterBrace = await at('Zdescription{', 13, '{');
    assert.deepStrictEqual(Array.isArray(afterBrace) ? afterBrace : afterBrace.items, []);
    const afterSemicolon = await at('Zif{ZgetServerVar{prefix}==!;', 29, ';');
    assert.deepStrictEqual(Array.isArray(afterSemicolon) ? afterSemicolon : afterSemicolon.items, []);
    // The button style is a closed set: its values only, no function.
    const style = await at(';Press me;', 10, ';');
    const items = Array.isArray(style) ? style : style.items;
    assert.ok(
      items.some((i: any) => i.label === 'primary'),
      JSON.stringify(items.map((i: any) => i.label)),
    );
    assert.ok(!items.some((i: any) => /^Z/.test(i.label)));
  });

  it('completes the time zone names the engine knows in Ztime, common zones first', async () => {
    const uri = 'file:///features/zones.zbr';
    const text = '#trigger !clock\nZtime{Europe/Lo}\nZhour\n';
    await client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'zscript', version: 1, text } });
    const list = await client.request('textDocument/completion', { textDocument: { uri }, position: positionOf(text, 'Europe/Lo', 9) });
    const items = Array.isArray(list) ? list : list.items;
    const labels = items.map((i: any) => i.label);
    assert.ok(labels.includes('Europe/London') && labels.includes('Pacific/Auckland'), JSON.stringify(labels.slice(0, 20)));
    assert.strictEqual(labels[0], 'UTC');
    assert.ok(!labels.includes('Ztitle') && !labels.includes('Zhour'), 'a zone is being typed: no function names');
    assert.strictEqual(items.find((i: any) => i.preselect)?.label, 'Europe/London');
    // ZtimeFormat, which only the engine has: its zone argument gets the names, and help names its parameters.
    const formatText = '#trigger !clock\nZtimeFormat{ZgetTimestamp;%H:%M;Asia/To}\n';
    await client.notify('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: formatText }] });
    const at = positionOf(formatText, 'Asia/To', 7);
    const zones = await client.request('textDocument/completion', { textDocument: { uri }, position: at });
    assert.ok((Array.isArray(zones) ? zones : zones.items).some((i: any) => i.label === 'Asia/Tokyo'));
    const help = await client.request('textDocument/signatureHelp', { textDocument: { uri }, position: at });
    assert.strictEqual(help.signatures[0].label, 'ZtimeFormat{timestamp;format;timezone?}');
    assert.strictEqual(help.activeParameter, 2);
    await client.notify('textDocument/didClose', { textDocument: { uri } });
  });

  it('sends whole completion items to a client without itemDefaults or resolve support', async () => {
    const plain = new LspClient();
    try {
      await plain.initialize({ capabilities: {} });
      await plain.notify('textDocument/didOpen', { textDocument: { uri: DOC, languageId: 'zscript', version: 1, text: TEXT } });
      const list = await plain.request('textDocument/completion', { textDocument: { uri: DOC }, position: positionOf(TEXT, 'Zcolor', 2) });
      const color = list.items.find((i: any) => i.label === 'Zcolor');
      assert.strictEqual(list.itemDefaults, undefined);
      assert.ok(color.textEdit && color.detail && color.documentation, JSON.stringify(color));
      assert.strictEqual(color.labelDetails, undefined);
    } finally {
      await plain.shutdown();
    }
  });

  it("shows a function's parameters beside its name (labelDetails) only to clients that support them", async () => {
    // Right after the Z: every function (past it, only those the typed letters may match).
    const position = positionOf(TEXT, 'ZaddButton', 1);
    const supported = await client.request('textDocument/completion', { textDocument: { uri: DOC }, position, context: { triggerKind: 1 } });
    assert.strictEqual(supported.isIncomplete, false);
    const typed = await client.request('textDocument/completion', {
      textDocument: { uri: DOC },
      position: positionOf(TEXT, 'ZaddButton', 4),
      context: { triggerKind: 1 },
    });
    assert.strictEqual(typed.isIncomplete, true);
    assert.ok(typed.items.length > 10 && typed.items.length < supported.items.length / 3, `${typed.items.length} of ${supported.items.length}`);
    assert.ok(
      typed.items.every((i: any) => /^Z.*a.*d.*d/i.test(i.label)),
      typed.items.map((i: any) => i.label),
    );
    const field = supported.items.find((i: any) => i.label === 'ZaddField');
    assert.deepStrictEqual(field.labelDetails, { detail: '{name;value;inline?;index?}' });
    const bare = supported.items.find((i: any) => i.label === 'ZafkChannelID');
    assert.deepStrictEqual(bare.labelDetails, { detail: '{}' });
    // detail and documentation still come with resolve, as for every client.
    assert.strictEqual(field.detail, undefined);
    const resolved = await client.request('completionItem/resolve', field);
    assert.strictEqual(resolved.detail, 'ZaddField{name;value;inline?;index?}');
    assert.ok(resolved.documentation, JSON.stringify(resolved));

    const declared = capabilities({ pull: false }) as any;
    delete declared.textDocument.completion.completionItem.labelDetailsSupport;
    const older = new LspClient();
    try {
      await older.initialize({ capabilities: declared });
      await older.notify('textDocument/didOpen', { textDocument: { uri: DOC, languageId: 'zscript', version: 1, text: TEXT } });
      const list = await older.request('textDocument/completion', { textDocument: { uri: DOC }, position, context: { triggerKind: 1 } });
      assert.ok(list.items.length > 100, `${list.items.length} items`);
      assert.ok(
        list.items.every((i: any) => i.labelDetails === undefined),
        'no labelDetails without labelDetailsSupport',
      );
      const item = list.items.find((i: any) => i.label === 'ZaddField');
      const again = await older.request('completionItem/resolve', item);
      assert.strictEqual(again.detail, 'ZaddField{name;value;inline?;index?}');
    } finally {
      await older.shutdown();
    }
  });

  it('completes as the user types, keystroke by keystroke (incremental didChange)', async () => {
    const uri = fileUri(path.join(WORKSPACE, 'commands', 'typing.zbr'));
    await client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'zscript', version: 1, text: 'Ztitle{x}\n' } });
    const complete = async (position: { line: number; character: number }) => {
      const list = await client.request('textDocument/completion', { textDocument: { uri }, position, context: { triggerKind: 1 } });
      return list.items.map((i: any) => ({
        ...i,
        range: i.textEdit?.range ?? list.itemDefaults?.editRange,
        newText: i.textEdit?.newText ?? i.textEditText ?? i.label,
      }));
    };
    try {
      // At the start of an existing call the new call is inserted: `Ztitle` is not replaced.
      const atStart = (await complete({ line: 0, character: 0 })).find((i: any) => i.label === 'Zdescription');
      assert.deepStrictEqual(atStart.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
      let version = 2;
      const typed = 'ZaddField{a;b;t';
      for (let k = 0; k < typed.length; k++) {
        const at = { line: 1, character: k };
        await client.notify('textDocument/didChange', {
          textDocument: { uri, version: version++ },
          contentChanges: [{ range: { start: at, end: at }, text: typed[k] }],
        });
      }
      const items = await complete({ line: 1, character: typed.length });
      assert.deepStrictEqual(
        items.map((i: any) => i.label),
        ['true', 'false'],
      );
      const chosen = items.find((i: any) => i.preselect);
      assert.strictEqual(chosen?.label, 'true');
      assert.deepStrictEqual(chosen.range, { start: { line: 1, character: 14 }, end: { line: 1, character: 15 } });
    } finally {
      await client.notify('textDocument/didClose', { textDocument: { uri } });
    }
  });

  it('gives signature help inside a call, with the active parameter', async () => {
    const help = await client.request('textDocument/signatureHelp', {
      textDocument: { uri: DOC },
      position: positionOf(TEXT, 'Press me', 1),
      context: { triggerKind: 2, triggerCharacter: ';', isRetrigger: false },
    });
    assert.ok(help && help.signatures.length > 0);
    assert.ok(help.signatures[0].label.includes('ZaddButton'));
    assert.strictEqual(typeof (help.activeParameter ?? help.signatures[0].activeParameter), 'number');
  });

  it('hovers a function with markdown documentation', async () => {
    const hover = await client.request('textDocument/hover', { textDocument: { uri: DOC }, position: positionOf(TEXT, 'Zcolor', 3) });
    assert.ok(hover);
    assert.ok(JSON.stringify(hover.contents).includes('Zcolor'));
    assert.ok(hover.range);
  });

  it('returns inlay hints for the visible range', async () => {
    const hints = await client.request('textDocument/inlayHint', {
      textDocument: { uri: DOC },
      range: { start: { line: 0, character: 0 }, end: { line: 20, character: 0 } },
    });
    assert.ok(Array.isArray(hints) && hints.length > 0, JSON.stringify(hints));
    assert.ok(hints.every((h: any) => typeof h.position.line === 'number'));
  });

  it('offers a quick fix for the diagnostic it is given', async () => {
    const report = await client.request('textDocument/diagnostic', { textDocument: { uri: DOC } });
    const typo = report.items.find((d: any) => d.range.start.line === 3);
    const actions = await client.request('textDocument/codeAction', {
      textDocument: { uri: DOC },
      range: typo.range,
      context: { diagnostics: [typo], only: ['quickfix'] },
    });
    // A replacement of the misspelled name (which suggestion is the service's business).
    const fix = actions.find(
      (a: any) =>
        a.kind === 'quickfix' && a.isPreferred && (a.edit?.changes?.[DOC] ?? []).some((e: any) => e.range.start.line === 3 && /^Z\w+$/.test(e.newText)),
    );
    assert.ok(fix, JSON.stringify(actions));
  });

  it('goes to definition, finds references and renames across two workspace files', async () => {
    const at = { textDocument: { uri: PREFIX }, position: { line: 5, character: 'Zdescription{The prefix is ZgetServerVar{'.length + 1 } };
    // PREFIX is a workspace file (not open): requests on it work from the index.
    const def = await eventually(async () => {
      const d = await client.request('textDocument/definition', at);
      return d && (Array.isArray(d) ? d[0] : d);
    }, 'definition of prefix');
    assert.strictEqual(def.uri ?? def.targetUri, SETPREFIX);
    const refs = await client.request('textDocument/references', { ...at, context: { includeDeclaration: true } });
    const uris = new Set(refs.map((r: any) => r.uri));
    assert.ok(uris.has(PREFIX) && uris.has(SETPREFIX) && uris.has(DOC), JSON.stringify([...uris]));
    const marks = await client.request('textDocument/documentHighlight', at);
    assert.ok(Array.isArray(marks) && marks.length === 1 && marks[0].kind === 2, JSON.stringify(marks));
    const prep = await client.request('textDocument/prepareRename', at);
    assert.strictEqual(prep.placeholder, 'prefix');
    const edit = await client.request('textDocument/rename', { ...at, newName: 'botPrefix' });
    const changed = Object.keys(edit.changes ?? {}).concat((edit.documentChanges ?? []).map((c: any) => c.textDocument.uri));
    assert.ok(changed.includes(PREFIX) && changed.includes(SETPREFIX), JSON.stringify(changed));
    // A name the engine would split is refused with an error that says why, not a crash.
    await assert.rejects(
      client.request('textDocument/rename', { ...at, newName: 'a;b' }),
      (e: any) => typeof e.code === 'number' && /cannot be a name/.test(e.message),
    );
    // Nothing renamable at the position: an error that says so, not a null a client reports as a done edit.
    await assert.rejects(
      client.request('textDocument/rename', { textDocument: at.textDocument, position: { line: 0, character: 0 }, newName: 'x' }),
      (e: any) => /nothing to rename here/.test(e.message),
    );
  });

  it('lists document symbols and workspace symbols', async () => {
    const symbols = await client.request('textDocument/documentSymbol', { textDocument: { uri: DOC } });
    assert.ok(Array.isArray(symbols) && symbols.length > 0);
    const ws = await client.request('workspace/symbol', { query: 'prefix' });
    assert.ok(Array.isArray(ws));
    assert.ok(
      ws.some((s: any) => (s.location?.uri ?? '') === SETPREFIX || (s.location?.uri ?? '') === PREFIX),
      JSON.stringify(ws),
    );
  });

  it('answers the catalog reference requests the VS Code client renders', async () => {
    const page = await client.request('zscript/reference', { name: 'ztitle', kind: 'function' });
    assert.strictEqual(page.name, 'Ztitle');
    assert.strictEqual(page.found, true);
    assert.match(page.markdown, /^# Ztitle\n/);
    const trigger = await client.request('zscript/reference', { name: 'onMemberJoin', kind: 'trigger' });
    assert.match(trigger.markdown, /^# onMemberJoin\n/);
    assert.strictEqual((await client.request('zscript/reference', { name: 'Znope' })).found, false);
    assert.strictEqual(await client.request('zscript/reference', { name: 42 }), null);
    const index = await client.request('zscript/referenceIndex');
    assert.ok(index.length >= 420 && index[0].name && index[0].syntax);
  });

  it('returns folding ranges', async () => {
    const ranges = await client.request('textDocument/foldingRange', { textDocument: { uri: DOC } });
    assert.ok(
      ranges.some((r: any) => r.startLine === 6 && r.endLine >= 8),
      JSON.stringify(ranges),
    );
  });

  it('folds `// region` … `// endregion` blocks, nested, ignoring unmatched markers', async () => {
    const uri = fileUri(path.join(WORKSPACE, 'commands', 'regions.zbr'));
    const text = [
      '#trigger !regions',
      '// region Embed',
      'Ztitle{Hi}',
      '// region inner',
      'Zcolor{ff0000}',
      '// endregion',
      '// endregion',
      '// endregion',
      '// region never closed',
      'Zfooter{x}',
      '',
    ].join('\n');
    await client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'zscript', version: 1, text } });
    const ranges = await client.request('textDocument/foldingRange', { textDocument: { uri } });
    const regions = ranges.filter((r: any) => r.kind === 'region').map((r: any) => [r.startLine, r.endLine]);
    assert.deepStrictEqual(regions, [
      [1, 6],
      [3, 5],
    ]);
    await client.notify('textDocument/didClose', { textDocument: { uri } });
  });

  it('returns semantic tokens, full then delta', async () => {
    const full = await client.request('textDocument/semanticTokens/full', { textDocument: { uri: DOC } });
    assert.ok(full.data.length > 0 && full.data.length % 5 === 0);
    assert.strictEqual(typeof full.resultId, 'string');
    const delta = await client.request('textDocument/semanticTokens/full/delta', { textDocument: { uri: DOC }, previousResultId: full.resultId });
    assert.ok(Array.isArray(delta.edits), JSON.stringify(delta));
    assert.strictEqual(delta.edits.length, 0);
    const stale = await client.request('textDocument/semanticTokens/full/delta', { textDocument: { uri: DOC }, previousResultId: 'nonsense' });
    assert.ok(Array.isArray(stale.data), 'an unknown previous id gives full tokens');
  });

  it('finds colours and presents them', async () => {
    const colors = await client.request('textDocument/documentColor', { textDocument: { uri: DOC } });
    const red = colors.find((c: any) => c.range.start.line === 4);
    assert.ok(red, JSON.stringify(colors));
    assert.ok(red.color.red > 0.99 && red.color.green < 0.01);
    const presentations = await client.request('textDocument/colorPresentation', {
      textDocument: { uri: DOC },
      color: { red: 0, green: 0.5, blue: 1, alpha: 1 },
      range: red.range,
    });
    assert.ok(presentations.length > 0 && typeof presentations[0].label === 'string');
  });

  it('finds document links', async () => {
    const links = await client.request('textDocument/documentLink', { textDocument: { uri: DOC } });
    assert.ok(
      links.some((l: any) => String(l.target).startsWith('https://example.com/rules')),
      JSON.stringify(links),
    );
  });

  it('returns nested selection ranges', async () => {
    const ranges = await client.request('textDocument/selectionRange', { textDocument: { uri: DOC }, positions: [positionOf(TEXT, 'yes', 1)] });
    assert.strictEqual(ranges.length, 1);
    let depth = 0;
    for (let r = ranges[0]; r; r = r.parent) depth++;
    assert.ok(depth >= 2, `depth ${depth}`);
  });

  it('does not index excluded or foreign folders twice, and the draft folder is indexed by default', async () => {
    const r = await client.request('workspace/diagnostic', { previousResultIds: [] });
    const uris = r.items.map((i: any) => i.uri);
    assert.strictEqual(new Set(uris).size, uris.length);
    assert.ok(uris.includes(DRAFT));
  });

  it('writes nothing but protocol to stdout', () => {
    assert.strictEqual(client.stray, '');
  });
});
