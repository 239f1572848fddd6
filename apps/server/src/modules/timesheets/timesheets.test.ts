import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { queryRows } from '@portal/db/client';
import { Pagination } from '@portal/contract/bookings';
import { FORM_MESSAGES } from '@portal/contract/messages';
import { formatDuration } from '@portal/contract/format/duration';
import {
  MAX_TIMESHEET_REASON_LENGTH,
  TIMESHEET_MESSAGES,
  TimesheetListResponse,
  TimesheetsResponse,
  TimesheetSubmitResponse,
} from '@portal/contract/timesheets';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { TEST_NOW } from '../../../test/global-setup';
import { signIn, type SignedIn } from '../../../test/auth-client';

/** Timesheets on the seeded world: lists, submit (each state and 207 reason), permissions, the PDF. */

let t: TestApp;
let admin: SignedIn;
let viewerOnly: SignedIn;
let coApprover: SignedIn;
let nz: SignedIn;
let bookingsViewer: SignedIn;
let clientId: number;
let foreignClientId: number;
const clock = new Date(TEST_NOW);

const rows = <T>(query: SQL) => queryRows<T>(t.database.db, query);
const one = async <T>(query: SQL) => (await rows<T>(query))[0]!;
const get = (url: string, who: SignedIn) => t.app.inject({ method: 'GET', url, headers: who.headers });
const submit = (who: SignedIn, payload: unknown, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/timesheets/submit',
    headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as Record<string, unknown>,
  });
const pagination = (res: { headers: Record<string, unknown> }) => Pagination.parse(JSON.parse(String(res.headers['x-pagination'])));

