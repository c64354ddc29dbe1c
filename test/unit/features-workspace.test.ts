/**
 * The service over the fixture workspace (test/fixtures/workspace/commands):
 * every feature answers for every file, and cross-file navigation works on
 * real command files.
 */
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { service } from './features-helpers.test';
import { notLoadedFinding } from '../../server/src/analysis/commandLayout';

const DIR = path.resolve(__dirname, '../../../test/fixtures/workspace/commands');
const uriOf = (file: string) => `file://${path.join(DIR, file)}`;

function load() {
  const svc = service();
  const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.zbr'));
  for (const file of files) svc.setWorkspaceFile(uriOf(file), fs.readFileSync(path.join(DIR, file), 'utf8'));
  return { svc, files };
}

describe('features: the fixture workspace', () => {
  it('answers every feature for every file without errors', () => {
    const { svc, files } = load();
    assert.ok(files.length >= 5);
    for (const file of files) {
      const uri = uriOf(file);
      const text = svc.getText(uri)!;
      const lines = text.split('\n');
      svc.diagnostics(uri);
      svc.documentSymbols(uri);
      svc.foldingRanges(uri);
      svc.semanticTokens(uri);
      svc.documentColors(uri);
      svc.documentLinks(uri);
      svc.inlayHints(uri, { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } });
      lines.forEach((line, l) => {
        for (let c = 0; c <= line.length; c++) {
          const p = { line: l, character: c };
          svc.completions(uri, p);
          svc.hover(uri, p);
          svc.signatureHelp(uri, p);
          svc.definition(uri, p);
          svc.references(uri, p, true);
          svc.prepareRename(uri, p);
          svc.selectionRanges(uri, [p]);
        }
      });
    }
  });

  it('finds the user variable xp in three commands', () => {
    const { svc } = load();
    const refs = svc.references(uriOf('welcome.zbr'), { line: 4, character: 13 }, true);
    assert.deepStrictEqual([...new Set(refs.map((r) => path.basename(r.uri)))].sort(), ['rank.zbr', 'verify.zbr', 'welcome.zbr']);
  });

  it('lists the commands of the workspace', () => {
    const { svc } = load();
    const commands = svc
      .workspaceSymbols('')
      .filter((s) => s.kind === 24)
      .map((s) => s.name)
      .sort();
    assert.deepStrictEqual(commands, ['!panel (Verification panel)', '!rank (Rank Command)', '/ban', 'onInteraction{verify}', 'onMemberJoin']);
  });

  it('goes from the handler to the button', () => {
    const { svc } = load();
    const def = svc.definition(uriOf('verify.zbr'), { line: 0, character: 25 }) as { uri: string };
    assert.strictEqual(path.basename(def.uri), 'panel.zbr');
  });
});

describe('features: a file the engine never loads', () => {
  const isBotRoot = (folder: string) => folder === 'file:///bot';
  it('warns on a command sorted into a subfolder of commands/, and only notes one in a folder set aside', () => {
    const sorted = notLoadedFinding('file:///bot/commands/moderation/ban.zbr', isBotRoot);
    assert.strictEqual(sorted?.severity, 'warning');
    assert.match(sorted!.message, /subfolder "moderation": this command is never loaded/);
    for (const folder of ['disabled', 'old', 'Archive', '_drafts', 'templates', 'backup'])
      assert.strictEqual(notLoadedFinding(`file:///bot/commands/${folder}/ban.zbr`, isBotRoot)?.severity, 'information', folder);
    // Only the folders inside commands/ count: a bot kept in a folder named test/ or backup/ is warned about as any other.
    const isNested = (folder: string) => folder === 'file:///backup/test/bot';
    assert.strictEqual(notLoadedFinding('file:///backup/test/bot/commands/moderation/ban.zbr', isNested)?.severity, 'warning');
    // Loaded: directly in commands/, or no zbr.json next to the commands/ folder.
    assert.strictEqual(notLoadedFinding('file:///bot/commands/ban.zbr', isBotRoot), undefined);
    assert.strictEqual(notLoadedFinding('file:///other/commands/moderation/ban.zbr', isBotRoot), undefined);
  });
});
