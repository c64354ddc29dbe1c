/**
 * The README is part of the product: these checks keep the parts of it that
 * mirror code from drifting (the two first commands, the diagnostic-code
 * table, the settings, the executables).
 */
import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DIAGNOSTIC_CODES } from '../../server/src/analysis/codes';

const root = path.resolve(__dirname, '..', '..', '..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

describe('README', () => {
  it('starts with the two commands: set up and run the main job, set up and run the tests', () => {
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme);
    assert.ok(firstBlock, 'no sh code block');
    const commands = firstBlock[1]
      .split('\n')
      .map((line) => line.replace(/#.*$/, '').trim())
      .filter(Boolean);
    assert.deepStrictEqual(commands, ['npm ci && npm start', 'npm ci && npm test']);
    assert.ok(readme.indexOf('```sh') < readme.indexOf('\n## '), 'the commands come before the first section');
    assert.ok(pkg.scripts.start && pkg.scripts.test);
  });

  it('lists every diagnostic code with its default severity (npm run readme regenerates it)', () => {
    for (const [code, info] of Object.entries(DIAGNOSTIC_CODES)) {
      assert.ok(
        readme.includes(`| \`${code}\` | ${info.severity} |`),
        `README lacks the row of ${code}: run \`npm run readme\` to regenerate the table from codes.ts`,
      );
    }
    const check = spawnSync(process.execPath, [path.join(root, 'scripts', 'update-readme.mjs'), '--check'], { encoding: 'utf8' });
    assert.strictEqual(check.status, 0, check.stderr);
  });

  it('documents every setting the extension declares, with its default', () => {
    const properties: Record<string, { default: unknown }> = pkg.contributes.configuration.properties;
    for (const [name, spec] of Object.entries(properties)) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
      assert.ok(row, `README has no settings row for ${name}`);
      const shown =
        typeof spec.default === 'string' ? `\`${JSON.stringify(spec.default) === '""' ? '""' : spec.default}\`` : `\`${JSON.stringify(spec.default)}\``;
      assert.ok(row.includes(shown), `the row of ${name} does not show its default ${shown}: ${row}`);
    }
  });

  it('shows catalog records exactly as the catalog holds them', () => {
    const functions = JSON.parse(fs.readFileSync(path.join(root, 'catalog', 'functions.json'), 'utf8'));
    const triggers = JSON.parse(fs.readFileSync(path.join(root, 'catalog', 'triggers.json'), 'utf8'));
    const blocks = [...readme.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]);
    let compared = 0;
    for (const block of blocks) {
      let record: { name?: string; kind?: string } | undefined;
      try {
        record = JSON.parse(block);
      } catch {
        continue; // a block with an ellipsis is an excerpt, not a record
      }
      if (!record || typeof record.name !== 'string') continue;
      const source = record.kind ? triggers : functions;
      assert.deepStrictEqual(
        record,
        source.find((r: { name: string }) => r.name === record!.name),
        `README's ${record.name} record`,
      );
      compared++;
    }
    assert.ok(compared >= 2, `expected a function and a trigger record in the README, compared ${compared}`);
  });

  it('names every executable and npm script a user runs', () => {
    for (const bin of Object.keys(pkg.bin)) assert.ok(readme.includes(bin), bin);
    for (const script of ['build', 'test', 'bench', 'package', 'test:vscode', 'catalog', 'readme']) {
      assert.ok(pkg.scripts[script], `package.json lacks the ${script} script`);
      assert.ok(readme.includes(`npm run ${script}`) || readme.includes(`npm ${script}`), `README does not mention npm run ${script}`);
    }
  });
});
