import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { queryRows } from '@portal/db/client';
import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';
import { BookingLocationListResponse, type BookingLocation } from '@portal/contract/booking-reference';
import { CreatedBooking, type CreateBookingBody } from '@portal/contract/bookings';
import { FORM_MESSAGES } from '@portal/contract/messages';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';
import { bookingRequestAt, type BookingRequestSetup } from '../../../test/booking-request';
import { flushBookingNotifications } from './booking-notifications';
import { MAX_ADVANCE_DAYS } from '@portal/contract/bookings/create/pipeline';

/**
 * POST /v1/bookings through HTTP on the seeded world, with a movable clock. The demo's booking blocks are removed
 * first so dates are predictable; the block rule inserts its own.
 */

const TEST_NOW = inject('testNow');
let clock = new Date(TEST_NOW);
let t: TestApp;
const who: Record<'admin' | 'pending' | 'viewer' | 'nz' | 'uk' | 'us', SignedIn> = {} as never;

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
  await queryRows(t.database.db, sql`delete from location_restrictions`);
  const [admin, pending, viewer, nz, uk, us] = await Promise.all(
    ['group.admin', 'pending.booker', 'bookings.viewer', 'school.admin', 'uk.admin', 'us.admin'].map((n) =>
      signIn(t.app, `${n}@demo.test`),
    ),
  );
  Object.assign(who, { admin, pending, viewer, nz, uk, us });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, as: SignedIn) => t.app.inject({ method: 'GET', url, headers: as.headers });
const post = (as: SignedIn, payload: unknown, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/bookings',
    headers: { ...as.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as object,
  });
let keys = 0;
const newKey = () => `test-key-${Date.now()}-${++keys}`;

type Setup = BookingRequestSetup;
const setups = new Map<string, Setup>();

/** A valid request at the caller's first bookable location in `zone`: plain classification, default certifications, one e-mail confirmation. */
async function setup(as: SignedIn, zone: string, pick: (l: BookingLocation) => boolean = () => true): Promise<Setup> {
  const cacheKey = `${as.accessToken}|${zone}`;
  const cached = setups.get(cacheKey);
  if (cached) return { ...cached, body: structuredClone(cached.body) };
  const result = await bookingRequestAt(t.app, as, zone, pick);
  setups.set(cacheKey, result);
  return { ...result, body: structuredClone(result.body) };
}

const sydney = (as: SignedIn = who.admin) => setup(as, 'Australia/Sydney');

async function expectProblem(res: Awaited<ReturnType<typeof post>>, status: number, field: string | undefined, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  const problem = res.json();
  expect(problem.detail).toBe(message);
  if (field) expect(problem.errors?.[field]).toContain(message);
}

async function rows<T>(query: ReturnType<typeof sql>) {
  return queryRows<T>(t.database.db, query);
}

