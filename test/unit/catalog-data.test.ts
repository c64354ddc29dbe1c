/**
 * The four catalog data sets: schema validity, record shape, examples that are
 * valid calls of their own function, agreement with the seed documents, tags,
 * triggers, and that the committed files are exactly what the build script gives.
 */
import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { ARGUMENT_TYPES, type FunctionRecord, type TagRecord, type TriggerRecord } from '../../server/src/catalog/types';
import { validateCatalogData } from '../../server/src/catalog/validate';
import { bindArguments } from '../../server/src/analysis/binding';
import { couldBeValueOf } from '../../server/src/language/literals';

const ROOT = path.resolve(__dirname, '../../..');
const CATALOG = path.join(ROOT, 'catalog');
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(CATALOG, file), 'utf8'));

const functions = readJson('functions.json') as FunctionRecord[];
const functionTags = readJson('functions_tag.json') as TagRecord[];
const triggers = readJson('triggers.json') as TriggerRecord[];
const triggerTags = readJson('triggers_tag.json') as TagRecord[];

/**
 * Splits `Name{...}` into its top-level arguments when the whole text is one
 * call of `name`: `;` at depth 1 separates, nested braces and `\;` `\{` `\}`
 * escapes do not. `Name{}` has no arguments. Undefined when it is not such a call.
 */
