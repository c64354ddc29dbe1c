/**
 * The catalog loader: loads the committed catalog, reports a broken or foreign
 * file with one line naming the file and the problem (never throwing), and
 * accepts a functions.json that has more functions than ours.
 */
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { catalogFromTexts, loadCatalogFromDirectory, type LoadResult } from '../../server/src/catalog';
import type { FunctionRecord } from '../../server/src/catalog/types';

const ROOT = path.resolve(__dirname, '../../..');
const CATALOG = path.join(ROOT, 'catalog');
const FILES = ['functions.json', 'functions_tag.json', 'triggers.json', 'triggers_tag.json'];
const original = (file: string): string => fs.readFileSync(path.join(CATALOG, file), 'utf8');

/** A temp directory holding our four files, with some replaced or removed. */
function catalogDir(replace: Record<string, string | null> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zscript-catalog-'));
  for (const file of FILES) {
    const text = file in replace ? replace[file] : original(file);
    if (text !== null) fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

function load(dir: string): LoadResult {
  let result: LoadResult | undefined;
  assert.doesNotThrow(() => {
    result = loadCatalogFromDirectory(dir);
  });
  return result!;
}

/** The result must be an error: one line, naming `file`, mentioning `problem`, no stack trace. */
function expectError(result: LoadResult, file: string, problem: RegExp): string {
  assert.strictEqual(result.ok, false, 'expected the load to fail');
  const error = (result as { ok: false; error: string }).error;
  assert.ok(!error.includes('\n'), `not one line: ${error}`);
  assert.ok(!/\n\s+at |\bat .*\.js:\d+/.test(error), `looks like a stack trace: ${error}`);
  assert.ok(error.includes(file), `does not name ${file}: ${error}`);
  assert.match(error, problem);
  return error;
}

describe('catalog loader', () => {
  const dirs: string[] = [];
  const tempDir = (replace: Record<string, string | null> = {}) => {
    const dir = catalogDir(replace);
    dirs.push(dir);
    return dir;
  };
  after(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('loads the committed catalog', () => {
    const result = load(CATALOG);
    assert.ok(result.ok, result.ok ? '' : result.error);
    assert.strictEqual(result.catalog.functions.length, 420);
    assert.strictEqual(result.catalog.triggers.length, 23);
    assert.ok(result.catalog.getFunction('ZaddField'));
    assert.ok(result.catalog.getTrigger('onInteraction'));
    assert.ok(result.catalog.tagsOf('ZblackListIDs').some((t) => t.tag === 'guards'));
  });

  it('reports invalid JSON with the file name', () => {
    expectError(load(tempDir({ 'functions.json': '[{"name": "Zabs",' })), 'functions.json', /not valid JSON/);
    expectError(load(tempDir({ 'triggers_tag.json': '{oops}' })), 'triggers_tag.json', /not valid JSON/);
  });

  it('reports a file of the wrong shape', () => {
    expectError(load(tempDir({ 'functions.json': '{}' })), 'functions.json', /expected a JSON array of function records but found an object/);
    const functions = JSON.parse(original('functions.json')) as Record<string, unknown>[];
    delete functions[3].description;
    expectError(
      load(tempDir({ 'functions.json': JSON.stringify(functions) })),
      'functions.json',
      /record 3 \(\w+\): field "description" must be a string but is missing/,
    );
    const badType = JSON.parse(original('functions.json')) as { arguments: { type: string }[] }[];
    badType[0].arguments[0].type = 'sf';
    expectError(load(tempDir({ 'functions.json': JSON.stringify(badType) })), 'functions.json', /arguments\[0\]: field "type" must be one of/);
    const triggers = JSON.parse(original('triggers.json')) as { kind: string }[];
    triggers[0].kind = 'slash';
    expectError(load(tempDir({ 'triggers.json': JSON.stringify(triggers) })), 'triggers.json', /field "kind" must be "event" or "interaction"/);
  });

  it('reports a tag that names an unknown function', () => {
    const tags = JSON.parse(original('functions_tag.json')) as { members: string[] }[];
    tags[0].members.push('ZnoSuchFunction');
    expectError(load(tempDir({ 'functions_tag.json': JSON.stringify(tags) })), 'functions_tag.json', /ZnoSuchFunction is not in the list/);
  });

  it('reports a missing file', () => {
    expectError(load(tempDir({ 'triggers.json': null })), 'triggers.json', /cannot be read \(no such file\)/);
    expectError(load(path.join(os.tmpdir(), 'zscript-no-such-dir')), 'functions.json', /cannot be read/);
  });

  it('reports a foreign file (a package.json in place of functions.json)', () => {
    const foreign = fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8');
    expectError(load(tempDir({ 'functions.json': foreign })), 'functions.json', /expected a JSON array/);
    expectError(load(tempDir({ 'triggers_tag.json': foreign })), 'triggers_tag.json', /expected a JSON array/);
    expectError(load(tempDir({ 'functions.json': '[1, 2, 3]' })), 'functions.json', /record 0: expected a function record but found number 1/);
  });

  it('catalogFromTexts reports problems the same way without throwing', () => {
    let result: LoadResult | undefined;
    assert.doesNotThrow(() => {
      result = catalogFromTexts({ functions: 'not json' }, 'http://localhost/functions_list');
    });
    expectError(result!, 'functions.json', /not valid JSON/);
    expectError(catalogFromTexts({ functions: '"just a string"' }, 'test'), 'functions.json', /expected a JSON array/);
  });

  describe('a functions.json with more functions than ours', () => {
    const extra: FunctionRecord[] = [
      {
        name: 'ZnewFeature',
        description: 'Does something the engine learned later.',
        syntax: 'ZnewFeature{value;count?}',
        variadic: false,
        arguments: [
          { name: 'value', type: 'string', required: true },
          { name: 'count', type: 'integer', required: false, default: '1' },
        ],
        example: 'ZnewFeature{hello;2}',
      },
      {
        name: 'ZanotherOne',
        description: 'Takes any number of user IDs.',
        syntax: 'ZanotherOne{userID;...}',
        variadic: true,
        arguments: [{ name: 'userID', type: 'snowflake', required: true }],
        example: 'ZanotherOne{123456789012345678;234567890123456789}',
      },
    ];
    const bigger = (): string => {
      const list = JSON.parse(original('functions.json')) as Record<string, unknown>[];
      // A newer engine may also add fields we do not know.
      list[0] = { ...list[0], since: '2.1' };
      return JSON.stringify([...list, ...extra], null, 2);
    };

    it('loads it from a directory', () => {
      const result = load(tempDir({ 'functions.json': bigger() }));
      assert.ok(result.ok, result.ok ? '' : result.error);
      assert.strictEqual(result.catalog.functions.length, 422);
      assert.strictEqual(result.catalog.getFunction('ZnewFeature')?.arguments.length, 2);
      assert.ok(result.catalog.getFunction('ZaddField'));
    });

    it('loads it from text alone (tags and triggers from the bundled catalog)', () => {
      const result = catalogFromTexts({ functions: bigger() }, 'test');
      assert.ok(result.ok, result.ok ? '' : result.error);
      assert.strictEqual(result.catalog.functions.length, 422);
      assert.strictEqual(result.catalog.triggers.length, 23);
    });
  });
});
