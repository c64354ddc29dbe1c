#!/usr/bin/env node
// Builds the four catalog data sets from the seed documents.
//
//   node scripts/build-catalog.mjs          writes catalog/*.json
//   node scripts/build-catalog.mjs --check  regenerates in memory, exits 1 if the committed files differ
//
// Mechanical part (parsed from catalog/source/, copies of the seed documents):
//   001-functions-a.txt, 002-functions-b.txt  entry lines "- `Name{params}` - behaviour" (several
//                                             functions may share a line) and "### " headings (tags)
//   000-service.txt                           the halt messages M1..M13 (defaults of guard functions)
//   triggers-table.md                         the event-trigger table of docs/language.md
// Hand-written part (merged, and checked against the mechanical part):
//   curated.json            per function: a full-sentence description and an example call
//   function-tags.json      per section heading: tag id and description
//   triggers-curated.json   per trigger: description, example; the trigger tags; the interaction trigger
//
// Plain Node, no dependencies. Fails loudly (exit 2) on anything it cannot account for.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = join(ROOT, 'catalog', 'source');
const OUT = join(ROOT, 'catalog');
const EXPECTED_FUNCTIONS = 420;
const EXPECTED_EVENT_TRIGGERS = 22;

const problems = [];
function fail(message) {
  problems.push(message);
}
function abortIfProblems() {
  if (problems.length === 0) return;
  console.error(`build-catalog: ${problems.length} problem(s):`);
  for (const p of problems) console.error(`  - ${p}`);
  process.exit(2);
}

const read = (name) => readFileSync(join(SOURCE, name), 'utf8');
const readJson = (name) => {
  try {
    return JSON.parse(read(name));
  } catch (error) {
    console.error(`build-catalog: catalog/source/${name}: ${error.message}`);
    process.exit(2);
  }
};

// ---------------------------------------------------------------- notation

const TYPES = {
  s: 'string',
  i: 'integer',
  n: 'number',
  b: 'boolean',
  sf: 'snowflake',
  url: 'url',
  em: 'emoji',
  dur: 'duration',
  perm: 'permission',
};

/** M1..M13 from the halt-message table of document 000. */
function haltMessages() {
  const messages = {};
  for (const line of read('000-service.txt').split('\n')) {
    const m = /^\|\s*(M\d+)\s*\|\s*(.+?)\s*\|\s*$/.exec(line);
    if (m) messages[m[1]] = m[2];
  }
  for (let i = 1; i <= 13; i++) if (!messages[`M${i}`]) fail(`000-service.txt: halt message M${i} not found`);
  return messages;
}

const HALT = haltMessages();

const DEFAULT_WORDS = {
  empty: '',
  NL: '\n',
  SP: ' ',
  CS: ', ',
  comma: ',',
  '@guild': 'current guild',
  '@chan': 'current channel',
  '@author': "command author's ID",
  '@toprole': "author's top role",
  '@voice': "author's current voice channel",
};

function defaultValue(word) {
  if (Object.hasOwn(DEFAULT_WORDS, word)) return DEFAULT_WORDS[word];
  if (/^M\d+$/.test(word)) {
    if (!HALT[word]) fail(`default ${word} names no halt message of document 000`);
    return HALT[word];
  }
  if (word.startsWith('@')) fail(`unknown default word ${word}`);
  return word; // descriptive or literal defaults stay as written
}

/** One parameter of the compact notation: `name?:type...=default`, or `idx`. */
function parseParam(text, where) {
  if (text === 'idx') return { arg: { name: 'index', type: 'integer', required: false, default: '1' }, variadic: false };
  const m = /^([A-Za-z_][A-Za-z0-9_]*)(\?)?:([a-z]+)(\.\.\.)?(?:=(.*))?$/.exec(text);
  if (!m) {
    fail(`${where}: cannot read parameter ${JSON.stringify(text)}`);
    return undefined;
  }
  const [, name, optional, short, dots, def] = m;
  const type = TYPES[short];
  if (!type) fail(`${where}: unknown type ${short} in ${JSON.stringify(text)}`);
  if (def !== undefined && !optional) fail(`${where}: required parameter ${name} has a default`);
  const arg = { name, type, required: !optional };
  if (def !== undefined) arg.default = defaultValue(def.trim());
  return { arg, variadic: Boolean(dots) };
}

