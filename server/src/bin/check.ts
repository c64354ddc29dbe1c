/**
 * zscript-check: checks Z command files (.zbr) from the command line with the
 * same parser, catalog and analysis as the language server, so that bot
 * projects can check their commands in CI before deploying.
 *
 *   zscript-check [options] [paths...]
 *
 * Exit codes: 0 clean (or only tolerated warnings), 1 errors found or more
 * warnings than --max-warnings, 2 bad usage, an unreadable path or catalog.
 */
import { isUtf8 } from 'node:buffer';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { bundledCatalog, loadCatalogFromDirectory } from '../catalog/load';
import { BoundedReadError, formatBytes, readRegularFileSync } from '../catalog/boundedRead';
import type { Catalog } from '../catalog/catalog';
import { parseCommandFile } from '../syntax/parse';
import { LineIndex } from '../syntax/positions';
import { Analyzer, isSilenced, type AnalysisDiagnostic, type DiagnosisParts } from '../analysis/analyzer';
import type { SyntaxTree } from '../syntax/tree';
import { DIAGNOSTIC_CODES, effectiveSeverity, isSeverityLevel, type Severity, SEVERITY_LEVELS, type SeverityLevel } from '../analysis/codes';
import { type CommandSpec, hasFlag, lastValue, standardArguments, usageError } from './args';
import { VERSION } from '../version';
import { walkSync } from '../walk';
import { pathToFileURL } from 'node:url';
import { botRootOnDisk, commandFilesOnDisk } from '../botRoot';
import { CommandTriggers, triggerOf, wholeBotKnown } from '../analysis/commandLayout';
import { BotNames } from '../analysis/botNames';
import { aliasSignature, type CrossFileSources, crossFileFindings, crossFileSettled } from '../analysis/crossFile';
import { type FileIndex, WorkspaceIndex } from '../analysis/workspaceIndex';

const HELP = `zscript-check ${VERSION}: checks Z command files (.zbr)

Usage: zscript-check [options] [paths...]

Paths are files and folders; folders are searched recursively for *.zbr
(node_modules and .git are skipped, and so are links that lead out of the
folder given: they are named on stderr). The default path is the current
folder.

Options:
  --catalog DIR          use the catalog files in DIR (functions.json, ...)
                         instead of the bundled catalog
  --format text|json     output format (default text:
                         file:line:col: severity code message)
  --max-warnings N       also exit 1 when there are more than N warnings
  --quiet                report errors only
  --severity CODE=LEVEL  change a diagnostic's severity (error, warning,
                         information, hint, off); may be repeated
  --help                 print this help and exit
  --version              print the version and exit

Exit status: 0 no errors, 1 errors (or too many warnings), 2 bad usage,
a path or catalog that cannot be read, or no .zbr file found at all (a
check that checked nothing is not a pass).

Files that contain NUL bytes are binary, not command files: they are named
on stderr and skipped. Control characters in the report are escaped.
`;

interface Options {
  paths: string[];
  catalogDir?: string;
  format: 'text' | 'json';
  maxWarnings?: number;
  quiet: boolean;
  severity: Record<string, SeverityLevel>;
}

const SPEC: CommandSpec = {
  command: 'zscript-check',
  positionals: true,
  options: [
    { name: '--catalog', value: true },
    { name: '--format', aliases: ['-f'], value: true },
    { name: '--max-warnings', value: true },
    { name: '--quiet', aliases: ['-q'] },
    { name: '--severity', value: true },
  ],
};

/** The options to check with, or the exit status when there is nothing to check. */
function parseArgs(argv: readonly string[]): Options | number {
  const parsed = standardArguments(SPEC, HELP, argv);
  if (typeof parsed === 'number') return parsed;
  const options: Options = { paths: [...parsed.positionals], format: 'text', quiet: hasFlag(parsed, '--quiet'), severity: {} };
  const dir = lastValue(parsed, '--catalog');
  if (dir !== undefined) {
    if (!dir) return usageError(SPEC, '--catalog needs a folder');
    options.catalogDir = dir;
  }
  const format = lastValue(parsed, '--format');
  if (format !== undefined) {
    if (format !== 'text' && format !== 'json') return usageError(SPEC, `--format must be text or json, got "${format}"`);
    options.format = format;
  }
  const raw = lastValue(parsed, '--max-warnings');
  if (raw !== undefined) {
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isInteger(n) || n < -1) return usageError(SPEC, `--max-warnings needs a whole number (-1 for no limit), got "${raw}"`);
    options.maxWarnings = n < 0 ? undefined : n;
  }
  for (const raw of parsed.values.get('--severity') ?? []) {
    const at = raw.indexOf('=');
    const code = raw.slice(0, at).trim();
    const level = raw.slice(at + 1).trim();
    if (at <= 0 || !isSeverityLevel(level)) {
      return usageError(SPEC, `--severity needs CODE=LEVEL with LEVEL one of ${SEVERITY_LEVELS.join(', ')}, got "${raw}"`);
    }
    if (!(code in DIAGNOSTIC_CODES)) return usageError(SPEC, `--severity: unknown diagnostic code "${code}"`);
    options.severity[code] = level;
  }
  if (options.paths.length === 0) options.paths.push('.');
  return options;
}

