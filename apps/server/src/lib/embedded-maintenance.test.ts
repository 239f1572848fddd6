import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedMaintenance } from './embedded-maintenance';

/** The embedded database's upkeep (PGlite has no autovacuum): pages marked all-visible, statistics taken. */
let pglite: PGlite;
const logged: Array<{ level: string; obj: object; msg: string }> = [];
const log = {
  info: (obj: object, msg: string) => logged.push({ level: 'info', obj, msg }),
  warn: (obj: object, msg: string) => logged.push({ level: 'warn', obj, msg }),
};

async function visiblePages(): Promise<{ relallvisible: number; reltuples: number }> {
  const { rows } = await pglite.query<{ relallvisible: number; reltuples: number }>(
    `select relallvisible, reltuples from pg_class where relname = 'items'`,
  );
  return rows[0]!;
}

beforeAll(async () => {
  pglite = await PGlite.create();
  await pglite.exec(`create table items (id int primary key, client_id int not null); create index on items (client_id);
    insert into items select g, g % 7 from generate_series(1, 20000) g;`);
});
afterAll(async () => {
  await pglite.close();
});

describe('EmbeddedMaintenance', () => {
  it('vacuums and analyses at start: pages all-visible (index-only scans skip the heap), row counts known', async () => {
    expect(await visiblePages()).toMatchObject({ relallvisible: 0 });
    await new EmbeddedMaintenance(pglite, log).atStart();
    const after = await visiblePages();
    expect(after.relallvisible).toBeGreaterThan(0);
    expect(after.reltuples).toBe(20000);
    const plan = await pglite.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, costs off) select count(*) from items where client_id = 3`,
    );
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Index Only Scan[\s\S]*Heap Fetches: 0/);
    expect(logged.at(-1)).toMatchObject({ level: 'info', msg: 'embedded database vacuumed', obj: { analyze: true } });
  });

  it('vacuums again on its timer, with ANALYZE every sixth run, and stops', async () => {
    logged.length = 0;
    const maintenance = new EmbeddedMaintenance(pglite, log, 15);
    maintenance.start();
    await expect.poll(() => logged.length, { timeout: 5000, interval: 20 }).toBeGreaterThanOrEqual(6);
    await maintenance.stop();
    const runs = logged.filter((l) => l.msg === 'embedded database vacuumed').map((l) => (l.obj as { analyze: boolean }).analyze);
    expect(runs.slice(0, 6)).toEqual([false, false, false, false, false, true]);
    const count = logged.length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(logged.length).toBe(count);
  });

  it('logs a failed run as a warning instead of failing the start', async () => {
    logged.length = 0;
    const broken = { exec: () => Promise.reject(new Error('disk full')) } as unknown as PGlite;
    await expect(new EmbeddedMaintenance(broken, log).atStart()).resolves.toBeUndefined();
    expect(logged).toEqual([{ level: 'warn', obj: { err: { message: 'disk full' } }, msg: 'embedded database vacuum failed' }]);
  });
});
