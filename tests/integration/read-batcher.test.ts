import { describe, expect, it } from 'vitest';
import { ReadBatcher } from '../../server/db/read-batcher.ts';

// Reads asked for together go to the database as one; a read asked for while a batch is out
// waits for the next one, so no caller gets an answer read before it asked.

function recorder(answer: (key: number) => string | undefined = (key) => `v${key}`) {
  const batches: number[][] = [];
  const release: (() => void)[] = [];
  const readMany = async (keys: readonly number[]) => {
    batches.push([...keys]);
    await new Promise<void>((resolve) => release.push(resolve));
    const answers = new Map<number, string>();
    for (const key of keys) {
      const value = answer(key);
      if (value !== undefined) answers.set(key, value);
    }
    return answers;
  };
  const releaseAll = () => release.splice(0).forEach((go) => go());
  return { batches, readMany, releaseAll };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('a read batcher', () => {
  it('reads the keys asked for in one turn together, each key once, answering each caller', async () => {
    const r = recorder();
    const batcher = new ReadBatcher(r.readMany);
    const reads = [1, 2, 2, 3].map((key) => batcher.read(key));
    await turn();
    expect(r.batches).toEqual([[1, 2, 3]]);
    r.releaseAll();
    expect(await Promise.all(reads)).toEqual(['v1', 'v2', 'v2', 'v3']);
  });

  it('answers undefined for a key the read had no answer for', async () => {
    const r = recorder((key) => (key === 2 ? undefined : `v${key}`));
    const batcher = new ReadBatcher(r.readMany);
    const reads = [1, 2].map((key) => batcher.read(key));
    await turn();
    r.releaseAll();
    expect(await Promise.all(reads)).toEqual(['v1', undefined]);
  });

  it('sends a read asked for after a batch left in a later batch, never in one already out', async () => {
    const r = recorder();
    const batcher = new ReadBatcher(r.readMany, 1);
    const first = batcher.read(1);
    await turn();
    const second = batcher.read(1);
    const third = batcher.read(2);
    await turn();
    // One batch out at a time here: the later reads wait for it, then go together.
    expect(r.batches).toEqual([[1]]);
    r.releaseAll();
    expect(await first).toBe('v1');
    await turn();
    expect(r.batches).toEqual([[1], [1, 2]]);
    r.releaseAll();
    expect(await Promise.all([second, third])).toEqual(['v1', 'v2']);
  });

  it('fails every read of a batch whose read failed, and reads the next batch again', async () => {
    let fail = true;
    const batcher = new ReadBatcher(async (keys: readonly number[]) => {
      if (fail) throw new Error('database gone');
      return new Map(keys.map((key) => [key, `v${key}`]));
    });
    const reads = [1, 2].map((key) => batcher.read(key));
    await expect(Promise.all(reads)).rejects.toThrow('database gone');
    await expect(reads[1]).rejects.toThrow('database gone');
    fail = false;
    expect(await batcher.read(3)).toBe('v3');
  });
});
