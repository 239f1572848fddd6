import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../../booking-messages';
import { CreateBookingBody } from '../../bookings';
import { FORM_MESSAGES } from '../../messages';
import { createBookingText, type CreateBookingFailure } from './failures';
import {
  bookingsPerDayInRange,
  breakShorterThanBooking,
  certificationsReviewed,
  classificationsExist,
  confirmationMethodsDeliverable,
  confirmationsValid,
  contactMethods,
  CREATE_BOOKING_PIPELINE,
  datesNotBlocked,
  deliverableMethods,
  datesNotInPast,
  datesOnWeekdays,
  datesPresentAndUnique,
  datesWithinAdvance,
  earliestEndTime,
  effectiveBreak,
  endAfterStart,
  locationBookable,
  MAX_ADVANCE_DAYS,
  maxBookingsAllowed,
  minimumDuration,
  policiesAgreed,
  policiesVersionCurrent,
  runCreateBookingPipeline,
  sameDayCutoff,
  utcOf,
  type CreateBookingFacts,
  type CreateBookingInput,
  type Validator,
} from './pipeline';

/** The pure validators, each alone, on facts built by hand (no database); failures shown with the API's texts. */

function context(body: Partial<CreateBookingBody> = {}, overrides: Partial<CreateBookingFacts> = {}): CreateBookingFacts {
  return {
    body: CreateBookingBody.parse({
      locationId: 1,
      classificationId: 10,
      certificationIds: [100, 101],
      dates: ['2026-03-18'],
      startTime: '08:30',
      endTime: '15:00',
      confirmations: [{ bookingContactId: 7, email: true }],
      policiesAgreed: true,
      ...body,
    }),
    // Mon 16 March 2026, 12:00 in Sydney (AEDT).
    now: new Date('2026-03-16T01:00:00Z'),
    location: { timeZone: 'Australia/Sydney' },
    client: {
      sameDayCutoff: '08:00',
      minBookingsPerDay: 1,
      maxBookingsPerDay: 4,
      maxBookingsAllowed: 10,
      maxAdvanceDays: MAX_ADVANCE_DAYS,
    },
    classifications: [
      { id: 10, minimumDurationInMins: null, earliestEndTime24hr: null, defaultBreakInMins: 30, shouldShowBreaks: true },
      { id: 11, minimumDurationInMins: 180, earliestEndTime24hr: '12:00:00', defaultBreakInMins: null, shouldShowBreaks: true },
      { id: 12, minimumDurationInMins: 240, earliestEndTime24hr: null, defaultBreakInMins: 30, shouldShowBreaks: false },
    ],
    gradeIds: new Set([50]),
    certificationIds: new Set([100, 101, 102]),
    defaultCertificationIds: new Set([100, 101]),
    bookingContacts: [
      { id: 7, methods: contactMethods({ contactId: 70, email: 'a@school.test', mobile: '0400 000 000', canReceiveVoice: false }) },
      { id: 8, methods: contactMethods({ contactId: null, email: null, mobile: '0400 000 001', canReceiveVoice: true }) },
    ],
    blocks: [{ datesLocal: ['2026-03-20'], messageMarkdown: 'Closed for **sports day**' }],
    coveringContactAtClient: undefined,
    ...overrides,
  };
}

const shown = (f: CreateBookingFailure) => ({
  status: f.status,
  ...(f.field !== undefined ? { field: f.field } : {}),
  message: createBookingText(f),
});
const run = (validator: Validator, facts: CreateBookingFacts) => validator.check(facts, facts.body as CreateBookingInput).map(shown);
const evaluateRules = (facts: CreateBookingFacts) => runCreateBookingPipeline(facts).map(shown);

