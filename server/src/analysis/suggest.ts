/**
 * "Did you mean" suggestions: the closest candidate to a misspelt word, and
 * the per-Analyzer cache of function-name suggestions.
 */
import type { Catalog } from '../catalog/catalog';

/** How many unknown names' suggestions a FunctionSuggester remembers. */
const SUGGESTION_CACHE_LIMIT = 4096;

/**
 * The "did you mean" name for an unknown function, cached per name: a file
 * repeats its typos (and a generated or pasted file may repeat one name
 * thousands of times), and the search is the costliest part of a call check.
 */
export class FunctionSuggester {
  /** The catalog's function names (empty: no catalog loaded, nothing to compare with). */
  readonly names: readonly string[];
  /** Answers by unknown name ('' = no suggestion); bounded, cleared when full. */
  private readonly answers = new Map<string, string>();

  constructor(private readonly catalog: Catalog) {
    this.names = catalog.functions.map((f) => f.name);
  }

  suggest(name: string): string | undefined {
    const cached = this.answers.get(name);
    if (cached !== undefined) return cached === '' ? undefined : cached;
    const ci = this.catalog.getFunctionIgnoringCase(name);
    let found = ci ? ci.name : closest(name, this.names);
    if (found && !ci && !sameStart(name, found) && editDistance(name.toLowerCase(), found.toLowerCase(), 3) > 2) found = undefined;
    if (this.answers.size >= SUGGESTION_CACHE_LIMIT) this.answers.clear();
    this.answers.set(name, found ?? '');
    return found;
  }
}

/**
 * Whether two function names start alike (the three letters after the Z):
 * a name three or more edits away that starts otherwise is another function
 * that happens to end alike (ZmentionedChannels and ZignoreChannels), whose
 * suggestion would change what the line does.
 */
function sameStart(a: string, b: string): boolean {
  return a.slice(1, 4).toLowerCase() === b.slice(1, 4).toLowerCase();
}

/** Lower-cased candidate lists, by list identity (the catalog's name list, the fixed word lists, value sets). */
const loweredLists = new WeakMap<readonly string[], string[]>();

function lowered(candidates: readonly string[]): string[] {
  let list = loweredLists.get(candidates);
  if (!list || list.length !== candidates.length) {
    list = candidates.map((c) => c.toLowerCase());
    loweredLists.set(candidates, list);
  }
  return list;
}

/**
 * Up to `max` candidates nearest to `word` (the same distance and bound as
 * `closest`), best first: by distance, then `rank` (lower first), then name.
 * Quick fixes offer several names where the diagnostic names one.
 */