function parseSignature(sig, where) {
  const m = /^(Z[A-Za-z0-9]+)\{(.*)\}$/.exec(sig);
  if (!m) {
    fail(`${where}: cannot read signature ${JSON.stringify(sig)}`);
    return undefined;
  }
  const [, name, body] = m;
  const params =
    body === ''
      ? []
      : body
          .split(';')
          .map((p) => parseParam(p.trim(), `${where} ${name}`))
          .filter(Boolean);
  if (params.filter((p) => p.variadic).length > 1) fail(`${where} ${name}: more than one repeating parameter`);
  const syntaxParts = [];
  for (const p of params) {
    syntaxParts.push(p.arg.required ? p.arg.name : `${p.arg.name}?`);
    if (p.variadic) syntaxParts.push('...');
  }
  return {
    name,
    syntax: `${name}{${syntaxParts.join(';')}}`,
    variadic: params.some((p) => p.variadic),
    arguments: params.map((p) => p.arg),
  };
}

/**
 * An entry line: one or more "`sig`" (each optionally followed by " (note)"),
 * separated by ", ", then " - " and the shared behaviour text.
 */
function parseEntryLine(line, where) {
  let pos = 2; // after "- "
  const items = [];
  for (;;) {
    if (line[pos] !== '`') {
      fail(`${where}: expected a backticked signature at column ${pos + 1}: ${line}`);
      return [];
    }
    const end = line.indexOf('`', pos + 1);
    const sig = line.slice(pos + 1, end);
    pos = end + 1;
    let note;
    if (line.startsWith(' (', pos)) {
      const close = line.indexOf(')', pos);
      note = line.slice(pos + 2, close);
      pos = close + 1;
    }
    items.push({ sig, note });
    if (line.startsWith(', ', pos)) {
      pos += 2;
      continue;
    }
    if (line.startsWith(' - ', pos)) {
      pos += 3;
      break;
    }
    fail(`${where}: expected ", " or " - " after ${sig}: ${line}`);
    return [];
  }
  const behaviour = line.slice(pos).trim();
  return items.map((item) => ({ ...item, behaviour, shared: items.length > 1 }));
}