describe('the create-booking pipeline', () => {
  it('accept a valid request', () => {
    expect(evaluateRules(context())).toEqual([]);
  });

  it('policiesAgreed: agreed now, or to the current version before; policiesVersionCurrent: the text read is the current one', () => {
    const policies = (acceptedBefore: boolean) => ({ policies: { version: 'v2', acceptedBefore } });
    expect(run(policiesAgreed, context({ policiesAgreed: false }, policies(false)))[0]!.message).toBe(BOOKING_MESSAGES.policiesAgreed);
    expect(run(policiesAgreed, context({ policiesAgreed: false }, policies(true)))).toEqual([]);
    expect(run(policiesAgreed, context({ policiesAgreed: true }, policies(false)))).toEqual([]);
    expect(run(policiesVersionCurrent, context({ policiesVersion: 'v2' }, policies(true)))).toEqual([]);
    expect(run(policiesVersionCurrent, context({}, policies(false)))).toEqual([]);
    // Read the old text: refused once, as a changed policy (not also as 'not agreed').
    const stale = evaluateRules(context({ policiesAgreed: false, policiesVersion: 'v1' }, policies(true)));
    expect(stale).toEqual([{ status: 422, field: 'policiesAgreed', message: BOOKING_MESSAGES.policiesChanged }]);
  });

  it('locationBookable: 404 outside the tree, 403 without create rights', () => {
    expect(locationBookable({ inTree: false, bookingCreate: false, pendingBookingCreate: false })[0]!.status).toBe(404);
    expect(locationBookable({ inTree: true, bookingCreate: false, pendingBookingCreate: false })[0]!.status).toBe(403);
    expect(locationBookable({ inTree: true, bookingCreate: false, pendingBookingCreate: true })).toEqual([]);
  });

  it('classificationsExist halts the pipeline', () => {
    const ctx = context({ policiesAgreed: false }, { classifications: [] });
    expect(run(classificationsExist, ctx)).toEqual([{ status: 422, message: BOOKING_MESSAGES.noClassifications }]);
    expect(evaluateRules(ctx)).toHaveLength(1);
  });

  it('certificationsReviewed: only when the set differs from the defaults', () => {
    expect(run(certificationsReviewed, context({ certificationIds: [101, 100] }))).toEqual([]);
    expect(run(certificationsReviewed, context({ certificationIds: [100] }))[0]!.field).toBe('certificationsReviewed');
    expect(run(certificationsReviewed, context({ certificationIds: [102], certificationsReviewed: true }))).toEqual([]);
  });

  it('confirmationsValid: at least one, known, each with an available method', () => {
    expect(run(confirmationsValid, context({ confirmations: [] }))[0]!.field).toBe('confirmations');
    const failures = run(
      confirmationsValid,
      context({
        confirmations: [
          { bookingContactId: 7, email: true, voice: true },
          { bookingContactId: 8, push: true, email: true },
          { bookingContactId: 9, email: true },
          { bookingContactId: 7, sms: true },
        ],
      }),
    );
    expect(failures.map((f) => [f.field, f.message])).toEqual([
      ['confirmations.0.voice', BOOKING_MESSAGES.methodUnavailable('voice call')],
      ['confirmations.1.email', BOOKING_MESSAGES.methodUnavailable('e-mail')],
      ['confirmations.1.push', BOOKING_MESSAGES.methodUnavailable('push notification')],
      ['confirmations.2.bookingContactId', BOOKING_MESSAGES.unknownBookingContact],
      ['confirmations.3.bookingContactId', BOOKING_MESSAGES.duplicateConfirmation],
    ]);
  });

  it('contactMethods: e-mail needs an address, SMS a mobile, voice consent and a mobile, push a portal contact', () => {
    expect(contactMethods({ contactId: null, email: ' ', mobile: null, canReceiveVoice: true })).toEqual({
      email: false,
      sms: false,
      voice: false,
      push: false,
    });
    expect(contactMethods({ contactId: 1, email: 'x@y.z', mobile: '1', canReceiveVoice: true })).toEqual({
      email: true,
      sms: true,
      voice: true,
      push: true,
    });
  });

  it('deliverableMethods: e-mail always; SMS and voice with an SMS provider or in the demo; push with VAPID keys or in the demo', () => {
    expect(deliverableMethods({ demo: false, smsProvider: false, webPush: false })).toEqual({
      email: true,
      sms: false,
      voice: false,
      push: false,
    });
    expect(deliverableMethods({ demo: false, smsProvider: false, webPush: true })).toEqual({
      email: true,
      sms: false,
      voice: false,
      push: true,
    });
    expect(deliverableMethods({ demo: false, smsProvider: true, webPush: false })).toEqual({
      email: true,
      sms: true,
      voice: true,
      push: false,
    });
    expect(deliverableMethods({ demo: true, smsProvider: false, webPush: false })).toEqual({
      email: true,
      sms: true,
      voice: true,
      push: true,
    });
  });

  it('confirmationMethodsDeliverable: a method this deployment cannot deliver is refused on its field', () => {
    const body = {
      confirmations: [
        { bookingContactId: 7, email: true, sms: true },
        { bookingContactId: 8, sms: true, voice: true, push: true },
      ],
    };
    // Unknown (every method) or the demo's: nothing refused.
    expect(run(confirmationMethodsDeliverable, context(body))).toEqual([]);
    const emailOnly = deliverableMethods({ demo: false, smsProvider: false, webPush: false });
    expect(run(confirmationMethodsDeliverable, context(body, { deliverableMethods: emailOnly })).map((f) => [f.field, f.message])).toEqual([
      ['confirmations.0.sms', BOOKING_MESSAGES.methodNotDeliverable('SMS')],
      ['confirmations.1.sms', BOOKING_MESSAGES.methodNotDeliverable('SMS')],
      ['confirmations.1.voice', BOOKING_MESSAGES.methodNotDeliverable('voice call')],
      // Contact 8 cannot receive push anyway: confirmationsValid says so, once.
    ]);
    const failure = runCreateBookingPipeline(context(body, { deliverableMethods: emailOnly })).find(
      (f) => f.code === 'methodNotDeliverable',
    );
    expect(failure).toMatchObject({ status: 400, field: 'confirmations.0.sms', params: { method: 'sms' } });
  });

  it('dates: present, unique, weekdays, not past, not too far ahead, not blocked', () => {
    expect(run(datesPresentAndUnique, context({ dates: [] }))[0]!.field).toBe('dates');
    expect(run(datesPresentAndUnique, context({ dates: ['2026-03-18', '2026-03-18'] }))[0]!.field).toBe('dates.1');
    expect(run(datesOnWeekdays, context({ dates: ['2026-03-21', '2026-03-23'] })).map((f) => f.field)).toEqual(['dates.0']);
    expect(run(datesNotInPast, context({ dates: ['2026-03-16', '2026-03-13'] }))).toEqual([
      { status: 400, field: 'dates.1', message: FORM_MESSAGES.dateInPast },
    ]);
    expect(run(datesWithinAdvance, context({ dates: ['2027-03-16', '2027-03-17'] })).map((f) => [f.field, f.status])).toEqual([
      ['dates.1', 422],
    ]);
    expect(run(datesNotBlocked, context({ dates: ['2026-03-19', '2026-03-20'] }))).toEqual([
      { status: 422, field: 'dates.1', message: 'Closed for **sports day**' },
    ]);
  });

  it('sameDayCutoff: today in the location’s zone, from the client’s cut-off, 08:00 when unparsable', () => {
    const today = { dates: ['2026-03-16'] };
    expect(run(sameDayCutoff, context(today))[0]).toEqual({
      status: 422,
      field: 'dates.0',
      message: BOOKING_MESSAGES.sameDayCutoff('08:00'),
    });
    // 07:59 AEDT.
    expect(run(sameDayCutoff, context(today, { now: new Date('2026-03-15T20:59:00Z') }))).toEqual([]);
    expect(
      run(sameDayCutoff, context(today, { now: new Date('2026-03-15T20:59:00Z'), client: { ...context().client, sameDayCutoff: '7:30' } })),
    ).toHaveLength(1);
    expect(
      run(sameDayCutoff, context(today, { now: new Date('2026-03-15T21:00:00Z'), client: { ...context().client, sameDayCutoff: 'soon' } })),
    ).toHaveLength(1);
    expect(run(sameDayCutoff, context({ dates: ['2026-03-17'] }))).toEqual([]);
  });

  it('times: end after start, break shorter, minimum duration net of the break, earliest end', () => {
    expect(run(endAfterStart, context({ startTime: '10:00', endTime: '10:00' }))[0]!.message).toBe(FORM_MESSAGES.endBeforeStart);
    expect(run(breakShorterThanBooking, context({ startTime: '10:00', endTime: '10:30' }))[0]!.field).toBe('breakMinutes');
    expect(effectiveBreak(context())).toBe(30);
    expect(effectiveBreak(context({ breakMinutes: 0 }))).toBe(0);
    // A classification that does not show breaks keeps its own: applied when none is sent, a change refused.
    expect(effectiveBreak(context({ classificationId: 12 }))).toBe(30);
    expect(run(breakShorterThanBooking, context({ classificationId: 12 }))).toEqual([]);
    expect(run(breakShorterThanBooking, context({ classificationId: 12, breakMinutes: 30 }))).toEqual([]);
    expect(run(breakShorterThanBooking, context({ classificationId: 12, breakMinutes: 0 }))[0]!.message).toBe(
      BOOKING_MESSAGES.breakFixed(30),
    );
    // Net of its 30-minute break, 08:30 to 12:30 is 210 minutes: short of 240.
    expect(run(minimumDuration, context({ classificationId: 12, startTime: '08:30', endTime: '12:30' }))[0]!.message).toBe(
      BOOKING_MESSAGES.minimumDuration(240),
    );
    expect(
      run(minimumDuration, context({ classificationId: 11, startTime: '09:00', endTime: '12:30', breakMinutes: 45 }))[0]!.message,
    ).toBe(BOOKING_MESSAGES.minimumDuration(180));
    expect(run(minimumDuration, context({ classificationId: 11, startTime: '09:00', endTime: '12:00' }))).toEqual([]);
    expect(run(earliestEndTime, context({ classificationId: 11, startTime: '08:00', endTime: '11:59' }))[0]!.message).toBe(
      FORM_MESSAGES.endBeforeMinimum('12:00'),
    );
  });

  it('bookings per day within the client’s range, and the request within its maximum', () => {
    expect(run(bookingsPerDayInRange, context({ bookingsPerDay: 5 }))[0]!.message).toBe(FORM_MESSAGES.between(1, 4));
    expect(run(maxBookingsAllowed, context({ bookingsPerDay: 4, dates: ['2026-03-17', '2026-03-18', '2026-03-19'] }))[0]!.message).toBe(
      BOOKING_MESSAGES.maxBookingsAllowed(10),
    );
  });

  it('utcOf: local times in the zone, across a DST change', () => {
    expect(utcOf('2026-04-03', '08:30', 'Australia/Sydney').toISOString()).toBe('2026-04-02T21:30:00.000Z');
    expect(utcOf('2026-04-06', '08:30', 'Australia/Sydney').toISOString()).toBe('2026-04-05T22:30:00.000Z');
    expect(utcOf('2026-03-30', '8:00', 'Europe/London').toISOString()).toBe('2026-03-30T07:00:00.000Z');
  });

  it('names every rule once', () => {
    const names = CREATE_BOOKING_PIPELINE.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
