// Type-checks and compiles everything to out/ (tests and benchmarks run from
// there), then bundles the shipped entry points into single files in dist/.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const watch = process.argv.includes('--watch');
// While several modules are being written at once, `--allow-type-errors` (or
// ZSCRIPT_ALLOW_TYPE_ERRORS=1) still emits and bundles; CI never sets it.
const allowTypeErrors = process.argv.includes('--allow-type-errors') || process.env.ZSCRIPT_ALLOW_TYPE_ERRORS === '1';

rmSync('out', { recursive: true, force: true });
try {
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', '.'], { stdio: 'inherit' });
} catch {
  console.error('build: TypeScript reported errors (above)');
  if (!allowTypeErrors) process.exit(1);
}

const shebang = { js: '#!/usr/bin/env node' };
const entries = [
  { in: 'server/src/bin/languageServer.ts', out: 'dist/server.js', banner: shebang },
  { in: 'server/src/bin/catalogServer.ts', out: 'dist/catalog-server.js', banner: shebang },
  { in: 'server/src/bin/check.ts', out: 'dist/check.js', banner: shebang },
  { in: 'client/src/extension.ts', out: 'dist/extension.js', external: ['vscode'] },
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
    keepNames: true,
    external: entry.external ?? [],
    banner: entry.banner,
    logLevel: 'warning',
  });
  if (entry.banner) chmodSync(entry.out, 0o755);
}
console.log(`build: ${entries.length} bundles in dist/`);
