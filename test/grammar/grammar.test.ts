/**
 * TextMate grammar tests: vscode-tmgrammar-test (from npm) runs the scope
 * assertions of the fixture files test/grammar/*.zbr against
 * syntaxes/zscript.tmLanguage.json, one child process per fixture.
 */
import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const GRAMMAR = path.join(ROOT, 'syntaxes', 'zscript.tmLanguage.json');
const FIXTURES = path.join(ROOT, 'test', 'grammar');
const TOOL = require.resolve('vscode-tmgrammar-test/dist/unit.js', { paths: [ROOT] });

function runTool(file: string): { code: number | null; output: string } {
  const r = spawnSync(process.execPath, [TOOL, '--compact', '-g', GRAMMAR, file], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, output: `${r.stdout}${r.stderr}` };
}

describe('TextMate grammar (vscode-tmgrammar-test)', () => {
  const fixtures = fs
    .readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.zbr'))
    .sort();

  it('has fixture files', () => {
    assert.ok(fixtures.length >= 5, fixtures.join(', '));
  });

  for (const fixture of fixtures) {
    it(`${fixture}: every scope assertion holds`, () => {
      const text = fs.readFileSync(path.join(FIXTURES, fixture), 'utf8');
      assert.match(text, /^\/\/ SYNTAX TEST "source\.zscript"/);
      assert.ok(/^\/\/\s*(\^|<)/m.test(text), 'the fixture asserts something');
      const r = runTool(path.join('test', 'grammar', fixture));
      assert.strictEqual(r.code, 0, r.output);
    });
  }

  it('a wrong assertion fails (the tool really checks)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zscript-grammar-'));
    try {
      const file = path.join(dir, 'wrong.zbr');
      fs.writeFileSync(file, '// SYNTAX TEST "source.zscript"\nZupper{a}\n// <------ comment.line.double-slash.zscript\n');
      const r = runTool(file);
      assert.notStrictEqual(r.code, 0, r.output);
      assert.match(r.output, /comment\.line\.double-slash\.zscript/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('assertions name whole scopes the grammar produces (the tool compares scopes exactly, so "- comment" could never fail)', () => {
    const grammar = JSON.parse(fs.readFileSync(GRAMMAR, 'utf8'));
    const known = new Set<string>([grammar.scopeName]);
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === 'name' && typeof value === 'string') value.split(/\s+/).forEach((s) => known.add(s));
          walk(value);
        }
      }
    };
    walk(grammar.repository);
    walk(grammar.patterns);
    const unknown: string[] = [];
    for (const fixture of fixtures) {
      const lines = fs.readFileSync(path.join(FIXTURES, fixture), 'utf8').split(/\r?\n/);
      lines.forEach((line, i) => {
        const m = /^\/\/\s*(?:\^+|<[-~]+)(.*)$/.exec(line);
        if (!m) return;
        const parts = m[1].split(/\s+/).filter((s) => s);
        // one "-" at most: the tool's assertion parser backtracks for minutes on a second one
        if (parts.filter((s) => s === '-').length > 1) unknown.push(`${fixture}:${i + 1}: more than one "-"`);
        for (const scope of parts.filter((s) => s !== '-')) {
          if (!known.has(scope)) unknown.push(`${fixture}:${i + 1}: ${scope}`);
        }
      });
    }
    assert.deepStrictEqual(unknown, []);
  });

  it('bare calls are the bundled catalog functions without a required parameter', () => {
    const grammar = JSON.parse(fs.readFileSync(GRAMMAR, 'utf8'));
    const m = /^\(\?<!\[A-Za-z0-9\]\)Z\(\?:([A-Za-z0-9|]+)\)\(\?!\[A-Za-z0-9\{\]\)$/.exec(grammar.repository['bare-call'].match);
    assert.ok(m, grammar.repository['bare-call'].match);
    const functions: { name: string; arguments: { required: boolean }[] }[] = JSON.parse(fs.readFileSync(path.join(ROOT, 'catalog', 'functions.json'), 'utf8'));
    const expected = functions
      .filter((f) => f.arguments.every((a) => !a.required))
      .map((f) => f.name.slice(1))
      .sort();
    assert.deepStrictEqual(m[1].split('|'), expected, `bare-call match should be (?<![A-Za-z0-9])Z(?:${expected.join('|')})(?![A-Za-z0-9{])`);
  });

  it('crlf.zbr really has CRLF line endings', () => {
    const text = fs.readFileSync(path.join(FIXTURES, 'crlf.zbr'), 'utf8');
    assert.ok(!/[^\r]\n/.test(text) && text.includes('\r\n'), 'crlf.zbr was converted to LF line endings');
  });

  it('the grammar is the one package.json contributes for the zscript language', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    const grammar = JSON.parse(fs.readFileSync(GRAMMAR, 'utf8'));
    const entry = manifest.contributes.grammars.find((g: { language?: string }) => g.language === 'zscript');
    assert.ok(entry);
    assert.strictEqual(entry.scopeName, grammar.scopeName);
    assert.strictEqual(path.resolve(ROOT, entry.path), GRAMMAR);
  });

  it('every include names a repository rule that exists', () => {
    const grammar = JSON.parse(fs.readFileSync(GRAMMAR, 'utf8'));
    const missing: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === 'include' && typeof value === 'string' && value.startsWith('#') && !(value.slice(1) in grammar.repository)) missing.push(value);
          walk(value);
        }
      }
    };
    walk(grammar);
    assert.deepStrictEqual(missing, []);
  });
});

