import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { INVOICE_SORTS, INVOICE_STATUSES } from '@portal/contract/invoices';
import { allClients, scopeOf, type PermissionTree } from '@portal/contract/permissions';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { seededRandom, versionedOracle } from '../../../test/versioned-oracle';
import { TEST_NOW } from '../../../test/global-setup';
import { signIn, type SignedIn } from '../../../test/auth-client';

/**
 * Pages of invoices cut from a snapshot of the caller's accounts view (invoice-snapshots.ts) against pages read from
 * the database: the oracle is a second app on the same data that keeps nothing (ANSWER_CACHE_MB=0). Drawn queries
 * (clients, status, sort, page) and the ends of lists must send the same bytes, totals and tags, and again after writes.
 */

let t: TestApp;
let oracle: Awaited<ReturnType<typeof versionedOracle>>;
let clock = new Date(TEST_NOW).getTime();

interface Caller {
  who: SignedIn;
  clientIds: number[];
}

const random = seededRandom(20261202);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

function listUrl(c: Caller): string {
  const q: string[] = [];
  if (random() < 0.5) for (const id of new Set(c.clientIds.filter(() => random() < 0.5))) q.push(`clientIds=${id}`);
  if (random() < 0.6) q.push(`status=${pick(INVOICE_STATUSES)}`);
  q.push(`sort=${pick(INVOICE_SORTS)}`, `skip=${random() < 0.5 ? 0 : Math.floor(random() * 150)}`, `take=${pick([1, 5, 10, 25, 100])}`);
  return `/v1/invoices?${q.join('&')}`;
}

/** Both apps answer alike. */
const agrees = (c: Caller, url: string) => oracle.answersAlike(url, c.who);

const callers: Caller[] = [];

beforeAll(async () => {
  const now = () => new Date(clock);
  t = await buildTestApp({ now });
  oracle = await versionedOracle(t, now);
  for (const email of [
    'group.admin@demo.test',
    'school.admin@demo.test',
    'finance@demo.test',
    'uk.admin@demo.test',
    'us.admin@demo.test',
  ]) {
    const who = await signIn(t.app, email);
    const profile = (await t.app.inject({ method: 'GET', url: '/v1/profile', headers: who.headers })).json() as { links: PermissionTree };
    // Mostly the clients of its accounts view; one it does not hold there now and then (a refusal either way).
    const clientIds = scopeOf(
      profile.links,
      'accounts',
      'view',
      allClients(profile.links).map((c) => c.clientId),
    ).clientIds;
    callers.push({ who, clientIds: [...clientIds, ...(random() < 0.5 ? [] : [9999])] });
  }
});
afterAll(async () => {
  await oracle?.close();
  await t?.close();
});

describe("pages of invoices cut from a snapshot of the caller's accounts view", () => {
  it('send what pages read from the database send, for every client selection, status, sort and page', async () => {
    const before = t.app.services.snapshots.counts.pages;
    for (const c of callers) {
      for (let i = 0; i < 40; i++) await agrees(c, listUrl(c));
      for (const sort of INVOICE_SORTS) {
        for (const status of ['', 'status=unpaid&']) {
          const first = await oracle.getFresh(`/v1/invoices?${status}sort=${sort}&take=1`, c.who);
          const { total } = JSON.parse(String(first.headers['x-pagination'])) as { total: number };
          for (const skip of [Math.max(0, total - 3), total, Math.max(0, total - 1)])
            await agrees(c, `/v1/invoices?${status}sort=${sort}&skip=${skip}&take=5`);
        }
      }
    }
    expect(t.app.services.snapshots.counts.pages - before).toBeGreaterThan(callers.length * 30);
  });

  it('and after writes, and on another day: an invoice paid, a school renamed, invoices falling overdue', async () => {
    const admin = callers[0]!;
    const [unpaid] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from invoices where client_id = ${admin.clientIds[0]!} and paid_at is null order by id limit 1`,
    );
    await t.database.db.execute(sql`update invoices set paid_at = ${TEST_NOW}::timestamptz where id = ${unpaid!.id}`);
    for (let i = 0; i < 10; i++) await agrees(admin, listUrl(admin));
    await t.database.db.execute(sql`update clients set name = 'Aardvark Grammar' where id = ${admin.clientIds[1]!}`);
    for (let i = 0; i < 10; i++) await agrees(admin, listUrl(admin));
    // Unpaid invoices due on each day around today: the overdue cut-off falls among them, whatever the zone.
    const changed = await queryRows<{ id: number }>(
      t.database.db,
      sql`update invoices i set due_date = date '2026-03-16' + (n.k % 7 - 3)::int
        from (select id, row_number() over (order by id) as k from invoices
              where client_id = any(${sql.param(admin.clientIds)}::int[]) and paid_at is null limit 21) n
        where i.id = n.id returning i.id`,
    );
    expect(changed.length).toBeGreaterThan(7);
    for (const sort of ['dueDate', '-dueDate'] as const) await agrees(admin, `/v1/invoices?status=overdue&sort=${sort}&take=100`);
    for (const sort of ['dueDate', '-dueDate'] as const) await agrees(admin, `/v1/invoices?status=unpaid&sort=${sort}&take=100`);
    clock += 40 * 86_400_000;
    for (let i = 0; i < 10; i++) await agrees(admin, `/v1/invoices?status=overdue&sort=${pick(INVOICE_SORTS)}&take=25`);
    clock = new Date(TEST_NOW).getTime();
  });
});
