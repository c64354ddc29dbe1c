/**
 * `npm run bench`: runs every benchmark, each in a fresh Node process so that
 * one section's heap and JIT state cannot colour the next one's figures, and
 * prints each section's report (figures, the baseline measured in the same
 * run, and PASS/MISS against the issue's target).
 *
 *   node out/bench/run.js [parser] [analysis] [lsp] [typing] [http] [workspace]
 *
 * With no arguments all six run. The combined report is also written to
 * bench/last-run.txt, the source of the README's figures.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const SECTIONS: Record<string, { file: string; flags: string[]; title: string }> = {
  // --expose-gc lets the parser bench measure the tree's retained heap.
  parser: { file: 'parser.js', flags: ['--expose-gc'], title: 'syntax: parser speed and memory' },
  analysis: { file: 'analysis.js', flags: [], title: 'analysis: full and incremental' },
  lsp: { file: 'lsp.js', flags: [], title: 'language server vs vscode-json-language-server' },
  typing: { file: 'typing.js', flags: [], title: 'typing: keystroke by keystroke, 3.5 KiB in a workspace and 1 MiB' },
  http: { file: 'http.js', flags: [], title: 'catalog HTTP module vs node:http (and nginx)' },
  workspace: { file: 'workspace.js', flags: [], title: 'workspace: 10,000 and 100,000 command files' },
};

function main(): void {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = wanted.filter((name) => !(name in SECTIONS));
  if (unknown.length > 0) {
    console.error(`bench: unknown section ${unknown.join(', ')}; choose from ${Object.keys(SECTIONS).join(', ')}`);
    process.exit(2);
  }
  const names = wanted.length > 0 ? wanted : Object.keys(SECTIONS);
  const report: string[] = [
    `zscript benchmarks, ${new Date().toISOString()}, node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
  ];
  console.log(report[0]);
  let failed = false;
  for (const name of names) {
    const section = SECTIONS[name];
    const header = `\n== ${name}: ${section.title} ==`;
    console.log(header);
    report.push(header);
    const started = Date.now();
    const result = spawnSync(process.execPath, [...section.flags, path.join(__dirname, section.file)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 64 * 1024 * 1024,
    });
    const out = (result.stdout ?? '').trimEnd();
    console.log(out);
    report.push(out);
    const footer = `(${name}: ${((Date.now() - started) / 1000).toFixed(0)} s${result.status === 0 ? '' : `, exit ${result.status ?? result.signal}`})`;
    console.log(footer);
    report.push(footer);
    if (result.status !== 0) failed = true;
  }
  const misses = (report.join('\n').match(/\bMISS\b/g) ?? []).length;
  const summary = `\nsummary: ${misses === 0 ? 'every target met' : `${misses} target line(s) missed`}${failed ? '; a section failed to run' : ''}`;
  console.log(summary);
  report.push(summary);
  fs.writeFileSync(path.join(__dirname, '..', '..', 'bench', 'last-run.txt'), `${report.join('\n')}\n`);
  if (failed) process.exitCode = 1;
}

main();
