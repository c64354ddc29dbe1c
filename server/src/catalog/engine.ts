/**
 * What the engine that runs the bots knows about its functions, as opposed to
 * what the catalog documents. The catalog is the documentation users read; the
 * engine's registry decides what actually runs: which names exist (about 170
 * more than the catalog), how many arguments each call may have, which names
 * run when written without braces, which arguments halt the command when
 * empty. The table (catalog/engine.json) was written by reading the engine's
 * registry and function sources (zbrlang/zbr, the version it names); it is
 * bundled and never replaced by a remote catalog, since it describes the
 * engine, not the documentation.
 */
import engineTable from '../../../catalog/engine.json';

export interface EngineParam {
  readonly name: string;
  readonly required: boolean;
  readonly description?: string;
}

/** An argument position the function halts on when it is empty ("argument N (name) is required"). */
export interface EngineRequiredArgument {
  /** 1-based position. */
  readonly pos: number;
  readonly name: string;
  /** 'empty-or-missing': it also halts when the call stops before this argument. */
  readonly when: 'empty' | 'empty-or-missing';
}

export interface EngineFunction {
  /** Registry key: the name without its leading `Z`. */
  readonly key: string;
  /** The fewest arguments the engine accepts in a braced call. */
  readonly min: number;
  /** The most it accepts; null = no limit (lazy forms ignore surplus arguments). */
  readonly max: number | null;
  /** Evaluated lazily by the runtime itself (Zif, Zrepeat, ...): surplus arguments are ignored, not refused. */
  readonly lazy: boolean;
  /** False for the lazy forms the runtime knows but the registry does not: written without braces they are plain text. */
  readonly registered: boolean;
  readonly required: readonly EngineRequiredArgument[];
  /** One sentence, for functions the catalog does not document. */
  readonly summary?: string;
  readonly params?: readonly EngineParam[];
  /** What running it with no arguments does, as a verb phrase ("prints the day of the month"). */
  readonly bare?: string;
  /**
   * It never writes text into the reply, whatever its arguments (its source has no text result):
   * setters, actions, embed and component builders. Whether a command answers at all reads this.
   */
  readonly writesNothing: boolean;
}

interface EngineTableEntry {
  min: number;
  max: number | null;
  lazy?: boolean;
  registered?: boolean;
  required?: EngineRequiredArgument[];
  summary?: string;
  params?: EngineParam[];
  bare?: string;
  writesNothing?: boolean;
}

interface EngineTable {
  engine: string;
  version: string;
  functions: Record<string, EngineTableEntry>;
}

export class EngineFacts {
  private readonly byKey = new Map<string, EngineFunction>();
  /** Registry keys a plain word runs (registered, no argument needed), and the longest. */
  private readonly wordKeys = new Set<string>();
  /** The length of the longest key in wordKeys: a longer word ending cannot run anything. */
  readonly longestWord: number;

  constructor(
    readonly engine: string,
    readonly version: string,
    entries: Record<string, EngineTableEntry>,
  ) {
    for (const key of Object.keys(entries)) {
      const e = entries[key];
      this.byKey.set(key, {
        key,
        min: e.min,
        max: e.max,
        lazy: e.lazy === true,
        registered: e.registered !== false,
        required: e.required ?? [],
        summary: e.summary,
        params: e.params,
        bare: e.bare,
        writesNothing: e.writesNothing === true,
      });
      if (e.min === 0 && e.registered !== false) this.wordKeys.add(key);
    }
    let longest = 0;
    for (const k of this.wordKeys) longest = Math.max(longest, k.length);
    this.longestWord = longest;
  }

  /** Every function the engine can call, by registry key. */
  get functions(): IterableIterator<EngineFunction> {
    return this.byKey.values();
  }

