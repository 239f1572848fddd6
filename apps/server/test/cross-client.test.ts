import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { buildTestApp, type TestApp } from './helpers';
import { signIn, type SignedIn } from './auth-client';

/**
 * A contact of one client can never read or change another client's data. Every authenticated /v1 endpoint
 * must be listed here: either as reading or changing only the caller's own record, as serving no client's data
 * at all, or with a case that aims it at another client's data and expects a refusal (403, or 404 where
 * existence itself must not leak).
 * A new endpoint without an entry fails the first test.
 */

interface Ctx {
  /** Signed in as the NZ school admin (one client). */
  outsider: SignedIn;
  /** Ids belonging to the Australian group, which the outsider cannot reach. */
  foreign: {
    clientId: number;
    locationId: number;
    groupId: number;
    bookingId: number;
    pendingRequestId: number;
    /** A replace-me request of a contact of that group. */
    replaceMeRequestId: number;
    /** A booking of that client with a timesheet pending approval. */
    timesheetBookingId: number;
    candidateId: number;
    /** An invoice of that client. */
    invoiceId: number;
    invoiceNo: string;
  };
}

const SELF_ONLY = new Set([
  'GET /v1/profile',
  // The caller's own record by its own username; any other is 404 (profile.test.ts).
  'GET /api/users/:username',
  // The caller's own language; takes no client or contact id.
  'PUT /v1/profile/language',
  // The caller's own browser push subscriptions (by endpoint); takes no client or contact id.
  'GET /v1/push/subscriptions',
  'POST /v1/push/subscriptions',
  'DELETE /v1/push/subscriptions',
  // The caller's own weekly digest setting; the digest itself reads with the contact's own tree (weekly-digest.test.ts).
  'GET /v1/profile/weekly-digest',
  'PUT /v1/profile/weekly-digest',
  'POST /v1/auth/change-password',
  // The caller's own second sign-in step (authenticator app, passkeys); takes no client or contact id.
  'GET /v1/auth/mfa',
  'POST /v1/auth/mfa/totp/enrol',
  'POST /v1/auth/mfa/totp/confirm',
  'POST /v1/auth/mfa/totp/remove',
  'POST /v1/auth/mfa/passkey/register/options',
  'POST /v1/auth/mfa/passkey/register',
  'POST /v1/auth/mfa/passkeys/:id/remove',
  'GET /v1/me/days-away',
  'DELETE /v1/me/days-away/:id',
  // Takes no client: the caller's own bookable locations (create-booking.test.ts checks it lists no other client's).
  'GET /v1/locations/booking-location-list',
  // The caller's own calendar feed; the feed's content is scoped at fetch time (calendar-feed.test.ts: never
  // another client's booking).
  'GET /v1/calendar-feed',
  'POST /v1/calendar-feed',
  'DELETE /v1/calendar-feed',
  // A ticket for the caller's own event stream; the stream only ever carries the caller's clients' events
  // (live-events.test.ts: events never cross clients; the authorization matrix covers it too).
  'POST /v1/events/ticket',
]);

/** Endpoints that serve no client's data: the same help files to every signed-in contact. */
const NO_CLIENT_DATA = new Set(['GET /v1/file/general', 'GET /v1/file/generateAccessToken/:id']);