/** The folders zscript-check never enters (the walker's others, .hg and .svn, are entered as before). */
const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['node_modules', '.git']);

/**
 * Expands the given paths into .zbr files (sorted within each folder);
 * unreadable paths are reported in `problems`, links out of the folder
 * given in `skipped`.
 */
function collectFiles(paths: readonly string[], problems: string[], skipped: string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const add = (file: string) => {
    const key = path.resolve(file);
    if (!seen.has(key)) {
      seen.add(key);
      files.push(file);
    }
  };
  const options = { accept: (name: string) => name.endsWith('.zbr'), skipFolders: SKIPPED_FOLDERS, followLinkedFolders: true, sorted: true };
  for (const given of paths) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(given);
    } catch (error) {
      problems.push(`${given}: cannot be read (${describe(error)})`);
      continue;
    }
    if (!stat.isDirectory()) {
      add(given); // a file named explicitly is checked whatever its extension
      continue;
    }
    // Each folder given is the root its links must stay in.
    walkSync([given], options, (item) => {
      if (item.kind === 'problem') problems.push(`${item.path}: cannot be read (${describe(item.error)})`);
      else if (item.kind === 'skipped') skipped.push(`${item.path}: ${item.reason} ${given}, not checked`);
      else if (item.regular) add(item.path); // a link to a FIFO or a device is not a command file
    });
  }
  return files;
}

function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file or folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a folder';
    case 'ENOTDIR':
      return 'not a folder';
    default:
      return code ?? (error instanceof Error ? error.message : String(error));
  }
}

export interface CheckDiagnostic {
  file: string;
  /** 1-based line and column (UTF-16 code units, as editors count them). */
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: Severity;
  code: string;
  message: string;
}

/** Checks one file's text: the language server's parse and analysis, positions made 1-based. */
export function checkText(file: string, text: string, analyzer: Analyzer, catalog: Catalog, severity: Record<string, SeverityLevel>): CheckDiagnostic[] {
  const out: CheckDiagnostic[] = [];
  for (const d of eachFinding(file, text, analyzer, catalog, severity)) out.push(d);
  return out;
}

/**
 * The findings of one file in position order, made one at a time: a file with
 * millions of findings is written out as it goes instead of being held twice.
 */
export function* eachFinding(
  file: string,
  text: string,
  analyzer: Analyzer,
  catalog: Catalog,
  severity: Record<string, SeverityLevel>,
  layout?: Layout,
): Generator<CheckDiagnostic> {
  const tree = parseText(text, catalog);
  // Positions are those of the text without a byte-order mark, as editors show it (the mark is no column).
  const mark = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const lines = new LineIndex(mark ? text.slice(1) : text);
  const parts = analyzer.diagnoseParts(tree);
  // The findings about other files too obey the file's disable comments.
  const others = (layout?.findingsOf(file) ?? []).filter((d) => !isSilenced(parts, d));
  const settled = layout?.settledOf(file);
  for (const d of withOthers(eachAnalysisDiagnostic(tree, parts), others)) {
    const level = effectiveSeverity(d.code, d.severity, severity);
    if (level === undefined || settled?.(d.code, text.slice(d.start, d.end))) continue;
    const start = lines.positionAt(Math.max(0, d.start - mark));
    const end = lines.positionAt(Math.max(0, d.start - mark, d.end - mark));
    yield {
      file,
      line: start.line + 1,
      column: start.character + 1,
      endLine: end.line + 1,
      endColumn: end.character + 1,
      severity: level,
      code: d.code,
      message: d.message,
    };
  }
}

/**
 * The file's tree, a byte-order mark included: the engine reads the mark as part of the first line (which
 * is then no header: byte-order-mark), so the analysis must see it too.
 */
function parseText(text: string, catalog: Catalog): SyntaxTree {
  return parseCommandFile(text, { isBareCallable: (name: string) => catalog.isBareCallable(name) });
}

