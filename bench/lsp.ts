/**
 * LSP benchmark: our server against vscode-json-language-server (npm
 * vscode-langservers-extracted) in the same run, each spawned fresh over
 * stdio, each on a 1 MiB document of its own language (a realistic command
 * file for ours, a JSON document for theirs). Both use pull diagnostics
 * (textDocument/diagnostic), so no debounce of either side is measured.
 *
 *   start → initialize result
 *   didOpen → first diagnostics (pull)
 *   one-character edit → diagnostics (pull)
 *   completion, hover (document unchanged since the last request)
 *   one-character edit → completion
 *   server peak memory (VmHWM of the server process)
 *
 * Medians over repeated runs (fresh processes, the two servers' runs
 * interleaved) and repeated requests. The document's diagnostics count is
 * printed with the results: the generated command file should have next to
 * none (like the JSON document), so that the figures measure the server, not
 * the size of a report of thousands of diagnostics.
 *
 * Then didOpen → first diagnostics again on two more command files of other
 * shapes (bench/documents.ts: error-free code from the valid fixtures, and
 * that code with thousands of diagnostics), against the JSON document in the
 * same runs, with the margin (json/ours) over the runs.
 *
 * Standalone: `node out/bench/lsp.js` (after the build), `node
 * out/bench/lsp.js open` for the open comparison alone. Environment:
 * ZSCRIPT_BENCH_RUNS (processes per server, default 5), ZSCRIPT_BENCH_REPEATS
 * (requests per measure and process, default 15), ZSCRIPT_BENCH_OPEN_RUNS
 * (runs of the open comparison, default 7).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { capabilities, LspClient, ROOT, SERVER } from '../test/lsp/client';
import { generateCommandText } from './parser';
import { cleanCommandText, faultyCommandText, statementCounts } from './documents';
import { median } from './stats';

const MiB = 1024 * 1024;
const JSON_SERVER = path.join(ROOT, 'node_modules', 'vscode-langservers-extracted', 'bin', 'vscode-json-language-server');

interface Position {
  line: number;
  character: number;
}

interface Subject {
  name: string;
  /** Sent as workspace/didChangeConfiguration after initialize. */
  settings?: unknown;
  command: string[];
  languageId: string;
  uri: string;
  text: string;
  /** Where a one-character edit goes (an insertion that is undone by the next edit). */
  editAt: number;
  editText: string;
  completionAt: number;
  hoverAt: number;
}

interface Metrics {
  start: number[];
  open: number[];
  editDiagnostics: number[];
  completion: number[];
  hover: number[];
  editCompletion: number[];
  memoryKiB: number[];
}

function positionAt(text: string, offset: number): Position {
  let line = 0;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, character: offset - lineStart };
}

function peakMemoryKiB(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmHWM:\s+(\d+)\s+kB/.exec(status);
    return match ? Number(match[1]) : NaN;
  } catch {
    return NaN;
  }
}

/** A 1 MiB JSON document of the same flavour as the command files (bot command records). */
export function generateJsonText(size: number): string {
  const items: string[] = [];
  let total = 4;
  for (let n = 0; total < size; n++) {
    const item = JSON.stringify(
      {
        id: n,
        name: `Command ${n}`,
        trigger: `!cmd${n}`,
        type: n % 3 === 0 ? 'slash' : 'prefix',
        enabled: n % 2 === 0,
        cooldown: (n * 7) % 60,
        tags: ['fun', 'xp', 'level'].slice(0, 1 + (n % 3)),
        embed: { title: `Report ${n}`, color: '#5865F2', fields: [{ name: 'XP', value: String(n * 10), inline: true }] },
      },
      null,
      2,
    );
    items.push(item);
    total += item.length + 2;
  }
  return `[\n${items.join(',\n')}\n]\n`;
}

/**
 * A JSON Schema for those records, given to the JSON server through its
 * `json.schemas` setting, so that its completion, hover and validation do
 * the schema-driven work an editor would ask of it (without a schema, hover
 * answers null and completion offers little).
 */
