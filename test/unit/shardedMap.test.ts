/** ShardedMap: a Map of strings in several parts (base/shardedMap.ts), checked against a plain Map. */
import * as assert from 'node:assert';
import { ShardedMap } from '../../server/src/base/shardedMap';

describe('ShardedMap', () => {
  it('answers as a Map does through sets, overwrites and deletes', () => {
    const sharded = new ShardedMap<number>();
    const plain = new Map<string, number>();
    // Deterministic mix of operations on URIs that share their start, as workspace files do.
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    for (let step = 0; step < 20_000; step++) {
      const key = `file:///home/bot/commands/c${next() % 3000}.zbr`;
      const op = next() % 4;
      if (op < 2) assert.strictEqual(sharded.set(key, step), sharded);
      if (op < 2) plain.set(key, step);
      else if (op === 2) assert.strictEqual(sharded.delete(key), plain.delete(key));
      else assert.strictEqual(sharded.get(key), plain.get(key));
      assert.strictEqual(sharded.has(key), plain.has(key));
      assert.strictEqual(sharded.size, plain.size);
    }
    const sorted = <T>(entries: Iterable<[string, T]>) => [...entries].sort((a, b) => (a[0] < b[0] ? -1 : 1));
    assert.deepStrictEqual(sorted(sharded), sorted(plain));
    assert.deepStrictEqual([...sharded.keys()].sort(), [...plain.keys()].sort());
    assert.deepStrictEqual(
      [...sharded.values()].sort((a, b) => a - b),
      [...plain.values()].sort((a, b) => a - b),
    );
    sharded.clear();
    assert.strictEqual(sharded.size, 0);
    assert.deepStrictEqual([...sharded.entries()], []);
  });

  it('lets entries be deleted while its keys are iterated, visiting each remaining key once', () => {
    const map = new ShardedMap<number>();
    for (let i = 0; i < 1000; i++) map.set(`file:///w/commands/c${i}.zbr`, i);
    const visited: string[] = [];
    for (const key of map.keys()) {
      visited.push(key);
      if (map.get(key)! % 2 === 0) map.delete(key);
    }
    assert.strictEqual(visited.length, 1000);
    assert.strictEqual(new Set(visited).size, 1000);
    assert.strictEqual(map.size, 500);
  });

  it('spreads the files of one folder over its parts (no part holds twice its share)', () => {
    // The point of the map: no single part grows with most of the files.
    const map = new ShardedMap<number>() as unknown as { shards: Map<string, number>[]; set(k: string, v: number): void };
    const names = ['ban', 'kick', 'warn', 'daily', 'pay', 'shop', 'help', 'rank'];
    for (let i = 0; i < 16_000; i++) map.set(`file:///home/me/bot/commands/${names[i % names.length]}-${Math.floor(i / names.length)}.zbr`, i);
    const share = 16_000 / map.shards.length;
    for (const shard of map.shards) assert.ok(shard.size < 2 * share && shard.size > share / 2, `${shard.size} of ${share}`);
  });
});
