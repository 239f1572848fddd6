import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { ALREADY_DECIDED, EmailActionView, EmailActionResult } from '@portal/contract/email-actions';
import { EMAIL_ACTION_LINK_HOURS } from '@portal/contract/limits';
import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { TEST_NOW } from '../../../test/global-setup';
import { signIn, type SignedIn } from '../../../test/auth-client';
import { flushBookingNotifications } from '../bookings/booking-notifications';
import { redactUrl } from '../../lib/log-redaction';

/** Approve from the e-mail: each approver's own links, once, within 72 hours, like a signed-in decision. */

let t: TestApp;
let admin: SignedIn;
let clock = new Date(TEST_NOW);
let clientId: number;
let locationId: number;

const rows = <T>(query: SQL) => queryRows<T>(t.database.db, query);
const one = async <T>(query: SQL) => (await rows<T>(query))[0]!;
const view = (token: string, remoteAddress?: string) => t.app.inject({ method: 'GET', url: `/v1/email-actions/${token}`, remoteAddress });
const post = (token: string, payload: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/v1/email-actions/${token}`, payload, headers });

/**
 * A new request pending approval at the booker's school: a copy of a seeded one whose dates are all still bookable
 * (with its bookings), so each test decides its own.
 */
let source: number | undefined;
async function freshPending(): Promise<number> {
  source ??= (
    await one<{ id: number }>(
      sql`select r.id from booking_requests r where r.client_id = ${clientId} and r.status = 'pending_approval'
          and not exists (select 1 from bookings b where b.request_id = r.id and b.date_local <= ${TEST_NOW.slice(0, 10)}::date + 1)
          order by r.id limit 1`,
    )
  ).id;
  const copy = await one<{ id: number }>(
    sql`insert into booking_requests select (jsonb_populate_record(s, jsonb_build_object(
          'id', nextval(pg_get_serial_sequence('booking_requests', 'id'))))).*
        from booking_requests s where s.id = ${source} returning id`,
  );
  await rows(
    sql`insert into bookings select (jsonb_populate_record(b, jsonb_build_object(
          'id', nextval(pg_get_serial_sequence('bookings', 'id')), 'request_id', ${copy.id}::int))).*
        from bookings b where b.request_id = ${source} and b.status = 'pending_approval'`,
  );
  return copy.id;
}

/** Sends the request's approval mails and answers each approver's links, read from the outbox. */
async function mailLinks(
  requestId: number,
  whileQueued?: () => Promise<void>,
): Promise<Map<string, { approve: string; reject: string; text: string }>> {
  const before = (await one<{ n: number }>(sql`select coalesce(max(id), 0)::int as n from outbox_messages`)).n;
  await t.app.services.emailActions.sendApprovalLinks(requestId);
  await whileQueued?.();
  await t.app.mailer.drain();
  const mails = await rows<{ to_address: string; text_body: string; subject: string }>(
    sql`select to_address, text_body, subject from outbox_messages where id > ${before} and subject like 'Booking waiting for your approval%' order by id`,
  );
  const result = new Map<string, { approve: string; reject: string; text: string }>();
  for (const m of mails) {
    const approve = /Approve: \S+\/email-action\/([\w-]{43})/.exec(m.text_body)?.[1];
    const reject = /Reject: \S+\/email-action\/([\w-]{43})/.exec(m.text_body)?.[1];
    if (approve && reject) result.set(m.to_address, { approve, reject, text: m.text_body });
  }
  return result;
}

const statusOf = async (requestId: number) =>
  await one<{ status: string; decided_by_contact_id: number | null }>(
    sql`select status, decided_by_contact_id from booking_requests where id = ${requestId}`,
  );
const contactId = async (email: string) => (await one<{ id: number }>(sql`select id from contacts where email = ${email}`)).id;

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
  const place = await one<{ client_id: number; location_id: number }>(
    sql`select pe.client_id, (select l.id from locations l where l.client_id = pe.client_id order by l.id limit 1) as location_id
        from permission_entries pe join contacts ct on ct.id = pe.contact_id
        where ct.email = 'pending.booker@demo.test' and pe.client_id is not null limit 1`,
  );
  clientId = place.client_id;
  locationId = place.location_id;
  admin = await signIn(t.app, 'group.admin@demo.test');
});
afterAll(async () => {
  await flushBookingNotifications();
  await t?.close();
});

describe('the approval e-mail', () => {
  it('goes to the approvers only, with their own Approve and Reject links, as secret mail; only hashes are stored', async () => {
    const id = await freshPending();
    const links = await mailLinks(id, async () => {
      // Secret mail: its body is sealed while it waits in the queue, never readable there.
      const queued = await rows<{ secret: boolean; text_body: string }>(
        sql`select secret, text_body from mail_queue where subject like 'Booking waiting for your approval%'`,
      );
      expect(queued.length).toBeGreaterThan(0);
      for (const q of queued) {
        expect(q.secret).toBe(true);
        expect(q.text_body).not.toContain('/email-action/');
      }
    });
    expect(links.has('group.admin@demo.test')).toBe(true);
    expect(links.has('pending.booker@demo.test')).toBe(false);
    const { approve, reject, text } = links.get('group.admin@demo.test')!;
    expect(approve).not.toBe(reject);
    expect(text).toContain(`within ${EMAIL_ACTION_LINK_HOURS} hours`);
    const stored = await rows<{ token_hash: string; action: string; expires_at: string; contact_id: number }>(
      sql`select token_hash, action, expires_at, contact_id from email_action_links where booking_request_id = ${id}`,
    );
    expect(stored.length).toBe(links.size * 2);
    const hashes = stored.map((s) => s.token_hash).join(' ');
    for (const l of links.values()) {
      expect(hashes).not.toContain(l.approve);
      expect(hashes).not.toContain(l.reject);
    }
    for (const s of stored) expect(new Date(s.expires_at).getTime() - clock.getTime()).toBe(EMAIL_ACTION_LINK_HOURS * 3600_000);
  });
});

describe('GET /v1/email-actions/{token}', () => {
  it('tells what the link is for and changes nothing', async () => {
    const id = await freshPending();
    const { approve, reject } = (await mailLinks(id)).get('group.admin@demo.test')!;
    const snapshot = () =>
      rows(sql`select id, used_at from email_action_links where booking_request_id = ${id} order by id`).then(async (l) => [
        l,
        await statusOf(id),
        (await one<{ n: number }>(sql`select count(*)::int as n from audit_log`)).n,
      ]);
    const before = await snapshot();
    for (let i = 0; i < 3; i++) {
      const res = await view(approve);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = EmailActionView.parse(res.json());
      expect(body.action).toBe('approve');
      expect(body.request.id).toBe(id);
      expect(body.request.dates.length).toBeGreaterThan(0);
      expect(body.approverName).toBeTruthy();
    }
    expect(EmailActionView.parse((await view(reject)).json()).action).toBe('reject');
    expect(await snapshot()).toEqual(before);
  });

  it('keeps the secret out of the request log (API and web paths)', () => {
    const secret = 'Zm9vYmFyLWJhei1xdXV4LTAxMjM0NTY3ODktYWJjZGVm'.slice(0, 43);
    for (const url of [`/v1/email-actions/${secret}`, `/email-action/${secret}`]) expect(redactUrl(url)).not.toContain(secret);
    expect(redactUrl('/v1/pending-bookings/123/action')).toBe('/v1/pending-bookings/123/action');
  });

  it('answers a forged or unknown link 410, like an expired one', async () => {
    const forged = 'A'.repeat(43);
    for (const token of [forged, 'short', 'x'.repeat(120)]) {
      const res = await view(token);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({ status: 410, code: 'expired' });
      expect((await post(token)).statusCode).toBe(410);
    }
  });
});

describe('POST /v1/email-actions/{token}', () => {
  it('approves once, like the signed-in approval (audit entry, decided by the approver); then every link says so', async () => {
    const id = await freshPending();
    const { approve, reject } = (await mailLinks(id)).get('group.admin@demo.test')!;
    const res = await post(approve, {}, { 'idempotency-key': `email-approve-${id}` });
    expect(res.statusCode).toBe(200);
    expect(EmailActionResult.parse(res.json())).toMatchObject({ id, status: 'approved' });
    expect(await statusOf(id)).toEqual({ status: 'approved', decided_by_contact_id: await contactId('group.admin@demo.test') });
    const entry = await one<{ action: string; contact_id: number; details: { via: string } }>(
      sql`select action, contact_id, details from audit_log where entity_type = 'booking_request' and entity_id = ${String(id)}`,
    );
    expect(entry).toMatchObject({
      action: 'booking-request.approved',
      contact_id: await contactId('group.admin@demo.test'),
      details: { via: 'email' },
    });
    // The same Idempotency-Key replays the answer; anything else finds the link spent.
    const replay = await post(approve, {}, { 'idempotency-key': `email-approve-${id}` });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const again = await post(approve);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 409, detail: ALREADY_DECIDED });
    // Reading the link again says what happened, by whom and when; so does every other link of the request,
    // which acts no more.
    for (const token of [approve, reject]) {
      const read = await view(token);
      expect(read.statusCode).toBe(200);
      expect(EmailActionView.parse(read.json()).decided).toEqual({
        outcome: 'approved',
        byName: 'Grace Whitfield',
        at: clock.toISOString(),
      });
    }
    expect((await post(reject, { reason: 'Too late' })).statusCode).toBe(409);
    const open = await one<{ n: number }>(
      sql`select count(*)::int as n from email_action_links where booking_request_id = ${id} and used_at is null`,
    );
    expect(open.n).toBe(0);
  });

  it('rejects with a reason; without one it is 400 naming the field and the link stays unused', async () => {
    const id = await freshPending();
    const { reject } = (await mailLinks(id)).get('group.admin@demo.test')!;
    const missing = await post(reject, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ reason: [BOOKING_MESSAGES.rejectReasonRequired] });
    expect((await post(reject, { reason: '   ' })).statusCode).toBe(400);
    expect((await view(reject)).statusCode).toBe(200);
    const res = await post(reject, { reason: 'No budget this week' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'rejected' });
    const row = await one<{ reject_reason: string }>(sql`select reject_reason from booking_requests where id = ${id}`);
    expect(row.reject_reason).toBe('No budget this week');
  });

  it('says how the request was decided once another approver decided it, and acts no more (409)', async () => {
    const id = await freshPending();
    const { approve } = (await mailLinks(id)).get('group.admin@demo.test')!;
    const signedIn = await t.app.inject({
      method: 'POST',
      url: `/v1/pending-bookings/${id}/action`,
      headers: admin.headers,
      payload: { action: 'reject', reason: 'Decided in the portal' },
    });
    expect(signedIn.statusCode).toBe(200);
    // The signed-in decision writes the same audit entry.
    const entry = await one<{ details: { via: string } }>(
      sql`select details from audit_log where entity_type = 'booking_request' and entity_id = ${String(id)}`,
    );
    expect(entry.details.via).toBe('portal');
    const read = await view(approve);
    expect(read.statusCode).toBe(200);
    expect(EmailActionView.parse(read.json()).decided).toMatchObject({ outcome: 'rejected', byName: 'Grace Whitfield' });
    expect((await post(approve)).statusCode).toBe(409);
    expect((await statusOf(id)).status).toBe('rejected');
  });

  it('expires after 72 hours (the app clock)', async () => {
    const id = await freshPending();
    const { approve } = (await mailLinks(id)).get('group.admin@demo.test')!;
    const sent = clock;
    try {
      clock = new Date(sent.getTime() + EMAIL_ACTION_LINK_HOURS * 3600_000 - 1000);
      expect((await view(approve)).statusCode).toBe(200);
      clock = new Date(sent.getTime() + EMAIL_ACTION_LINK_HOURS * 3600_000);
      expect((await view(approve)).statusCode).toBe(410);
      expect((await post(approve)).statusCode).toBe(410);
    } finally {
      clock = sent;
    }
    expect((await statusOf(id)).status).toBe('pending_approval');
  });

  it('checks the approver’s permission when used: one who lost it gets 403 and the link stays unused', async () => {
    const id = await freshPending();
    const [approver] = await rows<{ id: number }>(
      sql`insert into contacts (first_name, last_name, email) values ('Ada', 'Approver', 'ada.approver@demo.test') returning id`,
    );
    await t.database.db.execute(
      sql`insert into permission_entries (contact_id, location_id, scope, modifier) values (${approver!.id}, ${locationId}, 'pendingBooking', 'all')`,
    );
    const links = await mailLinks(id);
    const ada = links.get('ada.approver@demo.test')!;
    expect(ada).toBeDefined();
    await t.database.db.execute(sql`delete from permission_entries where contact_id = ${approver!.id}`);
    const res = await post(ada.approve);
    expect(res.statusCode).toBe(403);
    expect((await statusOf(id)).status).toBe('pending_approval');
    const link = await one<{ n: number }>(
      sql`select count(*)::int as n from email_action_links where contact_id = ${approver!.id} and used_at is null`,
    );
    expect(link.n).toBe(2);
    // The other approver's link still works.
    expect((await post(links.get('group.admin@demo.test')!.approve)).statusCode).toBe(200);
  });

  it('is bound to its approver: a sign-in sent along changes nothing, the decision is the link’s approver’s', async () => {
    const id = await freshPending();
    const [other] = await rows<{ id: number }>(
      sql`insert into contacts (first_name, last_name, email) values ('Bo', 'Approver', 'bo.approver@demo.test') returning id`,
    );
    await t.database.db.execute(
      sql`insert into permission_entries (contact_id, location_id, scope, modifier) values (${other!.id}, ${locationId}, 'pendingBooking', 'all')`,
    );
    const links = await mailLinks(id);
    const bo = links.get('bo.approver@demo.test')!;
    const res = await post(bo.approve, {}, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(await statusOf(id)).toEqual({ status: 'approved', decided_by_contact_id: other!.id });
    const owners = await rows<{ contact_id: number; action: string }>(
      sql`select contact_id, action from email_action_links where booking_request_id = ${id} order by contact_id, action`,
    );
    expect(owners.filter((o) => o.contact_id === other!.id).map((o) => o.action)).toEqual(['approve', 'reject']);
  });

  it('is rate limited per address (429 with Retry-After)', async () => {
    let last = await view('B'.repeat(43), '10.77.0.1');
    for (let i = 0; i < 40 && last.statusCode !== 429; i++) last = await view('B'.repeat(43), '10.77.0.1');
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});