function parseDocument(file) {
  const entries = [];
  let heading;
  read(file)
    .split('\n')
    .forEach((line, i) => {
      const where = `${file}:${i + 1}`;
      const h = /^###\s+(.+?)\s*$/.exec(line);
      if (h) {
        heading = h[1] === 'Catalog notation' ? undefined : h[1];
        return;
      }
      if (/^##?\s/.test(line)) heading = undefined;
      if (!line.startsWith('- `Z')) return;
      if (!heading) return fail(`${where}: function entry outside a catalog section`);
      for (const item of parseEntryLine(line, where)) {
        const parsed = parseSignature(item.sig, where);
        if (parsed) entries.push({ ...parsed, heading, behaviour: item.behaviour, note: item.note, file, line: i + 1 });
      }
    });
  return entries;
}

// ---------------------------------------------------------------- checks of hand-written text

const isSentence = (text) => typeof text === 'string' && /^[A-Z`"]/.test(text) && /[.!?]$/.test(text) && !/\s\s/.test(text);

/** Argument texts of `Name{...}` when the whole example is one call of `name`, else undefined. */
export function exampleArguments(example, name) {
  if (!example.startsWith(`${name}{`)) return undefined;
  let depth = 0;
  const args = [];
  let current = '';
  for (let i = name.length; i < example.length; i++) {
    const c = example[i];
    if (c === '\\' && i + 1 < example.length) {
      current += c + example[i + 1];
      i++;
      continue;
    }
    if (c === '{') {
      depth++;
      if (depth === 1) continue;
    } else if (c === '}') {
      depth--;
      if (depth === 0) {
        if (i !== example.length - 1) return undefined;
        args.push(current.trim());
        return args.length === 1 && args[0] === '' ? [] : args;
      }
    } else if (c === ';' && depth === 1) {
      args.push(current.trim());
      current = '';
      continue;
    }
    current += c;
  }
  return undefined;
}

function checkExampleShape(fn) {
  const args = exampleArguments(fn.example, fn.name);
  if (!args) return fail(`curated.json ${fn.name}: example is not one call ${fn.name}{...}: ${fn.example}`);
  const lastRequired = fn.arguments.map((a) => a.required).lastIndexOf(true);
  if (args.length < lastRequired + 1) fail(`curated.json ${fn.name}: example gives ${args.length} argument(s), needs at least ${lastRequired + 1}`);
  if (!fn.variadic && args.length > fn.arguments.length)
    fail(`curated.json ${fn.name}: example gives ${args.length} arguments, the function takes ${fn.arguments.length}`);
}

// ---------------------------------------------------------------- functions and their tags

function buildFunctions() {
  const entries = [...parseDocument('001-functions-a.txt'), ...parseDocument('002-functions-b.txt')];
  if (entries.length !== EXPECTED_FUNCTIONS) fail(`parsed ${entries.length} functions, expected ${EXPECTED_FUNCTIONS}`);
  const seen = new Map();
  for (const e of entries) {
    if (seen.has(e.name)) fail(`${e.name} is listed twice (${seen.get(e.name)} and ${e.file}:${e.line})`);
    seen.set(e.name, `${e.file}:${e.line}`);
  }

  const curated = readJson('curated.json');
  for (const name of Object.keys(curated)) {
    if (name.startsWith('$')) continue; // $comment
    if (!seen.has(name)) fail(`curated.json names ${name}, which is not in the seed catalog`);
  }
  const functions = entries.map((e) => {
    const c = curated[e.name];
    if (!c) {
      fail(`curated.json has no text for ${e.name} (${e.file}:${e.line}: "${e.behaviour}")`);
      return undefined;
    }
    for (const key of Object.keys(c)) if (key !== 'description' && key !== 'example') fail(`curated.json ${e.name}: unknown field ${key}`);
    if (!isSentence(c.description)) fail(`curated.json ${e.name}: description must be one full sentence: ${JSON.stringify(c.description)}`);
    if (typeof c.example !== 'string' || c.example === '') fail(`curated.json ${e.name}: example missing`);
    const fn = {
      name: e.name,
      description: c.description,
      syntax: e.syntax,
      variadic: e.variadic,
      arguments: e.arguments,
      example: c.example,
    };
    if (typeof c.example === 'string') checkExampleShape(fn);
    return fn;
  });

  const tagInfo = readJson('function-tags.json');
  const tags = new Map();
  const missingHeadings = new Set();
  for (const e of entries) {
    let tag = tags.get(e.heading);
    if (!tag) {
      const info = tagInfo[e.heading];
      if (!info) {
        if (!missingHeadings.has(e.heading)) fail(`function-tags.json has no entry for the heading "${e.heading}"`);
        missingHeadings.add(e.heading);
        continue;
      }
      if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(info.tag)) fail(`function-tags.json "${e.heading}": bad tag id ${info.tag}`);
      if (!isSentence(info.description)) fail(`function-tags.json "${e.heading}": description must be a full sentence`);
      tag = { tag: info.tag, title: e.heading, description: info.description, members: [] };
      tags.set(e.heading, tag);
    }
    tag.members.push(e.name);
  }
  for (const heading of Object.keys(tagInfo))
    if (!heading.startsWith('$') && !tags.has(heading)) fail(`function-tags.json names the heading "${heading}", which no seed document has`);
  return { functions: functions.filter(Boolean), functionTags: [...tags.values()] };
}

// ---------------------------------------------------------------- triggers and their tags

function parseTriggerTable() {
  const rows = [];
  for (const line of read('triggers-table.md').split('\n')) {
    if (!/^\|\s*on[A-Z]/.test(line)) continue;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells.length !== 6) {
      fail(`triggers-table.md: expected 6 cells: ${line}`);
      continue;
    }
    const [name, firesWhen, author, channel, message, target] = cells;
    const orNull = (v) => (v === '-' ? null : v);
    rows.push({ name, firesWhen, context: { author: orNull(author), channel: orNull(channel), message: orNull(message), target: orNull(target) } });
  }
  if (rows.length !== EXPECTED_EVENT_TRIGGERS) fail(`triggers-table.md: ${rows.length} event triggers, expected ${EXPECTED_EVENT_TRIGGERS}`);
  return rows;
}

function buildTriggers() {
  const rows = parseTriggerTable();
  const curated = readJson('triggers-curated.json');
  const known = new Set(rows.map((r) => r.name));
  for (const name of Object.keys(curated.events)) if (!known.has(name)) fail(`triggers-curated.json names ${name}, which is not in the trigger table`);
  const triggers = rows.map((row) => {
    const c = curated.events[row.name];
    if (!c) {
      fail(`triggers-curated.json has no entry for ${row.name}`);
      return undefined;
    }
    // "fires when" column, unless a better sentence is curated (e.g. "any message, bots' included").
    const description = c.description ?? `Fires when ${row.firesWhen}.`;
    if (!isSentence(description)) fail(`${row.name}: description must be a full sentence`);
    if (!c.example?.includes(`#trigger ${row.name}\n`) || !c.example.includes('#type event'))
      fail(`triggers-curated.json ${row.name}: example must hold "#trigger ${row.name}" and "#type event"`);
    return { name: row.name, kind: 'event', description, syntax: row.name, context: row.context, example: c.example };
  });
  const interaction = curated.interaction;
  if (!isSentence(interaction?.description)) fail('triggers-curated.json: interaction trigger description must be a full sentence');
  triggers.push({
    name: interaction.name,
    kind: 'interaction',
    description: interaction.description,
    syntax: interaction.syntax,
    context: interaction.context,
    example: interaction.example,
  });

  const names = triggers.filter(Boolean).map((t) => t.name);
  const tagged = new Set();
  const triggerTags = curated.tags.map((t) => {
    if (!isSentence(t.description)) fail(`triggers-curated.json tag ${t.tag}: description must be a full sentence`);
    for (const m of t.members) {
      if (!names.includes(m)) fail(`triggers-curated.json tag ${t.tag}: ${m} is not a trigger`);
      tagged.add(m);
    }
    // members in catalog (table) order
    return { tag: t.tag, title: t.title, description: t.description, members: names.filter((n) => t.members.includes(n)) };
  });
  for (const n of names) if (!tagged.has(n)) fail(`trigger ${n} is in no tag`);
  return { triggers: triggers.filter(Boolean), triggerTags };
}

