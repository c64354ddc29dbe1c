/**
 * The loaded catalog: validated data plus the lookups every layer needs.
 * Everything that wants catalog knowledge goes through this class.
 */
import { engineFacts } from './engine';
import { CatalogData, FunctionRecord, TagRecord, TriggerRecord } from './types';

export class Catalog {
  private readonly functionsByName = new Map<string, FunctionRecord>();
  private readonly functionsByLowerName = new Map<string, FunctionRecord>();
  private readonly triggersByName = new Map<string, TriggerRecord>();
  private readonly tagsByFunction = new Map<string, TagRecord[]>();

  /**
   * @param data validated data (see validateCatalogData)
   * @param source a human description of where it came from: "bundled", a path or a URL
   */
  constructor(readonly data: CatalogData, readonly source: string) {
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
    return fn !== undefined && fn.arguments.every((arg) => !arg.required);
  }
}
