import type { InjectOptions } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import type { RouteRequirement } from '@portal/contract/permissions';
import { ANY_PERMISSION, type Fixture, type MatrixContext, type Place } from './authorization-matrix';

/**
 * One fixture per route of the catalogue: the request the matrix sends, aimed at a place (a location, its client
 * and group). Bodies are valid, so that only the authorization decides. A route without a fixture fails the
 * matrix. The expected answers are not here: they come from the route's declaration (authorization-matrix.ts).
 */

async function id(ctx: MatrixContext, query: SQL): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(ctx.db, query);
  return row?.id;
}
const get = (url: string): InjectOptions => ({ method: 'GET', url });
const write = (ctx: MatrixContext, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): InjectOptions => ({
  method,
  url,
  headers: { 'idempotency-key': ctx.key() },
  ...(payload ? { payload } : {}),
});
/** A booking at the place in a state, from the test day (Monday 16 March 2026) on unless `past`. */
const bookingAt = (ctx: MatrixContext, place: Place, status: string, extra: SQL = sql``) =>
  id(
    ctx,
    sql`select b.id from bookings b where b.location_id = ${place.locationId} and b.status = ${status} ${extra} order by b.date_local, b.id limit 1`,
  );
const future = sql`and b.date_local > '2026-03-17'`;
const withPath = (url: string, n: number | undefined) => (n === undefined ? undefined : url.replace(':id', String(n)));
const getAt = (url: string, n: number | undefined) => (n === undefined ? undefined : get(url.replace(':id', String(n))));

/** A browser's push subscription as PushSubscription.toJSON() gives it: keys of the right form (nothing is sent). */
const pushSubscription = (serial: number) => ({
  endpoint: `https://push.matrix.test/send/${serial}`,
  expirationTime: null,
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
});

/** Routes serving the caller's own records or nobody's data: the place is not used. */
const self = (make: (ctx: MatrixContext) => InjectOptions | Promise<InjectOptions>, extra: Partial<Fixture> = {}): Fixture => ({
  per: 'none',
  make,
  ...extra,
});
const plain = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, extra: Partial<Fixture> = {}): Fixture =>
  self((ctx) => (method === 'GET' ? get(url) : write(ctx, method, url, payload)), extra);
/** Public routes, docs included: every principal may call them; none serves a client's data. */
const open = (method: 'GET' | 'POST', url: string, payload?: object): Fixture => plain(method, url, payload, { leakCheck: false });

/** The replace-me tag of a location in the caller's tree (spec §6 'Other rules'). */
const taggedReplaceMe = (principal: MatrixContext['principal'], place: Place) =>
  [...principal.tree.groups.flatMap((g) => g.clients), ...principal.tree.clients]
    .flatMap((c) => c.locations)
    .some((l) => l.locationId === place.locationId && l.tags.includes('replace_me_feature_enabled'));

/** Booking or pendingBooking create: where a contact may book (or ask for a booking). */
const BOOK: RouteRequirement = {
  requirement: 'ONE',
  permissions: [
    { scope: 'booking', action: 'create' },
    { scope: 'pendingBooking', action: 'create' },
  ],
};
/** Accounts view on the client itself (a location's own entry does not open the client's invoices). */
const ACCOUNTS: Pick<Fixture, 'per' | 'need'> = {
  per: 'client-itself',
  need: { requirement: 'ALL', permissions: [{ scope: 'accounts', action: 'view' }] },
};

