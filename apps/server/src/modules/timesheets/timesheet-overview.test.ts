import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { TimesheetsOverviewResponse } from '@portal/contract/dashboard';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';

let t: TestApp;
let admin: SignedIn;
let viewer: SignedIn;
let teacher: SignedIn;
let groupClientIds: number[];
let teacherLocationId: number;
const URL = '/v1/timesheets/overview';

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  groupClientIds = (
    await queryRows<{ id: number }>(
      db,
      sql`select c.id from clients c join permission_entries pe on pe.group_id = c.group_id join contacts ct on ct.id = pe.contact_id
          where ct.email = 'group.admin@demo.test' group by c.id order by c.id`,
    )
  ).map((r) => r.id);
  const [row] = await queryRows<{ contact_id: number; location_id: number }>(
    db,
    sql`select pe.contact_id, pe.location_id from permission_entries pe join contacts ct on ct.id = pe.contact_id
        where ct.email = 'teacher@demo.test' and pe.location_id is not null limit 1`,
  );
  teacherLocationId = row!.location_id;
  await db.execute(
    sql`insert into permission_entries (contact_id, location_id, scope, modifier) values (${row!.contact_id}, ${teacherLocationId}, 'timesheets', 'view')`,
  );
  [admin, viewer, teacher] = await Promise.all([
    signIn(t.app, 'group.admin@demo.test'),
    signIn(t.app, 'bookings.viewer@demo.test'),
    signIn(t.app, 'teacher@demo.test'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, who?: SignedIn) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });

/** Counts by status grouped by `key` (a column of timesheets), computed here independently. */
async function counts(where: SQL, key: 'client_id' | 'candidate_id') {
  const rows = await queryRows<{ id: number; approved: number; pending_review: number; pending_approval: number }>(
    t.database.db,
    sql`select ${sql.raw(key)} as id,
          sum(case when status = 'approved_for_invoice' then 1 else 0 end)::int as approved,
          sum(case when status = 'pending_review' then 1 else 0 end)::int as pending_review,
          sum(case when status = 'pending_approval' then 1 else 0 end)::int as pending_approval
        from timesheets where ${where} and status <> 'invoiced' group by 1`,
  );
  return new Map(rows.map((r) => [r.id, { approved: r.approved, pendingReview: r.pending_review, pendingApproval: r.pending_approval }]));
}

describe('GET /v1/timesheets/overview', () => {
  it('sums timesheets by status in total, per client and per educator; invoiced ones are not counted', async () => {
    const chosen = groupClientIds.slice(0, 3);
    const res = await get(`${URL}?${chosen.map((id) => `clientIds=${id}`).join('&')}`, admin);
    expect(res.statusCode).toBe(200);
    const body = TimesheetsOverviewResponse.parse(res.json());
    const where = sql`client_id in (${sql.join(
      chosen.map((id) => sql`${id}`),
      sql`, `,
    )})`;
    const perClient = await counts(where, 'client_id');
    const perCandidate = await counts(where, 'candidate_id');

    expect(new Map(body.clients.map(({ clientId, clientName: _n, pendingApprovalWeeks: _w, ...c }) => [clientId, c]))).toEqual(perClient);
    expect(new Map(body.candidates.map(({ candidateId, candidateName: _n, ...c }) => [candidateId, c]))).toEqual(perCandidate);
    const sum = [...perClient.values()].reduce(
      (a, c) => ({
        approved: a.approved + c.approved,
        pendingReview: a.pendingReview + c.pendingReview,
        pendingApproval: a.pendingApproval + c.pendingApproval,
      }),
      { approved: 0, pendingReview: 0, pendingApproval: 0 },
    );
    expect(body.totals).toEqual(sum);
    expect(body.totals.approved).toBeGreaterThan(0);
    expect(body.totals.pendingApproval).toBeGreaterThan(0);
    expect(body.totals.pendingReview).toBeGreaterThan(0);

    const [all] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from timesheets where ${where}`);
    expect(body.totals.approved + body.totals.pendingReview + body.totals.pendingApproval).toBeLessThan(all!.n);

    const names = await queryRows<{ id: number; name: string }>(
      t.database.db,
      sql`select id, first_name || ' ' || last_name as name from candidates where id = ${body.candidates[0]!.candidateId}`,
    );
    expect(body.candidates[0]!.candidateName).toBe(names[0]!.name);
    expect(body.clients.map((c) => c.clientName)).toEqual(
      [...body.clients.map((c) => c.clientName)].sort((a, b) => a.localeCompare(b, 'en')),
    );
  });

  it('names, per client, the weeks (by Monday, in the school’s calendar) with timesheets pending approval, newest first', async () => {
    const res = await get(`${URL}?${groupClientIds.map((id) => `clientIds=${id}`).join('&')}`, admin);
    const body = TimesheetsOverviewResponse.parse(res.json());
    const weeks = await queryRows<{ client_id: number; week: string; n: number }>(
      t.database.db,
      sql`select t.client_id, to_char(date_trunc('week', b.date_local::timestamp), 'YYYY-MM-DD') as week, count(*)::int as n
          from timesheets t join bookings b on b.id = t.booking_id
          where t.status = 'pending_approval' and t.client_id in (${sql.join(
            groupClientIds.map((id) => sql`${id}`),
            sql`, `,
          )})
          group by 1, 2 order by 1, 2 desc`,
    );
    expect(weeks.length).toBeGreaterThan(1);
    for (const client of body.clients) {
      expect(client.pendingApprovalWeeks).toEqual(
        weeks.filter((w) => w.client_id === client.clientId).map((w) => ({ weekOf: w.week, pendingApproval: w.n })),
      );
      expect(client.pendingApprovalWeeks.reduce((sum, w) => sum + w.pendingApproval, 0)).toBe(client.pendingApproval);
      for (const week of client.pendingApprovalWeeks) expect(new Date(`${week.weekOf}T00:00:00Z`).getUTCDay()).toBe(1);
    }
  });

  it('covers every client of the caller when none is asked for', async () => {
    const res = await get(URL, admin);
    const body = TimesheetsOverviewResponse.parse(res.json());
    const perClient = await counts(
      sql`client_id in (${sql.join(
        groupClientIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
      'client_id',
    );
    expect(body.clients.map((c) => c.clientId).sort()).toEqual([...perClient.keys()].sort());
  });

  it('counts only the location of a location-only permission', async () => {
    const res = await get(URL, teacher);
    expect(res.statusCode).toBe(200);
    const body = TimesheetsOverviewResponse.parse(res.json());
    const perClient = await counts(sql`location_id = ${teacherLocationId}`, 'client_id');
    expect(new Map(body.clients.map(({ clientId, clientName: _n, pendingApprovalWeeks: _w, ...c }) => [clientId, c]))).toEqual(perClient);
  });

  it('refuses callers without timesheets view, clients outside the tree and bad ids', async () => {
    expect((await get(URL, viewer)).statusCode).toBe(403);
    expect((await get(URL)).statusCode).toBe(401);
    const [nz] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select pe.client_id as id from permission_entries pe join contacts ct on ct.id = pe.contact_id where ct.email = 'school.admin@demo.test' limit 1`,
    );
    expect((await get(`${URL}?clientIds=${groupClientIds[0]}&clientIds=${nz!.id}`, admin)).statusCode).toBe(403);
    const bad = await get(`${URL}?clientIds=x`, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty(['clientIds.0']);
  });
});