describe('POST /v1/bookings creates', () => {
  it('an approved request of unfilled bookings, one per date, as a block with UTC times in the location’s zone', async () => {
    clock = new Date(TEST_NOW);
    const { body, location, plain } = await sydney();
    // Thu, Fri, (weekend), Mon, Tue, Wed; listed out of order. Sydney leaves daylight saving on Sun 5 April, the
    // Easter weekend: the school is taken as open on public holidays here (their refusal is public-holidays.test.ts).
    await rows(sql`update locations set open_on_public_holidays = true where id = ${location.locationId}`);
    onTestFinished(async () => {
      await rows(sql`update locations set open_on_public_holidays = false where id = ${location.locationId}`);
    });
    body.dates = ['2026-04-06', '2026-04-02', '2026-04-03', '2026-04-07', '2026-04-08'];
    body.covering = { name: 'Ms Alvarez', reason: 'sick leave cover' };
    body.notes = 'Year 4 excursion prep';
    const key = newKey();
    const res = await post(who.admin, body, key);
    expect(res.statusCode, res.body).toBe(201);
    const created = CreatedBooking.parse(res.json());
    expect(created.status).toBe('approved');
    expect(created.seriesReference).toBe(`BLK-${created.requestId}`);
    expect(created.bookings.map((b) => b.dateLocal)).toEqual(['2026-04-02', '2026-04-03', '2026-04-06', '2026-04-07', '2026-04-08']);
    expect(created.bookings.every((b) => b.status === 'unfilled')).toBe(true);

    const saved = await rows<{
      date_local: string;
      start_utc: Date;
      end_utc: Date;
      time_zone: string;
      break_minutes: number;
      series_position: number;
      series_total: number;
    }>(
      sql`select date_local::text, start_utc, end_utc, time_zone, break_minutes, series_position, series_total
          from bookings where request_id = ${created.requestId} order by date_local`,
    );
    expect(saved.map((s) => [s.series_position, s.series_total])).toEqual([
      [1, 5],
      [2, 5],
      [3, 5],
      [4, 5],
      [5, 5],
    ]);
    // 08:30 local is 21:30Z the day before under AEDT (+11), 22:30Z under AEST (+10).
    const startUtc = (i: number) => new Date(saved[i]!.start_utc).toISOString();
    const [h, m] = location.startTime.split(':').map(Number) as [number, number];
    expect(startUtc(1)).toBe(DateTime.fromObject({ year: 2026, month: 4, day: 3, hour: h, minute: m }, { zone: 'UTC+11' }).toUTC().toISO());
    expect(startUtc(2)).toBe(DateTime.fromObject({ year: 2026, month: 4, day: 6, hour: h, minute: m }, { zone: 'UTC+10' }).toUTC().toISO());
    expect(saved.every((s) => s.time_zone === 'Australia/Sydney')).toBe(true);
    // No break given: the classification's default.
    expect(saved[0]!.break_minutes).toBe(plain.extraValidation.defaultBreakInMins ?? 0);

    const [request] = await rows<{ status: string; covering_name: string; absence_reason: string }>(
      sql`select status, covering_name, absence_reason from booking_requests where id = ${created.requestId}`,
    );
    expect(request).toEqual({ status: 'approved', covering_name: 'Ms Alvarez', absence_reason: 'sick leave cover' });
    // The Idempotency-Key is kept with the request it made, as its stored answer.
    const [stored] = await rows<{ status_code: number; request_id: number }>(
      sql`select status_code, (response_body->>'requestId')::int as request_id from idempotency_keys where key = ${key}`,
    );
    expect(stored).toEqual({ status_code: 201, request_id: created.requestId });

    const to = (await sydney()).contacts.find((c) => c.id === body.confirmations[0]!.bookingContactId)!.email!;
    await flushBookingNotifications(); // confirmations go out after the reply
    const mail = await rows<{ subject: string; text_body: string }>(
      sql`select subject, text_body from outbox_messages where channel = 'email' and to_address = ${to} and subject like ${`%BLK-${created.requestId}`}`,
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toMatch(/^Booking received:/);
    // The Sydney school's dates as its (en-AU) contacts read them, never ISO.
    expect(mail[0]!.text_body).toContain('6 Apr 2026');
    expect(mail[0]!.text_body).not.toContain('2026-04-06');
  });

  it('one booking per head per date, without a series for a single date', async () => {
    const { body } = await sydney();
    body.dates = ['2026-03-19'];
    body.bookingsPerDay = 3;
    const created = CreatedBooking.parse((await post(who.admin, body, newKey())).json());
    expect(created.seriesReference).toBeNull();
    expect(created.bookings).toHaveLength(3);
  });

  it('a request waiting for approval when the caller holds only pendingBooking create', async () => {
    const list = BookingLocationListResponse.parse((await get('/v1/locations/booking-location-list', who.pending)).json());
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((l) => !l.canCreateBooking && l.canCreatePendingBooking)).toBe(true);
    const { body, contacts } = await setup(who.pending, list[0]!.timeZone, (l) => l.locationId === list[0]!.locationId);
    body.dates = ['2026-03-19', '2026-03-20'];
    const res = await post(who.pending, body, newKey());
    expect(res.statusCode, res.body).toBe(201);
    const created = CreatedBooking.parse(res.json());
    expect(created.status).toBe('pending_approval');
    expect(created.bookings.every((b) => b.status === 'pending_approval')).toBe(true);
    const to = contacts.find((c) => c.id === body.confirmations[0]!.bookingContactId)!.email!;
    await flushBookingNotifications(); // confirmations go out after the reply
    const [mail] = await rows<{ subject: string }>(
      sql`select subject from outbox_messages where to_address = ${to} and subject like ${`%BLK-${created.requestId}`}`,
    );
    expect(mail?.subject).toMatch(/^Booking waiting for approval:/);
  });

  it('push and SMS confirmations are recorded in the outbox too', async () => {
    const { body, contacts } = await sydney();
    const linked = contacts.find((c) => c.methods.push && c.methods.sms)!;
    body.dates = ['2026-03-23'];
    body.confirmations = [{ bookingContactId: linked.id, sms: true, push: true }];
    const [before] = await rows<{ id: number }>(sql`select coalesce(max(id), 0)::int as id from outbox_messages`);
    CreatedBooking.parse((await post(who.admin, body, newKey())).json());
    await flushBookingNotifications(); // confirmations go out after the reply
    await t.app.mailer.drain(); // SMS and push are jobs of the job queue
    const sent = await rows<{ channel: string; text_body: string }>(
      sql`select channel, text_body from outbox_messages where id > ${before!.id} and channel <> 'email' order by channel`,
    );
    expect(sent.map((s) => s.channel).sort()).toEqual(['push', 'sms']);
    // The short texts name the booking by school and date, in the contact's locale (en-AU).
    for (const s of sent) expect(s.text_body).toMatch(/^Booking received: .+, Mon 23 Mar 2026$/);
  });
});

