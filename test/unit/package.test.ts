/**
 * The .vsix: `node scripts/package.mjs` (what `npm run package` runs after the
 * build) packages with @vscode/vsce; the archive must hold only the bundles,
 * the grammar and language configuration, README, licence, icon and manifest.
 * Also checks the manifest's contributions against the server's settings and
 * diagnostic codes, so the two cannot drift apart.
 */
import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { DIAGNOSTIC_CODES } from '../../server/src/analysis/codes';
import { DEFAULT_SERVER_SETTINGS, normalizeSettings } from '../../server/src/lsp/clientSettings';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const MANIFEST_VERSION: string = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
const SCRIPT = path.join(ROOT, 'scripts', 'package.mjs');

const ALLOWED = [
  'CHANGELOG.md',
  'LICENSE',
  'README.md',
  'dist/extension.js',
  'dist/server.js',
  'dist/workspace-reader.js',
  'images/catalog-page.png',
  'images/icon.png',
  'images/vscode-completion.png',
  'images/vscode-diagnostics.png',
  'images/vscode-hover.png',
  'images/vscode-inlay-hints.png',
  'images/vscode-quick-fix.png',
  'package.json',
  'syntaxes/language-configuration.json',
  'syntaxes/zscript.tmLanguage.json',
];

/** Entries of a zip archive (central directory), with a reader for their contents. */
function readZip(buffer: Buffer): Map<string, () => Buffer> {
  let eocd = buffer.length - 22;
  while (eocd >= 0 && buffer.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  assert.ok(eocd >= 0, 'a zip archive');
  const count = buffer.readUInt16LE(eocd + 10);
  let offset = buffer.readUInt32LE(eocd + 16);
  const entries = new Map<string, () => Buffer>();
  for (let n = 0; n < count; n++) {
    assert.strictEqual(buffer.readUInt32LE(offset), 0x02014b50);
    const method = buffer.readUInt16LE(offset + 10);
    const compressed = buffer.readUInt32LE(offset + 20);
    const nameLength = buffer.readUInt16LE(offset + 28);
    const extraLength = buffer.readUInt16LE(offset + 30);
    const commentLength = buffer.readUInt16LE(offset + 32);
    const local = buffer.readUInt32LE(offset + 42);
    const name = buffer.toString('utf8', offset + 46, offset + 46 + nameLength);
    entries.set(name, () => {
      const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
      const data = buffer.subarray(start, start + compressed);
      return method === 8 ? inflateRawSync(data) : Buffer.from(data);
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

describe('VS Code extension package (.vsix)', function () {
  this.timeout(120_000);
  let temp: string;
  let vsix: string;
  let entries: Map<string, () => Buffer>;
  let stdout: string;

  before(() => {
    for (const bundle of ['dist/extension.js', 'dist/server.js', 'dist/workspace-reader.js']) {
      assert.ok(fs.existsSync(path.join(ROOT, bundle)), `${bundle} is missing: run the build first`);
    }
    temp = fs.mkdtempSync(path.join(os.tmpdir(), 'zscript-vsix-'));
    vsix = path.join(temp, 'zscript.vsix');
    const r = spawnSync(process.execPath, [SCRIPT, '--out', vsix], { cwd: ROOT, encoding: 'utf8', timeout: 110_000 });
    assert.strictEqual(r.status, 0, `${r.stdout}\n${r.stderr}`);
    stdout = r.stdout;
    entries = readZip(fs.readFileSync(vsix));
  });
  after(() => fs.rmSync(temp, { recursive: true, force: true }));

  it('lists exactly the allowed files (vsce ls through the API)', () => {
    const r = spawnSync(process.execPath, [SCRIPT, '--list'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    assert.strictEqual(r.status, 0, r.stderr);
    assert.deepStrictEqual(JSON.parse(r.stdout), ALLOWED);
  });

  it('the archive holds only the bundles, grammar, configuration, README, licence, icon and manifest', () => {
    const names = [...entries.keys()].sort();
    assert.deepStrictEqual(names, [
      '[Content_Types].xml',
      'extension.vsixmanifest',
      'extension/LICENSE.txt',
      'extension/changelog.md',
      'extension/dist/extension.js',
      'extension/dist/server.js',
      'extension/dist/workspace-reader.js',
      'extension/images/catalog-page.png',
      'extension/images/icon.png',
      'extension/images/vscode-completion.png',
      'extension/images/vscode-diagnostics.png',
      'extension/images/vscode-hover.png',
      'extension/images/vscode-inlay-hints.png',
      'extension/images/vscode-quick-fix.png',
      'extension/package.json',
      'extension/readme.md',
      'extension/syntaxes/language-configuration.json',
      'extension/syntaxes/zscript.tmLanguage.json',
    ]);
    assert.ok(!names.some((n) => n.includes('node_modules') || n.endsWith('.map') || n.endsWith('.ts')));
  });

  it('prints the size and the file list', () => {
    assert.match(stdout, /zscript\.vsix: [\d.]+ (KiB|MiB) \(\d+ bytes\), 18 entries/);
    assert.match(stdout, /extension\/dist\/server\.js/);
  });

  it('the packaged files are the repository files, and the bundles are self-contained', () => {
    assert.deepStrictEqual(entries.get('extension/dist/server.js')!(), fs.readFileSync(path.join(ROOT, 'dist', 'server.js')));
    assert.deepStrictEqual(entries.get('extension/dist/workspace-reader.js')!(), fs.readFileSync(path.join(ROOT, 'dist', 'workspace-reader.js')));
    assert.deepStrictEqual(entries.get('extension/images/icon.png')!(), fs.readFileSync(path.join(ROOT, 'images', 'icon.png')));
    const extension = entries.get('extension/dist/extension.js')!().toString('utf8');
    // Only vscode and Node's own modules may be required at run time.
    const required = new Set([...extension.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]));
    const builtins = new Set(require('node:module').builtinModules as string[]);
    const foreign = [...required].filter((m) => m !== 'vscode' && !builtins.has(m.replace(/^node:/, '')));
    assert.deepStrictEqual(foreign, []);
    const manifest = JSON.parse(entries.get('extension/package.json')!().toString('utf8'));
    assert.strictEqual(manifest.main, './dist/extension.js');
    assert.strictEqual(manifest.icon, 'images/icon.png');
  });

  it('the extension page README is the user-facing one, and every link in it resolves inside the package or is absolute', () => {
    const readme = entries.get('extension/readme.md')!().toString('utf8');
    assert.strictEqual(readme, fs.readFileSync(path.join(ROOT, 'client', 'README.md'), 'utf8'));
    assert.doesNotMatch(readme, /npm test|npm ci/, 'no developer instructions on the marketplace page');
    const links = [...readme.matchAll(/\]\(([^)\s]+)\)|(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? m[2]);
    assert.ok(links.length > 0);
    for (const link of links) {
      if (/^https:\/\//.test(link) || link.startsWith('#')) continue;
      const target = link.split('#')[0];
      const inPackage = ['readme.md', 'changelog.md'].includes(target.toLowerCase())
        ? `extension/${target.toLowerCase()}`
        : target === 'LICENSE'
          ? 'extension/LICENSE.txt'
          : `extension/${target}`;
      assert.ok(entries.has(inPackage), `${link} resolves inside the .vsix`);
    }
    assert.match(
      entries.get('extension/changelog.md')!().toString('utf8'),
      new RegExp(`^## ${MANIFEST_VERSION.replace(/\./g, '\\.')}$`, 'm'),
      'the changelog has the current version',
    );
  });

  it('the packaged manifest is honest: no Snippets category without snippets, no npm-only fields', () => {
    const manifest = JSON.parse(entries.get('extension/package.json')!().toString('utf8'));
    if (manifest.categories.includes('Snippets')) assert.ok(manifest.contributes.snippets?.length > 0, 'Snippets needs contributed snippets');
    assert.ok(manifest.categories.includes('Programming Languages'));
    if (manifest.categories.includes('Linters')) assert.ok(manifest.contributes.configuration.properties['zscript.diagnostics.severity']);
    for (const field of ['bin', 'exports', 'types', 'scripts', 'dependencies', 'devDependencies']) assert.strictEqual(manifest[field], undefined, field);
    assert.strictEqual(manifest.license, 'MIT');
    assert.ok(manifest.keywords.length > 0 && manifest.keywords.length <= 30);
  });

  it('the README screenshot is a packaged PNG', () => {
    const png = entries.get('extension/images/catalog-page.png')!();
    assert.deepStrictEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  it('the icon is a 128x128 PNG', () => {
    const png = fs.readFileSync(path.join(ROOT, 'images', 'icon.png'));
    assert.deepStrictEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.strictEqual(png.readUInt32BE(16), 128);
    assert.strictEqual(png.readUInt32BE(20), 128);
  });
});

describe('extension manifest (package.json contributions)', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const props: Record<string, { default?: unknown; enum?: unknown[]; type: string; properties?: Record<string, unknown> }> =
    manifest.contributes.configuration.properties;

  it('contributes every command the extension registers, in the zscript category', () => {
    const source = fs.readFileSync(path.join(ROOT, 'client', 'src', 'extension.ts'), 'utf8');
    const registered = [...source.matchAll(/registerCommand\('([^']+)'/g)].map((m) => m[1]).sort();
    const contributed = manifest.contributes.commands.map((c: { command: string }) => c.command).sort();
    assert.deepStrictEqual(contributed, registered);
    assert.deepStrictEqual(registered, [
      'zscript.openReference',
      'zscript.reloadCatalog',
      'zscript.restartServer',
      'zscript.showOutput',
      'zscript.startCatalogServer',
      'zscript.stopCatalogServer',
    ]);
    for (const c of manifest.contributes.commands) assert.strictEqual(c.category, 'zscript');
  });

  it('declares every setting the server reads, with defaults equal to the server defaults', () => {
    assert.deepStrictEqual(Object.keys(props).sort(), [
      'zscript.catalog.path',
      'zscript.catalog.source',
      'zscript.catalog.url',
      'zscript.diagnostics.mode',
      'zscript.diagnostics.severity',
      'zscript.files.exclude',
      'zscript.files.maxIndexed',
      'zscript.inlayHints.defaults',
      'zscript.inlayHints.parameterNames',
      'zscript.trace.server',
    ]);
    // The manifest defaults, read the way the server reads the zscript section, are the server defaults.
    const nest = (key: string, value: unknown): Record<string, Record<string, unknown>> => {
      const [group, leaf] = key.slice('zscript.'.length).split('.');
      return { [group]: { [leaf]: value } };
    };
    const section: Record<string, Record<string, unknown>> = {};
    for (const [key, value] of Object.entries(props)) {
      for (const [group, inner] of Object.entries(nest(key, value.default))) section[group] = { ...section[group], ...inner };
    }
    assert.deepStrictEqual(normalizeSettings(section), DEFAULT_SERVER_SETTINGS);
    // Enumerations are the values the server accepts: anything else falls back to the default.
    for (const [key, value] of Object.entries(props)) {
      for (const option of value.enum ?? []) {
        const normalized = normalizeSettings(nest(key, option)) as unknown as Record<string, Record<string, unknown>>;
        const [group, leaf] = key.slice('zscript.'.length).split('.');
        assert.strictEqual(normalized[group][leaf], option, `${key}: ${String(option)}`);
      }
    }
  });

  it('the severity setting lists every diagnostic code with the five levels', () => {
    const severity = props['zscript.diagnostics.severity'];
    assert.deepStrictEqual(Object.keys(severity.properties ?? {}).sort(), Object.keys(DIAGNOSTIC_CODES).sort());
    for (const [code, entry] of Object.entries(severity.properties ?? {})) {
      assert.deepStrictEqual((entry as { enum: string[] }).enum, ['error', 'warning', 'information', 'hint', 'off']);
      const info = DIAGNOSTIC_CODES[code as keyof typeof DIAGNOSTIC_CODES];
      assert.strictEqual(
        (entry as { description: string }).description,
        `${info.description} (default: ${info.severity})`,
        `${code}: the settings description follows codes.ts`,
      );
    }
  });

  it('activates on the language and on workspaces with .zbr files; the grammar and configuration files exist', () => {
    assert.ok(manifest.activationEvents.includes('onLanguage:zscript'));
    assert.ok(manifest.activationEvents.includes('workspaceContains:**/*.zbr'));
    const language = manifest.contributes.languages.find((l: { id: string }) => l.id === 'zscript');
    assert.deepStrictEqual(language.extensions, ['.zbr']);
    assert.ok(fs.existsSync(path.join(ROOT, language.configuration)));
    for (const g of manifest.contributes.grammars) assert.ok(fs.existsSync(path.join(ROOT, g.path)));
  });

  it('has an MIT licence file', () => {
    const licence = fs.readFileSync(path.join(ROOT, 'LICENSE'), 'utf8');
    assert.match(licence, /^MIT License/);
    assert.match(licence, /zscript contributors/);
    assert.strictEqual(manifest.license, 'MIT');
  });
});

/**
 * The client bundle outside VS Code: test/vscode/standin-host.ts activates
 * dist/extension.js against a stand-in `vscode` module (the real
 * dist/server.js runs over Node IPC), plays the commands and reports. This
 * covers the client wiring where no VS Code can run; the real-editor suite is
 * test/vscode/*.vscode.ts (npm run test:vscode).
 */
describe('dist/extension.js activated against a stand-in vscode API', function () {
  this.timeout(90_000);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let report: Record<string, any>;

  before(() => {
    const host = path.join(ROOT, 'out', 'test', 'vscode', 'standin-host.js');
    const r = spawnSync(process.execPath, [host], { cwd: ROOT, encoding: 'utf8', timeout: 80_000 });
    assert.strictEqual(r.status, 0, r.stderr);
    report = JSON.parse(r.stdout.trim().split('\n').pop()!);
    assert.strictEqual(report.error, undefined, report.error);
    assert.strictEqual(report.deactivated, true);
  });

  it('registers the six commands and the reference content provider', () => {
    assert.deepStrictEqual(report.commands, [
      'zscript.openReference',
      'zscript.reloadCatalog',
      'zscript.restartServer',
      'zscript.showOutput',
      'zscript.startCatalogServer',
      'zscript.stopCatalogServer',
    ]);
    assert.strictEqual(report.providerScheme, 'zscript-reference');
  });

  it('starts dist/server.js and shows the catalog its zscript/catalogStatus notification names', () => {
    assert.strictEqual(report.catalogStatus.source, 'bundled');
    assert.match(report.catalogStatus.message, /^bundled catalog \(\d+ functions\)$/);
    assert.strictEqual(report.statusBar, '$(book) Z: bundled');
    assert.ok(report.catalogOutput.length >= 1);
  });

  it('reloads the catalog through zscript/reloadCatalog and says so', () => {
    assert.strictEqual(report.reload.source, 'bundled');
    assert.ok(
      report.reloadMessages.some((m: string) => /^info: zscript: bundled catalog/.test(m)),
      report.reloadMessages.join('\n'),
    );
  });

  it('starts the catalog HTTP server on 127.0.0.1, shows it in the status bar, and stops it', () => {
    assert.match(report.serverUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.strictEqual(report.serverUrlFromApi, report.serverUrl);
    assert.strictEqual(report.runningContext, true);
    assert.match(report.statusBarWithServer, /^\$\(book\) Z: bundled \$\(radio-tower\) \d+$/);
    assert.strictEqual(report.healthz, 200);
    assert.strictEqual(report.secondStart, report.serverUrl, 'a second start reuses the running server');
    assert.strictEqual(report.serverUrlAfterStop, null);
    assert.strictEqual(report.stoppedContext, false);
    assert.strictEqual(report.statusBarAfterStop, '$(book) Z: bundled');
    assert.match(String(report.healthzAfterStop), /^error: /);
  });

  it('reports a port in use in one message instead of throwing', () => {
    assert.strictEqual(report.busyStart, null);
    assert.deepStrictEqual(report.busyMessages, [`error: zscript: the catalog server did not start: port ${report.busyPort} is in use`]);
  });

  it("renders reference pages from the server's catalog (zscript/reference)", () => {
    assert.match(report.referenceFunction, /^# Zuppercase\n/);
    assert.match(report.referenceFunction, /\| `text` \| string \| yes \|/);
    assert.match(report.referenceFunction, /From the bundled catalog/);
    assert.match(report.referenceTrigger, /^# onMemberJoin\n/);
    assert.match(report.referenceUnknown, /No function of this name/);
  });

  it('restarts the server and gets the catalog status again', () => {
    assert.strictEqual(report.statusAfterRestart.source, 'bundled');
    assert.strictEqual(report.restartLogged, true);
    // The clean exit (code 0) of the stopped server is not an error.
    assert.deepStrictEqual(report.errorLines, []);
  });

  it('labels the status item for screen readers in plain text', () => {
    assert.match(report.statusLabel, /^zscript catalog in use: bundled catalog \(\d+ functions\)\. Click to show the zscript output\.$/);
    assert.ok(!/&nbsp;|\\/.test(report.statusLabel + report.statusTooltip), report.statusLabel);
  });

  it("shows the status item when a document's language is changed to zscript, without another tab chosen", () => {
    assert.strictEqual(report.statusVisiblePlain, false);
    assert.strictEqual(report.statusVisibleAfterModeChange, true);
  });
});