const CASES: Record<string, (ctx: Ctx) => InjectOptions> = {
  // A day away at another client's location.
  'POST /v1/me/days-away': ({ foreign }) => ({
    method: 'POST',
    url: '/v1/me/days-away',
    payload: { dateLocal: '2099-06-01', reason: 'sick leave cover', locationId: foreign.locationId },
  }),
  'GET /v1/bookings/overview': ({ foreign }) => ({
    method: 'GET',
    url: `/v1/bookings/overview?clientIds=${foreign.clientId}&dateFromLocal=2026-03-01&dateToLocal=2026-03-31`,
  }),
  'GET /v1/bookings/summary': ({ foreign }) => ({
    method: 'GET',
    url: `/v1/bookings/summary?clientIds=${foreign.clientId}&dateFromLocal=2026-03-16`,
  }),
  'GET /v1/clients/:clientId/bookings/summary': ({ foreign }) => ({
    method: 'GET',
    url: `/v1/clients/${foreign.clientId}/bookings/summary?timeZone=Australia/Sydney&dateFromLocal=2025-04-01&dateToLocal=2026-03-31`,
  }),
  'GET /v1/invoices/outstanding-invoices-count': ({ foreign }) => ({
    method: 'GET',
    url: `/v1/invoices/outstanding-invoices-count?clientIds=${foreign.clientId}`,
  }),
  'GET /v1/timesheets/overview': ({ foreign }) => ({ method: 'GET', url: `/v1/timesheets/overview?clientIds=${foreign.clientId}` }),
  'GET /v1/client-groups/:id/overview': ({ foreign }) => ({
    method: 'GET',
    url: `/v1/client-groups/${foreign.groupId}/overview?filterDate=2026-03-16&timeZone=Australia/Sydney`,
  }),
  'GET /v1/clients/:id/additional-details': ({ foreign }) => ({ method: 'GET', url: `/v1/clients/${foreign.clientId}/additional-details` }),
  'GET /v1/locations': ({ foreign }) => ({ method: 'GET', url: `/v1/locations?clientIds=${foreign.clientId}` }),
  // create-booking reference data and POST /v1/bookings.
  'GET /v1/clients/:id/pay-classes': ({ foreign }) => ({ method: 'GET', url: `/v1/clients/${foreign.clientId}/pay-classes` }),
  'GET /v1/clients/:id/grades': ({ foreign }) => ({ method: 'GET', url: `/v1/clients/${foreign.clientId}/grades` }),
  'GET /v1/locations/:id/certifications': ({ foreign }) => ({ method: 'GET', url: `/v1/locations/${foreign.locationId}/certifications` }),
  'GET /v1/contacts/booking-contacts': ({ foreign }) => ({
    method: 'GET',
    url: `/v1/contacts/booking-contacts?locationId=${foreign.locationId}`,
  }),
  'GET /v1/locations/:id/public-holidays': ({ foreign }) => ({
    method: 'GET',
    url: `/v1/locations/${foreign.locationId}/public-holidays?fromLocal=2026-03-16&toLocal=2026-12-31`,
  }),
  'GET /v1/locations/:id/school-terms': ({ foreign }) => ({
    method: 'GET',
    url: `/v1/locations/${foreign.locationId}/school-terms?fromLocal=2026-03-16&toLocal=2026-12-31`,
  }),
  'GET /v1/locations/booking-blocks': ({ foreign }) => ({
    method: 'GET',
    url: `/v1/locations/booking-blocks?locationId=${foreign.locationId}`,
  }),
  // A well-formed request at another client's location (the classification id is irrelevant: refused before).
  'POST /v1/bookings': ({ foreign }) => ({
    method: 'POST',
    url: '/v1/bookings',
    headers: { 'idempotency-key': 'cross-client-0001' },
    payload: {
      locationId: foreign.locationId,
      classificationId: 1,
      dates: ['2026-03-23'],
      startTime: '08:30',
      endTime: '15:00',
      confirmations: [{ bookingContactId: 1, email: true }],
      policiesAgreed: true,
    },
  }),
  // the bookings list and detail, cancel, pending approval.
  'GET /v1/bookings': ({ foreign }) => ({ method: 'GET', url: `/v1/bookings?clientIds=${foreign.clientId}` }),
  'GET /v1/clients/:clientId/bookings': ({ foreign }) => ({ method: 'GET', url: `/v1/clients/${foreign.clientId}/bookings` }),
  'GET /v1/bookings/:id': ({ foreign }) => ({ method: 'GET', url: `/v1/bookings/${foreign.bookingId}` }),
  'POST /v1/bookings/:id/cancel': ({ foreign }) => ({
    method: 'POST',
    url: `/v1/bookings/${foreign.bookingId}/cancel`,
    payload: { cancelReason: 'Cross-client attempt' },
  }),
  // asking the provider to cancel another client's booking.
  'POST /v1/bookings/:id/cancellation-request': ({ foreign }) => ({
    method: 'POST',
    url: `/v1/bookings/${foreign.bookingId}/cancellation-request`,
    headers: { 'idempotency-key': 'cross-client-cancel-request-0001' },
    payload: { reason: 'Cross-client attempt' },
  }),
  'GET /v1/pending-bookings': ({ foreign }) => ({ method: 'GET', url: `/v1/pending-bookings?clientIds=${foreign.clientId}` }),
  'GET /v1/pending-bookings/:bookingId': ({ foreign }) => ({ method: 'GET', url: `/v1/pending-bookings/${foreign.pendingRequestId}` }),
  'POST /v1/pending-bookings/:bookingId/action': ({ foreign }) => ({
    method: 'POST',
    url: `/v1/pending-bookings/${foreign.pendingRequestId}/action`,
    payload: { action: 'accept' },
  }),
  // extend, feedback and replace-me (the provider's /v1/provider routes are staff-only, exempt above).
  'GET /v1/bookings/:id/extend/scheduling': ({ foreign }) => ({
    method: 'GET',
    url: `/v1/bookings/${foreign.bookingId}/extend/scheduling?endDateLocal=2026-06-30`,
  }),
  'POST /v1/bookings/:id/extend': ({ foreign }) => ({
    method: 'POST',
    url: `/v1/bookings/${foreign.bookingId}/extend`,
    payload: { endDateLocal: '2026-06-30', startTime: '08:30', endTime: '15:00' },
  }),
  'GET /v1/feedbacks/getBookingsPendingFeedback': ({ foreign }) => ({
    method: 'GET',
    url: `/v1/feedbacks/getBookingsPendingFeedback?clientId=${foreign.clientId}`,
  }),
  'POST /v1/bookings/:id/quick-feedback': ({ foreign }) => ({
    method: 'POST',
    url: `/v1/bookings/${foreign.bookingId}/quick-feedback`,
    payload: { rating: 1 },
  }),
  'GET /v1/bookings/:id/feedback-form': ({ foreign }) => ({ method: 'GET', url: `/v1/bookings/${foreign.bookingId}/feedback-form` }),
  // Withdrawing another client's request pending approval, or another client's teacher's replace-me request.
  'POST /v1/pending-bookings/:bookingId/withdraw': ({ foreign }) => ({
    method: 'POST',
    url: `/v1/pending-bookings/${foreign.pendingRequestId}/withdraw`,
  }),
  'DELETE /v1/bookings/replace-me/:id': ({ foreign }) => ({
    method: 'DELETE',
    url: `/v1/bookings/replace-me/${foreign.replaceMeRequestId}`,
  }),
  'GET /v1/bookings/replace-me-status': ({ foreign }) => ({
    method: 'GET',
    url: `/v1/bookings/replace-me-status?clientId=${foreign.clientId}`,
  }),
  // Replace-me at another client's location (the outsider holds replaceMe_all at its own client).
  'POST /v1/bookings/replaceMe': ({ foreign }) => ({
    method: 'POST',
    url: '/v1/bookings/replaceMe',
    payload: { selectedDay: 'today', locationId: foreign.locationId },
  }),
  // timesheets.
  'GET /v1/timesheets': ({ foreign }) => ({ method: 'GET', url: `/v1/timesheets?clientIds=${foreign.clientId}` }),
  'GET /v1/timesheets/candidate': ({ foreign }) => ({
    method: 'GET',
    url: `/v1/timesheets/candidate?clientIds=${foreign.clientId}&candidateId=${foreign.candidateId}`,
  }),
  'GET /v1/timesheets/list': ({ foreign }) => ({ method: 'GET', url: `/v1/timesheets/list?clientIds=${foreign.clientId}` }),
  'GET /v1/timesheets/download/:bookingId': ({ foreign }) => ({
    method: 'GET',
    url: `/v1/timesheets/download/${foreign.timesheetBookingId}`,
  }),
  // educators and invoices (the outsider is in no way linked to the foreign educator or invoice).
  'GET /v1/candidate/CandidateList': ({ foreign }) => ({ method: 'GET', url: `/v1/candidate/CandidateList?ClientId=${foreign.clientId}` }),
  'GET /v1/candidate/:id/details': ({ foreign }) => ({ method: 'GET', url: `/v1/candidate/${foreign.candidateId}/details` }),
  'GET /v1/candidate/profile-image/:id': ({ foreign }) => ({ method: 'GET', url: `/v1/candidate/profile-image/${foreign.candidateId}` }),
  'PUT /v1/candidate/:id/favourite': ({ foreign }) => ({
    method: 'PUT',
    url: `/v1/candidate/${foreign.candidateId}/favourite?clientId=${foreign.clientId}`,
  }),
  'DELETE /v1/candidate/:id/favourite': ({ foreign }) => ({
    method: 'DELETE',
    url: `/v1/candidate/${foreign.candidateId}/favourite?clientId=${foreign.clientId}`,
  }),
  'PUT /v1/candidate/:id/exclusion': ({ foreign }) => ({
    method: 'PUT',
    url: `/v1/candidate/${foreign.candidateId}/exclusion?clientId=${foreign.clientId}`,
  }),
  'DELETE /v1/candidate/:id/exclusion': ({ foreign }) => ({
    method: 'DELETE',
    url: `/v1/candidate/${foreign.candidateId}/exclusion?clientId=${foreign.clientId}`,
  }),
  'GET /v1/invoices': ({ foreign }) => ({ method: 'GET', url: `/v1/invoices?clientIds=${foreign.clientId}` }),
  'GET /v1/invoices/ageing': ({ foreign }) => ({ method: 'GET', url: `/v1/invoices/ageing?clientIds=${foreign.clientId}` }),
  'GET /v1/reports/spend': ({ foreign }) => ({
    method: 'GET',
    url: `/v1/reports/spend?clientIds=${foreign.clientId}&from=2026-01-01&to=2026-03-15`,
  }),
  'GET /v1/reports/fill': ({ foreign }) => ({
    method: 'GET',
    url: `/v1/reports/fill?clientIds=${foreign.clientId}&from=2026-01-01&to=2026-03-31`,
  }),
  'GET /v1/invoices/GetInvoice/:invoiceNo': ({ foreign }) => ({ method: 'GET', url: `/v1/invoices/GetInvoice/${foreign.invoiceNo}` }),
  'GET /v1/invoices/:id/file': ({ foreign }) => ({ method: 'GET', url: `/v1/invoices/${foreign.invoiceId}/file` }),
};