export function nearestNames(word: string, candidates: readonly string[], max: number, rank: (name: string) => number = () => 0): string[] {
  const limit = Math.max(2, Math.floor(word.length / 3)) + 1;
  const lower = word.toLowerCase();
  const lows = lowered(candidates);
  const scored: { name: string; d: number; r: number }[] = [];
  for (let k = 0; k < lows.length; k++) {
    const name = candidates[k];
    if (name === word) continue;
    const d = editDistance(lower, lows[k], limit);
    if (d < limit) scored.push({ name, d, r: rank(name) });
  }
  scored.sort((x, y) => x.d - y.d || x.r - y.r || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  return scored.slice(0, max).map((s) => s.name);
}

/**
 * The closest candidate by edit distance (optimal string alignment, case
 * ignored; at most a third of the length, min 2), or undefined. At equal
 * distance the first candidate wins.
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  const lows = lowered(candidates);
  if (candidates.length >= ONE_EDIT_INDEX_MIN && lower.length === word.length) {
    const near = closestWithinOneEdit(lower, candidates, lows);
    if (near !== undefined) return near;
  }
  let best: string | undefined;
  let bestD = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (let k = 0; k < lows.length; k++) {
    const c = lows[k];
    // Cheap lower bounds first: the length difference, then the letters one word has and the other lacks.
    if (Math.abs(candidates[k].length - word.length) >= bestD) continue;
    if (bagDistance(lower, c, bestD) >= bestD) continue;
    const d = editDistance(lower, c, bestD);
    if (d < bestD) {
      bestD = d;
      best = candidates[k];
    }
  }
  return best;
}

/** Candidate lists at least this long get a one-edit index (the catalog's function names; not the short word lists). */
const ONE_EDIT_INDEX_MIN = 64;

/**
 * Per candidate list: each lower-cased candidate and each of its one-letter
 * deletions, to the indexes of the candidates they come from. Two words one
 * edit apart (a letter changed, added, dropped, or two neighbours swapped)
 * always share such a key: the one word itself or one of its deletions.
 * Null when lower-casing changes a candidate's length (the scan's length
 * bound would then not be exact, and the two paths could disagree).
 */
const oneEditIndexes = new WeakMap<readonly string[], { size: number; keys: Map<string, number[]> | null }>();

function oneEditIndex(candidates: readonly string[], lows: readonly string[]): Map<string, number[]> | null {
  const known = oneEditIndexes.get(candidates);
  if (known && known.size === candidates.length) return known.keys;
  let keys: Map<string, number[]> | null = new Map();
  const add = (key: string, k: number) => {
    const list = keys!.get(key);
    if (!list) keys!.set(key, [k]);
    else if (list[list.length - 1] !== k) list.push(k);
  };
  for (let k = 0; k < lows.length && keys; k++) {
    const c = lows[k];
    if (c.length !== candidates[k].length) keys = null;
    else {
      add(c, k);
      for (let i = 0; i < c.length; i++) add(c.slice(0, i) + c.slice(i + 1), k);
    }
  }
  oneEditIndexes.set(candidates, { size: candidates.length, keys });
  return keys;
}

/**
 * What `closest` answers when some candidate is at most one edit away (the
 * commonest typo), found through the index instead of a scan of every
 * candidate: the least distance, then the first candidate. Undefined when no
 * candidate is that close (the caller scans).
 */
function closestWithinOneEdit(lower: string, candidates: readonly string[], lows: readonly string[]): string | undefined {
  const index = oneEditIndex(candidates, lows);
  if (!index) return undefined;
  let bestK = -1;
  let bestD = 2;
  const consider = (list: readonly number[] | undefined) => {
    if (!list) return;
    for (const k of list) {
      if (k === bestK) continue;
      const d = editDistance(lower, lows[k], 2);
      if (d < bestD || (d === bestD && k < bestK)) {
        bestD = d;
        bestK = k;
      }
    }
  };
  consider(index.get(lower));
  for (let i = 0; i < lower.length; i++) consider(index.get(lower.slice(0, i) + lower.slice(i + 1)));
  return bestK === -1 ? undefined : candidates[bestK];
}

const bagCounts = new Int32Array(128);

/**
 * A lower bound of the edit distance: the larger of the two multiset
 * differences of the characters (a transposition changes neither) (ASCII counted exactly; other characters
 * are not counted, which only lowers the bound). Stops at `limit`.
 */
function bagDistance(a: string, b: string, limit: number): number {
  for (let i = 0; i < a.length; i++) {
    const c = a.charCodeAt(i);
    if (c < 128) bagCounts[c]++;
  }
  for (let i = 0; i < b.length; i++) {
    const c = b.charCodeAt(i);
    if (c < 128) bagCounts[c]--;
  }
  let surplus = 0;
  let deficit = 0;
  for (let i = 0; i < a.length; i++) {
    const c = a.charCodeAt(i);
    if (c < 128) {
      const n = bagCounts[c];
      if (n > 0) surplus += n;
      else if (n < 0) deficit -= n;
      bagCounts[c] = 0;
    }
  }
  for (let i = 0; i < b.length; i++) {
    const c = b.charCodeAt(i);
    if (c < 128) {
      const n = bagCounts[c];
      if (n < 0) deficit -= n;
      bagCounts[c] = 0;
    }
  }
  const bound = Math.max(surplus, deficit);
  return Math.min(bound, limit);
}

/** Whether two words are at most one edit apart, case ignored (a letter changed, added, dropped, or two neighbours swapped). */
export function oneEditApart(a: string, b: string): boolean {
  return editDistance(a.toLowerCase(), b.toLowerCase(), 2) <= 1;
}

let rowA = new Int32Array(64);
let rowB = new Int32Array(64);
let rowC = new Int32Array(64);

/**
 * Optimal string alignment distance: insertions, deletions, substitutions
 * and transpositions of two neighbouring characters each count one edit
 * (`ztitel` is one edit from `ztitle`, two from `ztime`: a swap is the
 * commonest typo). Stops with `limit` once a row's minimum reaches it: each
 * row's minimum is at most one more than the row before's (a deletion), so
 * a transposition, which adds one to a value two rows back, cannot go below
 * the limit either.
 */
function editDistance(a: string, b: string, limit: number): number {
  if (rowA.length <= b.length) {
    rowA = new Int32Array(b.length * 2 + 1);
    rowB = new Int32Array(b.length * 2 + 1);
    rowC = new Int32Array(b.length * 2 + 1);
  }
  let before = rowC; // row i - 2
  let prev = rowA; // row i - 1
  let cur = rowB; // row i
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    const caBefore = i > 1 ? a.charCodeAt(i - 2) : -1;
    for (let j = 1; j <= b.length; j++) {
      const cb = b.charCodeAt(j - 1);
      const sub = prev[j - 1] + (ca === cb ? 0 : 1);
      const del = prev[j] + 1;
      const ins = cur[j - 1] + 1;
      let v = sub < del ? Math.min(sub, ins) : Math.min(del, ins);
      if (j > 1 && ca !== cb && ca === b.charCodeAt(j - 2) && caBefore === cb) {
        const swap = before[j - 2] + 1;
        if (swap < v) v = swap;
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin >= limit) return limit;
    const t = before;
    before = prev;
    prev = cur;
    cur = t;
  }
  return prev[b.length];
}