/** `findings` in position order with `others` (sorted) merged in, each placed after the findings at or before its range. */
function* withOthers(findings: Iterable<AnalysisDiagnostic>, others: readonly AnalysisDiagnostic[]): Generator<AnalysisDiagnostic> {
  let k = 0;
  for (const d of findings) {
    while (k < others.length && (others[k].start - d.start || others[k].end - d.end) < 0) yield others[k++];
    yield d;
  }
  while (k < others.length) yield others[k++];
}

/**
 * What the engine makes of the files checked, taken together, as the
 * language server reports it for a workspace (crossFile.ts: shared triggers,
 * files never loaded, and with every command file of a bot checked, the
 * components no command handles and the names no command writes). Files are
 * compared with the other files of the same run.
 */
export class Layout {
  private readonly triggers = new CommandTriggers();
  private readonly names = new BotNames();
  private readonly index: WorkspaceIndex;
  /** Each file's index entry (what the checks that need the whole bot read). */
  private readonly indexes = new Map<string, FileIndex>();
  /** Each file's alias signature (crossFile.aliasSignature), for the files that take a cooldown. */
  private readonly cooldowns = new Map<string, string>();
  private readonly files = new Set<string>();
  /** Per folder: whether the run checks every command file of its bot (the files are all added before the first findingsOf). */
  private readonly wholeBot = new Map<string, boolean>();

  constructor(private readonly catalog: Catalog) {
    this.index = new WorkspaceIndex(catalog);
  }

  /** Records the trigger and the names of a file, from its text as read. */
  add(file: string, text: string): void {
    const uri = uriOf(file);
    const tree = parseText(text, this.catalog);
    this.triggers.update(uri, triggerOf(uri, tree));
    this.files.add(uri);
    const index = this.index.indexTree(tree, false);
    this.indexes.set(uri, index);
    const alias = aliasSignature(text, index);
    if (alias !== undefined) this.cooldowns.set(uri, alias);
    this.names.update(uri, index);
  }

  /** wholeBotKnown for the files of the run, worked out once per folder (a read of the folder and a pass over the files). */
  private checksWholeBot(uri: string): boolean {
    const folder = uri.slice(0, uri.lastIndexOf('/'));
    let known = this.wholeBot.get(folder);
    if (known === undefined) {
      known = wholeBotKnown(uri, this.files, { isBotRoot: botRootOnDisk, commandFiles: commandFilesOnDisk });
      this.wholeBot.set(folder, known);
    }
    return known;
  }

  private sources(): CrossFileSources {
    return {
      catalog: this.catalog,
      triggers: this.triggers,
      names: this.names,
      isBotRoot: botRootOnDisk,
      wholeBotKnown: (u) => this.checksWholeBot(u),
      indexOf: (u) => this.indexes.get(u),
      cooldownIn: (u) => this.cooldowns.get(u),
    };
  }

  /** The file's findings that depend on the other files and folders, sorted, offsets in its text without a byte order mark. */
  findingsOf(file: string): AnalysisDiagnostic[] {
    const findings = crossFileFindings(uriOf(file), this.sources());
    return findings.map((f) => f.diagnostic).sort((a, b) => a.start - b.start || a.end - b.end);
  }

  /** The test for the file's own findings that the other files prove wrong (crossFileSettled), if any. */
  settledOf(file: string): ((code: string, text: string) => boolean) | undefined {
    return crossFileSettled(uriOf(file), this.sources());
  }
}

function uriOf(file: string): string {
  return pathToFileURL(path.resolve(file)).href;
}

/**
 * The analyzer's findings in the order (and with the silencing) of
 * flattenDiagnosis, produced one at a time from its parts instead of as one
 * list of copies: the statements' own findings (cached by the analyzer, made
 * absolute one by one) merged with the file-level ones, which come first at
 * equal ranges when found while walking and last otherwise.
 */
