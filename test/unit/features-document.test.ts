/**
 * Document symbols, workspace symbols, folding ranges and selection ranges.
 */
import * as assert from 'node:assert';
import type { DocumentSymbol, SelectionRange } from 'vscode-languageserver-types';
import { URI, service, positionOf } from './features-helpers.test';

const RANK = [
  '#name Rank Command',
  '#trigger !rank',
  '#type prefix',
  '',
  '// read persistent values',
  '// into temporary variables',
  'Zvar{xp;ZgetUserVar{xp}}',
  "Ztitle{Zusername's Rank}",
  'Zdescription{Level: ZgetUserVar{level}',
  'XP: Zvar{xp}}',
  'Zcolor{#5865F2}',
  'ZaddField{XP;Zvar{xp};true;2}',
  'Ztimestamp',
  'ZsetUserVar{seen;yes}',
  '',
].join('\n');

describe('features: symbols, folding, selection', () => {
  it('lists the trigger first, then headers, embeds by index and variables set', () => {
    const svc = service();
    svc.openDocument(URI, RANK, 1);
    const symbols = svc.documentSymbols(URI);
    const names = symbols.map((s) => s.name);
    assert.deepStrictEqual(names, ['#trigger !rank', '#name Rank Command', '#type prefix', 'Embed 1', 'Embed 2', 'xp', 'seen']);
    const embed1 = symbols.find((s) => s.name === 'Embed 1') as DocumentSymbol;
    assert.deepStrictEqual(
      embed1.children!.map((c) => c.name),
      ['Ztitle', 'Zdescription', 'Zcolor', 'Ztimestamp'],
    );
    assert.strictEqual(embed1.children![0].detail, "Zusername's Rank");
    assert.deepStrictEqual(
      (symbols.find((s) => s.name === 'Embed 2') as DocumentSymbol).children!.map((c) => c.name),
      ['ZaddField'],
    );
  });

  it('lists buttons, select menus with their options and modals with their inputs', () => {
    const svc = service();
    svc.openDocument(
      URI,
      '#trigger !verify\nClick below.\nZaddButton{;verify_btn;Verify me;success}\nZaddButton{;help}\nZnewSelectMenu{roles;1;2;Pick roles}\nZaddSelectMenuOption{Red;red}\nZaddSelectMenuOption{Blue;blue}\n',
      1,
    );
    const symbols = svc.documentSymbols(URI);
    assert.deepStrictEqual(
      symbols.map((s) => [s.name, (s.children ?? []).map((c) => c.name)]),
      [
        ['#trigger !verify', []],
        ['Button Verify me', []],
        ['Button help', []],
        ['Select menu Pick roles', ['Option Red', 'Option Blue']],
      ],
    );
  });

  it('finds commands and variables across the workspace', () => {
    const svc = service();
    svc.openDocument(URI, RANK, 1);
    svc.setWorkspaceFile('file:///bot/commands/ban.zbr', '#trigger /ban\n#type slash\nZsetServerVar{bans;1}\n');
    const all = svc.workspaceSymbols('');
    assert.ok(all.some((s) => s.name === '!rank (Rank Command)'));
    assert.ok(all.some((s) => s.name === '/ban' && s.containerName === 'slash command'));
    assert.deepStrictEqual(
      svc
        .workspaceSymbols('ban')
        .map((s) => s.name)
        .sort(),
      ['/ban', 'bans'],
    );
  });

  it('folds the header block, comment runs and multi-line calls', () => {
    const svc = service();
    const text = `${RANK}Zif{a==b;\n  yes;\n  no\n}\n`;
    svc.openDocument(URI, text, 1);
    const ranges = svc.foldingRanges(URI).map((r) => `${r.startLine}-${r.endLine}:${r.kind}`);
    assert.deepStrictEqual(ranges, ['0-2:imports', '4-5:comment', '8-9:region', '14-16:region']);
  });

  it('folds two unclosed calls opened on one line once', () => {
    const svc = service();
    svc.openDocument(URI, '#trigger !x\nZtitle{Zif{a==b;\nyes\nno\n', 1);
    assert.deepStrictEqual(
      svc.foldingRanges(URI).map((r) => `${r.startLine}-${r.endLine}`),
      ['1-4'],
    );
  });

  it('expands the selection from an argument to the call, the statement and the file', () => {
    const svc = service();
    svc.openDocument(URI, RANK, 1);
    const offset = RANK.indexOf('level}');
    const [sel] = svc.selectionRanges(URI, [positionOf(RANK, offset + 2)]);
    const chain: string[] = [];
    for (let s: SelectionRange | undefined = sel; s; s = s.parent) {
      const start = RANK.split('\n').slice(0, s.range.start.line).join('\n').length + (s.range.start.line ? 1 : 0) + s.range.start.character;
      const end = RANK.split('\n').slice(0, s.range.end.line).join('\n').length + (s.range.end.line ? 1 : 0) + s.range.end.character;
      chain.push(RANK.slice(start, end));
    }
    assert.strictEqual(chain[0], 'level');
    assert.ok(chain.includes('ZgetUserVar{level}'));
    assert.ok(chain.includes('Zdescription{Level: ZgetUserVar{level}\nXP: Zvar{xp}}'));
    assert.strictEqual(chain[chain.length - 1], RANK);
  });
});

describe('features: formatting', () => {
  it('removes trailing blanks and normalises header spacing only', () => {
    const svc = service();
    const text = '#trigger   !a  \n#name\tX\nZtitle{a}   \nZif{a==b;  \n  yes}\n';
    svc.openDocument(URI, text, 1);
    const edits = svc.formatting(URI);
    const lines = text.split('\n');
    const offset = (p: { line: number; character: number }) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
    let result = text;
    for (const e of [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start))) {
      result = result.slice(0, offset(e.range.start)) + e.newText + result.slice(offset(e.range.end));
    }
    assert.strictEqual(result, '#trigger !a\n#name X\nZtitle{a}\nZif{a==b;\n  yes}\n');
  });
});
