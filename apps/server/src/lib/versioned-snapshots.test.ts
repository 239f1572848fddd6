import { describe, expect, it } from 'vitest';
import { VersionedSnapshots } from './versioned-snapshots';

/** The store of snapshots (docs/decisions/033) with builders that count their calls. */
function store(options: { budgetRows?: number; maxRows?: number } = {}) {
  let clock = 0;
  const snapshots = new VersionedSnapshots({
    budgetRows: options.budgetRows ?? 100,
    maxRows: options.maxRows ?? 50,
    recheckLargeAfterMs: 1000,
    now: () => new Date(clock),
  });
  const builds: string[] = [];
  const of = (key: string, versions: string, rows: number | 'too-large') =>
    snapshots.of(key, versions, async () => {
      builds.push(`${key}@${versions}`);
      return rows === 'too-large' ? rows : { rows: new Array<number>(rows).fill(0), versions };
    });
  return { snapshots, builds, of, tick: (ms: number) => (clock += ms) };
}

describe('snapshots kept per data version', () => {
  it('are built on the second page over the same data, once however many ask at the same time, and kept', async () => {
    const { snapshots, builds, of } = store();
    expect(await of('a', 'v1', 10)).toBeUndefined();
    const together = await Promise.all([of('a', 'v1', 10), of('a', 'v1', 10), of('a', 'v1', 10)]);
    expect(together.map((s) => s?.versions)).toEqual(['v1', 'v1', 'v1']);
    expect(await of('a', 'v1', 10)).toBe(together[0]);
    expect(builds).toEqual(['a@v1']);
    expect(snapshots.counts).toEqual({ counted: 1, built: 1, pages: 4 });
  });

  it('are never served for other versions: new data is read from the database, then built again', async () => {
    const { snapshots, builds, of } = store();
    await of('a', 'v1', 10);
    await of('a', 'v1', 10);
    expect(await of('a', 'v2', 10)).toBeUndefined();
    expect((await of('a', 'v2', 10))?.versions).toBe('v2');
    expect(builds).toEqual(['a@v1', 'a@v2']);
    // The older one left as the newer came.
    expect(snapshots.size).toEqual({ snapshots: 1, rows: 10 });
  });

  it('keep within their budget of rows, the least recently used leaving first', async () => {
    const { snapshots, builds, of } = store({ budgetRows: 100, maxRows: 50 });
    for (const key of ['a', 'b', 'c']) for (let i = 0; i < 2; i++) await of(key, 'v1', 40);
    expect(snapshots.size).toEqual({ snapshots: 2, rows: 80 });
    // 'a' left; 'b' and 'c' are served as kept, and 'a' is asked twice again to be built again.
    await of('b', 'v1', 40);
    await of('c', 'v1', 40);
    expect(await of('a', 'v1', 40)).toBeUndefined();
    expect(await of('a', 'v1', 40)).toBeDefined();
    expect(builds).toEqual(['a@v1', 'b@v1', 'c@v1', 'a@v1']);
  });

  it('leave a scope larger than they may hold to the database, without counting it again for a while', async () => {
    const { snapshots, builds, of, tick } = store({ maxRows: 50 });
    for (const versions of ['v1', 'v1', 'v2', 'v2']) expect(await of('big', versions, 'too-large')).toBeUndefined();
    expect(builds).toEqual(['big@v1']);
    // A builder that makes more rows than allowed is refused the same way.
    for (const versions of ['v1', 'v1']) expect(await of('grown', versions, 60)).toBeUndefined();
    tick(1001);
    for (const versions of ['v3', 'v3']) expect(await of('big', versions, 'too-large')).toBeUndefined();
    expect(builds).toEqual(['big@v1', 'grown@v1', 'big@v3']);
    expect(snapshots.counts).toEqual({ counted: 3, built: 0, pages: 0 });
  });

  it('leave the page to the database when one cannot be read, and try again on the next page', async () => {
    const { snapshots } = store();
    let fail = true;
    const of = () =>
      snapshots.of('a', 'v1', async () => {
        if (fail) throw new Error('statement timeout');
        return { rows: [1, 2, 3] };
      });
    expect(await of()).toBeUndefined();
    expect(await of()).toBeUndefined();
    fail = false;
    expect(await of()).toBeUndefined();
    expect((await of())?.rows).toEqual([1, 2, 3]);
    expect(snapshots.counts).toEqual({ counted: 2, built: 1, pages: 1 });
  });

  it('keep none with no budget (ANSWER_CACHE_MB=0)', async () => {
    const none = VersionedSnapshots.within(0, () => new Date(0));
    for (let i = 0; i < 3; i++) expect(await none.of('a', 'v1', async () => ({ rows: [1] }))).toBeUndefined();
    expect(none.counts).toEqual({ counted: 0, built: 0, pages: 0 });
  });
});