function callArguments(text: string, name: string): string[] | undefined {
  if (!text.startsWith(`${name}{`)) return undefined;
  const args: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = name.length; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && i + 1 < text.length) {
      current += c + text[++i];
      continue;
    }
    if (c === '{') {
      depth++;
      if (depth === 1) continue;
    } else if (c === '}') {
      depth--;
      if (depth === 0) {
        if (i !== text.length - 1) return undefined; // text after the call
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
  return undefined; // unbalanced
}

/** The parameters written in `syntax`, with the repeating one derived from the `...` that follows it. */
function syntaxParams(fn: FunctionRecord): { name: string; optional: boolean; variadic: boolean }[] {
  const m = /^(Z[A-Za-z0-9]+)\{(.*)\}$/.exec(fn.syntax);
  assert.ok(m, `${fn.name}: syntax ${fn.syntax} is not Name{...}`);
  assert.strictEqual(m[1], fn.name, `${fn.name}: syntax names ${m[1]}`);
  if (m[2] === '') return [];
  const params: { name: string; optional: boolean; variadic: boolean }[] = [];
  for (const part of m[2].split(';')) {
    if (part === '...') {
      assert.ok(params.length > 0, `${fn.name}: "..." with no parameter before it`);
      params[params.length - 1].variadic = true;
    } else {
      const p = /^([A-Za-z_][A-Za-z0-9_]*)(\?)?$/.exec(part);
      assert.ok(p, `${fn.name}: cannot read parameter "${part}" of ${fn.syntax}`);
      params.push({ name: p[1], optional: Boolean(p[2]), variadic: false });
    }
  }
  return params;
}

/** How many arguments a call may have: [min, max] (max Infinity when variadic). */
function allowedCounts(fn: FunctionRecord): [number, number] {
  const params = syntaxParams(fn);
  // Binding is positional, so every position up to the last required one must be written.
  const lastRequired = params.map((p) => !p.optional).lastIndexOf(true);
  return [lastRequired + 1, params.some((p) => p.variadic) ? Infinity : params.length];
}

describe('catalog data', () => {
  describe('JSON Schemas', () => {
    const ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true });
    const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
    const validatorFor = (schemaFile: string) => {
      let validate = compiled.get(schemaFile);
      if (!validate) {
        validate = ajv.compile(readJson(path.join('schema', schemaFile)) as object);
        compiled.set(schemaFile, validate);
      }
      return validate;
    };
    const cases: [string, string][] = [
      ['functions.json', 'functions.schema.json'],
      ['functions_tag.json', 'functions_tag.schema.json'],
      ['triggers.json', 'triggers.schema.json'],
      ['triggers_tag.json', 'triggers_tag.schema.json'],
    ];
    for (const [file, schemaFile] of cases) {
      it(`${file} is valid against schema/${schemaFile}`, () => {
        const validate = validatorFor(schemaFile);
        const ok = validate(readJson(file));
        assert.ok(ok, `${file}: ${ajv.errorsText(validate.errors, { separator: '\n' })}`);
      });
    }

    it('the function schema rejects a record with a wrong type word or a missing field', () => {
      const validate = validatorFor('functions.schema.json');
      const good = functions[0];
      assert.ok(!validate([{ ...good, arguments: [{ name: 'x', type: 's', required: true }] }]));
      const { example: _omitted, ...noExample } = good;
      assert.ok(!validate([noExample]));
      assert.ok(!validate([{ ...good, variadic: 'yes' }]));
      assert.ok(validate([{ ...good, since: '2.0' }]), 'extra fields are allowed for forward compatibility');
    });

    it('the trigger schema requires every context field, string or null', () => {
      const validate = validatorFor('triggers.schema.json');
      const good = triggers[0];
      assert.ok(validate([good]));
      assert.ok(!validate([{ ...good, context: { author: null, channel: null, message: null } }]));
      assert.ok(!validate([{ ...good, context: { ...good.context, author: 1 } }]));
      assert.ok(!validate([{ ...good, kind: 'slash' }]));
    });
  });

  it('passes the loader validation (validateCatalogData)', () => {
    const data = validateCatalogData({ functions, functionTags, triggers, triggerTags });
    assert.strictEqual(data.functions.length, 420);
  });

  describe('functions.json', () => {
    it('holds exactly 420 functions with unique names', () => {
      assert.strictEqual(functions.length, 420);
      assert.strictEqual(new Set(functions.map((f) => f.name)).size, 420);
    });

    it('every record has the fields with the right types', () => {
      for (const fn of functions) {
        assert.deepStrictEqual(Object.keys(fn).sort(), ['arguments', 'description', 'example', 'name', 'syntax', 'variadic'], fn.name);
        assert.match(fn.name, /^Z[A-Za-z0-9]+$/);
        for (const key of ['description', 'syntax', 'example'] as const) {
          assert.strictEqual(typeof fn[key], 'string', `${fn.name}.${key}`);
          assert.notStrictEqual(fn[key].trim(), '', `${fn.name}.${key} is empty`);
        }
        assert.strictEqual(typeof fn.variadic, 'boolean', `${fn.name}.variadic`);
        assert.ok(Array.isArray(fn.arguments), `${fn.name}.arguments`);
        for (const arg of fn.arguments) {
          const where = `${fn.name}(${arg.name})`;
          assert.ok(
            Object.keys(arg).every((k) => ['name', 'type', 'required', 'default'].includes(k)),
            `${where}: unexpected field`,
          );
          assert.match(arg.name, /^[A-Za-z_][A-Za-z0-9_]*$/, where);
          assert.ok((ARGUMENT_TYPES as readonly string[]).includes(arg.type), `${where}: type ${arg.type}`);
          assert.strictEqual(typeof arg.required, 'boolean', where);
          if ('default' in arg) {
            assert.strictEqual(typeof arg.default, 'string', where);
            assert.strictEqual(arg.required, false, `${where}: a required parameter has a default`);
          }
        }
      }
    });

    it('every description is one full sentence', () => {
      for (const fn of functions) {
        assert.match(fn.description, /^[A-Z`]/, `${fn.name}: starts with a capital letter`);
        assert.match(fn.description, /\.$/, `${fn.name}: ends with a period`);
        assert.ok(!/\.\s+[A-Z]/.test(fn.description.replace(/e\.g\./g, '')), `${fn.name}: more than one sentence: ${fn.description}`);
      }
    });

    it('no default is left in the notation of the seed (empty, NL, SP, CS, comma, M codes, @words)', () => {
      for (const fn of functions) {
        for (const arg of fn.arguments) {
          if (arg.default === undefined) continue;
          assert.ok(!/^(empty|NL|SP|CS|comma|M\d+|@\w+)$/.test(arg.default), `${fn.name}(${arg.name}) default ${JSON.stringify(arg.default)}`);
        }
      }
      const byName = new Map(functions.map((f) => [f.name, f]));
      const def = (fn: string, arg: string) => byName.get(fn)!.arguments.find((a) => a.name === arg)!.default;
      assert.strictEqual(def('ZbotCommands', 'separator'), '\n');
      assert.strictEqual(def('ZpadLeft', 'char'), ' ');
      assert.strictEqual(def('ZlistVar', 'separator'), ', ');
      assert.strictEqual(def('ZnumberSeparator', 'separator'), ',');
      assert.strictEqual(def('ZaddButton', 'label'), '');
      assert.strictEqual(def('ZblackListIDs', 'errorMessage'), 'You are blacklisted from using this command.');
      assert.strictEqual(def('ZonlyPerms', 'errorMessage'), 'You do not have permission to use this command.');
      assert.strictEqual(def('ZafkTimeout', 'guildID'), 'current guild');
      assert.strictEqual(def('ZchannelName', 'channelID'), 'current channel');
      assert.strictEqual(def('Zusername', 'userID'), "command author's ID");
      assert.strictEqual(def('ZroleName', 'roleID'), "author's top role");
      assert.strictEqual(def('ZvoiceBitrate', 'channelID'), "author's current voice channel");
      assert.deepStrictEqual(byName.get('Zauthor')!.arguments[1], { name: 'index', type: 'integer', required: false, default: '1' });
    });

    it('syntax lists the arguments in order, "?" exactly on the optional ones', () => {
      for (const fn of functions) {
        const params = syntaxParams(fn);
        assert.deepStrictEqual(
          params.map((p) => `${p.name}${p.optional ? '?' : ''}`),
          fn.arguments.map((a) => `${a.name}${a.required ? '' : '?'}`),
          fn.name,
        );
      }
    });

    it('variadic agrees with syntax: "..." iff variadic iff some parameter repeats', () => {
      for (const fn of functions) {
        const params = syntaxParams(fn);
        const repeats = params.filter((p) => p.variadic).length;
        assert.strictEqual(fn.syntax.includes('...'), fn.variadic, `${fn.name}: ${fn.syntax} vs variadic ${fn.variadic}`);
        assert.strictEqual(repeats > 0, fn.variadic, `${fn.name}: repeating parameters ${repeats}`);
        assert.ok(repeats <= 1, `${fn.name}: more than one repeating parameter`);
      }
      assert.strictEqual(functions.find((f) => f.name === 'ZblackListIDs')!.syntax, 'ZblackListIDs{userID;...;errorMessage?}');
      assert.strictEqual(functions.find((f) => f.name === 'ZaddField')!.syntax, 'ZaddField{name;value;inline?;index?}');
      assert.strictEqual(functions.find((f) => f.name === 'ZallowRoleMentions')!.syntax, 'ZallowRoleMentions{roleID?;...}');
      assert.strictEqual(functions.find((f) => f.name === 'ZbotID')!.syntax, 'ZbotID{}');
    });

    it('every example is one call of its own function with an argument count its parameters allow', () => {
      for (const fn of functions) {
        const args = callArguments(fn.example, fn.name);
        assert.ok(args, `${fn.name}: example is not a single ${fn.name}{...} call: ${fn.example}`);
        const [min, max] = allowedCounts(fn);
        assert.ok(args.length >= min && args.length <= max, `${fn.name}: example has ${args.length} argument(s), allowed ${min}..${max}: ${fn.example}`);
      }
    });

    it('every example binds without missing or surplus arguments and its literals fit the parameter types', () => {
      for (const fn of functions) {
        const args = callArguments(fn.example, fn.name)!;
        const inputs = args.map((text) => ({ text, literal: !/(^|[^\\])Z[A-Za-z0-9]+\{/.test(text) }));
        const binding = bindArguments(fn, inputs);
        assert.deepStrictEqual(
          binding.missing.map((p) => p.name),
          [],
          `${fn.name}: missing in ${fn.example}`,
        );
        assert.deepStrictEqual(binding.surplus, [], `${fn.name}: surplus in ${fn.example}`);
        binding.args.forEach((bound, i) => {
          const param = bound.param!;
          if (param.required) assert.notStrictEqual(inputs[i].text, '', `${fn.name}: required ${param.name} left empty`);
          if (inputs[i].literal && inputs[i].text !== '') {
            assert.ok(couldBeValueOf(param.type, inputs[i].text), `${fn.name}: ${JSON.stringify(inputs[i].text)} is not a ${param.type} (${param.name})`);
          }
        });
      }
    });

    it('matches the seed documents: same functions, in order, with the same parameters', () => {
      const types: Record<string, string> = {
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
      // Default words of the notation, and the halt messages M1..M13 read from the table of document 000.
      const words: Record<string, string> = {
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
      const service = fs.readFileSync(path.join(CATALOG, 'source', '000-service.txt'), 'utf8');
      for (const m of service.matchAll(/^\| (M\d+) \| (.+) \|$/gm)) words[m[1]] = m[2];
      assert.strictEqual(Object.keys(words).filter((w) => /^M\d+$/.test(w)).length, 13, 'halt messages M1..M13 in document 000');
      const seen: string[] = [];
      for (const doc of ['001-functions-a.txt', '002-functions-b.txt']) {
        const text = fs.readFileSync(path.join(CATALOG, 'source', doc), 'utf8');
        for (const m of text.matchAll(/`(Z[A-Za-z0-9]+)\{([^`]*)\}`/g)) {
          const fn = functions.find((f) => f.name === m[1]);
          assert.ok(fn, `${m[1]} of ${doc} is missing`);
          seen.push(m[1]);
          const params = m[2] === '' ? [] : m[2].split(';');
          assert.strictEqual(fn.arguments.length, params.length, `${fn.name}: parameter count`);
          params.forEach((p, i) => {
            const arg = fn.arguments[i];
            if (p === 'idx') return assert.deepStrictEqual(arg, { name: 'index', type: 'integer', required: false, default: '1' });
            const pm = /^(\w+)(\?)?:(\w+)(\.\.\.)?(?:=(.*))?$/.exec(p)!;
            assert.strictEqual(arg.name, pm[1], `${fn.name}: parameter ${i} name`);
            assert.strictEqual(arg.required, !pm[2], `${fn.name}(${arg.name}) required`);
            assert.strictEqual(arg.type, types[pm[3]], `${fn.name}(${arg.name}) type`);
            assert.strictEqual('default' in arg, pm[5] !== undefined, `${fn.name}(${arg.name}) default present iff the seed gives one`);
            if (pm[5] !== undefined) {
              const expected = Object.hasOwn(words, pm[5]) ? words[pm[5]] : pm[5];
              assert.strictEqual(arg.default, expected, `${fn.name}(${arg.name}) default of seed word ${pm[5]}`);
            }
          });
          // The repeating parameter is the one the seed marks with "...".
          const repeating = params.map((p) => (p === 'idx' ? '' : (/^(\w+)\??:\w+\.\.\./.exec(p)?.[1] ?? ''))).filter(Boolean);
          assert.deepStrictEqual(
            syntaxParams(fn)
              .filter((p) => p.variadic)
              .map((p) => p.name),
            repeating,
            `${fn.name}: repeating parameter`,
          );
        }
      }
      assert.deepStrictEqual(
        seen,
        functions.map((f) => f.name),
        'order and completeness',
      );
    });
  });

  describe('functions_tag.json', () => {
    it('every function is in at least one tag; members are known and in catalog order', () => {
      const order = new Map(functions.map((f, i) => [f.name, i]));
      const tagged = new Set<string>();
      for (const tag of functionTags) {
        assert.match(tag.tag, /^[a-z0-9]+(-[a-z0-9]+)*$/);
        assert.ok(tag.members.length > 0, `${tag.tag} is empty`);
        const positions = tag.members.map((m) => order.get(m));
        assert.ok(
          positions.every((p) => p !== undefined),
          `${tag.tag}: unknown member`,
        );
        assert.deepStrictEqual(
          positions,
          [...positions].sort((a, b) => a! - b!),
          `${tag.tag}: members not in catalog order`,
        );
        tag.members.forEach((m) => tagged.add(m));
      }
      assert.deepStrictEqual(
        functions.map((f) => f.name).filter((n) => !tagged.has(n)),
        [],
      );
    });

    it('one tag per distinct section heading, merging headings that appear in both documents', () => {
      const headings = new Set<string>();
      for (const doc of ['001-functions-a.txt', '002-functions-b.txt']) {
        for (const m of fs.readFileSync(path.join(CATALOG, 'source', doc), 'utf8').matchAll(/^### (.+)$/gm)) {
          if (m[1] !== 'Catalog notation') headings.add(m[1]);
        }
      }
      assert.deepStrictEqual(new Set(functionTags.map((t) => t.title)), headings);
      assert.strictEqual(functionTags.length, headings.size);
      const guards = functionTags.find((t) => t.title === 'Guards (halt when the check fails)')!;
      assert.ok(guards.members.includes('ZblackListIDs') && guards.members.includes('ZonlyPerms'));
      const variables = functionTags.find((t) => t.title === 'Variables')!;
      assert.ok(variables.members.includes('ZgetVar') && variables.members.includes('ZsetVar'));
    });
  });

  describe('triggers.json and triggers_tag.json', () => {
    it('holds the 22 event triggers of the docs/language.md table and onInteraction', () => {
      const table = fs.readFileSync(path.join(CATALOG, 'source', 'triggers-table.md'), 'utf8');
      const rows = [...table.matchAll(/^\| (on[A-Za-z]+) \|(.*)\|$/gm)];
      assert.strictEqual(rows.length, 22);
      const events = triggers.filter((t) => t.kind === 'event');
      assert.deepStrictEqual(
        events.map((t) => t.name),
        rows.map((r) => r[1]),
      );
      for (const row of rows) {
        const cells = row[2].split('|').map((c) => c.trim());
        const t = triggers.find((x) => x.name === row[1])!;
        const orNull = (v: string) => (v === '-' ? null : v);
        assert.deepStrictEqual(t.context, { author: orNull(cells[1]), channel: orNull(cells[2]), message: orNull(cells[3]), target: orNull(cells[4]) }, t.name);
        assert.strictEqual(t.syntax, t.name);
      }
      const interaction = triggers.filter((t) => t.kind === 'interaction');
      assert.strictEqual(interaction.length, 1);
      assert.strictEqual(interaction[0].name, 'onInteraction');
      assert.strictEqual(interaction[0].syntax, 'onInteraction{customID}');
      assert.strictEqual(triggers.length, 23);
      assert.strictEqual(triggers.find((t) => t.name === 'onReactionAdd')!.context.author, 'reacting user (no username)');
    });

    it('every trigger has a full-sentence description and an example command file for it', () => {
      for (const t of triggers) {
        assert.match(t.description, /^[A-Z].*\.$/, t.name);
        assert.ok(
          t.example.split('\n').some((l) => l === `#trigger ${t.kind === 'event' ? t.name : 'onInteraction'}` || l.startsWith(`#trigger ${t.name}{`)),
          `${t.name}: example has no #trigger line for it`,
        );
        assert.ok(t.example.includes(`#type ${t.kind}`), `${t.name}: example has no #type ${t.kind}`);
      }
    });

    it('every trigger is in at least one tag, and tags name only known triggers', () => {
      const names = new Set(triggers.map((t) => t.name));
      const tagged = new Set(triggerTags.flatMap((t) => t.members));
      for (const m of tagged) assert.ok(names.has(m), `${m} is not a trigger`);
      assert.deepStrictEqual(
        [...names].filter((n) => !tagged.has(n)),
        [],
      );
      for (const tag of ['members', 'messages', 'reactions', 'channels', 'roles', 'server', 'voice', 'bot', 'interactions']) {
        assert.ok(
          triggerTags.some((t) => t.tag === tag),
          `tag ${tag}`,
        );
      }
    });
  });

  it('the committed files are exactly what scripts/build-catalog.mjs generates (--check)', () => {
    const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build-catalog.mjs'), '--check'], { cwd: ROOT, encoding: 'utf8' });
    assert.strictEqual(result.status, 0, `build-catalog --check failed:\n${result.stdout}${result.stderr}`);
  });
});