export const JSON_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'array',
  items: {
    type: 'object',
    description: 'A bot command.',
    additionalProperties: false,
    required: ['id', 'name', 'trigger'],
    properties: {
      id: { type: 'integer', minimum: 0, description: 'Unique command number.' },
      name: { type: 'string', minLength: 1, description: 'Display name of the command.' },
      trigger: { type: 'string', pattern: '^[!/].+', description: 'What starts the command: `!word` or `/name`.' },
      type: { enum: ['prefix', 'slash', 'sub-slash', 'interaction', 'event'], description: 'How the command is triggered.' },
      enabled: { type: 'boolean', description: 'Whether the bot runs it.' },
      cooldown: { type: 'integer', minimum: 0, maximum: 3600, description: 'Seconds between two uses.' },
      tags: { type: 'array', items: { type: 'string' }, uniqueItems: true, description: 'Free-form tags.' },
      embed: {
        type: 'object',
        description: 'The embed sent as the response.',
        properties: {
          title: { type: 'string', maxLength: 256 },
          color: { type: 'string', pattern: '^#[0-9A-Fa-f]{6}$', description: 'Hex colour.' },
          fields: {
            type: 'array',
            maxItems: 25,
            items: {
              type: 'object',
              required: ['name', 'value'],
              properties: { name: { type: 'string' }, value: { type: 'string' }, inline: { type: 'boolean' } },
            },
          },
        },
      },
    },
  },
};

function subjects(): Subject[] {
  const ours = generateCommandText(MiB);
  // The middle of the file: a line that starts a call, for completion/hover; the edit goes inside its text.
  const middle = ours.indexOf('\nZ', ours.length >> 1) + 1;
  const theirs = generateJsonText(MiB);
  const jsonMiddle = theirs.indexOf('"trigger"', theirs.length >> 1);
  return [
    {
      name: 'zscript',
      command: [process.execPath, SERVER, '--stdio'],
      languageId: 'zscript',
      uri: 'file:///bench/commands/big.zbr',
      text: ours,
      editAt: middle + 1,
      editText: 'x',
      completionAt: middle + 2,
      hoverAt: middle + 2,
    },
    {
      name: 'vscode-json-language-server',
      command: [process.execPath, JSON_SERVER, '--stdio'],
      settings: { json: { validate: { enable: true }, schemas: [{ fileMatch: ['*.json'], schema: JSON_SCHEMA }] } },
      languageId: 'json',
      uri: 'file:///bench/big.json',
      text: theirs,
      // Inside a key string: stays valid JSON either way.
      editAt: jsonMiddle + 2,
      editText: 'x',
      // At the start of a key, inside an object: property completion.
      completionAt: jsonMiddle,
      hoverAt: jsonMiddle + 2,
    },
  ];
}

/** What each server answered (so that the table never compares an answer with a no-op). */
const sanity = new Map<string, { diagnostics: number; completionItems?: number; hoverChars?: number }>();