function* eachAnalysisDiagnostic(tree: SyntaxTree, parts: DiagnosisParts): Generator<AnalysisDiagnostic> {
  const byRange = (a: AnalysisDiagnostic, b: AnalysisDiagnostic) => a.start - b.start || a.end - b.end;
  const walked = parts.fileLevel.slice(0, parts.loopCount).sort(byRange);
  const checked = parts.fileLevel.slice(parts.loopCount).sort(byRange);
  function* own(): Generator<AnalysisDiagnostic> {
    for (const p of parts.statements) {
      if (p.silenced === null) continue;
      const base = tree.starts[p.index];
      for (const d of p.diagnostics) if (!p.silenced?.includes(d.code)) yield { ...d, start: d.start + base, end: d.end + base };
    }
  }
  const statements = own();
  let next = statements.next();
  let w = 0;
  let c = 0;
  for (;;) {
    // Ties: walked before a statement's own before the file-level checks' (a stable sort of that concatenation).
    let pick: AnalysisDiagnostic | undefined;
    if (w < walked.length && (next.done || byRange(walked[w], next.value) <= 0) && (c >= checked.length || byRange(walked[w], checked[c]) <= 0))
      pick = walked[w++];
    else if (!next.done && (c >= checked.length || byRange(next.value, checked[c]) <= 0)) {
      pick = next.value;
      next = statements.next();
    } else if (c < checked.length) pick = checked[c++];
    if (!pick) return;
    if (!isSilenced(parts, pick)) yield pick;
  }
}

/**
 * stdout, written in blocks. When the reader goes away (`zscript-check | head`)
 * the run goes on quietly, as Unix tools do: no EPIPE stack trace, and the
 * exit status still says what was found.
 */
class Output {
  private pending = '';
  private closed = false;

  constructor() {
    process.stdout.on('error', (error: NodeJS.ErrnoException) => {
      this.closed = true;
      this.pending = '';
      if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED')
        process.stderr.write(`zscript-check: cannot write the report (${error.code ?? error.message})\n`);
    });
  }

  write(text: string): void {
    if (this.closed) return;
    this.pending += text;
    if (this.pending.length >= 65536) this.flush();
  }

  flush(): void {
    if (this.closed || this.pending === '') return;
    const text = this.pending;
    this.pending = '';
    try {
      process.stdout.write(text);
    } catch {
      this.closed = true;
    }
  }
}

/**
 * Largest file checked. Command files are a few KiB; the parse and analysis of
 * a file cost up to ~100 times its size (a 100 MB file of findings exhausted
 * the heap), so a larger file is reported as a problem instead of checked.
 */
export const MAX_CHECK_FILE_BYTES = 8 * 1024 * 1024;

/**
 * Text safe for a terminal: control characters (a NUL or an escape sequence
 * from a file's content or name) are written as \\u escapes, tabs kept.
 */
function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A file the engine cannot read as UTF-8 (loader.rs reads each with read_to_string and, when that fails,
 * reports "Failed to read file" and loads the rest): its one finding, on the line of the first byte that
 * is no UTF-8, or undefined for a UTF-8 file.
 */
function encodingFinding(file: string, bytes: Buffer): CheckDiagnostic | undefined {
  const utf16 = bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff));
  if (!utf16 && isUtf8(bytes)) return undefined;
  let line = 1;
  let bad = 0;
  if (!utf16) {
    bad = firstForeignByte(bytes);
    for (let i = 0; i < bad; i++) if (bytes[i] === 0x0a) line++;
  }
  return {
    file,
    line,
    column: 1,
    endLine: line,
    endColumn: 1,
    severity: 'error',
    code: 'not-utf8',
    message: utf16
      ? 'This file is saved as UTF-16, and the engine reads command files as UTF-8 only: it does not load this one ("Failed to read file"). Save it as UTF-8.'
      : `This file is not UTF-8: the byte 0x${bytes[bad].toString(16).toUpperCase()} on this line is a character in another encoding (such as Windows-1252), and the engine reads command files as UTF-8 only: it does not load this one ("Failed to read file"). Save it as UTF-8.`,
  };
}

/**
 * Where the first byte that starts no valid UTF-8 character is, in bytes that are not all UTF-8: each
 * character is checked on its own, by the length its first byte announces (a prefix of the file would be
 * no guide: one that cuts a character in two is not UTF-8 either).
 */
function firstForeignByte(bytes: Buffer): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i];
    const length = lead < 0x80 ? 1 : lead >> 5 === 0b110 ? 2 : lead >> 4 === 0b1110 ? 3 : lead >> 3 === 0b11110 ? 4 : 0;
    if (length === 0 || !isUtf8(bytes.subarray(i, i + length))) return i;
    i += length;
  }
  return bytes.length;
}

