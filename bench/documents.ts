/**
 * Large command files built from the test fixtures, for the benchmarks that
 * open one document of a given shape:
 *
 * - `cleanCommandText`: the valid fixtures (test/fixtures/valid) one after
 *   another, repeated up to the size. A command file is one command, so not
 *   every fixture stays valid beside the others (an event command's context
 *   functions, a modal's inputs, custom IDs repeated by the next copy, embed
 *   fields and button rows that add up): the fixtures kept are those that,
 *   without their header lines and put 26 times after a plain prefix command,
 *   still have no diagnostic. What is left is error-free code as people write
 *   it (embeds, conditions, loops, HTTP, JSON, escapes, comments, CRLF files).
 * - `faultyCommandText`: that same code with mistakes people make, one every
 *   few calls (a misspelt function name, an argument left out, one too many),
 *   so that a 1 MiB file has thousands of diagnostics, many with fixes.
 *
 * Both are deterministic (fixed seed), so every run and both sides of a
 * comparison see the same text.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { bundledCatalog } from '../server/src/catalog';
import { parseCommandFile } from '../server/src/syntax/parse';
import { Analyzer } from '../server/src/analysis';
import { prng } from './parser';

const ROOT = path.resolve(__dirname, '..', '..');
const VALID = path.join(ROOT, 'test', 'fixtures', 'valid');

/** The command every clean file starts with: it sets the file's type (prefix) before any fixture's headers. */
// Some findings come from joining many commands into one file, not from any one of them: the joined text
// passes Discord's 2,000 characters, no command chooses a time zone, one fixture's ZsuppressErrors hides
// the next ones' refusals, one's Zdm comes before another's ban, one's Zmentioned makes another's
// Zmessage{1}== a mention check, one's ZeditChannelPerms replaces another's for the same channel and
// target. They are silenced, so that the documents keep the fixtures they had
// before those checks existed (the same work to measure from run to run).
const LEAD =
  '#trigger !bench\n#description The first command of a generated file\n// zscript-disable limit-exceeded, default-time-zone, guard-message-suppressed, dm-may-fail, non-numeric-comparison, separator-space-lost, component-message-missing, channel-perms-replaced\nHello Zusername!\n';

function withNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}

let keptFixtures: string[] | undefined;

/** Copies of a fixture checked together: more than the 25 fields an embed holds. */
const COPIES = 26;

/** The valid fixtures that stay error-free when repeated after a prefix command (see the file comment). */
export function repeatableValidFixtures(): string[] {
  if (keptFixtures) return keptFixtures;
  const catalog = bundledCatalog();
  const options = { isBareCallable: (name: string) => catalog.isBareCallable(name) };
  const analyzer = new Analyzer(catalog);
  keptFixtures = [];
  for (const name of fs
    .readdirSync(VALID)
    .filter((f) => f.endsWith('.zbr'))
    .sort()) {
    // Header lines go: one file has one trigger, type and option set (the lead's), and a later
    // fixture's #type would change what every earlier fixture's calls mean.
    const text = withNewline(
      fs
        .readFileSync(path.join(VALID, name), 'utf8')
        .split('\n')
        .filter((line) => !line.trimStart().startsWith('#'))
        .join('\n'),
    );
    // Many copies, as in the generated file: what adds up across a file (embed fields past 25,
    // component rows past one) must stay clean too.
    if (analyzer.diagnose(parseCommandFile(LEAD + text.repeat(COPIES), options)).length === 0) keptFixtures.push(text);
  }
  return keptFixtures;
}

/**
 * Error-free code of at most `size` UTF-16 code units (whole fixtures only),
 * from the valid fixtures. Fixtures are clean one by one, but a file of many
 * is one command: one's embed fields and another's webhook of that embed
 * make a finding of the whole. Such fixtures are left out until the text is
 * clean (the fixture a finding is in goes).
 */
