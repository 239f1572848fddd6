import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';
import {
  BookingContactsResponse,
  BookingLocationListResponse,
  CertificationsResponse,
  ClassificationsResponse,
} from '@portal/contract/booking-reference';
import { CreatedBooking, type CreateBookingBody } from '@portal/contract/bookings';
import {
  CandidateDetailsResponse,
  CandidateListResponse,
  CandidateProfileImageResponse,
  ExclusionResponse,
  FavouriteResponse,
  MAX_EXCLUSION_REASON_LENGTH,
} from '@portal/contract/candidates';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';
import { findFreeCandidate, openBookings } from '../provider/provider.repository';

/** The seeded world's today (Monday 16 March 2026). */
const TEST_NOW = inject('testNow');
let t: TestApp;
const who: Record<string, SignedIn> = {};
const ACCOUNTS = ['group.admin', 'finance', 'bookings.viewer', 'school.admin', 'no.access', 'teacher'];

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(TEST_NOW) });
  for (const email of ACCOUNTS) who[email] = await signIn(t.app, `${email}@demo.test`);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, email?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...(email ? who[email]!.headers : {}), ...headers } });
const get = (url: string, email?: string, headers: Record<string, string> = {}) => call('GET', url, email, headers);

/** The client of a one-school account (its client-level permission entry). */
async function clientOf(email: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select coalesce(pe.client_id, (select c.id from clients c where c.group_id = pe.group_id order by c.id limit 1)) as id
        from permission_entries pe join contacts ct on ct.id = pe.contact_id
        where ct.email = ${`${email}@demo.test`} order by pe.id limit 1`,
  );
  return row!.id;
}

/** An educator the client knows with past and upcoming bookings there. */
async function knownEducator(clientId: number): Promise<number> {
  const [row] = await queryRows<{ candidate_id: number }>(
    t.database.db,
    sql`select cc.candidate_id from client_candidates cc
        where cc.client_id = ${clientId}
          and exists (select 1 from bookings b where b.candidate_id = cc.candidate_id and b.client_id = ${clientId} and b.status = 'completed')
          and exists (select 1 from bookings b where b.candidate_id = cc.candidate_id and b.client_id = ${clientId} and b.status = 'filled'
                        and b.date_local > ${TEST_NOW}::date + 1)
        order by cc.candidate_id limit 1`,
  );
  return row!.candidate_id;
}

describe('GET /v1/candidate/CandidateList', () => {
  it("lists the client's educators with dates, counts and favourites, favourites first", async () => {
    const clientId = await clientOf('group.admin');
    const res = await get(`/v1/candidate/CandidateList?ClientId=${clientId}`, 'group.admin');
    expect(res.statusCode).toBe(200);
    const list = CandidateListResponse.parse(res.json());
    const [{ n }] = (await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from client_candidates where client_id = ${clientId}`,
    )) as [{ n: number }];
    expect(list.length).toBe(n);
    expect(list.length).toBeGreaterThan(0);
    const favourites = list.findIndex((c) => !c.isFavourite);
    expect(list.slice(favourites).every((c) => !c.isFavourite)).toBe(true);
    const someone = list.find((c) => c.lastDateLocal && c.nextDateLocal)!;
    expect(someone).toBeDefined();
    expect(someone.lastDateLocal! < someone.nextDateLocal!).toBe(true);
    expect(someone.fullName).toBe(`${someone.preferredName ?? someone.firstName} ${someone.lastName}`);
    const [{ n: counted }] = (await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from bookings where client_id = ${clientId} and candidate_id = ${someone.candidateId}
          and status not in ('cancelled', 'rejected')`,
    )) as [{ n: number }];
    expect(someone.bookingsCount).toBe(counted);
    // Every educator's last and next date is the one each booking's own local "today" gives (the list works it out
    // per time zone of the school's locations, not per booking row).
    const expected = await queryRows<{ id: number; last: string | null; next: string | null }>(
      t.database.db,
      sql`select candidate_id as id,
                 max(date_local) filter (where date_local < (${TEST_NOW}::timestamptz at time zone time_zone)::date)::text as last,
                 min(date_local) filter (where date_local >= (${TEST_NOW}::timestamptz at time zone time_zone)::date)::text as next
          from bookings where client_id = ${clientId} and candidate_id is not null
            and status not in ('cancelled', 'rejected', 'pending_approval', 'unfilled')
          group by candidate_id`,
    );
    const byId = new Map(expected.map((e) => [e.id, e]));
    for (const c of list) {
      expect([c.candidateId, c.lastDateLocal, c.nextDateLocal]).toEqual([
        c.candidateId,
        byId.get(c.candidateId)?.last ?? null,
        byId.get(c.candidateId)?.next ?? null,
      ]);
    }
  });

  it('opens to accounts view (finance) and booking view (bookings.viewer), and to nobody without one of the three', async () => {
    const clientId = await clientOf('finance');
    // finance: accounts_view only; bookings.viewer: booking_view only (same kind of school).
    expect((await get(`/v1/candidate/CandidateList?ClientId=${clientId}`, 'finance')).statusCode).toBe(200);
    const viewerClient = await clientOf('bookings.viewer');
    expect((await get(`/v1/candidate/CandidateList?ClientId=${viewerClient}`, 'bookings.viewer')).statusCode).toBe(200);
    // The teacher holds replaceMe only: not one of the candidates permissions.
    const teacher = await get(`/v1/candidate/CandidateList?ClientId=${clientId}`, 'teacher');
    expect(teacher.statusCode).toBe(403);
    expect(teacher.headers['content-type']).toContain('application/problem+json');
    expect((await get(`/v1/candidate/CandidateList?ClientId=${clientId}`, 'no.access')).statusCode).toBe(403);
    // Another client's list.
    expect((await get(`/v1/candidate/CandidateList?ClientId=${clientId}`, 'school.admin')).statusCode).toBe(403);
    expect((await get(`/v1/candidate/CandidateList?ClientId=${clientId}`)).statusCode).toBe(401);
  });

  it('400 when ClientId is missing or not a positive integer', async () => {
    for (const query of ['', '?ClientId=', '?ClientId=0', '?ClientId=-2', '?ClientId=abc', '?ClientId=1.5', '?ClientId=99999999999']) {
      const res = await get(`/v1/candidate/CandidateList${query}`, 'finance');
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors, query).toHaveProperty(['ClientId']);
    }
  });
});

describe('GET /v1/candidate/{id}/details', () => {
  it('answers the profile, qualifications, compliance checks and bookings at the caller’s clients', async () => {
    const clientId = await clientOf('finance');
    const id = await knownEducator(clientId);
    const res = await get(`/v1/candidate/${id}/details`, 'finance');
    expect(res.statusCode).toBe(200);
    const body = CandidateDetailsResponse.parse(res.json());
    expect(body.candidateId).toBe(id);
    expect(body.summary).toBeTruthy();
    expect(body.qualifications.length).toBeGreaterThan(0);
    expect(body.complianceChecks.map((c) => c.name)).toContain('Working with Children Check');
    expect(body.complianceChecks.every((c) => c.expiresOn === null || /^\d{4}-\d{2}-\d{2}$/.test(c.expiresOn))).toBe(true);
    expect(body.clients).toEqual([expect.objectContaining({ clientId, canSetFavourite: false })]);
    expect(body.pastBookings.length).toBeGreaterThan(0);
    expect(body.upcomingBookings.length).toBeGreaterThan(0);
    expect(body.pastBookings.every((b) => b.clientId === clientId)).toBe(true);
    const past = body.pastBookings.map((b) => b.dateLocal);
    expect([...past].sort().reverse()).toEqual(past);
    expect(body.pastBookings[0]!.dateLocal < body.upcomingBookings[0]!.dateLocal).toBe(true);
    expect(body.pastBookingsCount).toBeGreaterThanOrEqual(body.pastBookings.length);
  });

  it('404 for an educator none of the caller’s clients knows, 400 for a bad id', async () => {
    const au = await knownEducator(await clientOf('finance'));
    expect((await get(`/v1/candidate/${au}/details`, 'school.admin')).statusCode).toBe(404);
    expect((await get('/v1/candidate/2000000000/details', 'finance')).statusCode).toBe(404);
    expect((await get('/v1/candidate/-1/details', 'finance')).statusCode).toBe(400);
    expect((await get('/v1/candidate/abc/details', 'finance')).statusCode).toBe(400);
    expect((await get(`/v1/candidate/${au}/details`, 'no.access')).statusCode).toBe(403);
  });
});

describe('GET /v1/candidate/profile-image/{id}', () => {
  it('answers a generated picture with an ETag, and 304 for the same ETag', async () => {
    const id = await knownEducator(await clientOf('finance'));
    const res = await get(`/v1/candidate/profile-image/${id}`, 'bookings.viewer');
    // bookings.viewer's school may differ: then not found; finance's school always knows it.
    const own = res.statusCode === 200 ? res : await get(`/v1/candidate/profile-image/${id}`, 'finance');
    expect(own.statusCode).toBe(200);
    const body = CandidateProfileImageResponse.parse(own.json());
    expect(body.contentType).toBe('image/svg+xml');
    const svg = Buffer.from(body.base64ProfileImg, 'base64').toString('utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    const etag = String(own.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(own.headers['cache-control']).toContain('private');
    const again = await get(`/v1/candidate/profile-image/${id}`, 'finance');
    expect(again.json()).toEqual(body);
    const cached = await get(`/v1/candidate/profile-image/${id}`, 'finance', { 'if-none-match': etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
  });

  it('the id must be a non-negative integer (spec §5); unknown and foreign educators are not found', async () => {
    for (const bad of ['-1', 'abc', '1.5', '1e3x']) {
      const res = await get(`/v1/candidate/profile-image/${bad}`, 'finance');
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors, bad).toHaveProperty(['id']);
    }
    expect((await get('/v1/candidate/profile-image/0', 'finance')).statusCode).toBe(404);
    const au = await knownEducator(await clientOf('finance'));
    expect((await get(`/v1/candidate/profile-image/${au}`, 'school.admin')).statusCode).toBe(404);
  });
});

describe('PUT / DELETE /v1/candidate/{id}/favourite', () => {
  it('marks and unmarks a favourite of a school, idempotently; the list follows', async () => {
    const clientId = await clientOf('group.admin');
    const list = CandidateListResponse.parse((await get(`/v1/candidate/CandidateList?ClientId=${clientId}`, 'group.admin')).json());
    const plain = list.find((c) => !c.isFavourite)!;
    for (let i = 0; i < 2; i++) {
      const res = await call('PUT', `/v1/candidate/${plain.candidateId}/favourite?clientId=${clientId}`, 'group.admin');
      expect(res.statusCode).toBe(200);
      expect(FavouriteResponse.parse(res.json())).toEqual({ candidateId: plain.candidateId, clientId, isFavourite: true });
    }
    const after = CandidateListResponse.parse((await get(`/v1/candidate/CandidateList?ClientId=${clientId}`, 'group.admin')).json());
    expect(after.find((c) => c.candidateId === plain.candidateId)!.isFavourite).toBe(true);
    expect(after.findIndex((c) => c.candidateId === plain.candidateId)).toBeLessThan(after.findIndex((c) => !c.isFavourite));
    for (let i = 0; i < 2; i++) {
      const res = await call('DELETE', `/v1/candidate/${plain.candidateId}/favourite?clientId=${clientId}`, 'group.admin');
      expect(res.json()).toEqual({ candidateId: plain.candidateId, clientId, isFavourite: false });
    }
  });

  it('needs booking create or modify at the client; 404 for an educator the client does not know', async () => {
    const clientId = await clientOf('finance');
    const id = await knownEducator(clientId);
    expect((await call('PUT', `/v1/candidate/${id}/favourite?clientId=${clientId}`, 'finance')).statusCode).toBe(403);
    expect((await call('PUT', `/v1/candidate/${id}/favourite?clientId=${clientId}`, 'bookings.viewer')).statusCode).toBe(403);
    const nz = await clientOf('school.admin');
    expect((await call('PUT', `/v1/candidate/${id}/favourite?clientId=${nz}`, 'school.admin')).statusCode).toBe(404);
    expect((await call('PUT', `/v1/candidate/${id}/favourite?clientId=${clientId}`, 'school.admin')).statusCode).toBe(403);
    expect((await call('PUT', `/v1/candidate/${id}/favourite`, 'group.admin')).statusCode).toBe(400);
  });
});

describe('a booking request naming the requested educator', () => {
  /** A valid request at group.admin's first Sydney school on Wednesday 18 March 2026 (TEST_NOW is Monday). */
  async function requestBody(): Promise<CreateBookingBody> {
    const as = 'group.admin';
    await queryRows(t.database.db, sql`delete from location_restrictions`);
    const locations = BookingLocationListResponse.parse((await get('/v1/locations/booking-location-list', as)).json());
    const location = locations.find((l) => l.timeZone === 'Australia/Sydney' && l.locationType === 'school')!;
    const classes = ClassificationsResponse.parse((await get(`/v1/clients/${location.clientId}/pay-classes`, as)).json());
    const plain = classes.find((c) => c.extraValidation.minimumDurationInMins === null && c.extraValidation.earliestEndTime24hr === null)!;
    const certs = CertificationsResponse.parse((await get(`/v1/locations/${location.locationId}/certifications`, as)).json());
    const contacts = BookingContactsResponse.parse(
      (await get(`/v1/contacts/booking-contacts?locationId=${location.locationId}`, as)).json(),
    );
    return {
      locationId: location.locationId,
      classificationId: plain.id,
      certificationIds: certs.filter((c) => c.isLocationDefault).map((c) => c.id),
      dates: ['2026-03-18'],
      startTime: location.startTime,
      endTime: location.endTime,
      confirmations: [{ bookingContactId: contacts.find((c) => c.methods.email)!.id, email: true }],
      policiesAgreed: true,
    };
  }
  const post = (payload: CreateBookingBody, key: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/bookings',
      headers: { ...who['group.admin']!.headers, 'idempotency-key': key },
      payload: payload as object,
    });

  it('must be a favourite or past educator of the school; the provider then fills with them first when free', async () => {
    const body = await requestBody();
    const [clientRow] = await queryRows<{ client_id: number }>(
      t.database.db,
      sql`select client_id from locations where id = ${body.locationId}`,
    );
    const clientId = clientRow!.client_id;
    // An educator of another country is no past educator of this school.
    const [stranger] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from candidates where country = 'NZ' order by id limit 1`,
    );
    const refused = await post({ ...body, requestedCandidateId: stranger!.id }, 'requested-educator-0001');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ requestedCandidateId: [BOOKING_MESSAGES.requestedCandidateUnknown] });

    // A past educator who is not a favourite and is free that day: asked for, found first.
    const [known] = await queryRows<{ candidate_id: number }>(
      t.database.db,
      sql`select cc.candidate_id from client_candidates cc where cc.client_id = ${clientId} and not cc.is_favourite
          and not exists (select 1 from bookings o where o.candidate_id = cc.candidate_id and o.date_local = '2026-03-18'
                          and o.status not in ('cancelled', 'rejected'))
          order by cc.candidate_id desc limit 1`,
    );
    const res = await post({ ...body, requestedCandidateId: known!.candidate_id }, 'requested-educator-0002');
    expect(res.statusCode).toBe(201);
    const created = CreatedBooking.parse(res.json());
    const [stored] = await queryRows<{ requested_candidate_id: number }>(
      t.database.db,
      sql`select requested_candidate_id from booking_requests where id = ${created.requestId}`,
    );
    expect(stored!.requested_candidate_id).toBe(known!.candidate_id);

    const open = (await openBookings(t.database.db, new Date(TEST_NOW), 50, new Date(Date.parse(TEST_NOW) - 3_600_000))).find(
      (b) => b.id === created.bookings[0]!.id,
    );
    expect(open?.requestedCandidateId).toBe(known!.candidate_id);
    const target = { clientId, country: 'AU', dateLocal: '2026-03-18', salt: created.bookings[0]!.id };
    expect(await findFreeCandidate(t.database.db, { ...target, requestedCandidateId: known!.candidate_id })).toBe(known!.candidate_id);
    // Without a request the school's favourites come first, so the plain past educator is not the pick.
    const [favourite] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from client_candidates cc where cc.client_id = ${clientId} and cc.is_favourite`,
    );
    if (favourite!.n > 0) expect(await findFreeCandidate(t.database.db, target)).not.toBe(known!.candidate_id);
  });
});

describe('PUT / DELETE /v1/candidate/{id}/exclusion', () => {
  const put = (id: number, clientId: number, email: string, payload?: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/v1/candidate/${id}/exclusion?clientId=${clientId}`,
      headers: who[email]!.headers,
      ...(payload ? { payload } : {}),
    });

  it('excludes an educator from a school with a reason, idempotently and audited; the list, details and provider follow', async () => {
    const clientId = await clientOf('group.admin');
    const id = await knownEducator(clientId);
    for (let i = 0; i < 2; i++) {
      const res = await put(id, clientId, 'group.admin', { reason: '  Left the class unattended  ' });
      expect(res.statusCode).toBe(200);
      expect(ExclusionResponse.parse(res.json())).toEqual({
        candidateId: id,
        clientId,
        isExcluded: true,
        reason: 'Left the class unattended',
      });
    }
    const list = CandidateListResponse.parse((await get(`/v1/candidate/CandidateList?ClientId=${clientId}`, 'group.admin')).json());
    expect(list.find((c) => c.candidateId === id)!.isExcluded).toBe(true);
    const details = CandidateDetailsResponse.parse((await get(`/v1/candidate/${id}/details`, 'group.admin')).json());
    expect(details.clients.find((c) => c.clientId === clientId)).toMatchObject({
      isExcluded: true,
      exclusionReason: 'Left the class unattended',
    });
    const audits = await queryRows<{ action: string; details: { clientId: number; reason?: string } }>(
      t.database.db,
      sql`select action, details from audit_log where entity_type = 'candidate' and entity_id = ${String(id)} order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual(['candidate.excluded', 'candidate.excluded']);
    expect(audits[0]!.details).toEqual({ clientId, reason: 'Left the class unattended' });

    // The provider never picks them for this school, even when asked for by name.
    const target = { clientId, country: 'AU', dateLocal: '2026-03-25', salt: id, requestedCandidateId: id };
    expect(await findFreeCandidate(t.database.db, target)).not.toBe(id);

    const lifted = await call('DELETE', `/v1/candidate/${id}/exclusion?clientId=${clientId}`, 'group.admin');
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toEqual({ candidateId: id, clientId, isExcluded: false, reason: null });
    const again = CandidateListResponse.parse((await get(`/v1/candidate/CandidateList?ClientId=${clientId}`, 'group.admin')).json());
    expect(again.find((c) => c.candidateId === id)!.isExcluded).toBe(false);
  });

  it('needs booking create or modify at the client; 404 for an educator the client does not know; bad input is 400', async () => {
    const clientId = await clientOf('finance');
    const id = await knownEducator(clientId);
    expect((await put(id, clientId, 'finance')).statusCode).toBe(403);
    expect((await put(id, clientId, 'bookings.viewer')).statusCode).toBe(403);
    expect((await put(id, clientId, 'school.admin')).statusCode).toBe(403);
    const nz = await clientOf('school.admin');
    expect((await put(id, nz, 'school.admin')).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/candidate/${id}/exclusion?clientId=${nz}`, 'school.admin')).statusCode).toBe(404);
    const long = await put(id, clientId, 'group.admin', { reason: 'x'.repeat(MAX_EXCLUSION_REASON_LENGTH + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toHaveProperty('reason');
    expect((await put(id, clientId, 'group.admin', { reason: 'ok', isExcluded: false })).statusCode).toBe(400);
    expect((await put(id, clientId, 'group.admin', [1, 2] as unknown as object)).statusCode).toBe(400);
    expect((await call('PUT', `/v1/candidate/${id}/exclusion`, 'group.admin')).statusCode).toBe(400);
    expect((await call('PUT', `/v1/candidate/${id}/exclusion?clientId=${clientId}`)).statusCode).toBe(401);
    // Odd and encoded paths, a body far too large: refused before anything is written.
    for (const odd of [`/v1/candidate/%2e%2e/exclusion?clientId=${clientId}`, `/v1/candidate/abc/exclusion?clientId=${clientId}`]) {
      const res = await call('PUT', odd, 'group.admin');
      expect(res.statusCode, odd).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, odd).toBeLessThan(500);
    }
    const huge = await put(id, clientId, 'group.admin', { reason: 'x'.repeat(2 * 1024 * 1024) });
    expect([400, 413]).toContain(huge.statusCode);
    const list = CandidateListResponse.parse((await get(`/v1/candidate/CandidateList?ClientId=${clientId}`, 'finance')).json());
    expect(list.find((c) => c.candidateId === id)!.isExcluded).toBe(false);
  });

  it('refuses a booking asking for an excluded educator (400 on requestedCandidateId), and staff cannot assign them', async () => {
    const clientId = await clientOf('group.admin');
    const id = await knownEducator(clientId);
    const excluded = await put(id, clientId, 'group.admin');
    expect(excluded.statusCode, excluded.body).toBe(200);
    try {
      const locations = BookingLocationListResponse.parse((await get('/v1/locations/booking-location-list', 'group.admin')).json());
      const location = locations.find((l) => l.clientId === clientId)!;
      const classes = ClassificationsResponse.parse((await get(`/v1/clients/${clientId}/pay-classes`, 'group.admin')).json());
      const contacts = BookingContactsResponse.parse(
        (await get(`/v1/contacts/booking-contacts?locationId=${location.locationId}`, 'group.admin')).json(),
      );
      const certs = CertificationsResponse.parse((await get(`/v1/locations/${location.locationId}/certifications`, 'group.admin')).json());
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/bookings',
        headers: { ...who['group.admin']!.headers, 'idempotency-key': `excluded-educator-${id}` },
        payload: {
          locationId: location.locationId,
          classificationId: classes[0]!.id,
          certificationIds: certs.filter((c) => c.isLocationDefault).map((c) => c.id),
          dates: ['2026-03-25'],
          startTime: location.startTime,
          endTime: location.endTime,
          confirmations: [{ bookingContactId: contacts.find((c) => c.methods.email)!.id, email: true }],
          policiesAgreed: true,
          requestedCandidateId: id,
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ requestedCandidateId: [BOOKING_MESSAGES.requestedCandidateExcluded] });

      const [unfilled] = await queryRows<{ id: number }>(
        t.database.db,
        sql`select id from bookings where client_id = ${clientId} and status = 'unfilled' and date_local > ${TEST_NOW}::date order by id limit 1`,
      );
      await expect(t.app.services.provider.assign(unfilled!.id, id)).rejects.toMatchObject({
        status: 422,
      });
    } finally {
      await call('DELETE', `/v1/candidate/${id}/exclusion?clientId=${clientId}`, 'group.admin');
    }
  });
});