/** A file's text, or why it is not checked, or the finding that the engine cannot read it. */
function readCommandFile(file: string): { text: string } | { problem: string } | { binary: true } | { unreadable: CheckDiagnostic } {
  let text: string;
  try {
    const bytes = readRegularFileSync(file, MAX_CHECK_FILE_BYTES);
    const finding = encodingFinding(file, bytes);
    if (finding) return { unreadable: finding };
    text = bytes.toString('utf8');
  } catch (error) {
    const reason =
      error instanceof BoundedReadError
        ? error.problem === 'too-large'
          ? `over ${formatBytes(MAX_CHECK_FILE_BYTES)}, larger than any command file; not checked`
          : error.message
        : describe(error);
    return { problem: reason === 'no such file' ? 'no such file or folder' : reason };
  }
  return text.includes('\0') ? { binary: true } : { text };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function main(argv: readonly string[]): number {
  const parsed = parseArgs(argv);
  if (typeof parsed === 'number') return parsed;
  const options = parsed;

  let catalog: Catalog;
  if (options.catalogDir !== undefined) {
    const loaded = loadCatalogFromDirectory(options.catalogDir);
    if (!loaded.ok) {
      process.stderr.write(`zscript-check: catalog: ${loaded.error}\n`);
      return 2;
    }
    catalog = loaded.catalog;
  } else {
    catalog = bundledCatalog();
  }
  const analyzer = new Analyzer(catalog);

  const problems: string[] = [];
  const skipped: string[] = [];
  const files = collectFiles(options.paths, problems, skipped);
  const linkedOut = skipped.length;
  const out = new Output();
  let errors = 0;
  let warnings = 0;
  let checked = 0;
  let written = 0;
  const json = options.format === 'json';
  // JSON is written as it goes too: the diagnostics array first, the counts (known at the end) after it.
  if (json) out.write('{\n  "diagnostics": [');
  // A first reading for the triggers, so that each file's report can say which others share its
  // trigger; the texts are read again below rather than held (a run may cover thousands of files).
  // A single file too: alone in its bot, it is the whole bot (the names it reads and writes, its flags).
  const layout = new Layout(catalog);
  for (const file of files) {
    const read = readCommandFile(file);
    if ('text' in read) layout.add(file, read.text);
  }
  for (const file of files) {
    const read = readCommandFile(file);
    if ('problem' in read) {
      problems.push(`${file}: cannot be read (${read.problem})`);
      continue;
    }
    if ('binary' in read) {
      skipped.push(`${file}: binary file (contains NUL bytes), not checked`);
      continue;
    }
    checked++;
    const display = path.isAbsolute(file) ? file : path.normalize(file);
    let findings: Iterable<CheckDiagnostic>;
    if ('unreadable' in read) {
      const level = effectiveSeverity('not-utf8', 'error', options.severity);
      findings = level === undefined ? [] : [{ ...read.unreadable, file: display, severity: level }];
    } else findings = eachFinding(display, read.text, analyzer, catalog, options.severity, layout);
    for (const d of findings) {
      if (d.severity === 'error') errors++;
      else if (d.severity === 'warning') warnings++;
      // --quiet hides warnings but they still count for --max-warnings.
      if (options.quiet && d.severity !== 'error') continue;
      if (json) out.write(`${written === 0 ? '' : ','}\n    ${JSON.stringify(d)}`);
      else out.write(`${printable(d.file)}:${d.line}:${d.column}: ${d.severity} ${d.code} ${printable(d.message)}\n`);
      written++;
    }
  }
  if (json) {
    out.write(
      `${written === 0 ? '' : '\n  '}],\n  "files": ${checked},\n  "errors": ${errors},\n  "warnings": ${warnings},\n  "problems": ${JSON.stringify(problems)},\n  "skipped": ${JSON.stringify(skipped)}\n}\n`,
    );
  }
  out.flush();
  for (const line of [...skipped, ...problems]) process.stderr.write(`zscript-check: ${printable(line)}\n`);
  if (checked === 0 && problems.length === 0) {
    const where = options.paths.map((p) => printable(p)).join(', ');
    const why = skipped.length > linkedOut ? `only binary files found in ${where}` : `no .zbr files found in ${where}`;
    process.stderr.write(`zscript-check: ${why}; nothing was checked\n`);
    return 2;
  }

  const tooManyWarnings = options.maxWarnings !== undefined && warnings > options.maxWarnings;
  let summary = `zscript-check: ${plural(checked, 'file')} checked, ${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
  if (tooManyWarnings) summary += ` (more than --max-warnings ${options.maxWarnings})`;
  process.stderr.write(`${summary}\n`);

  if (problems.length > 0) return 2;
  return errors > 0 || tooManyWarnings ? 1 : 0;
}

if (require.main === module) {
  const code = main(process.argv.slice(2));
  // Let stdout drain before exiting (large reports piped to another process).
  process.exitCode = code;
}
