/**
 * What the call rules need to know about a called name, looked up once per
 * distinct name instead of once per call: the catalog's record, the engine's
 * registry entry, the loop roles and the fact kinds. A large file calls the
 * same few hundred names thousands of times, and each of these answers is a
 * keyed lookup of a name the parser has just sliced out of the text.
 */
import type { Catalog } from '../../catalog/catalog';
import { engineFacts, type EngineFunction } from '../../catalog/engine';
import type { FunctionRecord } from '../../catalog/types';
import { type CallFactKinds, callFactKinds } from './callFacts';
import { isLoopValue, LOOP_FUNCTIONS } from './loops';

export interface CallProfile {
  /** The catalog's record (exact name, as the engine resolves it). */
  readonly fn: FunctionRecord | undefined;
  /** The engine's registry entry for a braced call of this name. */
  readonly engine: EngineFunction | undefined;
  /** Zrepeat, ZforSplit, ZforJson: their code runs in a loop. */
  readonly startsLoop: boolean;
  /** ZloopIndex, ZloopValue: empty outside a loop's code. */
  readonly loopValue: boolean;
  readonly facts: CallFactKinds | undefined;
}

/** Distinct names remembered; past this (a file of generated names) the table starts over. */
const PROFILE_LIMIT = 4096;

/** Call profiles by name, for one catalog. */
export class CallProfiles {
  private readonly byName = new Map<string, CallProfile>();

  constructor(private readonly catalog: Catalog) {}

  get(name: string): CallProfile {
    let profile = this.byName.get(name);
    if (profile) return profile;
    profile = {
      fn: this.catalog.getFunction(name),
      engine: engineFacts.forCall(name),
      startsLoop: LOOP_FUNCTIONS.has(name),
      loopValue: isLoopValue(name),
      facts: callFactKinds(name),
    };
    if (this.byName.size >= PROFILE_LIMIT) this.byName.clear();
    this.byName.set(name, profile);
    return profile;
  }
}
