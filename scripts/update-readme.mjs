#!/usr/bin/env node
// Regenerates the two README sections that come from elsewhere, so that the
// README cannot drift from them:
//   <!-- codes:start --> ... <!-- codes:end -->  the diagnostic-code table, from
//                                                 DIAGNOSTIC_CODES (needs the build)
//   <!-- bench:start --> ... <!-- bench:end -->  the figures of the last
//                                                 `npm run bench` (bench/last-run.txt)
// and, in package.json, the `zscript.diagnostics.severity` setting's properties (one per code).
// `--check` exits 1 when the codes table is out of date (the bench figures are
// not checked: they change with every run).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const readmePath = path.join(root, 'README.md');

export function codesTable(codes) {
  const cell = (s) => s.replace(/\|/g, '\\|');
  const rows = Object.entries(codes).map(([code, info]) => `| \`${code}\` | ${info.severity} | ${cell(info.description)} | \`${cell(info.example)}\` |`);
  return ['| Code | Default severity | What it means | Example |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

function replaceSection(text, name, body) {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < a) throw new Error(`README.md has no ${start} ... ${end} section`);
  return `${text.slice(0, a + start.length)}\n${body}\n${text.slice(b)}`;
}

/** package.json with the severity setting's properties generated from the code table. */
function manifestWithCodes(codes) {
  const manifestPath = path.join(root, 'package.json');
  const text = fs.readFileSync(manifestPath, 'utf8');
  const manifest = JSON.parse(text);
  const setting = manifest.contributes.configuration.properties['zscript.diagnostics.severity'];
  setting.properties = Object.fromEntries(
    Object.entries(codes).map(([code, info]) => [
      code,
      { type: 'string', enum: ['error', 'warning', 'information', 'hint', 'off'], description: `${info.description} (default: ${info.severity})` },
    ]),
  );
  return { manifestPath, text, next: `${JSON.stringify(manifest, null, 2)}\n` };
}

function main() {
  const check = process.argv.includes('--check');
  const { DIAGNOSTIC_CODES } = require(path.join(root, 'out/server/src/analysis/codes.js'));
  const manifest = manifestWithCodes(DIAGNOSTIC_CODES);
  if (!check && manifest.next !== manifest.text) {
    fs.writeFileSync(manifest.manifestPath, manifest.next);
    console.log('update-readme: package.json severity settings updated');
  }
  const readme = fs.readFileSync(readmePath, 'utf8');
  let next = replaceSection(readme, 'codes', codesTable(DIAGNOSTIC_CODES));
  if (check) {
    if (next !== readme) {
      console.error('update-readme: the diagnostic-code table in README.md is out of date; run `npm run readme`');
      process.exit(1);
    }
    console.log('update-readme --check: README.md is up to date');
    return;
  }
  const last = path.join(root, 'bench', 'last-run.txt');
  if (fs.existsSync(last)) next = replaceSection(next, 'bench', `\`\`\`\n${fs.readFileSync(last, 'utf8').trimEnd()}\n\`\`\``);
  if (next === readme) {
    console.log('update-readme: README.md already up to date');
    return;
  }
  fs.writeFileSync(readmePath, next);
  console.log('update-readme: README.md updated');
}

main();