describe('language configuration (syntaxes/language-configuration.json)', () => {
  const config = JSON.parse(fs.readFileSync(path.join(ROOT, 'syntaxes', 'language-configuration.json'), 'utf8'));
  const words = (text: string): string[] => text.match(new RegExp(config.wordPattern, 'g')) ?? [];

  it('comments with //, brackets and auto-closing {}, quotes not auto-closed', () => {
    assert.strictEqual(config.comments.lineComment, '//');
    assert.deepStrictEqual(config.brackets, [['{', '}']]);
    assert.deepStrictEqual(
      config.autoClosingPairs.map((p: { open: string }) => p.open),
      ['{'],
    );
    assert.ok(config.surroundingPairs.some((p: string[]) => p[0] === '{' && p[1] === '}'));
  });

  it('the word pattern keeps Zname, #directive, durations, colours and URLs whole', () => {
    assert.deepStrictEqual(words("Hello Zusername's Rank"), ['Hello', 'Zusername', 's', 'Rank']);
    assert.deepStrictEqual(words('#trigger !rank'), ['#trigger', 'rank']);
    assert.deepStrictEqual(words('ZaddButton{;ok;OK;;true}'), ['ZaddButton', 'ok', 'OK', 'true']);
    assert.deepStrictEqual(words('\\Zname 1h30m #5865F2 https://example.com/a.png'), ['Zname', '1h30m', '#5865F2', 'https://example.com/a.png']);
    // a call inside a URL is its own word (double-click, Ctrl+D)
    assert.deepStrictEqual(words('ZhttpGet{https://x.io/w?city=Zurl{encode;Zmessage}&u=ZuserID}'), [
      'ZhttpGet',
      'https://x.io/w?city=',
      'Zurl',
      'encode',
      'Zmessage',
      'u',
      'ZuserID',
    ]);
  });

  it('Enter indents inside an open call, outdents before its closing brace and after a line that closes it', () => {
    const rules = config.onEnterRules as { beforeText: string; afterText?: string; action: { indent: string } }[];
    const ruleFor = (before: string, after: string) =>
      rules.find((r) => new RegExp(r.beforeText).test(before) && (!r.afterText || new RegExp(r.afterText).test(after)));
    assert.strictEqual(ruleFor('Zdescription{', '}')?.action.indent, 'indentOutdent');
    assert.strictEqual(ruleFor('Zdescription{Level: 5', '')?.action.indent, 'indent');
    assert.strictEqual(ruleFor('Zupper{a}', ''), undefined);
    // Enter between an open call's text and the auto-closed } puts the } on its own line too
    assert.strictEqual(ruleFor('Zdescription{Level: 5', '}')?.action.indent, 'indentOutdent');
    // the open brace need not be the last one on the line, nor the only one
    assert.strictEqual(ruleFor('ZaddField{XP;Zvar{xp};', '')?.action.indent, 'indent');
    assert.strictEqual(ruleFor('Ztitle{a} Zdescription{b', '')?.action.indent, 'indent');
    assert.strictEqual(ruleFor('Zdescription{Level: ZgetUserVar{Zvar{x}}', '')?.action.indent, 'indent');
    // escaped braces, comments and header values open nothing
    assert.strictEqual(ruleFor('Price \\{ 5', ''), undefined);
    assert.strictEqual(ruleFor('// see {', ''), undefined);
    assert.strictEqual(ruleFor('#trigger onInteraction{verify', ''), undefined);
    assert.strictEqual(ruleFor('Price \\\\{', '')?.action.indent, 'indent', 'an escaped backslash, then a real {');
    // a line that closes a call opened on an earlier line: the next line goes back out
    assert.strictEqual(ruleFor('    XP: Zvar{xp}}', '')?.action.indent, 'outdent');
    assert.strictEqual(ruleFor('}', ''), undefined, 'a line starting with } was outdented already');
    assert.strictEqual(ruleFor('Use \\} here', ''), undefined);
    const increase = new RegExp(config.indentationRules.increaseIndentPattern);
    assert.ok(increase.test('Zdescription{Level: ZgetUserVar{level}'));
    assert.ok(!increase.test('Ztitle{Zusername}'));
    assert.ok(!increase.test('Price \\{ 5'), 'an escaped brace opens nothing');
    assert.ok(increase.test('Ztitle{a} Zdescription{b'));
    assert.ok(!increase.test('// see {'));
    assert.ok(new RegExp(config.indentationRules.decreaseIndentPattern).test('  }'));
  });
});
