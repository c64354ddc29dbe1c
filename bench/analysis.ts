/**
 * Analysis benchmark: a generated realistic 1 MiB command file (bench/parser's
 * generator), full analysis with a fresh Analyzer, then a one-character edit in
 * the middle + incremental reparse + re-analysis (median of many), reporting
 * how many statements each re-analysis actually analysed; then the same through
 * the language server's path (diagnoseParts with the previous tree).
 *
 * Standalone: `node out/bench/analysis.js` (after the build).
 */
import { performance } from 'node:perf_hooks';
import { bundledCatalog } from '../server/src/catalog';
import { parseCommandFile } from '../server/src/syntax/parse';
import { reparseCommandFile } from '../server/src/syntax/incremental';
import { Analyzer } from '../server/src/analysis';
import { generateCommandText } from './parser';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

export async function runAnalysisBench(): Promise<string[]> {
  const catalog = bundledCatalog();
  const options = { isBareCallable: (n: string) => catalog.isBareCallable(n) };
  const text = generateCommandText(1024 * 1024);
  const lines: string[] = [];

  const fullTimes: number[] = [];
  let tree = parseCommandFile(text, options);
  let diagnostics = 0;
  for (let run = 0; run < 5; run++) {
    const analyzer = new Analyzer(catalog);
    const t0 = performance.now();
    diagnostics = analyzer.diagnose(tree).length;
    fullTimes.push(performance.now() - t0);
  }
  lines.push(`analysis: 1 MiB file, ${tree.statements.length} statements, ${diagnostics} diagnostics; full analysis median ${median(fullTimes).toFixed(1)} ms`);

  const analyzer = new Analyzer(catalog);
  analyzer.diagnose(tree);
  const editTimes: number[] = [];
  const analysed: number[] = [];
  let at = Math.floor(text.length / 2);
  for (let i = 0; i < 50; i++) {
    const cur = tree.text;
    while (at < cur.length && !/[a-z]/.test(cur[at])) at++;
    const before = analyzer.stats.statementsAnalyzed;
    const t0 = performance.now();
    tree = reparseCommandFile(tree, { start: at, end: at + 1, text: cur[at] === 'a' ? 'b' : 'a' }, options);
    analyzer.diagnose(tree);
    editTimes.push(performance.now() - t0);
    analysed.push(analyzer.stats.statementsAnalyzed - before);
  }
  lines.push(
    `analysis: one-character edit + reparse + re-analysis median ${median(editTimes).toFixed(2)} ms over ${editTimes.length} edits; statements re-analysed per edit: median ${median(analysed)}, max ${Math.max(...analysed)}`,
  );

  // The language server's path: diagnoseParts with the previous tree as a hint (results kept
  // by tree, reused by position; refold when the edited statement's facts are unchanged).
  const hintedFull: number[] = [];
  for (let run = 0; run < 5; run++) {
    const fresh = parseCommandFile(text, options);
    const a = new Analyzer(catalog);
    const t0 = performance.now();
    a.diagnoseParts(fresh, fresh);
    hintedFull.push(performance.now() - t0);
  }
  const server = new Analyzer(catalog);
  let current = parseCommandFile(text, options);
  server.diagnoseParts(current, current);
  const hintedTimes: number[] = [];
  const refoldsBefore = server.stats.refolds;
  at = Math.floor(text.length / 2);
  for (let i = 0; i < 50; i++) {
    const cur = current.text;
    while (at < cur.length && !/[a-z]/.test(cur[at])) at++;
    const t0 = performance.now();
    const next = reparseCommandFile(current, { start: at, end: at + 1, text: cur[at] === 'a' ? 'b' : 'a' }, options);
    server.diagnoseParts(next, current);
    hintedTimes.push(performance.now() - t0);
    current = next;
  }
  lines.push(
    `analysis (server path, diagnoseParts with the previous tree): full ${median(hintedFull).toFixed(1)} ms; edit + reparse + re-analysis median ${median(hintedTimes).toFixed(2)} ms, ${server.stats.refolds - refoldsBefore} of ${hintedTimes.length} edits without a walk over the file`,
  );
  return lines;
}

if (require.main === module) {
  runAnalysisBench().then(
    (lines) => console.log(lines.join('\n')),
    (err) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
