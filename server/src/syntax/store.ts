/**
 * The tree object behind the `SyntaxTree` interface.
 *
 * A tree made by a full parse holds its `statements` array and `starts`
 * directly. A tree made by an incremental reparse holds a *patch* instead:
 * "statements [first, first + removed) of the previous version are replaced by
 * these few, and every later start moves by delta", on top of the arrays of
 * the nearest version that has them (never the previous version's text). Its
 * own `statements` array and `starts` are built from that on first access
 * (O(statements), about what a reparse used to spend copying them eagerly;
 * 25k statements make a 200 KB array, which V8 must place in large-object
 * space, the bulk of that cost), then kept. Until then the reparse of the
 * next edit reads the tree through `countOf` / `startAt` / `statementAt` /
 * `indexAt`, which walk the (short) patch list. A chain of unread versions is
 * capped at MAX_PATCHES: the next reparse builds the arrays of its input.
 *
 * Each version's arrays are its own and never change once built, and
 * statements are shared between versions by identity, exactly as with
 * eagerly built arrays.
 */
import { Statement, SyntaxTree } from './tree';

/** One incremental step from the previous version. */
export interface Patch {
  /** Index of the first replaced statement. */
  readonly first: number;
  /** How many statements of the previous version were replaced. */
  readonly removed: number;
  /** The statements that replace them. */
  readonly mid: readonly Statement[];
  /** Absolute starts (in the new text) of `mid`. */
  readonly midStarts: Int32Array;
  /** Length change of the text: later starts move by this much. */
  readonly delta: number;
}

/** Longest chain of versions never read before a reparse builds its input's arrays. */
const MAX_PATCHES = 32;

const NO_PATCHES: readonly Patch[] = Object.freeze([]) as readonly Patch[];

export class SyntaxTreeImpl implements SyntaxTree {
  declare readonly text: string;
  #statements: Statement[] | null;
  #starts: Int32Array | null;
  /** While the arrays are not built: those of the nearest version that has them, and the patches since. */
  #baseStatements: readonly Statement[];
  #baseStarts: Int32Array;
  #patches: readonly Patch[];
  #count: number;

  private constructor(
    text: string,
    statements: Statement[] | null,
    starts: Int32Array | null,
    baseStatements: readonly Statement[],
    baseStarts: Int32Array,
    patches: readonly Patch[],
    count: number,
  ) {
    this.text = text;
    this.#statements = statements;
    this.#starts = starts;
    this.#baseStatements = baseStatements;
    this.#baseStarts = baseStarts;
    this.#patches = patches;
    this.#count = count;
  }

  /** A tree holding its arrays. */
  static of(text: string, statements: Statement[], starts: Int32Array): SyntaxTreeImpl {
    return new SyntaxTreeImpl(text, statements, starts, statements, starts, NO_PATCHES, statements.length);
  }

  /** The version of `old` with `patch` applied, whose text is `text`. */
  static derive(old: SyntaxTree, text: string, patch: Patch): SyntaxTreeImpl {
    let baseStatements: readonly Statement[];
    let baseStarts: Int32Array;
    let patches: Patch[];
    let oldCount: number;
    if (old instanceof SyntaxTreeImpl && old.#statements === null && old.#patches.length < MAX_PATCHES) {
      baseStatements = old.#baseStatements;
      baseStarts = old.#baseStarts;
      patches = old.#patches.concat(patch);
      oldCount = old.#count;
    } else {
      baseStatements = old.statements;
      baseStarts = old.starts;
      patches = [patch];
      oldCount = baseStatements.length;
    }
    const count = oldCount - patch.removed + patch.mid.length;
    return new SyntaxTreeImpl(text, null, null, baseStatements, baseStarts, patches, count);
  }

  get statements(): readonly Statement[] {
    return this.#statements ?? this.#build();
  }

  get starts(): Int32Array {
    if (this.#starts === null) this.#build();
    return this.#starts!;
  }

  /** Number of statements (without building anything). */
  static countOf(tree: SyntaxTree): number {
    return tree instanceof SyntaxTreeImpl ? tree.#count : tree.statements.length;
  }

  /** `tree.starts[i]` for 0 <= i <= count (without building anything). */
  static startAt(tree: SyntaxTree, i: number): number {
    if (!(tree instanceof SyntaxTreeImpl)) return tree.starts[i];
    if (tree.#starts !== null) return tree.#starts[i];
    const patches = tree.#patches;
    let add = 0;
    for (let k = patches.length - 1; k >= 0; k--) {
      const p = patches[k];
      if (i < p.first) continue;
      const m = i - p.first;
      if (m < p.mid.length) return p.midStarts[m] + add;
      i = i - p.mid.length + p.removed;
      add += p.delta;
    }
    return tree.#baseStarts[i] + add;
  }

  /** `tree.statements[i]` for 0 <= i < count (without building anything). */
  static statementAt(tree: SyntaxTree, i: number): Statement {
    if (!(tree instanceof SyntaxTreeImpl)) return tree.statements[i];
    if (tree.#statements !== null) return tree.#statements[i];
    const patches = tree.#patches;
    for (let k = patches.length - 1; k >= 0; k--) {
      const p = patches[k];
      if (i < p.first) continue;
      const m = i - p.first;
      if (m < p.mid.length) return p.mid[m];
      i = i - p.mid.length + p.removed;
    }
    return tree.#baseStatements[i];
  }

  /** Index of the statement containing `offset` (0 <= offset <= text.length), as `statementIndexAt`; -1 when empty. */
  static indexAt(tree: SyntaxTree, offset: number): number {
    const count = SyntaxTreeImpl.countOf(tree);
    if (count === 0) return -1;
    let lo = 0;
    let hi = count - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (SyntaxTreeImpl.startAt(tree, mid) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Builds this version's arrays from the base and the patches. */
  #build(): Statement[] {
    let statements = this.#baseStatements as Statement[];
    let starts = this.#baseStarts;
    let n = statements.length;
    let ownStatements = false;
    let ownStarts = false;
    for (const p of this.#patches) {
      const { first, removed, mid, midStarts, delta } = p;
      const tailFrom = first + removed; // in the previous version
      const count = n - removed + mid.length;
      const at = first + mid.length; // where the tail lands
      // Statements.
      if (removed === mid.length) {
        if (!ownStatements) {
          statements = statements.slice();
          ownStatements = true;
        }
        for (let k = 0; k < mid.length; k++) statements[first + k] = mid[k];
      } else {
        statements = statements.slice(0, first).concat(mid as Statement[], statements.slice(tailFrom));
        ownStatements = true;
      }
      // Starts (count + 1 entries).
      let next: Int32Array;
      if (removed === mid.length && ownStarts) next = starts;
      else {
        next = new Int32Array(count + 1);
        next.set(starts.subarray(0, first));
        if (delta === 0) next.set(starts.subarray(tailFrom, n + 1), at);
        ownStarts = true;
      }
      next.set(midStarts, first);
      if (delta !== 0) for (let k = at, j = tailFrom; k <= count; k++, j++) next[k] = starts[j] + delta;
      starts = next;
      n = count;
    }
    if (!ownStatements) statements = statements.slice();
    if (!ownStarts) starts = starts.slice();
    this.#statements = statements;
    this.#starts = starts;
    this.#baseStatements = statements;
    this.#baseStarts = starts;
    this.#patches = NO_PATCHES;
    return statements;
  }

  toJSON(): object {
    return { text: this.text, statements: this.statements, starts: this.starts };
  }
}
