#!/usr/bin/env node
// Installs code-server (a real VS Code, served to a browser) for the end-to-end suite
// (test/e2e/vscode.test.ts), outside the project's own dependencies: it is large, and only
// that suite needs it. Kept in a cache folder between runs; prints the path of its binary.
//
//   node scripts/install-code-server.mjs        (ZSCRIPT_E2E_CACHE overrides ~/.cache/zscript-e2e)
//
// 4.100.3 is the last release that runs on Node 20; it bundles VS Code 1.100.3. Its install
// builds native modules (node-pty: build-essential, python3, pkg-config, libkrb5-dev) and
// @vscode/ripgrep's install script downloads ripgrep from GitHub, which these machines cannot
// reach: the download cache that script reads first is seeded with the system's `rg`.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, copyFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const CODE_SERVER_VERSION = '4.100.3';

export function codeServerDir() {
  const cache = process.env.ZSCRIPT_E2E_CACHE || path.join(os.homedir(), '.cache', 'zscript-e2e');
  return path.join(cache, `code-server-${CODE_SERVER_VERSION}`);
}

export function codeServerBin() {
  return path.join(codeServerDir(), 'node_modules', 'code-server', 'out', 'node', 'entry.js');
}

/** The asset @vscode/ripgrep's install script would download, built from the system's rg. */
function seedRipgrepCache() {
  const rg = spawnSync('sh', ['-c', 'command -v rg'], { encoding: 'utf8' }).stdout.trim();
  if (!rg) throw new Error('ripgrep (rg) is not installed: apt-get install ripgrep');
  const target = os.arch() === 'arm64' ? 'aarch64-unknown-linux-musl' : 'x86_64-unknown-linux-musl';
  const stage = mkdtempSync(path.join(os.tmpdir(), 'zscript-rg-'));
  copyFileSync(rg, path.join(stage, 'rg'));
  const asset = `ripgrep-v13.0.0-10-${target}.tar.gz`;
  const tarball = path.join(stage, asset);
  execFileSync('tar', ['-czf', tarball, '-C', stage, 'rg']);
  // The cache folder is named after the @vscode/ripgrep version, which VS Code's lockfile pins;
  // seeding the 1.15.x line covers the releases code-server 4.100 can use.
  for (let patch = 0; patch <= 20; patch++) {
    const dir = path.join(os.tmpdir(), `vscode-ripgrep-cache-1.15.${patch}`);
    mkdirSync(dir, { recursive: true });
    copyFileSync(tarball, path.join(dir, asset));
  }
  rmSync(stage, { recursive: true, force: true });
}

/** Written after a complete install: a failed one can leave the entry script behind. */
export function completeMarker() {
  return path.join(codeServerDir(), '.complete');
}

export function installCodeServer() {
  const bin = codeServerBin();
  if (existsSync(completeMarker()) && existsSync(bin)) return bin;
  seedRipgrepCache();
  const dir = codeServerDir();
  mkdirSync(dir, { recursive: true });
  // node-pty's install script fetches node-gyp with npx, which asks before installing anything.
  const env = { ...process.env, npm_config_unsafe_perm: 'true', npm_config_yes: 'true' };
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', dir, `code-server@${CODE_SERVER_VERSION}`], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env,
  });
  if (r.status !== 0 || !existsSync(bin)) throw new Error(`installing code-server ${CODE_SERVER_VERSION} failed (npm exit ${r.status})`);
  writeFileSync(completeMarker(), `${CODE_SERVER_VERSION}\n`);
  return bin;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(installCodeServer());
  } catch (error) {
    console.error(`install-code-server: ${error.message}`);
    process.exit(1);
  }
}
