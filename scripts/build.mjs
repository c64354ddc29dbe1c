// Type-checks and compiles everything to out/ (tests and benchmarks run from
// there), then bundles the shipped entry points into single files in dist/.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const watch = process.argv.includes('--watch');
// While several modules are being written at once, `--allow-type-errors` (or
// ZSCRIPT_ALLOW_TYPE_ERRORS=1) still emits and bundles; CI never sets it.
const allowTypeErrors = process.argv.includes('--allow-type-errors') || process.env.ZSCRIPT_ALLOW_TYPE_ERRORS === '1';

try {
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', '.'], { stdio: 'inherit' });
} catch {
  console.error('build: TypeScript reported errors (above)');
  if (!allowTypeErrors) process.exit(1);
}
removeStaleOutput('out');

/**
 * Deletes compiled files whose source is gone (a renamed test must not keep
 * running from out/). Done file by file after tsc rather than by emptying out/
 * first, so that a build never leaves out/ missing for a test run in progress.
 */
function removeStaleOutput(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) removeStaleOutput(path);
    else {
      const m = /^out\/(.*)\.js(\.map)?$/.exec(path.split('\\').join('/'));
      if (m && !existsSync(`${m[1]}.ts`)) rmSync(path, { force: true });
    }
  }
}

const shebang = { js: '#!/usr/bin/env node' };
const entries = [
  { in: 'server/src/bin/languageServer.ts', out: 'dist/server.js', banner: shebang },
  // The server's workspace reader thread, small on purpose (see its file).
  { in: 'server/src/bin/workspaceReader.ts', out: 'dist/workspace-reader.js' },
  { in: 'server/src/bin/catalogServer.ts', out: 'dist/catalog-server.js', banner: shebang },
  { in: 'server/src/bin/check.ts', out: 'dist/check.js', banner: shebang },
  { in: 'client/src/extension.ts', out: 'dist/extension.js', external: ['vscode'] },
  // The library entry point (`require('zscript')`); its declarations are emitted below.
  { in: 'server/src/index.ts', out: 'dist/index.js' },
];

for (const entry of entries) {
  if (!existsSync(entry.in)) continue;
  await build({
    entryPoints: [entry.in],
    outfile: entry.out,
    bundle: true,
    platform: 'node',
    target: 'node18',
    format: 'cjs',
    sourcemap: true,
    minify: !watch,
    // No keepNames: it wraps every function the code creates in a call that defines its name,
    // closures made per statement or per request included, which cost the first analysis of a
    // large file about a tenth of its time. Stack traces map back through the shipped source map
    // (node --enable-source-maps).
    external: entry.external ?? [],
    banner: entry.banner,
    logLevel: 'warning',
  });
  if (entry.banner) chmodSync(entry.out, 0o755);
}
// Declarations of the library API, for TypeScript users of `require('zscript')`.
if (!watch) {
  try {
    execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.lib.json'], { stdio: 'inherit' });
  } catch {
    console.error('build: the library declarations (tsconfig.lib.json) did not compile');
    if (!allowTypeErrors) process.exit(1);
  }
}
console.log(`build: ${entries.length} bundles and the library declarations in dist/`);