describe('POST /v1/bookings refuses', () => {
  it('a caller without booking create at the location (403) and a location outside its tree (404)', async () => {
    const viewerLocations = await rows<{ id: number }>(
      sql`select l.id from locations l join permission_entries pe on pe.client_id = l.client_id join contacts c on c.id = pe.contact_id
          where c.email = 'bookings.viewer@demo.test' limit 1`,
    );
    const { body } = await sydney();
    const asViewer = await post(who.viewer, { ...body, locationId: viewerLocations[0]!.id });
    await expectProblem(asViewer, 403, undefined, BOOKING_MESSAGES.notBookable);
    const nz = await setup(who.nz, 'Pacific/Auckland');
    expect((await post(who.admin, { ...body, locationId: nz.location.locationId })).statusCode).toBe(404);
    expect((await post(who.admin, { ...body, locationId: 99_999_999 })).statusCode).toBe(404);
  });

  it('a client without classifications (422 with the spec’s text)', async () => {
    const { body, location } = await setup(who.admin, 'Australia/Sydney');
    await rows(sql`update classifications set active = false where client_id = ${location.clientId}`);
    try {
      await expectProblem(await post(who.admin, body), 422, undefined, BOOKING_MESSAGES.noClassifications);
    } finally {
      await rows(
        sql`update classifications set active = true where client_id = ${location.clientId} and online_title not like '%(legacy rate)'`,
      );
    }
  });

  const cases: Array<[string, (b: CreateBookingBody, s: Setup) => Promise<void> | void, number, string, string]> = [
    [
      'a classification of another client',
      async (b) => {
        const [other] = await rows<{ id: number }>(
          sql`select id from classifications where client_id <> (select client_id from locations where id = ${b.locationId}) limit 1`,
        );
        b.classificationId = other!.id;
      },
      400,
      'classificationId',
      BOOKING_MESSAGES.unknownClassification,
    ],
    [
      'a grade of another client',
      async (b) => {
        const [other] = await rows<{ id: number }>(
          sql`select id from grades where client_id <> (select client_id from locations where id = ${b.locationId}) limit 1`,
        );
        b.gradeIds = [other!.id];
      },
      400,
      'gradeIds.0',
      BOOKING_MESSAGES.unknownGrade,
    ],
    [
      'a certification that does not exist',
      (b) => void (b.certificationIds = [9_999_999]),
      400,
      'certificationIds.0',
      BOOKING_MESSAGES.unknownCertification,
    ],
    [
      'changed certifications not reviewed',
      (b) => void (b.certificationIds = []),
      400,
      'certificationsReviewed',
      BOOKING_MESSAGES.certificationsReview,
    ],
    ['no confirmation', (b) => void (b.confirmations = []), 400, 'confirmations', BOOKING_MESSAGES.noConfirmations],
    [
      'a booking contact of another location',
      async (b) => {
        const [other] = await rows<{ id: number }>(
          sql`select id from booking_contacts where location_id <> ${b.locationId} and active limit 1`,
        );
        b.confirmations = [{ bookingContactId: other!.id, email: true }];
      },
      400,
      'confirmations.0.bookingContactId',
      BOOKING_MESSAGES.unknownBookingContact,
    ],
    [
      'a confirmation without a method',
      (b) => void (b.confirmations = [{ bookingContactId: b.confirmations[0]!.bookingContactId }]),
      400,
      'confirmations.0',
      BOOKING_MESSAGES.noConfirmationMethod,
    ],
    [
      'a method the contact cannot receive',
      (b, s) => void (b.confirmations = [{ bookingContactId: s.contacts.find((c) => !c.methods.voice)!.id, voice: true }]),
      400,
      'confirmations.0.voice',
      BOOKING_MESSAGES.methodUnavailable('voice call'),
    ],
    ['no date', (b) => void (b.dates = []), 400, 'dates', BOOKING_MESSAGES.noDates],
    ['a date twice', (b) => void (b.dates = ['2026-03-24', '2026-03-25', '2026-03-24']), 400, 'dates.2', BOOKING_MESSAGES.duplicateDate],
    ['a weekend date', (b) => void (b.dates = ['2026-03-24', '2026-03-28']), 400, 'dates.1', BOOKING_MESSAGES.weekend],
    ['a date in the past', (b) => void (b.dates = ['2026-03-13']), 400, 'dates.0', FORM_MESSAGES.dateInPast],
    ['a date too far ahead', (b) => void (b.dates = ['2027-03-22']), 422, 'dates.0', BOOKING_MESSAGES.tooFarAhead(MAX_ADVANCE_DAYS)],
    [
      'an end before the start',
      (b) => void Object.assign(b, { startTime: '13:00', endTime: '9:00' }),
      400,
      'endTime',
      FORM_MESSAGES.endBeforeStart,
    ],
    [
      'a break as long as the booking',
      (b, s) => {
        const shown = s.classifications.find((x) => x.extraValidation.shouldShowBreaks)!;
        Object.assign(b, { classificationId: shown.id, startTime: '09:00', endTime: '10:00', breakMinutes: 60 });
      },
      400,
      'breakMinutes',
      BOOKING_MESSAGES.breakTooLong,
    ],
    [
      'a changed break where the classification sets it',
      (b, s) => {
        const set = s.classifications.find((x) => !x.extraValidation.shouldShowBreaks && x.extraValidation.defaultBreakInMins === 30)!;
        Object.assign(b, { classificationId: set.id, breakMinutes: 0 });
      },
      400,
      'breakMinutes',
      BOOKING_MESSAGES.breakFixed(30),
    ],
    [
      'less than the classification’s minimum duration, net of the break',
      (b, s) => {
        const c = s.classifications.find(
          (x) => x.extraValidation.minimumDurationInMins === 180 && x.extraValidation.earliestEndTime24hr === '12:00',
        )!;
        Object.assign(b, { classificationId: c.id, startTime: '09:00', endTime: '12:10', breakMinutes: 30 });
      },
      400,
      'endTime',
      BOOKING_MESSAGES.minimumDuration(180),
    ],
    [
      'an end before the classification’s earliest end time',
      (b, s) => {
        const c = s.classifications.find((x) => x.extraValidation.earliestEndTime24hr === '12:00')!;
        Object.assign(b, { classificationId: c.id, startTime: '08:00', endTime: '11:30:00', breakMinutes: 0 });
      },
      400,
      'endTime',
      FORM_MESSAGES.endBeforeMinimum('12:00'),
    ],
    [
      'more bookings per day than the client allows',
      (b) => void (b.bookingsPerDay = 11),
      422,
      'bookingsPerDay',
      FORM_MESSAGES.between(1, 10),
    ],
    [
      'more bookings than the client allows in one request',
      (b) =>
        void Object.assign(b, {
          bookingsPerDay: 10,
          dates: ['2026-03-24', '2026-03-25', '2026-03-26', '2026-03-27', '2026-03-30', '2026-03-31', '2026-04-01'],
        }),
      422,
      'bookingsPerDay',
      BOOKING_MESSAGES.maxBookingsAllowed(60),
    ],
    [
      'a covering contact of another client',
      async (b) => {
        const [c] = await rows<{ id: number }>(sql`select id from contacts where email = 'school.admin@demo.test'`);
        b.covering = { contactId: c!.id, reason: 'annual leave cover' };
      },
      400,
      'covering.contactId',
      BOOKING_MESSAGES.coveringNotAtClient,
    ],
    [
      'policies not agreed (and not agreed to before)',
      async (b) => {
        await rows(sql`delete from policy_acceptances`);
        b.policiesAgreed = false;
      },
      400,
      'policiesAgreed',
      BOOKING_MESSAGES.policiesAgreed,
    ],
    ['a time in no accepted form', (b) => void (b.startTime = '9am'), 400, 'startTime', 'Please enter a valid time'],
  ];
  for (const [name, change, status, field, message] of cases) {
    it(name, async () => {
      clock = new Date(TEST_NOW);
      const s = await sydney();
      const body = s.body;
      body.dates = ['2026-03-24'];
      await change(body, s);
      const res = await post(who.admin, body, newKey());
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().errors?.[field]).toContain(message);
    });
  }

  it('a date of a booking block, with the block’s markdown message', async () => {
    clock = new Date(TEST_NOW);
    const { body } = await sydney();
    const message = 'School closed for **staff development day**';
    await rows(sql`insert into location_restrictions (location_id, dates_local, message_markdown)
                   values (${body.locationId}, array['2026-03-26', '2026-03-27']::date[], ${message})`);
    body.dates = ['2026-03-25', '2026-03-27'];
    await expectProblem(await post(who.admin, body), 422, 'dates.1', message);
    const blocks = (await get(`/v1/locations/booking-blocks?locationId=${body.locationId}`, who.admin)).json();
    expect(blocks).toEqual([{ locationId: body.locationId, datesLocal: ['2026-03-26', '2026-03-27'], messageMarkDown: message }]);
  });

  it('accepts a covering contact of the client and changed certifications once reviewed', async () => {
    clock = new Date(TEST_NOW);
    const { body } = await sydney();
    const [me] = await rows<{ id: number }>(sql`select id from contacts where email = 'group.admin@demo.test'`);
    Object.assign(body, {
      dates: ['2026-03-30'],
      certificationIds: [],
      certificationsReviewed: true,
      covering: { contactId: me!.id, reason: 'other' },
    });
    expect((await post(who.admin, body, newKey())).statusCode).toBe(201);
  });
});