/**
 * Endpoints that refuse another client's record inside a success answer instead of a 403/404: a timesheet submit
 * reports a timesheet the caller cannot see as `unknown` (spec §4 reasons) and changes nothing.
 */
const REFUSED_IN_ANSWER: Record<
  string,
  { make: (ctx: Ctx) => InjectOptions; check: (ctx: Ctx, status: number, body: unknown) => Promise<void> }
> = {
  'POST /v1/timesheets/submit': {
    make: ({ foreign }) => ({
      method: 'POST',
      url: '/v1/timesheets/submit',
      headers: { 'idempotency-key': 'cross-client-ts-0001' },
      payload: { decision: 'approved', timesheets: [{ bookingId: foreign.timesheetBookingId }] },
    }),
    check: async ({ foreign }, status, body) => {
      expect(status).toBe(207);
      expect(body).toEqual({ submitted: [], noCharge: [], issues: [{ bookingId: foreign.timesheetBookingId, reason: 'unknown' }] });
      const [row] = await queryRows<{ status: string }>(
        t.database.db,
        sql`select status::text from timesheets where booking_id = ${foreign.timesheetBookingId}`,
      );
      expect(row?.status).toBe('pending_approval');
    },
  },
};

let t: TestApp;
let ctx: Ctx;
beforeAll(async () => {
  t = await buildTestApp();
  const [row] = await queryRows<{ client_id: number; location_id: number; group_id: number }>(
    t.database.db,
    sql`select c.id as client_id, l.id as location_id, g.id as group_id
        from contacts ct join permission_entries pe on pe.contact_id = ct.id join client_groups g on g.id = pe.group_id
        join clients c on c.group_id = g.id join locations l on l.client_id = c.id
        where ct.email = 'group.admin@demo.test' order by c.id, l.id limit 1`,
  );
  const [foreignTimesheet] = await queryRows<{ booking_id: number; candidate_id: number }>(
    t.database.db,
    sql`select booking_id, candidate_id from timesheets where client_id = ${row!.client_id} and status = 'pending_approval' order by id limit 1`,
  );
  const [foreignBooking] = await queryRows<{ booking_id: number; request_id: number }>(
    t.database.db,
    sql`select (select b.id from bookings b where b.client_id = ${row!.client_id} and b.status = 'unfilled' order by b.id limit 1) as booking_id,
        (select r.id from booking_requests r join clients c on c.id = r.client_id
         where c.group_id = ${row!.group_id} and r.status = 'pending_approval' order by r.id limit 1) as request_id`,
  );
  const [foreignReplaceMe] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select r.id from replace_me_requests r join clients c on c.id = r.client_id
        where c.group_id = ${row!.group_id} and r.status = 'scheduled' order by r.id limit 1`,
  );
  const [foreignInvoice] = await queryRows<{ id: number; invoice_no: string }>(
    t.database.db,
    sql`select id, invoice_no from invoices where client_id = ${row!.client_id} order by id limit 1`,
  );
  ctx = {
    outsider: await signIn(t.app, 'school.admin@demo.test'),
    foreign: {
      clientId: row!.client_id,
      locationId: row!.location_id,
      groupId: row!.group_id,
      // A booking, and a request pending approval, of that group.
      bookingId: foreignBooking!.booking_id,
      pendingRequestId: foreignBooking!.request_id,
      replaceMeRequestId: foreignReplaceMe!.id,
      timesheetBookingId: foreignTimesheet!.booking_id,
      candidateId: foreignTimesheet!.candidate_id,
      invoiceId: foreignInvoice!.id,
      invoiceNo: foreignInvoice!.invoice_no,
    },
  };
});
afterAll(async () => {
  await t?.close();
});

describe('cross-client isolation', () => {
  it('has a case (or a self-only entry) for every authenticated endpoint', () => {
    const guarded = t.app.routeCatalogue
      .filter((r) => r.url.startsWith('/v1/') && !r.public && !r.staff)
      .map((r) => `${r.method} ${r.url}`);
    const missing = guarded.filter((r) => !SELF_ONLY.has(r) && !NO_CLIENT_DATA.has(r) && !CASES[r] && !REFUSED_IN_ANSWER[r]);
    expect(missing).toEqual([]);
  });

  it('lists no route that does not exist (a renamed route needs its case renamed)', () => {
    const routes = new Set(t.app.routeCatalogue.map((r) => `${r.method} ${r.url}`));
    const listed = [...SELF_ONLY, ...NO_CLIENT_DATA, ...Object.keys(CASES), ...Object.keys(REFUSED_IN_ANSWER)];
    expect(listed.filter((r) => !routes.has(r))).toEqual([]);
  });

  for (const [route, make] of Object.entries(CASES)) {
    it(`refuses ${route} aimed at another client`, async () => {
      const options = make(ctx);
      // A read also names any tag (`If-None-Match: *`): a versioned answer must refuse before it could answer 304.
      const revalidate = options.method === 'GET' ? { 'if-none-match': '*' } : {};
      const res = await t.app.inject({ ...options, headers: { ...ctx.outsider.headers, ...revalidate, ...(options.headers ?? {}) } });
      expect([403, 404]).toContain(res.statusCode);
      expect(res.headers.etag).toBeUndefined();
    });
  }

  for (const [route, { make, check }] of Object.entries(REFUSED_IN_ANSWER)) {
    it(`refuses ${route} aimed at another client inside its answer`, async () => {
      const options = make(ctx);
      const res = await t.app.inject({ ...options, headers: { ...ctx.outsider.headers, ...(options.headers ?? {}) } });
      await check(ctx, res.statusCode, res.json());
    });
  }

  it('answers the profile with the caller\u2019s own tree only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/profile', headers: ctx.outsider.headers });
    const body = res.json();
    expect(JSON.stringify(body.links)).not.toContain(`"clientId":${ctx.foreign.clientId},`);
    expect(body.contact.emailAddress).toBe('school.admin@demo.test');
  });
});