export function cleanCommandText(size: number): string {
  const catalog = bundledCatalog();
  const analyzer = new Analyzer(catalog);
  let fixtures = repeatableValidFixtures();
  for (;;) {
    const parts = [LEAD];
    const used: { start: number; index: number }[] = [];
    let length = LEAD.length;
    for (let i = 0; ; i++) {
      const index = i % fixtures.length;
      const next = fixtures[index];
      if (length + next.length > size) break;
      used.push({ start: length, index });
      parts.push(next);
      length += next.length;
    }
    const text = parts.join('');
    const found = analyzer.diagnose(parseCommandFile(text, { isBareCallable: (name: string) => catalog.isBareCallable(name) }));
    if (found.length === 0) return text;
    const dropped = new Set<number>();
    for (const d of found) {
      let k = used.length - 1;
      while (k > 0 && used[k].start > d.start) k--;
      dropped.add(used[k].index);
    }
    const kept = fixtures.filter((_, index) => !dropped.has(index));
    if (kept.length === fixtures.length || kept.length === 0)
      throw new Error(`the generated error-free code has ${found.length} diagnostics (${found[0].code})`);
    fixtures = kept;
  }
}

/** A call name (`Z` and letters) in `text` at `at`, or undefined. */
const CALL = /Z[A-Za-z]+\{/y;

/**
 * The clean code with a mistake at about one call in `every`: the name
 * misspelt (two letters swapped, or one dropped), the last argument left
 * out, or an argument added. Mistakes inside one another are not avoided:
 * they are what a careless edit leaves.
 */
export function faultyCommandText(size: number, every = 6, seed = 1234): string {
  const rnd = prng(seed);
  // A little more code than `size`: the mistakes remove more than they add; cut back at a line end.
  const clean = cleanCommandText(Math.ceil(size * 1.05));
  const out: string[] = [];
  let last = 0;
  for (let at = clean.indexOf('Z'); at !== -1; at = clean.indexOf('Z', at + 1)) {
    CALL.lastIndex = at;
    const m = CALL.exec(clean);
    if (!m || rnd() * every >= 1) continue;
    const name = m[0].slice(0, -1);
    const open = at + name.length;
    const close = matchingBrace(clean, open);
    if (close < 0) continue;
    const kind = rnd();
    if (kind < 0.5 && name.length > 4) {
      // A typo: two neighbouring letters swapped (past the Z), or one dropped.
      const i = 2 + Math.floor(rnd() * (name.length - 3));
      const typo = rnd() < 0.5 ? name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2) : name.slice(0, i) + name.slice(i + 1);
      out.push(clean.slice(last, at), typo);
      last = open;
    } else if (kind < 0.75) {
      // The last argument left out (with its separator), when there are several.
      const sep = lastSeparator(clean, open, close);
      if (sep < 0) continue;
      out.push(clean.slice(last, sep));
      last = close;
    } else {
      out.push(clean.slice(last, close), ';extra');
      last = close;
    }
  }
  out.push(clean.slice(last));
  const text = out.join('');
  return text.length <= size ? text : text.slice(0, text.lastIndexOf('\n', size - 1) + 1);
}

function isEscaped(text: string, at: number): boolean {
  let n = 0;
  while (at - 1 - n >= 0 && text.charCodeAt(at - 1 - n) === 92) n++;
  return n % 2 === 1;
}

/**
 * How many statements the text has, and how many different ones: the
 * analyzer analyses a statement text once per pass (repeats share the
 * result), so the second figure is the analysis work of an open.
 */
export function statementCounts(text: string): { statements: number; distinct: number } {
  const catalog = bundledCatalog();
  const tree = parseCommandFile(text, { isBareCallable: (name: string) => catalog.isBareCallable(name) });
  const seen = new Set<string>();
  for (let i = 0; i < tree.statements.length; i++) seen.add(`${tree.statements[i].kind}:${text.slice(tree.starts[i], tree.starts[i + 1])}`);
  return { statements: tree.statements.length, distinct: seen.size };
}

/** The `}` closing the `{` at `open` (escaped braces skipped), or -1. */
function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c === 123 || c === 125) && isEscaped(text, i)) continue;
    if (c === 123) depth++;
    else if (c === 125 && --depth === 0) return i;
  }
  return -1;
}

/** The last top-level `;` between `open` and `close`, or -1. */
function lastSeparator(text: string, open: number, close: number): number {
  let depth = 0;
  let found = -1;
  for (let i = open + 1; i < close; i++) {
    const c = text.charCodeAt(i);
    if ((c === 123 || c === 125 || c === 59) && isEscaped(text, i)) continue;
    if (c === 123) depth++;
    else if (c === 125) depth--;
    else if (c === 59 && depth === 0) found = i;
  }
  return found;
}