describe('the same-day cut-off in the location’s zone, across daylight-saving changes', () => {
  // Each date is the Monday after a DST change in its zone; `before` and `after` are UTC instants one side of the
  // client's cut-off there. A server using the previous week's offset would decide each pair the wrong way round.
  const cases = [
    // Sydney leaves DST on Sun 5 April 2026: 08:00 AEST (+10) on Mon 6 April is 22:00Z on the 5th (not 21:00Z).
    {
      zone: 'Australia/Sydney',
      account: 'admin',
      date: '2026-04-06',
      cutoff: '08:00',
      before: '2026-04-05T21:30:00Z',
      after: '2026-04-05T22:00:00Z',
    },
    // London enters BST on Sun 29 March 2026; the UK demo clients cut off at 07:30: 07:30 BST (+1) is 06:30Z.
    {
      zone: 'Europe/London',
      account: 'uk',
      date: '2026-03-30',
      cutoff: '07:30',
      before: '2026-03-30T06:29:00Z',
      after: '2026-03-30T06:59:00Z',
    },
    // New York enters EDT on Sun 8 March 2026: 08:00 EDT (-4) on Mon 9 March is 12:00Z (not 13:00Z).
    {
      zone: 'America/New_York',
      account: 'us',
      date: '2026-03-09',
      cutoff: '08:00',
      before: '2026-03-09T11:59:00Z',
      after: '2026-03-09T12:30:00Z',
    },
    // Auckland leaves DST on Sun 5 April 2026: 08:00 NZST (+12) on Mon 6 April is 20:00Z on the 5th (not 19:00Z).
    {
      zone: 'Pacific/Auckland',
      account: 'nz',
      date: '2026-04-06',
      cutoff: '08:00',
      before: '2026-04-05T19:30:00Z',
      after: '2026-04-05T20:00:00Z',
    },
  ] as const;

  for (const c of cases) {
    it(`${c.zone}: today is bookable before ${c.cutoff} local and refused from ${c.cutoff}`, async () => {
      const s = await setup(who[c.account], c.zone);
      expect(s.location.rules.sameDayCutoff).toBe(c.cutoff);
      // Some of these Mondays are public holidays (Easter Monday 2026): open on them, the cut-off alone decides.
      await rows(sql`update locations set open_on_public_holidays = true where id = ${s.location.locationId}`);
      onTestFinished(async () => {
        await rows(sql`update locations set open_on_public_holidays = false where id = ${s.location.locationId}`);
      });
      const body = { ...s.body, dates: [c.date] };
      clock = new Date(c.after);
      await expectProblem(await post(who[c.account], body), 422, 'dates.0', BOOKING_MESSAGES.sameDayCutoff(c.cutoff));
      clock = new Date(c.before);
      const res = await post(who[c.account], body, newKey());
      expect(res.statusCode, res.body).toBe(201);
      // A later date is never cut off.
      clock = new Date(c.after);
      const tomorrow = DateTime.fromISO(c.date).plus({ days: 1 }).toISODate()!;
      expect((await post(who[c.account], { ...body, dates: [tomorrow] }, newKey())).statusCode).toBe(201);
      clock = new Date(TEST_NOW);
    });
  }

  it('falls back to 08:00 when the client’s setting is unparsable', async () => {
    const s = await sydney();
    await rows(sql`update clients set same_day_cutoff = 'half past seven' where id = ${s.location.clientId}`);
    try {
      const list = BookingLocationListResponse.parse((await get('/v1/locations/booking-location-list', who.admin)).json());
      expect(list.find((l) => l.locationId === s.location.locationId)!.rules.sameDayCutoff).toBe('08:00');
      // Tue 17 March 2026 07:59 AEDT (+11) = 20:59Z on the 16th.
      clock = new Date('2026-03-16T20:59:00Z');
      expect((await post(who.admin, { ...s.body, dates: ['2026-03-17'] }, newKey())).statusCode).toBe(201);
      clock = new Date('2026-03-16T21:00:00Z');
      await expectProblem(
        await post(who.admin, { ...s.body, dates: ['2026-03-17'] }),
        422,
        'dates.0',
        BOOKING_MESSAGES.sameDayCutoff('08:00'),
      );
    } finally {
      clock = new Date(TEST_NOW);
      await rows(sql`update clients set same_day_cutoff = '08:00' where id = ${s.location.clientId}`);
    }
  });

  it('refuses today before the cut-off when the start time has already gone by', async () => {
    const s = await sydney();
    // Tue 17 March 2026 07:45 AEDT (+11) = 20:45Z on the 16th; the cut-off (08:00) has not passed.
    clock = new Date('2026-03-16T20:45:00Z');
    try {
      await expectProblem(
        await post(who.admin, { ...s.body, dates: ['2026-03-17'], startTime: '07:00' }),
        422,
        'dates.0',
        BOOKING_MESSAGES.startPassed,
      );
      const later = await post(who.admin, { ...s.body, dates: ['2026-03-17'], startTime: '08:30' }, newKey());
      expect(later.statusCode, later.body).toBe(201);
    } finally {
      clock = new Date(TEST_NOW);
    }
  });

  it('refuses yesterday at the location even when it is still that date in UTC', async () => {
    // 2026-03-16T13:30Z is already Tue 17 March 00:30 in Sydney.
    clock = new Date('2026-03-16T13:30:00Z');
    const s = await sydney();
    await expectProblem(await post(who.admin, { ...s.body, dates: ['2026-03-16'] }), 400, 'dates.0', FORM_MESSAGES.dateInPast);
    clock = new Date(TEST_NOW);
  });
});

