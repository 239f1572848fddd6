import { describe, expect, it } from 'vitest';
import { VersionReads } from './versioned-answers';

/**
 * How version reads are shared (lib/versioned-answers.ts): the statement itself is covered on a real database by
 * data-versions.test.ts and every versioned route's test; here a read is held open to see who it serves.
 */

interface HeldRead {
  ids: readonly number[];
  finish: (versions: Record<number, number>) => void;
  fail: (error: Error) => void;
}

function heldReads() {
  const reads: HeldRead[] = [];
  const reader = new VersionReads(
    (ids) =>
      new Promise((resolve, reject) => {
        reads.push({
          ids: [...ids].sort((a, b) => a - b),
          finish: (versions) => resolve(new Map(Object.entries(versions).map(([id, v]) => [Number(id), v]))),
          fail: reject,
        });
      }),
  );
  return { reader, reads };
}

/** Whether a promise has settled, without waiting for it. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  const marker = Symbol('pending');
  const first = await Promise.race([
    promise.then(
      () => true,
      () => true,
    ),
    Promise.resolve(marker).then((m) => m),
  ]);
  return first !== marker;
}

describe('version reads', () => {
  it('starts a read at once when none is in flight, and answers row 0 and the clients in id order', async () => {
    const { reader, reads } = heldReads();
    const answer = reader.of([7, 3, 7]);
    expect(reads).toHaveLength(1);
    expect(reads[0]?.ids).toEqual([0, 3, 7]);
    reads[0]?.finish({ 0: 5, 7: 9 });
    expect(await answer).toBe('0:5,3:0,7:9');
    expect(reader.counts).toEqual({ reads: 1, requests: 1 });
  });

  it('serves everyone who asked while a read was in flight with one next read, never with the read in flight', async () => {
    const { reader, reads } = heldReads();
    const first = reader.of([1]);
    const second = reader.of([2]);
    const third = reader.of([1, 3]);
    expect(reads, 'the later askers wait').toHaveLength(1);

    // The read in flight answers with versions from before the others asked: they must not get them.
    reads[0]?.finish({ 0: 1, 1: 1, 2: 1, 3: 1 });
    expect(await first).toBe('0:1,1:1');
    expect(await settled(second)).toBe(false);
    expect(await settled(third)).toBe(false);

    expect(reads, 'one read for both').toHaveLength(2);
    expect(reads[1]?.ids).toEqual([0, 1, 2, 3]);
    reads[1]?.finish({ 0: 2, 1: 2, 2: 2, 3: 2 });
    expect(await second).toBe('0:2,2:2');
    expect(await third).toBe('0:2,1:2,3:2');
    expect(reader.counts).toEqual({ reads: 2, requests: 3 });
  });

  it('fails only the askers of a failed read; the next read goes on', async () => {
    const { reader, reads } = heldReads();
    const failed = reader.of([1]);
    const later = reader.of([2]);
    reads[0]?.fail(new Error('connection lost'));
    await expect(failed).rejects.toThrow('connection lost');
    await Promise.resolve();
    expect(reads).toHaveLength(2);
    reads[1]?.finish({ 2: 4 });
    expect(await later).toBe('0:0,2:4');

    // Idle again: a new ask starts its own read at once.
    const again = reader.of([5]);
    expect(reads).toHaveLength(3);
    reads[2]?.finish({ 5: 1 });
    expect(await again).toBe('0:0,5:1');
  });
});
