/**
 * A map from strings kept as several smaller Maps, chosen by a hash of the key.
 *
 * Why: a V8 Map grows by moving every entry into a new table twice the size,
 * all at once. The workspace index keeps a few tables with one entry per file;
 * measured with 100,000 files, each of them took 10-30 ms to grow past 65,536
 * entries, and since they all hold the same files they grew while indexing
 * the same file: one request waited over 100 ms. Split 16 ways, a table grows
 * a sixteenth at a time, in different files' turns.
 *
 * Iteration visits the shards in turn, each in insertion order: the order is
 * deterministic but is not the order of insertion, so callers that show a
 * list sort it.
 */
const SHARDS = 16;

/** A hash of the key's last characters (keys here are URIs: their ends differ, their starts are shared). */
function shardOf(key: string): number {
  let h = key.length;
  for (let i = Math.max(0, key.length - 16); i < key.length; i++) h = (h * 31 + key.charCodeAt(i)) | 0;
  return (h ^ (h >>> 4) ^ (h >>> 8)) & (SHARDS - 1);
}

export class ShardedMap<V> implements Iterable<[string, V]> {
  private readonly shards: Map<string, V>[] = Array.from({ length: SHARDS }, () => new Map<string, V>());
  private count = 0;

  get size(): number {
    return this.count;
  }

  get(key: string): V | undefined {
    return this.shards[shardOf(key)].get(key);
  }

  has(key: string): boolean {
    return this.shards[shardOf(key)].has(key);
  }

  set(key: string, value: V): this {
    const shard = this.shards[shardOf(key)];
    const before = shard.size;
    shard.set(key, value);
    this.count += shard.size - before;
    return this;
  }

  delete(key: string): boolean {
    const gone = this.shards[shardOf(key)].delete(key);
    if (gone) this.count--;
    return gone;
  }

  clear(): void {
    for (const shard of this.shards) shard.clear();
    this.count = 0;
  }

  *keys(): IterableIterator<string> {
    for (const shard of this.shards) yield* shard.keys();
  }

  *values(): IterableIterator<V> {
    for (const shard of this.shards) yield* shard.values();
  }

  *entries(): IterableIterator<[string, V]> {
    for (const shard of this.shards) yield* shard.entries();
  }

  [Symbol.iterator](): IterableIterator<[string, V]> {
    return this.entries();
  }
}
