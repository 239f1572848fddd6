import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { InvoicesResponse } from '@portal/contract/invoices';
import { CandidateListResponse } from '@portal/contract/candidates';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { TEST_NOW } from '../../../test/global-setup';
import { signIn, type SignedIn } from '../../../test/auth-client';
import { versionedOracle } from '../../../test/versioned-oracle';

/**
 * The invoices page and the educators list as versioned answers (docs/decisions/009): after every kind of write
 * they read, and when the day turns, the kept answer must be what an app that keeps nothing computes, and the old
 * tag must no longer revalidate.
 */

let t: TestApp;
let oracle: Awaited<ReturnType<typeof versionedOracle>>;
let admin: SignedIn;
let clock = new Date(TEST_NOW).getTime();
let clientId: number;

const run = (query: SQL) => t.database.db.execute(query);

/** Each write must give `url` a new tag, the same bytes as the oracle, and leave the old tag revalidating no more. */
async function changesWith(url: string, writes: Array<[string, () => Promise<unknown>]>) {
  for (const [what, write] of writes) {
    const before = await oracle.agrees(url, admin);
    await write();
    const after = await oracle.agrees(url, admin);
    expect(after.tag, what).not.toBe(before.tag);
    expect((await oracle.get(url, admin, { 'if-none-match': before.tag })).statusCode, what).toBe(200);
  }
}

beforeAll(async () => {
  const now = () => new Date(clock);
  t = await buildTestApp({ now });
  oracle = await versionedOracle(t, now);
  admin = await signIn(t.app, 'group.admin@demo.test');
  clientId = (
    await queryRows<{ id: number }>(
      t.database.db,
      sql`select min(c.id) as id from clients c join permission_entries pe on pe.group_id = c.group_id
          join contacts ct on ct.id = pe.contact_id where ct.email = 'group.admin@demo.test'`,
    )
  )[0]!.id;
});
afterAll(async () => {
  await oracle?.close();
  await t?.close();
});

describe('the invoices page as a versioned answer', () => {
  const url = '/v1/invoices?take=10';

  it('revalidates with 304, and changes with its invoices, its clients and the day (overdue)', async () => {
    const first = await oracle.agrees(url, admin);
    expect((await oracle.get(url, admin, { 'if-none-match': first.tag })).statusCode).toBe(304);
    const invoice = InvoicesResponse.parse(first.json).invoices[0]!;
    await changesWith(url, [
      ['paid', () => run(sql`update invoices set paid_at = ${TEST_NOW}::timestamptz where invoice_no = ${invoice.invoiceNo}`)],
      ['its client renamed', () => run(sql`update clients set name = name || ' (v)' where id = ${invoice.clientId}`)],
      [
        'the next day',
        async () => {
          clock += 86_400_000;
        },
      ],
    ]);
    const overdue = '/v1/invoices?status=overdue&take=50';
    await changesWith(overdue, [
      [
        'a week on',
        async () => {
          clock += 7 * 86_400_000;
        },
      ],
    ]);
    clock = new Date(TEST_NOW).getTime();
  });
});

describe('the educators list as a versioned answer', () => {
  const url = () => `/v1/candidate/CandidateList?ClientId=${clientId}`;

  it('revalidates with 304, and changes with favourites, names, headlines, bookings and the day', async () => {
    const first = await oracle.agrees(url(), admin);
    expect((await oracle.get(url(), admin, { 'if-none-match': first.tag })).statusCode).toBe(304);
    const educator = CandidateListResponse.parse(first.json).find((c) => c.bookingsCount > 0)!;
    await changesWith(url(), [
      [
        'a favourite',
        () =>
          run(
            sql`update client_candidates set is_favourite = not is_favourite where client_id = ${clientId} and candidate_id = ${educator.candidateId}`,
          ),
      ],
      ['a headline', () => run(sql`update candidates set headline = 'Versioned headline' where id = ${educator.candidateId}`)],
      ['a name', () => run(sql`update candidates set last_name = last_name || 'v' where id = ${educator.candidateId}`)],
      [
        'a booking cancelled',
        () =>
          run(sql`update bookings set status = 'cancelled' where id = (select max(id) from bookings where client_id = ${clientId}
            and candidate_id = ${educator.candidateId} and status in ('filled', 'completed', 'commenced'))`),
      ],
      [
        'the next minute',
        async () => {
          clock += 60_000;
        },
      ],
    ]);
    const last = CandidateListResponse.parse((await oracle.agrees(url(), admin)).json).find((c) => c.candidateId === educator.candidateId)!;
    expect(last.headline).toBe('Versioned headline');
    expect(last.bookingsCount).toBe(educator.bookingsCount - 1);
    clock = new Date(TEST_NOW).getTime();
  });
});

describe('the outstanding invoices count as a versioned answer', () => {
  const url = '/v1/invoices/outstanding-invoices-count';
  const count = (json: unknown) => (json as { outstandingInvoicesCount: number }).outstandingInvoicesCount;

  it('revalidates with 304, stays kept when another client pays, and changes when one of its invoices is paid or billed', async () => {
    const first = await oracle.agrees(url, admin);
    expect((await oracle.get(url, admin, { 'if-none-match': first.tag })).statusCode).toBe(304);
    // An invoice of a client outside the caller's tree: the count's tag holds.
    await run(sql`update invoices set paid_at = null where client_id not in (
      select c.id from clients c join permission_entries pe on pe.group_id = c.group_id
      join contacts ct on ct.id = pe.contact_id where ct.email = 'group.admin@demo.test')`);
    expect((await oracle.get(url, admin, { 'if-none-match': first.tag })).statusCode).toBe(304);

    const unpaid = (
      await queryRows<{ no: string }>(
        t.database.db,
        sql`select invoice_no as no from invoices where client_id = ${clientId} and paid_at is null limit 1`,
      )
    )[0]!.no;
    await changesWith(url, [
      ['paid', () => run(sql`update invoices set paid_at = ${TEST_NOW}::timestamptz where invoice_no = ${unpaid}`)],
      ['unpaid again', () => run(sql`update invoices set paid_at = null where invoice_no = ${unpaid}`)],
    ]);
    const paid = await oracle.agrees(url, admin);
    await run(sql`update invoices set paid_at = ${TEST_NOW}::timestamptz where invoice_no = ${unpaid}`);
    expect(count((await oracle.agrees(url, admin)).json)).toBe(count(paid.json) - 1);
  });

  it('refuses a client outside the caller’s tree before any tag is made', async () => {
    const res = await oracle.get(`${url}?clientIds=999999`, admin, { 'if-none-match': '*' });
    expect(res.statusCode).toBe(403);
    expect(res.headers.etag).toBeUndefined();
  });
});
