import { describe, expect, it } from 'vitest';
import { ReadBatcher } from './read-batcher';

describe('ReadBatcher', () => {
  it('asks reads made at the same moment in one call, each answered with its own result', async () => {
    const calls: number[][] = [];
    const batcher = new ReadBatcher<number, number>(async (inputs) => {
      calls.push(inputs);
      return inputs.map((input) => input * 10);
    });

    const answers = await Promise.all([batcher.load(1), batcher.load(2), batcher.load(3)]);

    expect(answers).toEqual([10, 20, 30]);
    expect(calls).toEqual([[1, 2, 3]]);
  });

  it('gathers reads made while its statements run into the next batch', async () => {
    const calls: number[][] = [];
    const releases: Array<() => void> = [];
    const batcher = new ReadBatcher<number, number>(
      (inputs) => {
        calls.push(inputs);
        return new Promise((resolve) => releases.push(() => resolve(inputs)));
      },
      { maxInFlight: 1 },
    );

    const first = batcher.load(1);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [batcher.load(2), batcher.load(3)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([[1]]);
    releases.shift()?.();
    await first;
    while (calls.length < 2) await new Promise((resolve) => setImmediate(resolve));
    releases.shift()?.();

    expect(await Promise.all(later)).toEqual([2, 3]);
    expect(calls).toEqual([[1], [2, 3]]);
  });

  it('fails every read of a failed batch, and goes on with the next', async () => {
    let fail = true;
    const batcher = new ReadBatcher<number, number>(async (inputs) => {
      if (fail) throw new Error('database down');
      return inputs;
    });

    const failed = await Promise.allSettled([batcher.load(1), batcher.load(2)]);
    fail = false;

    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await batcher.load(3)).toBe(3);
  });

  it('refuses an answer that does not have one result per read', async () => {
    const batcher = new ReadBatcher<number, number>(async () => [1]);

    await expect(Promise.all([batcher.load(1), batcher.load(2)])).rejects.toThrow(/1 results for 2 reads/);
  });
});
