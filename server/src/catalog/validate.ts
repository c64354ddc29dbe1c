/**
 * Hand-written validation of catalog data. It runs in the language server and
 * the HTTP module on every load, so it gives messages a bot author can act on
 * ("functions.json: record 12 (ZaddField): arguments[2].type must be one of ...")
 * rather than a schema engine's report, and it needs no dependency.
 *
 * Unknown extra fields are accepted: the engine's own lists grow, and a newer
 * catalog must still load.
 */
import { ARGUMENT_TYPES, type ArgumentRecord, type CatalogData, type FunctionRecord, type TagRecord, type TriggerContext, type TriggerRecord } from './types';

export class CatalogValidationError extends Error {
  constructor(
    readonly file: string,
    readonly problem: string,
  ) {
    super(`${file}: ${problem}`);
    this.name = 'CatalogValidationError';
  }
}

type Obj = Record<string, unknown>;

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `${typeof value} ${String(value)}`;
}

class Checker {
  constructor(private readonly file: string) {}

  fail(where: string, problem: string): never {
    throw new CatalogValidationError(this.file, where ? `${where}: ${problem}` : problem);
  }

  array(value: unknown, where: string, what: string): unknown[] {
    if (!Array.isArray(value)) this.fail(where, `expected ${what} but found ${describe(value)}`);
    return value;
  }

  object(value: unknown, where: string, what: string): Obj {
    if (!isObject(value)) this.fail(where, `expected ${what} but found ${describe(value)}`);
    return value;
  }

  string(obj: Obj, key: string, where: string, nonEmpty = true): string {
    const value = obj[key];
    if (typeof value !== 'string') this.fail(where, `field "${key}" must be a string but is ${value === undefined ? 'missing' : describe(value)}`);
    if (nonEmpty && value.trim() === '') this.fail(where, `field "${key}" must not be empty`);
    return value;
  }

  boolean(obj: Obj, key: string, where: string): boolean {
    const value = obj[key];
    if (typeof value !== 'boolean') this.fail(where, `field "${key}" must be true or false but is ${value === undefined ? 'missing' : describe(value)}`);
    return value;
  }

  nullableString(obj: Obj, key: string, where: string): string | null {
    const value = obj[key];
    if (value === null) return null;
    if (typeof value !== 'string') this.fail(where, `field "${key}" must be a string or null but is ${value === undefined ? 'missing' : describe(value)}`);
    return value;
  }
}

function label(index: number, obj: Obj): string {
  return typeof obj.name === 'string' ? `record ${index} (${obj.name})` : `record ${index}`;
}

function validateArgument(check: Checker, value: unknown, where: string): ArgumentRecord {
  const obj = check.object(value, where, 'an argument record');
  const name = check.string(obj, 'name', where);
  const type = check.string(obj, 'type', where);
  if (!(ARGUMENT_TYPES as readonly string[]).includes(type)) {
    check.fail(where, `field "type" must be one of ${ARGUMENT_TYPES.join(', ')} but is ${JSON.stringify(type)}`);
  }
  const required = check.boolean(obj, 'required', where);
  const record: { name: string; type: ArgumentRecord['type']; required: boolean; default?: string } = {
    name,
    type: type as ArgumentRecord['type'],
    required,
  };
  if (obj.default !== undefined) {
    if (typeof obj.default !== 'string') check.fail(where, `field "default" must be a string when present but is ${describe(obj.default)}`);
    record.default = obj.default;
  }
  return record;
}

