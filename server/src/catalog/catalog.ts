/**
 * The loaded catalog: validated data plus the lookups every layer needs.
 * Everything that wants catalog knowledge goes through this class.
 */
import { engineFacts, type EngineFunction } from './engine';
import type { CatalogData, FunctionRecord, TagRecord, TriggerRecord } from './types';

export class Catalog {
  private readonly functionsByName = new Map<string, FunctionRecord>();
  private readonly functionsByLowerName = new Map<string, FunctionRecord>();
  private readonly triggersByName = new Map<string, TriggerRecord>();
  private readonly tagsByFunction = new Map<string, TagRecord[]>();

  /**
   * @param data validated data (see validateCatalogData)
   * @param source a human description of where it came from: "bundled", a path or a URL
   */
  constructor(
    readonly data: CatalogData,
    readonly source: string,
  ) {
    for (const fn of data.functions) {
      this.functionsByName.set(fn.name, fn);
      this.functionsByLowerName.set(fn.name.toLowerCase(), fn);
    }
    for (const trigger of data.triggers) this.triggersByName.set(trigger.name, trigger);
    for (const tag of data.functionTags) {
      for (const member of tag.members) {
        const list = this.tagsByFunction.get(member);
        if (list) list.push(tag);
        else this.tagsByFunction.set(member, [tag]);
      }
    }
  }

  get functions(): readonly FunctionRecord[] {
    return this.data.functions;
  }

  private engineOnly: FunctionRecord[] | undefined;
  private engineOnlyByName: Map<string, FunctionRecord> | undefined;

  /**
   * The engine's functions this catalog does not document (Zalias,
   * ZpollCreate, ...), as records in the catalog's shape for completion,
   * hover and signature help: real functions, marked as undocumented. They
   * are never part of `data` (the catalog routes serve the catalog only).
   */
  get engineOnlyFunctions(): readonly FunctionRecord[] {
    if (!this.engineOnly) {
      this.engineOnly = [];
      for (const e of engineFacts.functions) {
        const name = `Z${e.key}`;
        if (!this.functionsByName.has(name) && e.registered && !e.key.startsWith('Z')) this.engineOnly.push(engineRecord(name, e));
      }
      this.engineOnly.sort((a, b) => a.name.localeCompare(b.name));
      this.engineOnlyByName = new Map(this.engineOnly.map((f) => [f.name, f]));
    }
    return this.engineOnly;
  }

  /** A function the catalog documents, or else one only the engine has (see engineOnlyFunctions). */
  getAnyFunction(name: string): FunctionRecord | undefined {
    const fn = this.functionsByName.get(name);
    if (fn) return fn;
    if (!this.engineOnlyByName) void this.engineOnlyFunctions;
    return this.engineOnlyByName!.get(name);
  }

  /** True for a record made from the engine's facts (not documented in the catalog). */
  isEngineOnly(fn: FunctionRecord): boolean {
    return !this.functionsByName.has(fn.name) && this.getAnyFunction(fn.name) === fn;
  }

  get triggers(): readonly TriggerRecord[] {
    return this.data.triggers;
  }

  /** Exact (case-sensitive) lookup, as the engine resolves names. */
  getFunction(name: string): FunctionRecord | undefined {
    return this.functionsByName.get(name);
  }

  /** Case-insensitive lookup, for suggestions ("did you mean ZaddField?"). */
  getFunctionIgnoringCase(name: string): FunctionRecord | undefined {
    return this.functionsByLowerName.get(name.toLowerCase());
  }

  getTrigger(name: string): TriggerRecord | undefined {
    return this.triggersByName.get(name);
  }

  /** The tags (catalog sections) a function belongs to. */
  tagsOf(functionName: string): readonly TagRecord[] {
    return this.tagsByFunction.get(functionName) ?? [];
  }

  /**
   * Whether `Zname` written without braces is a call: the engine calls it
   * exactly when its registry's minimum argument count is zero (whatever the
   * catalog's syntax says). A catalog function the engine does not know
   * (a newer remote catalog) is taken at the catalog's word.
   */
  isBareCallable(name: string): boolean {
    const engine = engineFacts.forWord(name);
    if (engine !== undefined) return engine.min === 0;
    const fn = this.functionsByName.get(name);
    return fn?.arguments.every((arg) => !arg.required) ?? false;
  }
}

/** A catalog-shaped record for an engine function the catalog does not document. */
function engineRecord(name: string, e: EngineFunction): FunctionRecord {
  // Parameters only where the engine's sources name them: no invented names in hints and help.
  const params = e.params ?? [];
  const variadic = params.length > 0 && (e.max === null || e.max >= 50);
  const args = params.map((p) => ({ name: p.name, type: 'string' as const, required: p.required }));
  const shown = args.map((a, i) => `${a.name}${a.required ? '' : '?'}${variadic && i === args.length - 1 ? ';...' : ''}`);
  const limits = e.max === e.min ? `${e.min}` : e.max === null || e.max >= 50 ? `at least ${e.min}` : `${e.min} to ${e.max}`;
  return {
    name,
    description: `${e.summary ?? 'A function of the engine.'} Not documented in the catalog; the engine (${engineFacts.engine} ${engineFacts.version}) takes ${limits} argument${e.max === 1 && e.min === 1 ? '' : 's'}.`,
    syntax: args.length ? `${name}{${shown.join(';')}}` : e.max === 0 ? name : `${name}{...}`,
    variadic,
    arguments: args,
    example: '',
  };
}