  /**
   * The function a braced call `Zname{...}` runs (`name` with its `Z`). The
   * engine drops the first character of a braced call's name, and strips one
   * more leading `Z` when looking it up.
   */
  forCall(nameWithZ: string): EngineFunction | undefined {
    const key = nameWithZ.slice(1);
    return this.byKey.get(key.charCodeAt(0) === 90 ? key.slice(1) : key);
  }

  /**
   * The function a plain word runs: the engine looks every run of letters and
   * digits up in its registry, without a leading `Z`, case-sensitively.
   */
  forWord(word: string): EngineFunction | undefined {
    const fn = this.byKey.get(word.charCodeAt(0) === 90 ? word.slice(1) : word);
    return fn?.registered ? fn : undefined;
  }

  /**
   * The spelling of a plain word (letters and digits) that reaches a function
   * as that text: the word itself, or, when the engine would run it or one of
   * its endings as a function, its upper-case letters inside Zlowercase{...}
   * (no registry name is upper case).
   */
  textSpelling(word: string): string {
    for (let k = 0; k < word.length; k++) {
      const c = word.charCodeAt(k);
      const letter = (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
      if (letter && this.runsAsWord(word.slice(k))) return /^[a-z0-9]+$/.test(word) ? `Zlowercase{${word.toUpperCase()}}` : word;
    }
    return word;
  }

  /** True when the word, written without braces, runs a function (registry minimum of zero). */
  runsAsWord(word: string): boolean {
    return this.wordKeys.has(word.charCodeAt(0) === 90 ? word.slice(1) : word);
  }

  /** wordKeys spelt backwards, as a tree of characters (see endingRunsAsWord); built on first use. */
  private reversedKeys: ReversedKeyNode | undefined;

  /**
   * True when an ending of the word text[from, to) that starts with a
   * lower-case letter or `Z` runs a function: some k in [from, to) with
   * text[k] in a-z or `Z` and `runsAsWord(text.slice(k, to))`. Reads the word
   * backwards through the reversed keys, so that a word no key ends is left
   * after a character or two, with no ending cut out of the text.
   */
  endingRunsAsWord(text: string, from: number, to: number): boolean {
    let node = (this.reversedKeys ??= reversedKeyTree(this.wordKeys));
    for (let j = to - 1; j >= from; j--) {
      const next = node.next.get(text.charCodeAt(j));
      if (next === undefined) return false;
      node = next;
      if (node.key) {
        // text[j, to) is a key: the ending that starts at j (a lower-case letter), or at a Z before it.
        const c = text.charCodeAt(j);
        if (c >= 97 && c <= 122) return true;
        if (j - 1 >= from && text.charCodeAt(j - 1) === 90) return true;
      }
    }
    return false;
  }
}

interface ReversedKeyNode {
  readonly next: Map<number, ReversedKeyNode>;
  /** Whether the characters from the root to here, read backwards, are a key. */
  key: boolean;
}

function reversedKeyTree(keys: Iterable<string>): ReversedKeyNode {
  const root: ReversedKeyNode = { next: new Map(), key: false };
  for (const key of keys) {
    let node = root;
    for (let i = key.length - 1; i >= 0; i--) {
      const c = key.charCodeAt(i);
      let next = node.next.get(c);
      if (!next) node.next.set(c, (next = { next: new Map(), key: false }));
      node = next;
    }
    node.key = true;
  }
  return root;
}

/**
 * Whether the engine evaluates argument `index` (0-based) of a call to `e`:
 * a lazy form reads only the arguments it needs and ignores the rest
 * (runtime.rs: Zif's fourth, ZtryRun's third...), but for Zeval, which runs
 * every one.
 */
export function evaluatesArgument(e: EngineFunction | undefined, index: number): boolean {
  return !(e?.lazy && e.max !== null && index >= e.max && e.key !== 'eval');
}

const table = engineTable as unknown as EngineTable;

/** The engine facts bundled with this build. */
export const engineFacts = new EngineFacts(table.engine, table.version, table.functions);