export function validateFunctions(value: unknown, file = 'functions.json'): FunctionRecord[] {
  const check: Checker = new Checker(file);
  const list = check.array(value, '', 'a JSON array of function records');
  const seen = new Set<string>();
  return list.map((item, index) => {
    const obj = check.object(item, `record ${index}`, 'a function record');
    const where = label(index, obj);
    const name = check.string(obj, 'name', where);
    if (!/^Z[A-Za-z0-9]+$/.test(name)) check.fail(where, `function name must be "Z" followed by letters and digits but is ${JSON.stringify(name)}`);
    if (seen.has(name)) check.fail(where, `function ${name} is listed twice`);
    seen.add(name);
    const args = check.array(obj.arguments, `${where}: field "arguments"`, 'an array of argument records');
    return {
      name,
      description: check.string(obj, 'description', where),
      syntax: check.string(obj, 'syntax', where),
      variadic: check.boolean(obj, 'variadic', where),
      arguments: args.map((arg, i) => validateArgument(check, arg, `${where}: arguments[${i}]`)),
      example: check.string(obj, 'example', where),
    };
  });
}

function validateContext(check: Checker, value: unknown, where: string): TriggerContext {
  const obj = check.object(value, `${where}: field "context"`, 'an object with author, channel, message and target');
  return {
    author: check.nullableString(obj, 'author', `${where}: context`),
    channel: check.nullableString(obj, 'channel', `${where}: context`),
    message: check.nullableString(obj, 'message', `${where}: context`),
    target: check.nullableString(obj, 'target', `${where}: context`),
  };
}

export function validateTriggers(value: unknown, file = 'triggers.json'): TriggerRecord[] {
  const check: Checker = new Checker(file);
  const list = check.array(value, '', 'a JSON array of trigger records');
  const seen = new Set<string>();
  return list.map((item, index) => {
    const obj = check.object(item, `record ${index}`, 'a trigger record');
    const where = label(index, obj);
    const name = check.string(obj, 'name', where);
    if (seen.has(name)) check.fail(where, `trigger ${name} is listed twice`);
    seen.add(name);
    const kind = check.string(obj, 'kind', where);
    if (kind !== 'event' && kind !== 'interaction') check.fail(where, `field "kind" must be "event" or "interaction" but is ${JSON.stringify(kind)}`);
    return {
      name,
      kind: kind as TriggerRecord['kind'],
      description: check.string(obj, 'description', where),
      syntax: check.string(obj, 'syntax', where),
      context: validateContext(check, obj.context, where),
      example: check.string(obj, 'example', where),
    };
  });
}

/** Validates a tag list; every member must name an entry of `known` (the records it organises). */
export function validateTags(value: unknown, known: ReadonlySet<string>, file: string): TagRecord[] {
  const check: Checker = new Checker(file);
  const list = check.array(value, '', 'a JSON array of tag records');
  const seen = new Set<string>();
  return list.map((item, index) => {
    const obj = check.object(item, `record ${index}`, 'a tag record');
    const where = typeof obj.tag === 'string' ? `tag ${index} (${obj.tag})` : `tag ${index}`;
    const tag = check.string(obj, 'tag', where);
    if (seen.has(tag)) check.fail(where, `tag ${tag} is listed twice`);
    seen.add(tag);
    const members = check.array(obj.members, `${where}: field "members"`, 'an array of names');
    return {
      tag,
      title: check.string(obj, 'title', where),
      description: check.string(obj, 'description', where),
      members: members.map((member, i): string => {
        if (typeof member !== 'string') check.fail(`${where}: members[${i}]`, `expected a name but found ${describe(member)}`);
        if (!known.has(member)) check.fail(`${where}: members[${i}]`, `${member} is not in the list this file organises`);
        return member;
      }),
    };
  });
}

/** Validates all four data sets together (tags must refer to listed records). */
export function validateCatalogData(
  raw: {
    functions: unknown;
    functionTags: unknown;
    triggers: unknown;
    triggerTags: unknown;
  },
  files = { functions: 'functions.json', functionTags: 'functions_tag.json', triggers: 'triggers.json', triggerTags: 'triggers_tag.json' },
): CatalogData {
  const functions = validateFunctions(raw.functions, files.functions);
  const triggers = validateTriggers(raw.triggers, files.triggers);
  return {
    functions,
    functionTags: validateTags(raw.functionTags, new Set(functions.map((f) => f.name)), files.functionTags),
    triggers,
    triggerTags: validateTags(raw.triggerTags, new Set(triggers.map((t) => t.name)), files.triggerTags),
  };
}
