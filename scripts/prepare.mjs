// npm's `prepare` step: runs after `npm install`/`npm ci` in a checkout, before
// `npm pack`/`npm publish`, and when a checkout is installed with
// `npm install -g .`. It builds dist/ (scripts/build.mjs).
//
// A global install from a checkout links the folder and installs only its
// `dependencies`, never the devDependencies, so the build tools (esbuild,
// TypeScript) are missing there. Then this script installs the locked
// devDependencies into the checkout's own node_modules first, with npm itself
// (`npm ci`, scripts off), exactly as a developer's `npm ci` would, and builds.
// Installing the packed tarball never runs this: it already holds dist/.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'package.json'));

function hasBuildTools() {
  try {
    require.resolve('esbuild');
    require.resolve('typescript/bin/tsc');
    return true;
  } catch {
    return false;
  }
}

if (!hasBuildTools()) {
  console.log('prepare: the build tools (devDependencies) are not installed here; installing them into this checkout with npm ci');
  // The outer npm's settings for a global install (global, prefix, omit=dev)
  // must not reach this local install.
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^npm_config_(global|location|prefix|omit|include|production|only|also|dev|save.*|ignore_scripts)$/i.test(key)) delete env[key];
  }
  const npmCli = process.env.npm_execpath;
  const [command, args] = npmCli && existsSync(npmCli) ? [process.execPath, [npmCli]] : [process.platform === 'win32' ? 'npm.cmd' : 'npm', []];
  execFileSync(command, [...args, 'ci', '--include=dev', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: root,
    env,
    stdio: 'inherit',
    shell: process.platform === 'win32' && command === 'npm.cmd',
  });
}

execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