/** Pending approval timesheets of the admin's client not used by an earlier test. */
const taken = new Set<number>();
async function pending(n: number, where: SQL = sql`t.candidate_modification is null`): Promise<number[]> {
  const found = await rows<{ booking_id: number }>(
    sql`select t.booking_id from timesheets t join bookings b on b.id = t.booking_id
        where t.client_id = ${clientId} and t.status = 'pending_approval' and b.status = 'completed' and ${where}
        order by t.id limit ${n + taken.size}`,
  );
  const ids = found
    .map((r) => r.booking_id)
    .filter((id) => !taken.has(id))
    .slice(0, n);
  if (ids.length < n) {
    // Not that many in the seed: put decided ones of completed bookings back to pending approval.
    await t.database.db.execute(
      sql`update timesheets set status = 'pending_approval', decision = null, decided_by_contact_id = null, decided_at = null,
            client_modification = null, invoice_id = null
          where id in (select t.id from timesheets t join bookings b on b.id = t.booking_id
                       where t.client_id = ${clientId} and t.status in ('approved_for_invoice', 'invoiced') and b.status = 'completed'
                         and t.candidate_modification is null
                       order by t.id limit ${n - ids.length})`,
    );
    return pending(n, where);
  }
  ids.forEach((id) => taken.add(id));
  return ids;
}
const stateOf = (bookingId: number) =>
  one<{ status: string; decision: string | null; decided_by_contact_id: number | null; client_modification: unknown }>(
    sql`select status::text, decision::text, decided_by_contact_id, client_modification from timesheets where booking_id = ${bookingId}`,
  );

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
  clientId = (
    await one<{ id: number }>(sql`select c.id from clients c join permission_entries pe on pe.group_id = c.group_id
      join contacts ct on ct.id = pe.contact_id where ct.email = 'group.admin@demo.test'
      and exists (select 1 from timesheets t where t.client_id = c.id and t.status = 'pending_approval')
      order by c.id limit 1`)
  ).id;
  foreignClientId = (
    await one<{ id: number }>(sql`select pe.client_id as id from permission_entries pe join contacts ct on ct.id = pe.contact_id
      where ct.email = 'school.admin@demo.test' and pe.client_id is not null limit 1`)
  ).id;
  const contactWith = async (modifier: string) =>
    (
      await one<{ email: string }>(sql`select ct.email from contacts ct join permission_entries pe on pe.contact_id = ct.id
        where pe.client_id = ${clientId} and pe.scope = 'timesheets' and pe.modifier = ${modifier}
        and not exists (select 1 from permission_entries o where o.contact_id = ct.id and o.scope = 'timesheets' and o.modifier <> ${modifier})
        order by ct.id limit 1`)
    ).email;
  const [viewerEmail, approverEmail] = await Promise.all([contactWith('view'), contactWith('all')]);
  [admin, viewerOnly, coApprover, nz, bookingsViewer] = await Promise.all([
    signIn(t.app, 'group.admin@demo.test'),
    signIn(t.app, viewerEmail),
    signIn(t.app, approverEmail),
    signIn(t.app, 'school.admin@demo.test'),
    signIn(t.app, 'bookings.viewer@demo.test'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /v1/timesheets', () => {
  it('answers the counts and a page of timesheets pending approval with every field of spec §3', async () => {
    const res = await get(`/v1/timesheets?clientIds=${clientId}&take=50`, admin);
    expect(res.statusCode).toBe(200);
    const body = TimesheetsResponse.parse(res.json());
    const counts = await one<{ approved: number; review: number; pending: number }>(
      sql`select count(*) filter (where status = 'approved_for_invoice')::int as approved,
                 count(*) filter (where status = 'pending_review')::int as review,
                 count(*) filter (where status = 'pending_approval')::int as pending
          from timesheets where client_id = ${clientId}`,
    );
    expect(body.approvedCount).toBe(counts.approved);
    expect(body.pendingReviewCount).toBe(counts.review);
    expect(pagination(res)).toEqual({ total: counts.pending, skip: 0, take: 50 });
    expect(body.pendingApprovalList.length).toBe(Math.min(50, counts.pending));
    const first = res.json().pendingApprovalList[0];
    for (const field of [
      'bookingId',
      'locationId',
      'locationName',
      'locationTimeZone',
      'clientId',
      'clientName',
      'clientGroupId',
      'payOptionType',
      'payOptionTypes',
      'unitType',
      'startTimeLocal',
      'endTimeLocal',
      'startTimeUTC',
      'endTimeUTC',
      'candidateId',
      'candidateFirstName',
      'candidateLastName',
      'candidatePreferredName',
      'candidateFullName',
      'breakMinutes',
      'isApprovedByCandidate',
      'breaks',
      'timesheetMethod',
      'bookingStatus',
      'candidateBookingModifications',
    ])
      expect(first).toHaveProperty(field);
    for (const item of body.pendingApprovalList) {
      expect(item.status).toBe('pending_approval');
      expect(item.clientId).toBe(clientId);
      expect(item.startTimeLocal).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
      expect(item.startTimeLocal.slice(0, 10)).toBe(item.dateLocal);
      expect(item.isApprovedByCandidate).toBe(item.candidateBookingModifications === null);
    }
    const starts = body.pendingApprovalList.map((i) => i.startTimeUTC);
    expect(starts).toEqual([...starts].sort());
  });

  it('shows the educator’s changes and days that did not happen', async () => {
    const res = await get(`/v1/timesheets/list?status=pending_approval&take=200`, admin);
    const list = TimesheetListResponse.parse(res.json());
    expect(list.some((i) => i.candidateBookingModifications?.didNotHappen === true && !!i.candidateBookingModifications.reason)).toBe(true);
    expect(
      list.some((i) => i.candidateBookingModifications?.didNotHappen === false && !!i.candidateBookingModifications.startTimeLocal),
    ).toBe(true);
  });

  it('answers one educator’s timesheets at GET /v1/timesheets/candidate', async () => {
    const { candidate_id } = await one<{ candidate_id: number }>(
      sql`select candidate_id from timesheets where client_id = ${clientId} and status = 'pending_approval' group by 1 order by count(*) desc limit 1`,
    );
    const res = await get(`/v1/timesheets/candidate?clientIds=${clientId}&candidateId=${candidate_id}`, admin);
    expect(res.statusCode).toBe(200);
    const body = TimesheetsResponse.parse(res.json());
    expect(body.pendingApprovalList.length).toBeGreaterThan(0);
    expect(body.pendingApprovalList.every((i) => i.candidateId === candidate_id)).toBe(true);
    const n = await one<{ n: number }>(
      sql`select count(*)::int as n from timesheets where client_id = ${clientId} and candidate_id = ${candidate_id} and status = 'pending_approval'`,
    );
    expect(pagination(res).total).toBe(n.n);
  });

  it('narrows the counts and the list to one week of bookings with weekOf (a Monday, in the school’s calendar)', async () => {
    const { week } = await one<{ week: string }>(
      sql`select to_char(date_trunc('week', b.date_local::timestamp), 'YYYY-MM-DD') as week
          from timesheets t join bookings b on b.id = t.booking_id
          where t.client_id = ${clientId} and t.status = 'pending_approval' group by 1 order by count(*) desc, 1 limit 1`,
    );
    const expected = await one<{ pending: number; approved: number; review: number }>(
      sql`select count(*) filter (where t.status = 'pending_approval')::int as pending,
                 count(*) filter (where t.status = 'approved_for_invoice')::int as approved,
                 count(*) filter (where t.status = 'pending_review')::int as review
          from timesheets t join bookings b on b.id = t.booking_id
          where t.client_id = ${clientId} and b.date_local between ${week}::date and ${week}::date + 6`,
    );
    const res = await get(`/v1/timesheets?clientIds=${clientId}&weekOf=${week}&take=100`, admin);
    expect(res.statusCode).toBe(200);
    const body = TimesheetsResponse.parse(res.json());
    expect(pagination(res).total).toBe(expected.pending);
    expect(body.pendingApprovalList).toHaveLength(Math.min(100, expected.pending));
    expect(body.approvedCount).toBe(expected.approved);
    expect(body.pendingReviewCount).toBe(expected.review);
    const sunday = new Date(Date.parse(`${week}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
    for (const item of body.pendingApprovalList) {
      expect(item.dateLocal >= week && item.dateLocal <= sunday).toBe(true);
      expect(item.clientId).toBe(clientId);
    }
    // The whole list is longer: the filter did something.
    expect(pagination(await get(`/v1/timesheets?clientIds=${clientId}`, admin)).total).toBeGreaterThan(expected.pending);

    const { candidate_id } = await one<{ candidate_id: number }>(
      sql`select t.candidate_id from timesheets t join bookings b on b.id = t.booking_id where t.client_id = ${clientId}
          and t.status = 'pending_approval' and b.date_local between ${week}::date and ${week}::date + 6 limit 1`,
    );
    const theirs = await get(`/v1/timesheets/candidate?clientIds=${clientId}&candidateId=${candidate_id}&weekOf=${week}`, admin);
    expect(theirs.statusCode).toBe(200);
    const list = TimesheetsResponse.parse(theirs.json()).pendingApprovalList;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((i) => i.candidateId === candidate_id && i.dateLocal >= week && i.dateLocal <= sunday)).toBe(true);
  });

  it('answers 400 naming weekOf for a day that is not a Monday, not a date, or repeated', async () => {
    for (const bad of ['2026-11-24', '2026-02-30', 'monday', '2026-11-23T00:00', '', '9999-01-04', '2026-11-23&weekOf=2026-11-30']) {
      const res = await get(`/v1/timesheets?clientIds=${clientId}&weekOf=${bad}`, admin);
      expect(res.statusCode, bad).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(Object.keys(res.json().errors)).toContain('weekOf');
    }
    const candidate = await get(`/v1/timesheets/candidate?clientIds=${clientId}&candidateId=1&weekOf=2026-11-25`, admin);
    expect(candidate.statusCode).toBe(400);
    expect(Object.keys(candidate.json().errors)).toContain('weekOf');
    // A week nobody worked: empty, not an error.
    const empty = await get(`/v1/timesheets?clientIds=${clientId}&weekOf=1990-01-01`, admin);
    expect(empty.statusCode).toBe(200);
    expect(pagination(empty).total).toBe(0);
  });

  it('browses invoiced and approved timesheets with their invoice and decider', async () => {
    const res = await get(`/v1/timesheets/list?clientIds=${clientId}&status=invoiced&take=5`, admin);
    expect(res.statusCode).toBe(200);
    const list = TimesheetListResponse.parse(res.json());
    expect(list.length).toBeGreaterThan(0);
    for (const item of list) {
      expect(item.status).toBe('invoiced');
      expect(item.invoiceNo).toBeTruthy();
    }
    const approved = TimesheetListResponse.parse(
      (await get(`/v1/timesheets/list?clientIds=${clientId}&status=approved_for_invoice`, admin)).json(),
    );
    expect(approved.every((i) => i.status === 'approved_for_invoice' && i.decidedAt !== null)).toBe(true);
  });

  it('refuses with 403 a caller without timesheets view, and a client outside the caller’s tree', async () => {
    for (const url of ['/v1/timesheets', '/v1/timesheets/list', '/v1/timesheets/candidate?candidateId=1']) {
      const res = await get(url, bookingsViewer);
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    expect((await get(`/v1/timesheets?clientIds=${foreignClientId}`, admin)).statusCode).toBe(403);
    expect((await get(`/v1/timesheets/candidate?clientIds=${clientId}`, admin)).statusCode).toBe(400);
  });
});

describe('POST /v1/timesheets/submit', () => {
  it('approves: 200, approved for invoice, and an Idempotency-Key replays the same answer', async () => {
    const ids = await pending(3);
    const res = await submit(admin, { decision: 'approved', timesheets: ids.map((bookingId) => ({ bookingId })) }, 'ts-approve-0001');
    expect(res.statusCode).toBe(200);
    expect(TimesheetSubmitResponse.parse(res.json())).toEqual({ submitted: ids, noCharge: [], issues: [] });
    for (const id of ids) expect(await stateOf(id)).toMatchObject({ status: 'approved_for_invoice', decision: 'approved' });
    const again = await submit(admin, { decision: 'approved', timesheets: ids.map((bookingId) => ({ bookingId })) }, 'ts-approve-0001');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(res.json());
    // A new submit of the same timesheets: already actioned.
    const later = await submit(admin, { decision: 'approved', timesheets: [{ bookingId: ids[0] }] });
    expect(later.statusCode).toBe(207);
    expect(later.json()).toEqual({ submitted: [], noCharge: [], issues: [{ bookingId: ids[0], reason: 'already_actioned' }] });
  });

  it('modified: pending review with the school’s times, the educator’s report kept', async () => {
    const [id] = await pending(1);
    const before = await one<{ start_time_local: string }>(sql`select start_time_local::text from timesheets where booking_id = ${id}`);
    const res = await submit(admin, {
      decision: 'modified',
      timesheets: [{ bookingId: id, startTimeLocal: '9:00', endTimeLocal: '14:30', breakMinutes: 30 }],
    });
    expect(res.statusCode).toBe(200);
    expect(await stateOf(id!)).toMatchObject({
      status: 'pending_review',
      decision: 'modified',
      client_modification: { startTimeLocal: '09:00', endTimeLocal: '14:30', breakMinutes: 30 },
    });
    expect(await one(sql`select start_time_local::text from timesheets where booking_id = ${id}`)).toEqual(before);
    const listed = TimesheetListResponse.parse(
      (await get(`/v1/timesheets/list?clientIds=${clientId}&status=pending_review&take=200`, admin)).json(),
    );
    const item = listed.find((i) => i.bookingId === id)!;
    expect(item.clientModification).toMatchObject({ didNotHappen: false, startTimeLocal: `${item.dateLocal}T09:00`, breakMinutes: 30 });
  });

  it('did not happen: pending review with the reason', async () => {
    const [id] = await pending(1);
    const res = await submit(admin, { decision: 'did_not_happen', timesheets: [{ bookingId: id, reason: '  Educator never arrived ' }] });
    expect(res.statusCode).toBe(200);
    expect(await stateOf(id!)).toMatchObject({
      status: 'pending_review',
      decision: 'did_not_happen',
      client_modification: { didNotHappen: true, reason: 'Educator never arrived' },
    });
  });

  it('answers 207 with each reason: already approved for invoice, cancelled, already invoiced, unknown', async () => {
    const [settled, cancelled, fresh] = await pending(3);
    // The provider settled one after review (approved for invoice with the agreed hours) and cancelled another.
    await t.database.db.execute(
      sql`update timesheets set status = 'approved_for_invoice', decision = 'modified' where booking_id = ${settled}`,
    );
    await t.database.db.execute(sql`update bookings set status = 'cancelled' where id = ${cancelled}`);
    await t.database.db.execute(sql`delete from timesheets where booking_id = ${cancelled}`);
    const { booking_id: invoiced } = await one<{ booking_id: number }>(
      sql`select booking_id from timesheets where client_id = ${clientId} and status = 'invoiced' order by id limit 1`,
    );
    const { booking_id: foreign } = await one<{ booking_id: number }>(
      sql`select booking_id from timesheets where client_id = ${foreignClientId} and status = 'pending_approval' order by id limit 1`,
    );
    const res = await submit(admin, {
      decision: 'approved',
      timesheets: [settled, cancelled, invoiced, foreign, 2_000_000_000, fresh].map((bookingId) => ({ bookingId })),
    });
    expect(res.statusCode).toBe(207);
    expect(TimesheetSubmitResponse.parse(res.json())).toEqual({
      submitted: [fresh],
      noCharge: [],
      issues: [
        { bookingId: settled, reason: 'already_approved_for_invoice' },
        { bookingId: cancelled, reason: 'cancelled' },
        { bookingId: invoiced, reason: 'already_invoiced' },
        { bookingId: foreign, reason: 'unknown' },
        { bookingId: 2_000_000_000, reason: 'unknown' },
      ],
    });
    // The foreign timesheet is untouched.
    expect(await stateOf(foreign)).toMatchObject({ status: 'pending_approval', decision: null });
  });

  it('of two contacts approving the same timesheet at once, exactly one succeeds; the other gets already_actioned', async () => {
    const [id] = await pending(1);
    const [a, b] = await Promise.all([
      submit(admin, { decision: 'approved', timesheets: [{ bookingId: id }] }),
      submit(coApprover, { decision: 'approved', timesheets: [{ bookingId: id }] }),
    ]);
    const answers = [a, b].map((r) => ({ status: r.statusCode, body: r.json() }));
    expect(answers.map((x) => x.status).sort()).toEqual([200, 207]);
    expect(answers.find((x) => x.status === 207)!.body).toEqual({
      submitted: [],
      noCharge: [],
      issues: [{ bookingId: id, reason: 'already_actioned' }],
    });
    const state = await stateOf(id!);
    expect(state.status).toBe('approved_for_invoice');
  });

  it('refuses with 403, writing nothing, a caller with timesheets view but not modify', async () => {
    const ids = await pending(2);
    const res = await submit(viewerOnly, { decision: 'approved', timesheets: ids.map((bookingId) => ({ bookingId })) });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    for (const id of ids) expect((await stateOf(id)).status).toBe('pending_approval');
    // No timesheets view at all: refused by the route's declared permission.
    expect((await submit(bookingsViewer, { decision: 'approved', timesheets: [{ bookingId: ids[0] }] })).statusCode).toBe(403);
    // A caller who may decide elsewhere, naming only another client's timesheet: unknown, never a leak.
    const foreign = await submit(nz, { decision: 'approved', timesheets: [{ bookingId: ids[0] }] });
    expect(foreign.statusCode).toBe(207);
    expect(foreign.json().issues).toEqual([{ bookingId: ids[0], reason: 'unknown' }]);
    taken.delete(ids[0]!);
    taken.delete(ids[1]!);
  });

  it('answers 400 naming the field for bad bodies, and writes nothing', async () => {
    const [id] = await pending(1);
    const cases: [unknown, string, string?][] = [
      [
        { decision: 'modified', timesheets: [{ bookingId: id, startTimeLocal: '10:00', endTimeLocal: '09:00' }] },
        'timesheets.0.endTimeLocal',
        FORM_MESSAGES.endBeforeStart,
      ],
      [
        { decision: 'modified', timesheets: [{ bookingId: id, startTimeLocal: '25:99', endTimeLocal: '15:00' }] },
        'timesheets.0.startTimeLocal',
      ],
      [
        { decision: 'modified', timesheets: [{ bookingId: id, endTimeLocal: '15:00' }] },
        'timesheets.0.startTimeLocal',
        FORM_MESSAGES.required,
      ],
      [
        { decision: 'modified', timesheets: [{ bookingId: id, startTimeLocal: '09:00', endTimeLocal: '10:00', breakMinutes: 60 }] },
        'timesheets.0.breakMinutes',
        TIMESHEET_MESSAGES.breakInsideShift,
      ],
      [{ decision: 'did_not_happen', timesheets: [{ bookingId: id }] }, 'timesheets.0.reason', FORM_MESSAGES.required],
      [
        { decision: 'did_not_happen', timesheets: [{ bookingId: id, reason: 'x'.repeat(10_000) }] },
        'timesheets.0.reason',
        FORM_MESSAGES.max(MAX_TIMESHEET_REASON_LENGTH),
      ],
      [{ decision: 'approved', timesheets: [{ bookingId: id, reason: 'no' }] }, 'timesheets.0.reason'],
      [{ decision: 'approved', timesheets: [{ bookingId: id }, { bookingId: id }] }, 'timesheets.1.bookingId'],
      [{ decision: 'approved', timesheets: [] }, 'timesheets'],
      [{ decision: 'approved', timesheets: Array.from({ length: 101 }, (_, i) => ({ bookingId: i + 1 })) }, 'timesheets'],
      [{ decision: 'maybe', timesheets: [{ bookingId: id }] }, 'decision'],
      [{ decision: 'approved', timesheets: [{ bookingId: 'abc' }] }, 'timesheets.0.bookingId'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await submit(admin, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(400);
      const problem = res.json();
      expect(Object.keys(problem.errors ?? {}), field).toContain(field);
      if (message) expect(problem.errors[field]).toContain(message);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/v1/timesheets/submit',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: '{"decision":',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await stateOf(id!)).status).toBe('pending_approval');
  });

  it('approves 50 timesheets in one submit (server time printed)', async () => {
    const ids = await pending(50);
    const started = performance.now();
    const res = await submit(admin, { decision: 'approved', timesheets: ids.map((bookingId) => ({ bookingId })) }, 'ts-approve-fifty');
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(200);
    expect(res.json().submitted).toHaveLength(50);
    process.stdout.write(
      `approving 50 timesheets in one submit: ${ms.toFixed(1)} ms (inject, ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})\n`,
    );
  });
});

describe('GET /v1/timesheets/download/{bookingId}', () => {
  it('answers a PDF with the school, educator, date in the locale’s format, times and total hours', async () => {
    const row = await one<{
      booking_id: number;
      first_name: string;
      preferred_name: string | null;
      last_name: string;
      client_name: string;
      date_local: string;
      locale: string;
    }>(
      sql`select t.booking_id, ca.first_name, ca.preferred_name, ca.last_name, c.name as client_name, b.date_local::text, c.locale::text
          from timesheets t join candidates ca on ca.id = t.candidate_id join clients c on c.id = t.client_id join bookings b on b.id = t.booking_id
          where t.client_id = ${clientId} and t.status = 'invoiced' order by t.id limit 1`,
    );
    const res = await get(`/v1/timesheets/download/${row.booking_id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="timesheet-\d+-\d{4}-\d\d-\d\d\.pdf"/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await new PDFParse({ data: new Uint8Array(res.rawPayload) }).getText()).text;
    const listed = TimesheetListResponse.parse(
      (await get(`/v1/timesheets/list?clientIds=${clientId}&status=invoiced&take=200&sort=date`, admin)).json(),
    );
    const item = listed.find((i) => i.bookingId === row.booking_id)!;
    expect(text).toContain(`${row.preferred_name ?? row.first_name} ${row.last_name}`);
    expect(text).toContain(row.client_name);
    expect(text).toContain(`Hours billed ${formatDuration(item.billing.kind === 'hours' ? item.billing.minutes : 0, row.locale)}`);
    expect(text).toContain(item.startTimeLocal.slice(11, 16));
    expect(text).toContain('Invoiced');
    const [y, m, d] = row.date_local.split('-');
    expect(text).toContain(row.locale === 'en-US' || row.locale === 'en-CA' ? `${m}/${d}/${y}` : `${Number(d)}/${m}/${y}`);
  });

  it('answers 404 for another client’s timesheet, a booking without one, and for a caller without timesheets view', async () => {
    const { booking_id: foreign } = await one<{ booking_id: number }>(
      sql`select booking_id from timesheets where client_id = ${foreignClientId} order by id limit 1`,
    );
    expect((await get(`/v1/timesheets/download/${foreign}`, admin)).statusCode).toBe(404);
    const { id: noTimesheet } = await one<{ id: number }>(
      sql`select b.id from bookings b where b.client_id = ${clientId} and not exists (select 1 from timesheets t where t.booking_id = b.id) limit 1`,
    );
    expect((await get(`/v1/timesheets/download/${noTimesheet}`, admin)).statusCode).toBe(404);
    const own = await one<{ booking_id: number }>(sql`select booking_id from timesheets where client_id = ${clientId} limit 1`);
    const res = await get(`/v1/timesheets/download/${own.booking_id}`, bookingsViewer);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