export const FIXTURES: Record<string, Fixture> = {
  // Public.
  'GET /v1/openapi.json': open('GET', '/v1/openapi.json'),
  'GET /api/ping': open('GET', '/api/ping'),
  'GET /api/ready': open('GET', '/api/ready'),
  'GET /config.runtime.json': open('GET', '/config.runtime.json'),
  'POST /v1/auth/login': open('POST', '/v1/auth/login', { email: 'nobody@matrix.test', password: 'Not-the-password-1' }),
  'POST /v1/auth/refresh': open('POST', '/v1/auth/refresh'),
  // Last: signing out ends the caller's session.
  'POST /v1/auth/logout': { ...open('POST', '/v1/auth/logout'), last: 2 },
  'POST /v1/auth/password-reset': open('POST', '/v1/auth/password-reset', { email: 'nobody@matrix.test' }),
  'POST /v1/auth/password-reset/confirm': open('POST', '/v1/auth/password-reset/confirm', {
    token: 'not-a-token-000000',
    newPassword: 'Matrix#2026pass',
    confirmPassword: 'Matrix#2026pass',
  }),
  'POST /v1/auth/unlock': open('POST', '/v1/auth/unlock', { token: 'not-a-token-000000' }),
  'POST /v1/auth/mfa/verify': open('POST', '/v1/auth/mfa/verify', { challenge: 'not-a-challenge-0000000000', code: '123456' }),
  'POST /v1/auth/mfa/passkey/options': open('POST', '/v1/auth/mfa/passkey/options', { challenge: 'not-a-challenge-0000000000' }),
  'POST /v1/auth/mfa/enrolment/totp': open('POST', '/v1/auth/mfa/enrolment/totp', { challenge: 'not-a-challenge-0000000000' }),
  'POST /v1/auth/mfa/enrolment/totp/confirm': open('POST', '/v1/auth/mfa/enrolment/totp/confirm', {
    challenge: 'not-a-challenge-0000000000',
    code: '123456',
  }),
  'GET /staff-login/:uid': open('GET', '/staff-login/matrix-unknown-uid'),
  'POST /staff-login/:uid': open('POST', '/staff-login/matrix-unknown-uid', { email: 'staff@provider.test', password: 'x' }),
  'GET /v1/auth/enterprise/start': open('GET', '/v1/auth/enterprise/start'),
  'GET /v1/auth/enterprise/callback': open('GET', '/v1/auth/enterprise/callback'),
  'GET /v1/auth/enterprise/logout': { ...open('GET', '/v1/auth/enterprise/logout'), last: 2 },
  'POST /v1/auth/sso/discover': open('POST', '/v1/auth/sso/discover', { email: 'nobody@matrix.test' }),
  'GET /v1/auth/sso/start': open('GET', '/v1/auth/sso/start?domain=matrix.test'),
  'GET /v1/auth/sso/callback': open('GET', '/v1/auth/sso/callback'),
  'GET /school-idp-login/:uid': open('GET', '/school-idp-login/matrix-unknown-uid'),
  'POST /school-idp-login/:uid': open('POST', '/school-idp-login/matrix-unknown-uid', {
    login: 'sso.admin@trust.demo.test',
    password: 'x',
  }),
  'GET /v1/service-status': open('GET', '/v1/service-status'),
  'GET /v1/file/:accessKey': open('GET', '/v1/file/not-an-access-key'),
  'GET /v1/dev/outbox': open('GET', '/v1/dev/outbox'),
  'GET /dev/outbox': open('GET', '/dev/outbox'),
  'GET /docs': open('GET', '/docs'),
  'GET /docs/static/index.html': open('GET', '/docs/static/index.html'),
  'GET /docs/static/swagger-initializer.js': open('GET', '/docs/static/swagger-initializer.js'),
  'GET /docs/json': open('GET', '/docs/json'),
  'GET /docs/yaml': open('GET', '/docs/yaml'),
  'GET /docs/static/*': open('GET', '/docs/static/swagger-ui.css'),

  // The caller's own records, or nobody's data.
  'GET /v1/profile': plain('GET', '/v1/profile'),
  'GET /api/users/:username': self((ctx) => get(`/api/users/${encodeURIComponent(ctx.principal.contact?.email ?? 'nobody@matrix.test')}`)),
  'PUT /v1/profile/language': self((ctx) =>
    write(ctx, 'PUT', '/v1/profile/language', { language: ctx.principal.contact?.language ?? 'en' }),
  ),
  'GET /v1/profile/weekly-digest': plain('GET', '/v1/profile/weekly-digest'),
  'PUT /v1/profile/weekly-digest': plain('PUT', '/v1/profile/weekly-digest', { weeklyDigest: false }),
  // Last: a new password ends the caller's other sessions (the matrix's own token included).
  'POST /v1/auth/change-password': plain(
    'POST',
    '/v1/auth/change-password',
    { currentPassword: 'Portal#2026demo', newPassword: 'Matrix#2026changed' },
    { last: 1 },
  ),
  // The caller's own second step. Setting up starts an app that is never confirmed (a wrong code is a 400).
  'GET /v1/auth/mfa': plain('GET', '/v1/auth/mfa'),
  'POST /v1/auth/mfa/totp/enrol': plain('POST', '/v1/auth/mfa/totp/enrol'),
  'POST /v1/auth/mfa/totp/confirm': plain('POST', '/v1/auth/mfa/totp/confirm', { code: '123456' }),
  'POST /v1/auth/mfa/totp/remove': plain('POST', '/v1/auth/mfa/totp/remove', { password: 'Portal#2026demo', code: '123456' }),
  'POST /v1/auth/mfa/passkey/register/options': plain('POST', '/v1/auth/mfa/passkey/register/options'),
  'POST /v1/auth/mfa/passkey/register': plain('POST', '/v1/auth/mfa/passkey/register', {
    name: 'Matrix key',
    response: {
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: 'e30', attestationObject: 'AAAA' },
    },
  }),
  'POST /v1/auth/mfa/passkeys/:id/remove': plain('POST', '/v1/auth/mfa/passkeys/AAAA/remove', { password: 'Portal#2026demo' }),
  'GET /v1/push/subscriptions': plain('GET', '/v1/push/subscriptions'),
  'POST /v1/push/subscriptions': self((ctx) => write(ctx, 'POST', '/v1/push/subscriptions', pushSubscription(ctx.serial))),
  // The caller's own subscription, kept first.
  'DELETE /v1/push/subscriptions': self(async (ctx) => {
    const body = pushSubscription(ctx.serial);
    await ctx.inject({ method: 'POST', url: '/v1/push/subscriptions', headers: ctx.principal.headers, payload: body });
    return write(ctx, 'DELETE', '/v1/push/subscriptions', { endpoint: body.endpoint });
  }),
  'GET /v1/me/days-away': plain('GET', '/v1/me/days-away'),
  // The caller's own day away, made first (a contact with no location has none to remove).
  'DELETE /v1/me/days-away/:id': {
    per: 'none',
    make: async (ctx, place) => {
      if (!ctx.principal.locationIds.has(place.locationId)) return undefined;
      const made = await ctx.inject({
        method: 'POST',
        url: '/v1/me/days-away',
        headers: ctx.principal.headers,
        payload: {
          dateLocal: `2099-07-${String(10 + (ctx.serial % 18)).padStart(2, '0')}`,
          reason: 'annual leave cover',
          locationId: place.locationId,
        },
      });
      const dayAway = made.statusCode < 300 ? (made.json() as { id?: number }).id : undefined;
      return dayAway === undefined ? undefined : write(ctx, 'DELETE', `/v1/me/days-away/${dayAway}`);
    },
  },
  'GET /v1/locations/booking-location-list': plain('GET', '/v1/locations/booking-location-list'),
  'GET /v1/file/general': self(
    async (ctx) => {
      const [file] = await queryRows<{ path: string }>(ctx.db, sql`select file_path as path from general_files order by id limit 1`);
      return get(`/v1/file/general?filePath=${encodeURIComponent(file?.path ?? 'none')}`);
    },
    { leakCheck: false },
  ),
  'GET /v1/file/generateAccessToken/:id': self(() => get('/v1/file/generateAccessToken/1'), { leakCheck: false }),

  // A day away at a location: any permission there.
  'POST /v1/me/days-away': {
    per: 'location',
    need: ANY_PERMISSION,
    make: (ctx, place) =>
      write(ctx, 'POST', '/v1/me/days-away', { dateLocal: '2099-06-01', reason: 'annual leave cover', locationId: place.locationId }),
  },

  // Bookings: summaries and lists per client.
  'GET /v1/bookings/overview': {
    make: (_, p) => get(`/v1/bookings/overview?clientIds=${p.clientId}&dateFromLocal=2026-03-01&dateToLocal=2026-03-31`),
  },
  'GET /v1/bookings/summary': { make: (_, p) => get(`/v1/bookings/summary?clientIds=${p.clientId}&dateFromLocal=2026-03-16`) },
  'GET /v1/clients/:clientId/bookings/summary': {
    make: (_, p) =>
      get(`/v1/clients/${p.clientId}/bookings/summary?timeZone=Australia/Sydney&dateFromLocal=2025-04-01&dateToLocal=2026-03-31`),
  },
  'GET /v1/bookings': { make: (_, p) => get(`/v1/bookings?clientIds=${p.clientId}`) },
  'GET /v1/clients/:clientId/bookings': { make: (_, p) => get(`/v1/clients/${p.clientId}/bookings`) },
  'GET /v1/bookings/:id': { make: async (ctx, p) => getAt('/v1/bookings/:id', await bookingAt(ctx, p, 'filled')) },
  'POST /v1/bookings/:id/cancel': {
    make: async (ctx, p) => {
      const url = withPath('/v1/bookings/:id/cancel', await bookingAt(ctx, p, 'unfilled', future));
      return url === undefined ? undefined : write(ctx, 'POST', url, { cancelReason: 'Matrix cancel' });
    },
  },
  'POST /v1/bookings/:id/cancellation-request': {
    make: async (ctx, p) => {
      const url = withPath('/v1/bookings/:id/cancellation-request', await bookingAt(ctx, p, 'filled', future));
      return url === undefined ? undefined : write(ctx, 'POST', url, { reason: 'Matrix cancellation request' });
    },
  },
  'GET /v1/pending-bookings': { make: (_, p) => get(`/v1/pending-bookings?clientIds=${p.clientId}`) },
  'GET /v1/pending-bookings/:bookingId': {
    make: async (ctx, p) =>
      getAt(
        '/v1/pending-bookings/:id',
        await id(
          ctx,
          sql`select id from booking_requests where location_id = ${p.locationId} and status = 'pending_approval' order by id limit 1`,
        ),
      ),
  },
  'POST /v1/pending-bookings/:bookingId/action': {
    make: async (ctx, p) => {
      const url = withPath(
        '/v1/pending-bookings/:id/action',
        await id(
          ctx,
          sql`select id from booking_requests where location_id = ${p.locationId} and status = 'pending_approval' order by id limit 1`,
        ),
      );
      return url === undefined ? undefined : write(ctx, 'POST', url, { action: 'reject', reason: 'Matrix' });
    },
  },
  // Only the requester may withdraw: at the caller's own places their own request, elsewhere anyone's.
  'POST /v1/pending-bookings/:bookingId/withdraw': {
    make: async (ctx, p) => {
      const mine = ctx.principal.locationIds.has(p.locationId) ? sql`and created_by_contact_id = ${ctx.principal.contact?.id ?? 0}` : sql``;
      const url = withPath(
        '/v1/pending-bookings/:id/withdraw',
        await id(
          ctx,
          sql`select id from booking_requests where location_id = ${p.locationId} and status = 'pending_approval' ${mine} order by id limit 1`,
        ),
      );
      return url === undefined ? undefined : write(ctx, 'POST', url);
    },
  },

  // Create-booking reference data and the booking itself.
  'GET /v1/clients/:id/pay-classes': { make: (_, p) => get(`/v1/clients/${p.clientId}/pay-classes`) },
  'GET /v1/clients/:id/grades': { make: (_, p) => get(`/v1/clients/${p.clientId}/grades`) },
  'GET /v1/locations/:id/certifications': { make: (_, p) => get(`/v1/locations/${p.locationId}/certifications`) },
  'GET /v1/contacts/booking-contacts': { make: (_, p) => get(`/v1/contacts/booking-contacts?locationId=${p.locationId}`) },
  'GET /v1/locations/:id/public-holidays': {
    make: (_, p) => get(`/v1/locations/${p.locationId}/public-holidays?fromLocal=2026-03-16&toLocal=2026-12-31`),
  },
  'GET /v1/locations/:id/school-terms': {
    make: (_, p) => get(`/v1/locations/${p.locationId}/school-terms?fromLocal=2026-03-16&toLocal=2026-12-31`),
  },
  // The blocks of where the caller may book: booking or pendingBooking create there.
  'GET /v1/locations/booking-blocks': {
    per: 'location',
    need: BOOK,
    make: (_, p) => get(`/v1/locations/booking-blocks?locationId=${p.locationId}`),
  },
  // The hook lets in whoever may open the page (spec §6 bookingsCreate); the location needs a create right.
  'POST /v1/bookings': {
    need: BOOK,
    make: async (ctx, p) => {
      const classificationId = await id(
        ctx,
        sql`select id from classifications where client_id = ${p.clientId} and minimum_duration_in_mins is null and earliest_end_time_24hr is null order by id limit 1`,
      );
      const bookingContactId = await id(
        ctx,
        sql`select id from booking_contacts where location_id = ${p.locationId} and email is not null order by id limit 1`,
      );
      if (classificationId === undefined || bookingContactId === undefined) return undefined;
      const certifications = await queryRows<{ id: number }>(
        ctx.db,
        sql`select certification_id as id from location_certifications where location_id = ${p.locationId} order by 1`,
      );
      return write(ctx, 'POST', '/v1/bookings', {
        locationId: p.locationId,
        classificationId,
        certificationIds: certifications.map((c) => c.id),
        dates: ['2026-03-25'],
        startTime: '08:30',
        endTime: '15:00',
        confirmations: [{ bookingContactId, email: true }],
        policiesAgreed: true,
      });
    },
  },
  'GET /v1/bookings/:id/extend/scheduling': {
    make: async (ctx, p) => {
      const url = withPath('/v1/bookings/:id/extend/scheduling', await bookingAt(ctx, p, 'filled', future));
      return url === undefined ? undefined : get(`${url}?endDateLocal=2026-04-30`);
    },
  },
  'POST /v1/bookings/:id/extend': {
    make: async (ctx, p) => {
      const url = withPath('/v1/bookings/:id/extend', await bookingAt(ctx, p, 'filled', future));
      return url === undefined ? undefined : write(ctx, 'POST', url, { endDateLocal: '2026-04-30', startTime: '08:30', endTime: '15:00' });
    },
  },
  'GET /v1/feedbacks/getBookingsPendingFeedback': {
    make: (_, p) => get(`/v1/feedbacks/getBookingsPendingFeedback?clientId=${p.clientId}`),
  },
  'POST /v1/bookings/:id/quick-feedback': {
    make: async (ctx, p) => {
      const url = withPath(
        '/v1/bookings/:id/quick-feedback',
        await bookingAt(
          ctx,
          p,
          'completed',
          sql`and b.candidate_id is not null and not b.feedback_completed and not exists (select 1 from feedback f where f.booking_id = b.id)`,
        ),
      );
      return url === undefined ? undefined : write(ctx, 'POST', url, { rating: 4 });
    },
  },
  'GET /v1/bookings/:id/feedback-form': {
    make: async (ctx, p) => getAt('/v1/bookings/:id/feedback-form', await bookingAt(ctx, p, 'completed')),
  },
  'GET /v1/bookings/replace-me-status': {
    per: 'client',
    at: taggedReplaceMe,
    make: (_, p) => get(`/v1/bookings/replace-me-status?clientId=${p.clientId}`),
  },
  'POST /v1/bookings/replaceMe': {
    at: taggedReplaceMe,
    make: (ctx, p) => write(ctx, 'POST', '/v1/bookings/replaceMe', { selectedDay: 'tomorrow', locationId: p.locationId }),
  },
  // Only the teacher's own request: at the caller's own places their own, elsewhere anyone's.
  'DELETE /v1/bookings/replace-me/:id': {
    at: taggedReplaceMe,
    make: async (ctx, p) => {
      const mine = ctx.principal.locationIds.has(p.locationId) ? sql`and contact_id = ${ctx.principal.contact?.id ?? 0}` : sql``;
      const url = withPath(
        '/v1/bookings/replace-me/:id',
        await id(
          ctx,
          sql`select id from replace_me_requests where location_id = ${p.locationId} and status in ('scheduled', 'pending_approval') ${mine} order by id limit 1`,
        ),
      );
      return url === undefined ? undefined : write(ctx, 'DELETE', url);
    },
  },

  // The provider's routes (staff only).
  'GET /v1/provider/bookings/open': plain('GET', '/v1/provider/bookings/open?take=2', undefined, { leakCheck: false }),
  'POST /v1/provider/bookings/:id/assign': {
    per: 'none',
    leakCheck: false,
    make: async (ctx) => {
      const booking = await id(
        ctx,
        sql`select id from bookings where status = 'unfilled' and date_local > '2026-03-17' order by id limit 1`,
      );
      return write(ctx, 'POST', `/v1/provider/bookings/${booking ?? 1}/assign`, { candidateId: 1 });
    },
  },
  'POST /v1/provider/bookings/:id/progress': {
    per: 'none',
    leakCheck: false,
    make: async (ctx) => {
      const booking = await id(
        ctx,
        sql`select id from bookings where status = 'filled' and start_utc < '2026-03-16T01:00:00Z' order by start_utc desc, id limit 1`,
      );
      return write(ctx, 'POST', `/v1/provider/bookings/${booking ?? 1}/progress`, { status: 'commenced' });
    },
  },
  'POST /v1/provider/replace-me/:id/advance': {
    per: 'none',
    leakCheck: false,
    make: async (ctx) => {
      const request = await id(ctx, sql`select id from replace_me_requests where status = 'scheduled' order by id limit 1`);
      return write(ctx, 'POST', `/v1/provider/replace-me/${request ?? 1}/advance`, { status: 'pending_approval' });
    },
  },
  'POST /v1/provider/bookings/:id/timesheet': {
    per: 'none',
    leakCheck: false,
    make: async (ctx) => {
      const booking = await id(
        ctx,
        sql`select b.id from bookings b where b.status = 'completed' and not exists (select 1 from timesheets t where t.booking_id = b.id) order by b.id limit 1`,
      );
      return write(ctx, 'POST', `/v1/provider/bookings/${booking ?? 1}/timesheet`, { endTimeLocal: '13:00', breakMinutes: 15 });
    },
  },
  'POST /v1/provider/timesheets/:bookingId/settle': {
    per: 'none',
    leakCheck: false,
    make: async (ctx) => {
      const booking = await id(ctx, sql`select booking_id as id from timesheets where status = 'pending_review' order by id limit 1`);
      return write(ctx, 'POST', `/v1/provider/timesheets/${booking ?? 1}/settle`, { outcome: 'approved' });
    },
  },
  'POST /v1/provider/invoicing/run': plain('POST', '/v1/provider/invoicing/run', { clientId: 1 }, { leakCheck: false }),
  'PUT /v1/service-status': plain(
    'PUT',
    '/v1/service-status',
    { bannerTitle: 'Matrix', severity: 'info', region: null, bodyMarkdown: 'All well.', active: false },
    { leakCheck: false },
  ),
  'DELETE /v1/service-status': plain('DELETE', '/v1/service-status', undefined, { leakCheck: false }),
  // A domain of its own and no requirement: the group's contacts keep signing in with their passwords.
  'PUT /v1/provider/client-groups/:groupId/single-sign-on': {
    per: 'none',
    leakCheck: false,
    make: async (ctx) =>
      write(ctx, 'PUT', `/v1/provider/client-groups/${(await id(ctx, sql`select min(id) as id from client_groups`)) ?? 1}/single-sign-on`, {
        issuer: 'https://idp.matrix.test',
        clientId: 'matrix',
        clientSecret: null,
        domains: ['sso.matrix.test'],
        required: false,
      }),
  },
  'GET /v1/provider/client-groups/:groupId/second-step': {
    per: 'none',
    leakCheck: false,
    make: async (ctx) =>
      get(`/v1/provider/client-groups/${(await id(ctx, sql`select min(id) as id from client_groups`)) ?? 1}/second-step`),
  },
  'PUT /v1/provider/client-groups/:groupId/second-step': {
    per: 'none',
    leakCheck: false,
    make: async (ctx) =>
      write(ctx, 'PUT', `/v1/provider/client-groups/${(await id(ctx, sql`select min(id) as id from client_groups`)) ?? 1}/second-step`, {
        required: false,
      }),
  },

  // Invoices.
  'GET /v1/invoices/outstanding-invoices-count': {
    ...ACCOUNTS,
    make: (_, p) => get(`/v1/invoices/outstanding-invoices-count?clientIds=${p.clientId}`),
  },
  'GET /v1/invoices': { ...ACCOUNTS, make: (_, p) => get(`/v1/invoices?clientIds=${p.clientId}`) },
  'GET /v1/invoices/ageing': { ...ACCOUNTS, make: (_, p) => get(`/v1/invoices/ageing?clientIds=${p.clientId}`) },

  // Reports: spend as the invoices (accounts view at the client itself), fill as the bookings figures.
  'GET /v1/reports/spend': { ...ACCOUNTS, make: (_, p) => get(`/v1/reports/spend?clientIds=${p.clientId}&from=2026-01-01&to=2026-03-15`) },
  'GET /v1/reports/fill': { make: (_, p) => get(`/v1/reports/fill?clientIds=${p.clientId}&from=2026-01-01&to=2026-03-31&groupBy=client`) },
  'GET /v1/invoices/GetInvoice/:invoiceNo': {
    ...ACCOUNTS,
    make: async (ctx, p) => {
      const [row] = await queryRows<{ no: string }>(
        ctx.db,
        sql`select invoice_no as no from invoices where client_id = ${p.clientId} order by id limit 1`,
      );
      return row && get(`/v1/invoices/GetInvoice/${encodeURIComponent(row.no)}`);
    },
  },
  'GET /v1/invoices/:id/file': {
    ...ACCOUNTS,
    make: async (ctx, p) =>
      getAt('/v1/invoices/:id/file', await id(ctx, sql`select id from invoices where client_id = ${p.clientId} order by id limit 1`)),
  },

  // Educators: one the place's client booked and, for another client's place, none of the caller's did.
  'GET /v1/candidate/CandidateList': { per: 'client', make: (_, p) => get(`/v1/candidate/CandidateList?ClientId=${p.clientId}`) },
  'GET /v1/candidate/:id/details': { per: 'client', make: async (ctx, p) => getAt('/v1/candidate/:id/details', await educatorOf(ctx, p)) },
  'GET /v1/candidate/profile-image/:id': {
    per: 'client',
    make: async (ctx, p) => getAt('/v1/candidate/profile-image/:id', await educatorOf(ctx, p)),
  },
  'PUT /v1/candidate/:id/favourite': {
    per: 'client',
    make: async (ctx, p) => {
      const url = withPath('/v1/candidate/:id/favourite', await educatorOf(ctx, p));
      return url === undefined ? undefined : write(ctx, 'PUT', `${url}?clientId=${p.clientId}`);
    },
  },
  'DELETE /v1/candidate/:id/favourite': {
    per: 'client',
    make: async (ctx, p) => {
      const url = withPath('/v1/candidate/:id/favourite', await educatorOf(ctx, p));
      return url === undefined ? undefined : write(ctx, 'DELETE', `${url}?clientId=${p.clientId}`);
    },
  },
  'PUT /v1/candidate/:id/exclusion': {
    per: 'client',
    make: async (ctx, p) => {
      const url = withPath('/v1/candidate/:id/exclusion', await educatorOf(ctx, p));
      return url === undefined ? undefined : write(ctx, 'PUT', `${url}?clientId=${p.clientId}`, { reason: 'Matrix' });
    },
  },
  'DELETE /v1/candidate/:id/exclusion': {
    per: 'client',
    make: async (ctx, p) => {
      const url = withPath('/v1/candidate/:id/exclusion', await educatorOf(ctx, p));
      return url === undefined ? undefined : write(ctx, 'DELETE', `${url}?clientId=${p.clientId}`);
    },
  },

  // Timesheets.
  'GET /v1/timesheets/overview': { make: (_, p) => get(`/v1/timesheets/overview?clientIds=${p.clientId}`) },
  'GET /v1/timesheets': { per: 'client', make: (_, p) => get(`/v1/timesheets?clientIds=${p.clientId}`) },
  'GET /v1/timesheets/candidate': {
    per: 'client',
    make: async (ctx, p) => {
      const candidate = await id(ctx, sql`select candidate_id as id from timesheets where client_id = ${p.clientId} order by id limit 1`);
      return candidate === undefined ? undefined : get(`/v1/timesheets/candidate?clientIds=${p.clientId}&candidateId=${candidate}`);
    },
  },
  'GET /v1/timesheets/list': { per: 'client', make: (_, p) => get(`/v1/timesheets/list?clientIds=${p.clientId}`) },
  'POST /v1/timesheets/submit': {
    per: 'location',
    refusedInAnswer: (status, body) => status === 207 && body.includes('"unknown"'),
    // The 207 answer is kept for its Idempotency-Key (a replay answers the same); no timesheet changes.
    refusalWrites: ['idempotency_keys'],
    make: async (ctx, p) => {
      const booking = await id(
        ctx,
        sql`select booking_id as id from timesheets where location_id = ${p.locationId} and status = 'pending_approval' order by id limit 1`,
      );
      return booking === undefined
        ? undefined
        : write(ctx, 'POST', '/v1/timesheets/submit', { decision: 'approved', timesheets: [{ bookingId: booking }] });
    },
  },
  'GET /v1/timesheets/download/:bookingId': {
    per: 'location',
    need: { requirement: 'ALL', permissions: [{ scope: 'timesheets', action: 'view' }] },
    make: async (ctx, p) =>
      getAt(
        '/v1/timesheets/download/:id',
        await id(ctx, sql`select booking_id as id from timesheets where location_id = ${p.locationId} order by id limit 1`),
      ),
  },

  // The bookings calendar feed: the caller's own feed; the feed itself is public, by its secret.
  'GET /v1/calendar-feed': plain('GET', '/v1/calendar-feed'),
  'POST /v1/calendar-feed': plain('POST', '/v1/calendar-feed', undefined, { leakCheck: false }),
  'DELETE /v1/calendar-feed': plain('DELETE', '/v1/calendar-feed'),
  // A contact's own feed, made first: it must name no other client's school (the leak check reads the calendar).
  'GET /v1/calendar/:file': {
    per: 'none',
    make: async (ctx) => {
      const unknown = get('/v1/calendar/not-a-feed-secret-0000000000.ics');
      if (ctx.principal.kind !== 'contact') return unknown;
      const made = await ctx.inject({ method: 'POST', url: '/v1/calendar-feed', headers: ctx.principal.headers });
      return made.statusCode === 201 ? get(new URL((made.json() as { url: string }).url).pathname) : unknown;
    },
  },

  // Live updates and e-mailed approval links: a ticket for the caller; the stream and the links are
  // public, their secret is the credential (an unknown one here; the feature's own tests cover the real ones).
  'POST /v1/events/ticket': plain('POST', '/v1/events/ticket', undefined, { leakCheck: false }),
  'GET /v1/events': open('GET', '/v1/events?ticket=not-a-ticket-0000000000'),
  'GET /v1/email-actions/:token': open('GET', '/v1/email-actions/not-a-link-secret-0000000000'),
  'POST /v1/email-actions/:token': {
    ...open('POST', '/v1/email-actions/not-a-link-secret-0000000000', {}),
    make: (ctx) => write(ctx, 'POST', '/v1/email-actions/not-a-link-secret-0000000000', {}),
  },

  // Clients, groups and locations.
  'GET /v1/client-groups/:id/overview': {
    make: (_, p) =>
      p.groupId === null ? undefined : get(`/v1/client-groups/${p.groupId}/overview?filterDate=2026-03-16&timeZone=Australia/Sydney`),
  },
  'GET /v1/clients/:id/additional-details': { per: 'client', make: (_, p) => get(`/v1/clients/${p.clientId}/additional-details`) },
  'GET /v1/locations': { per: 'client', make: (_, p) => get(`/v1/locations?clientIds=${p.clientId}`) },
};

/** An educator the place's client booked; for a client outside the caller's tree, one none of the caller's clients booked. */
async function educatorOf(ctx: MatrixContext, p: Place): Promise<number | undefined> {
  const own = [...ctx.principal.clientIds];
  const outside = !ctx.principal.clientIds.has(p.clientId);
  return id(
    ctx,
    sql`select cc.candidate_id as id from client_candidates cc where cc.client_id = ${p.clientId}
        and (${!outside} or not exists (select 1 from client_candidates o where o.candidate_id = cc.candidate_id
             and o.client_id in (${
               own.length
                 ? sql.join(
                     own.map((n) => sql`${n}`),
                     sql`, `,
                   )
                 : sql`-1`
             })))
        order by cc.candidate_id limit 1`,
  );
}