async function measure(subject: Subject, runs: number, repeats: number, metrics: Metrics): Promise<void> {
  for (let run = 0; run < runs; run++) {
    const t0 = performance.now();
    const client = new LspClient({ command: subject.command.slice(0, 2), args: subject.command.slice(2) });
    try {
      await client.initialize({ capabilities: capabilities({ pull: true }), workspaceFolders: null });
      metrics.start.push(performance.now() - t0);
      if (subject.settings) await client.notify('workspace/didChangeConfiguration', { settings: subject.settings });

      const textDocument = { uri: subject.uri };
      let version = 1;
      const t1 = performance.now();
      await client.notify('textDocument/didOpen', { textDocument: { ...textDocument, languageId: subject.languageId, version, text: subject.text } });
      const first = await client.request('textDocument/diagnostic', { textDocument }, 120000);
      metrics.open.push(performance.now() - t1);
      if (first?.kind !== 'full') throw new Error(`${subject.name}: no diagnostics report`);
      sanity.set(subject.name, { diagnostics: first.items.length });

      // A one-character edit, undone by the next one: the text alternates between two states.
      let inserted = false;
      const edit = async () => {
        const at = positionAt(subject.text, subject.editAt);
        const range = inserted ? { start: at, end: { line: at.line, character: at.character + subject.editText.length } } : { start: at, end: at };
        await client.notify('textDocument/didChange', {
          textDocument: { ...textDocument, version: ++version },
          contentChanges: [{ range, text: inserted ? '' : subject.editText }],
        });
        inserted = !inserted;
      };
      const completionPos = positionAt(subject.text, subject.completionAt);
      const hoverPos = positionAt(subject.text, subject.hoverAt);

      for (let i = 0; i < repeats; i++) {
        const t = performance.now();
        await edit();
        await client.request('textDocument/diagnostic', { textDocument }, 120000);
        metrics.editDiagnostics.push(performance.now() - t);
      }
      if (inserted) await edit();
      await client.request('textDocument/diagnostic', { textDocument }, 120000);
      for (let i = 0; i < repeats; i++) {
        const t = performance.now();
        const list = await client.request('textDocument/completion', { textDocument, position: completionPos }, 120000);
        metrics.completion.push(performance.now() - t);
        sanity.get(subject.name)!.completionItems = (Array.isArray(list) ? list : (list?.items ?? [])).length;
      }
      for (let i = 0; i < repeats; i++) {
        const t = performance.now();
        const hover = await client.request('textDocument/hover', { textDocument, position: hoverPos }, 120000);
        metrics.hover.push(performance.now() - t);
        sanity.get(subject.name)!.hoverChars = hover ? JSON.stringify(hover.contents).length : 0;
      }
      for (let i = 0; i < repeats; i++) {
        const t = performance.now();
        await edit();
        await client.request('textDocument/completion', { textDocument, position: completionPos }, 120000);
        metrics.editCompletion.push(performance.now() - t);
      }
      metrics.memoryKiB.push(peakMemoryKiB(client.child.pid));
    } finally {
      await client.shutdown();
    }
  }
}

function fmtMs(ms: number): string {
  return ms >= 100 ? `${ms.toFixed(0)} ms` : ms >= 10 ? `${ms.toFixed(1)} ms` : `${ms.toFixed(2)} ms`;
}

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}

/** A document shape opened by the open → first diagnostics comparison. */
interface OpenShape {
  label: string;
  subject: Subject;
  /** Milliseconds from didOpen to the first pulled diagnostics, one per run (same index: same run). */
  open: number[];
  /** The same for the same text opened again in that process (another name). */
  again: number[];
  /** What the first report carried (delivered items), the last run's. */
  items: number;
  /** Diagnostics found (the delivered ones and those the cap left out). */
  found: number;
}

/**
 * didOpen → first pulled diagnostics in a fresh server process (started and
 * initialized first, not timed), then the same text opened again under
 * another name in that process (`again`): the difference is what running
 * the code for the first time costs (V8 compiles and optimises as it goes).
 */
async function openOnce(subject: Subject): Promise<{ ms: number; again: number; items: number; found: number }> {
  const client = new LspClient({ command: subject.command.slice(0, 2), args: subject.command.slice(2) });
  try {
    await client.initialize({ capabilities: capabilities({ pull: true }), workspaceFolders: null });
    if (subject.settings) await client.notify('workspace/didChangeConfiguration', { settings: subject.settings });
    const open = async (uri: string) => {
      const textDocument = { uri };
      const t = performance.now();
      await client.notify('textDocument/didOpen', { textDocument: { ...textDocument, languageId: subject.languageId, version: 1, text: subject.text } });
      const report = await client.request('textDocument/diagnostic', { textDocument }, 120000);
      const ms = performance.now() - t;
      if (report?.kind !== 'full') throw new Error(`${subject.name}: no diagnostics report`);
      return { ms, report };
    };
    const { ms, report } = await open(subject.uri);
    // In another folder: two files of one folder with one trigger would add a cross-file warning.
    const again = (await open(subject.uri.replace(/\/([^/]+)$/, '/again/$1'))).ms;
    // Past the cap, the last item says how many more there are.
    const last = report.items[report.items.length - 1];
    const more = last?.code === 'too-many-diagnostics' ? Number(/^\d+/.exec(last.message)?.[0] ?? 0) : 0;
    return { ms, again, items: report.items.length, found: more ? report.items.length - 1 + more : report.items.length };
  } finally {
    await client.shutdown();
  }
}