describe('Idempotency-Key', () => {
  it('answers a repeat with the first answer and books once', async () => {
    const { body } = await sydney();
    body.dates = ['2026-04-13', '2026-04-14'];
    const key = newKey();
    const requests = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from booking_requests`))[0]!.n;
    const before = await requests();
    const first = await post(who.admin, body, key);
    const second = await post(who.admin, body, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await requests()).toBe(before + 1);
    const changed = await post(who.admin, { ...body, dates: ['2026-04-15'] }, key);
    expect(changed.statusCode).toBe(422);
    expect(changed.json().code).toBe('idempotency-key-reused');
  });

  it('leaves nothing behind when the transaction fails part-way, and frees the key', async () => {
    const { body } = await sydney();
    body.dates = ['2026-04-20', '2026-04-21', '2026-04-22'];
    body.notes = 'fail-in-test';
    // The third booking's insert fails after the request, its certifications and confirmations were written.
    await rows(sql`create function fail_in_test() returns trigger language plpgsql as $$
      begin
        if new.date_local = '2026-04-22' and (select notes from booking_requests where id = new.request_id) = 'fail-in-test' then
          raise exception 'forced failure';
        end if;
        return new;
      end $$`);
    await rows(sql`create trigger fail_in_test before insert on bookings for each row execute function fail_in_test()`);
    const key = newKey();
    const counts = () =>
      rows<{ requests: number; bookings: number; confirmations: number; certifications: number }>(
        sql`select (select count(*)::int from booking_requests) as requests, (select count(*)::int from bookings) as bookings,
                   (select count(*)::int from booking_confirmations) as confirmations,
                   (select count(*)::int from booking_request_certifications) as certifications`,
      );
    const before = await counts();
    try {
      const res = await post(who.admin, body, key);
      expect(res.statusCode).toBe(500);
    } finally {
      await rows(sql`drop trigger fail_in_test on bookings`);
      await rows(sql`drop function fail_in_test()`);
    }
    expect(await counts()).toEqual(before);
    const retry = await post(who.admin, body, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
  });
});