// ---------------------------------------------------------------- output

const { functions, functionTags } = buildFunctions();
const { triggers, triggerTags } = buildTriggers();
for (const fn of functions) if (!functionTags.some((t) => t.members.includes(fn.name))) fail(`${fn.name} is in no tag`);
abortIfProblems();

const outputs = {
  'functions.json': functions,
  'functions_tag.json': functionTags,
  'triggers.json': triggers,
  'triggers_tag.json': triggerTags,
};

if (process.argv.includes('--check')) {
  const stale = [];
  for (const [file, data] of Object.entries(outputs)) {
    let committed = '';
    try {
      committed = readFileSync(join(OUT, file), 'utf8');
    } catch {
      // missing counts as different
    }
    if (committed !== `${JSON.stringify(data, null, 2)}\n`) stale.push(file);
  }
  if (stale.length) {
    console.error(`build-catalog --check: catalog/${stale.join(', catalog/')} differ(s) from what the sources give; run node scripts/build-catalog.mjs`);
    process.exit(1);
  }
  console.log(
    `build-catalog --check: up to date (${functions.length} functions, ${functionTags.length} function tags, ${triggers.length} triggers, ${triggerTags.length} trigger tags)`,
  );
} else {
  for (const [file, data] of Object.entries(outputs)) writeFileSync(join(OUT, file), `${JSON.stringify(data, null, 2)}\n`);
  console.log(
    `build-catalog: wrote ${functions.length} functions, ${functionTags.length} function tags, ${triggers.length} triggers, ${triggerTags.length} trigger tags`,
  );
}