/**
 * Open → first diagnostics on documents of different shapes (error-free code,
 * code with thousands of diagnostics), each against the JSON server on its
 * 1 MiB JSON document in the same runs. A run opens every document once, each
 * in a fresh process, in an order that rotates from run to run; the margin is
 * the JSON server's time over ours within a run (so both saw the same
 * machine), its median and its range over the runs. PASS: faster in every run.
 */
async function runOpenShapes(json: Subject, runs: number): Promise<string[]> {
  const ours = (label: string, text: string): OpenShape => ({
    label,
    subject: {
      ...json,
      name: `zscript (${label})`,
      command: [process.execPath, SERVER, '--stdio'],
      settings: undefined,
      languageId: 'zscript',
      uri: 'file:///bench/commands/big.zbr',
      text,
    },
    open: [],
    again: [],
    items: 0,
    found: 0,
  });
  const shapes = [ours('error-free', cleanCommandText(MiB)), ours('thousands of diagnostics', faultyCommandText(MiB))];
  const theirs: OpenShape = { label: 'json', subject: json, open: [], again: [], items: 0, found: 0 };
  const all = [theirs, ...shapes];
  for (let run = 0; run < runs; run++) {
    for (let k = 0; k < all.length; k++) {
      const shape = all[(run + k) % all.length];
      const { ms, again, items, found } = await openOnce(shape.subject);
      shape.open.push(ms);
      shape.again.push(again);
      shape.items = items;
      shape.found = found;
    }
  }
  const lines: string[] = [];
  lines.push(`didOpen → first diagnostics (pull) by document shape: ${runs} runs, each opening every document once in a fresh process (order rotating)`);
  const header = `${pad('zscript document', 44)} ${pad('zscript', 10)} ${pad('json', 10)} ${pad('json/ours', 10)} ${pad('min–max', 12)} faster in  target`;
  lines.push(header);
  lines.push('-'.repeat(header.length + 8));
  for (const shape of shapes) {
    const ratios = shape.open.map((ms, run) => theirs.open[run] / ms);
    const faster = ratios.filter((r) => r > 1).length;
    const describe = `${shape.label}, ${(shape.subject.text.length / MiB).toFixed(2)} MiB`;
    lines.push(
      `${pad(describe, 44)} ${pad(fmtMs(median(shape.open)), 10)} ${pad(fmtMs(median(theirs.open)), 10)} ${pad(`${median(ratios).toFixed(2)}×`, 10)} ${pad(`${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×`, 12)} ${pad(`${faster}/${runs}`, 10)} faster ${faster === runs ? 'PASS' : 'MISS'}`,
    );
  }
  lines.push(
    `  opened again in the same process (medians): ${all.map((shape) => `${shape === theirs ? 'json' : shape.label} ${fmtMs(median(shape.again))} (first ${fmtMs(median(shape.open))})`).join('; ')}`,
  );
  for (const shape of all) {
    let what = '';
    if (shape !== theirs) {
      const { statements, distinct } = statementCounts(shape.subject.text);
      what = ` (${statements} statements, ${distinct} different: the fixtures repeat, and the analyzer analyses a repeated statement once)`;
    }
    lines.push(`  ${shape.subject.name}: ${shape.found} diagnostics found, ${shape.items} items in the first report${what}`);
  }
  return lines;
}

export async function runLspBench(openOnly = false): Promise<string[]> {
  const runs = Math.max(1, Number(process.env.ZSCRIPT_BENCH_RUNS) || 5);
  const repeats = Math.max(1, Number(process.env.ZSCRIPT_BENCH_REPEATS) || 15);
  const openRuns = Math.max(1, Number(process.env.ZSCRIPT_BENCH_OPEN_RUNS) || 7);
  if (!fs.existsSync(SERVER)) return [`lsp bench: ${SERVER} is missing; run the build first`];
  if (!fs.existsSync(JSON_SERVER)) return [`lsp bench: ${JSON_SERVER} is missing (npm package vscode-langservers-extracted)`];

  const [ours, theirs] = subjects();
  if (openOnly) return runOpenShapes(theirs, openRuns);
  const empty = (): Metrics => ({ start: [], open: [], editDiagnostics: [], completion: [], hover: [], editCompletion: [], memoryKiB: [] });
  const [a, b] = [empty(), empty()];
  // Runs alternate between the two servers (and which goes first), so that both see the
  // same machine: on a shared or busy machine the load drifts over a whole run of one server.
  for (let run = 0; run < runs; run++) {
    const order: [Subject, Metrics][] =
      run % 2 === 0
        ? [
            [ours, a],
            [theirs, b],
          ]
        : [
            [theirs, b],
            [ours, a],
          ];
    for (const [subject, metrics] of order) await measure(subject, 1, repeats, metrics);
  }
  const lines: string[] = [];
  lines.push(
    `LSP: zscript-language-server on a ${(ours.text.length / MiB).toFixed(2)} MiB command file vs vscode-json-language-server on a ${(theirs.text.length / MiB).toFixed(2)} MiB JSON document`,
  );
  lines.push(
    `     pull diagnostics for both; medians of ${runs} fresh processes × ${repeats} requests (start/open/memory: ${runs} samples); node ${process.version}`,
  );
  const header = `${pad('measure', 30)} ${pad('zscript', 12)} ${pad('json', 12)} ${pad('json/ours', 10)} target`;
  lines.push(header);
  lines.push('-'.repeat(header.length + 12));
  const row = (label: string, ours: number, theirs: number, factor: number, unit: 'ms' | 'MiB') => {
    const ratio = theirs / ours;
    const pass = unit === 'MiB' ? ours <= theirs : ratio >= factor;
    const target = unit === 'MiB' ? 'no more memory' : factor > 1 ? `≥ ${factor}× faster` : 'faster';
    const show = (v: number) => (unit === 'MiB' ? `${(v / 1024).toFixed(1)} MiB` : fmtMs(v));
    lines.push(
      `${pad(label, 30)} ${pad(show(ours), 12)} ${pad(show(theirs), 12)} ${pad(`${ratio.toFixed(1)}×`, 10)} ${pad(target, 16)} ${pass ? 'PASS' : 'MISS'}`,
    );
  };
  row('start → initialize result', median(a.start), median(b.start), 1, 'ms');
  row('didOpen → first diagnostics', median(a.open), median(b.open), 1, 'ms');
  row('1-char edit → diagnostics', median(a.editDiagnostics), median(b.editDiagnostics), 10, 'ms');
  row('completion', median(a.completion), median(b.completion), 1, 'ms');
  row('hover', median(a.hover), median(b.hover), 1, 'ms');
  row('1-char edit → completion', median(a.editCompletion), median(b.editCompletion), 10, 'ms');
  row('server peak memory (VmHWM)', Math.max(...a.memoryKiB), Math.max(...b.memoryKiB), 1, 'MiB');
  for (const [name, s] of sanity) {
    lines.push(`  ${name}: ${s.diagnostics} diagnostics on open, ${s.completionItems ?? 0} completion items, hover of ${s.hoverChars ?? 0} characters`);
  }
  lines.push('');
  lines.push(...(await runOpenShapes(theirs, openRuns)));
  return lines;
}

if (require.main === module) {
  runLspBench(process.argv.includes('open')).then(
    (lines) => {
      for (const line of lines) console.log(line);
    },
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
