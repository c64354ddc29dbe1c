// Packages the VS Code extension into zscript-<version>.vsix with @vscode/vsce
// (its JS API), then lists what went in and the size. Run after the build
// (`npm run package` builds first).
//
//   node scripts/package.mjs [--out FILE] [--list]
//
// --list only prints the files vsce would package (like `vsce ls`), as JSON.
//
// The extension is packaged from a staging folder (out/vsix/) holding exactly
// what it runs on, because the repository root serves npm too: its
// package.json has an npm `files` list (which vsce would read as the
// extension's) and its README is written for developers and command-line
// users, while the marketplace page shows client/README.md. The staged
// manifest is the repository's without the npm-only fields.
import { createRequire } from 'node:module';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const vsce = require('@vscode/vsce');

/** Staged path → repository path. The bundles carry their dependencies; source maps stay out. */
export const EXTENSION_FILES = {
  'README.md': 'client/README.md',
  'CHANGELOG.md': 'CHANGELOG.md',
  LICENSE: 'LICENSE',
  'dist/extension.js': 'dist/extension.js',
  'dist/server.js': 'dist/server.js',
  'dist/workspace-reader.js': 'dist/workspace-reader.js',
  'images/icon.png': 'images/icon.png',
  // The README's screenshot (scripts/screenshot.mjs takes it again).
  'images/catalog-page.png': 'images/catalog-page.png',
  // The editor screenshots, taken in a real VS Code by the end-to-end suite (ZSCRIPT_SCREENSHOTS=1).
  'images/vscode-completion.png': 'images/vscode-completion.png',
  'images/vscode-hover.png': 'images/vscode-hover.png',
  'images/vscode-diagnostics.png': 'images/vscode-diagnostics.png',
  'images/vscode-inlay-hints.png': 'images/vscode-inlay-hints.png',
  'images/vscode-quick-fix.png': 'images/vscode-quick-fix.png',
  'syntaxes/language-configuration.json': 'syntaxes/language-configuration.json',
  'syntaxes/zscript.tmLanguage.json': 'syntaxes/zscript.tmLanguage.json',
};
/** Fields only npm reads (the command-line tools and the library). */
const NPM_ONLY = ['files', 'bin', 'exports', 'types', 'scripts', 'dependencies', 'devDependencies'];

const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const packagePath = path.resolve(root, outIndex >= 0 ? args[outIndex + 1] : `${manifest.name}-${manifest.version}.vsix`);

for (const source of Object.values(EXTENSION_FILES)) {
  if (!existsSync(path.join(root, source))) {
    console.error(`package: ${source} is missing${source.startsWith('dist/') ? '; run npm run build first' : ''}`);
    process.exit(1);
  }
}

const stage = path.join(root, 'out', 'vsix');
rmSync(stage, { recursive: true, force: true });
for (const [staged, source] of Object.entries(EXTENSION_FILES)) {
  mkdirSync(path.dirname(path.join(stage, staged)), { recursive: true });
  copyFileSync(path.join(root, source), path.join(stage, staged));
}
const staged = Object.fromEntries(Object.entries(manifest).filter(([key]) => !NPM_ONLY.includes(key)));
// vsce packages exactly these (plus package.json, README.md and LICENSE, which it always adds).
staged.files = Object.keys(EXTENSION_FILES);
writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(staged, null, 2)}\n`);

const options = {
  cwd: stage,
  // The bundles carry their dependencies; node_modules never goes in.
  dependencies: false,
  // No public repository yet; the extension README has no relative links outside the package.
  allowMissingRepository: true,
  rewriteRelativeLinks: false,
  skipLicense: false,
};

if (args.includes('--list')) {
  const files = await vsce.listFiles({ cwd: stage, packageManager: vsce.PackageManager.None });
  process.stdout.write(`${JSON.stringify(files.sort(), null, 2)}\n`);
  process.exit(0);
}

await vsce.createVSIX({ ...options, packagePath });

const entries = zipEntries(readFileSync(packagePath));
const size = statSync(packagePath).size;
console.log(`\n${path.relative(process.cwd(), packagePath)}: ${formatSize(size)} (${size} bytes), ${entries.length} entries`);
for (const entry of entries) console.log(`  ${entry.name.padEnd(52)} ${formatSize(entry.size).padStart(10)}`);

/** Names and uncompressed sizes from a zip's central directory. */
export function zipEntries(buffer) {
  let eocd = -1;
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 22 - 0xffff); i--) {
    if (buffer.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip file (no end of central directory)');
  const count = buffer.readUInt16LE(eocd + 10);
  let offset = buffer.readUInt32LE(eocd + 16);
  const out = [];
  for (let n = 0; n < count; n++) {
    if (buffer.readUInt32LE(offset) !== 0x02014b50) throw new Error('corrupt central directory');
    const size = buffer.readUInt32LE(offset + 24);
    const nameLength = buffer.readUInt16LE(offset + 28);
    const extraLength = buffer.readUInt16LE(offset + 30);
    const commentLength = buffer.readUInt16LE(offset + 32);
    const name = buffer.toString('utf8', offset + 46, offset + 46 + nameLength);
    out.push({ name, size });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return out;
}

function formatSize(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
}

// Exported for tests that want to read one entry (e.g. the packaged package.json).
export function zipEntryText(buffer, wanted) {
  let eocd = buffer.length - 22;
  while (eocd >= 0 && buffer.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  const count = buffer.readUInt16LE(eocd + 10);
  let offset = buffer.readUInt32LE(eocd + 16);
  for (let n = 0; n < count; n++) {
    const method = buffer.readUInt16LE(offset + 10);
    const compressed = buffer.readUInt32LE(offset + 20);
    const nameLength = buffer.readUInt16LE(offset + 28);
    const extraLength = buffer.readUInt16LE(offset + 30);
    const commentLength = buffer.readUInt16LE(offset + 32);
    const local = buffer.readUInt32LE(offset + 42);
    const name = buffer.toString('utf8', offset + 46, offset + 46 + nameLength);
    if (name === wanted) {
      const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
      const data = buffer.subarray(start, start + compressed);
      return (method === 8 ? inflateRawSync(data) : data).toString('utf8');
    }
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return undefined;
}
