import type { BookingContact, BookingLocation, Classification } from '@portal/contract/booking-reference';
import { FORM_MESSAGES } from '@portal/contract/messages';
import { describe, expect, it } from 'vitest';
import {
  bookerFirst,
  bookingFormSchema,
  breakOf,
  certificationsDiffer,
  dateProblem,
  datesFromSelection,
  defaultConfirmation,
  emptyBookingForm,
  formFieldOf,
  mergeDates,
  ruleContextOf,
  toCreateBookingBody,
  totalBookings,
  type BookingFormValues,
  type BookingRuleContext,
} from './booking-form-rules';
import { ruleMessage as rule } from './booking-messages';

const location: BookingLocation = {
  locationId: 7,
  locationName: 'Harbourside Primary School',
  clientId: 3,
  clientName: 'Harbourside Primary School',
  clientTypeInt: 1,
  clientGroupId: null,
  clientGroupName: null,
  startTime: '08:30',
  endTime: '15:30',
  locationLunchBreakMinutes: 30,
  submittedByTemplateRequired: false,
  addressLine1: '1 Harbour St',
  addressLine2: null,
  suburb: 'Manly',
  postcode: '2095',
  state: 'NSW',
  country: 'AU',
  timeZone: 'Australia/Sydney',
  locationType: 'school',
  tags: [],
  canCreateBooking: true,
  canCreatePendingBooking: true,
  rules: {
    minBookingsPerDay: 1,
    maxBookingsPerDay: 5,
    maxBookingsAllowed: 10,
    sameDayCutoff: '08:00',
    maxExtensionDays: 60,
    maxAdvanceDays: 180,
    policiesMarkdown: 'Be **kind**.',
    policiesVersion: 'v1',
    policiesAcceptedAt: null,
  },
};

const classification: Classification = {
  id: 11,
  onlineTitle: 'Primary teacher',
  rateUnitType: 'daily',
  extraValidation: { minimumDurationInMins: 120, earliestEndTime24hr: '12:00', defaultBreakInMins: 30, shouldShowBreaks: true },
};

const me: BookingContact = {
  id: 21,
  name: 'Pat Lee',
  email: 'pat@example.test',
  mobile: null,
  methods: { email: true, sms: false, voice: false, push: true },
  isCurrentUser: true,
  isOffice: false,
};

/** 20:00 UTC on 22 Nov is 07:00 on Monday 23 Nov in Sydney, before the 08:00 cut-off. */
const sameDayAt = (iso: string) => ({ now: new Date(iso), timeZone: 'Australia/Sydney', sameDayCutoff: '08:00' });

const context: BookingRuleContext = {
  location,
  classification,
  classifications: [classification],
  certificationIds: [1, 2, 3],
  defaultCertificationIds: [1, 2],
  contacts: [me],
  blockedDates: new Map([['2026-12-09', 'Closed for **Sports day**']]),
  blocks: [{ datesLocal: ['2026-12-09'], messageMarkdown: 'Closed for **Sports day**' }],
  today: '2026-11-23',
  pastCutoff: false,
  sameDay: sameDayAt('2026-11-22T20:00:00Z'),
};

/** A context whose classification is `c` (the rules read it from the list, as the server does). */
const withClassification = (c: Classification): BookingRuleContext => ({ ...context, classification: c, classifications: [c] });

function valid(overrides: Partial<BookingFormValues> = {}): BookingFormValues {
  return {
    ...emptyBookingForm(),
    locationId: '7',
    classificationId: '11',
    certificationIds: [1, 2],
    dates: ['2026-12-07', '2026-12-08'],
    startTime: '8:30',
    endTime: '15:30',
    breakMinutes: '30',
    bookingsPerDay: '2',
    confirmations: [defaultConfirmation(me)],
    policiesAgreed: true,
    ...overrides,
  };
}

/** Field → first message of a validation. */
function problems(values: BookingFormValues, ctx: BookingRuleContext = context): Record<string, string> {
  const result = bookingFormSchema(ctx).safeParse(values);
  if (result.success) return {};
  const found: Record<string, string> = {};
  for (const issue of result.error.issues) found[issue.path.join('.')] ??= issue.message;
  return found;
}

describe('dates from the date picker', () => {
  it('skips the weekend days of a range', () => {
    // Thursday 3 Dec to Tuesday 8 Dec 2026: Saturday and Sunday skipped.
    expect(datesFromSelection(['2026-12-03', '2026-12-08'], 'range')).toEqual({
      dates: ['2026-12-03', '2026-12-04', '2026-12-07', '2026-12-08'],
      weekendDays: 2,
    });
  });

  it('rolls single and multiple weekend dates to the next weekday, without repeats', () => {
    expect(datesFromSelection(['2026-12-05'], 'single')).toEqual({ dates: ['2026-12-07'], weekendDays: 1 });
    expect(datesFromSelection(['2026-12-05', '2026-12-06', '2026-12-07', '2026-12-02'], 'multiple')).toEqual({
      dates: ['2026-12-02', '2026-12-07'],
      weekendDays: 2,
    });
  });

  it('merges new dates with the chosen ones, sorted', () => {
    expect(mergeDates(['2026-12-08', '2026-12-03'], ['2026-12-04', '2026-12-03'])).toEqual(['2026-12-03', '2026-12-04', '2026-12-08']);
  });
});

describe('same-day cut-off', () => {
  // The cut-off's parse and boundaries are the contract's (packages/contract/src/booking-rules.test.ts).
  it('refuses a start today that has already gone by, as the server does (a start equal to now is allowed)', () => {
    // 20:30 UTC on 22 Nov is 07:30 on Monday 23 Nov in Sydney, before the 08:00 cut-off.
    const early = {
      ...withClassification({ ...classification, extraValidation: { ...classification.extraValidation, earliestEndTime24hr: null } }),
      sameDay: sameDayAt('2026-11-22T20:30:00Z'),
    };
    expect(problems(valid({ dates: ['2026-11-23'], startTime: '07:29', endTime: '15:30' }), early).dates).toBe(rule('startPassed'));
    expect(problems(valid({ dates: ['2026-11-23'], startTime: '07:30', endTime: '15:30' }), early).dates).toBeUndefined();
    expect(problems(valid({ dates: ['2026-11-24'], startTime: '07:29', endTime: '15:30' }), early).dates).toBeUndefined();
  });

  it('refuses today after the cut-off, with its message', () => {
    expect(dateProblem('2026-11-23', { ...context, sameDay: sameDayAt('2026-11-22T21:30:00Z') })).toBe(
      rule('sameDayCutoff', { cutoff: '08:00' }),
    );
    expect(dateProblem('2026-11-23', context)).toBeUndefined();
  });
});

describe('date rules', () => {
  it('refuses the past, weekends, blocked dates (with the block message) and dates too far ahead', () => {
    expect(dateProblem('2026-11-20', context)).toBe(rule('dateInPast'));
    expect(dateProblem('2026-12-05', context)).toBe(rule('weekend'));
    expect(dateProblem('2026-12-09', context)).toBe(rule('blocked', { message: 'Closed for **Sports day**' }));
    expect(dateProblem('2027-07-01', context)).toBe(rule('tooFarAhead', { days: 180 }));
  });

  it('needs at least one date', () => {
    expect(problems(valid({ dates: [] })).dates).toBe(rule('noDates'));
    expect(problems(valid({ dates: ['2026-12-08', '2026-12-09'] })).dates).toBe(rule('blocked', { message: 'Closed for **Sports day**' }));
  });
});

describe('the booking form schema', () => {
  it('accepts a complete booking', () => {
    expect(problems(valid())).toEqual({});
  });

  it('requires location, classification, times, and the spec’s time forms', () => {
    const found = problems(valid({ locationId: '', classificationId: '', startTime: '', endTime: '8.30' }));
    expect(found).toMatchObject({
      locationId: FORM_MESSAGES.required,
      classificationId: FORM_MESSAGES.required,
      startTime: FORM_MESSAGES.required,
      endTime: rule('invalidTime'),
    });
    expect(problems(valid({ startTime: '08:30:00', endTime: '15:30' }))).toEqual({});
  });

  it('checks end after start, the earliest end time and the minimum duration of the classification', () => {
    expect(problems(valid({ startTime: '10:00', endTime: '09:00' })).endTime).toBe(rule('endBeforeStart'));
    expect(problems(valid({ startTime: '08:00', endTime: '11:30' })).endTime).toBe(rule('endBeforeMinimum', { time: '12:00' }));
    expect(problems(valid({ startTime: '11:00', endTime: '12:30' })).endTime).toBe(rule('minimumDuration', { minutes: 120 }));
    // Net of the break, as the server counts it: 10:00 to 12:10 less 30 minutes is 100 minutes.
    expect(problems(valid({ startTime: '10:00', endTime: '12:10', breakMinutes: '30' })).endTime).toBe(
      rule('minimumDuration', { minutes: 120 }),
    );
    expect(problems(valid({ startTime: '10:00', endTime: '12:10', breakMinutes: '0' })).endTime).toBeUndefined();
  });

  it('checks the break only when breaks are shown', () => {
    expect(problems(valid({ breakMinutes: 'ten' })).breakMinutes).toBe(FORM_MESSAGES.number);
    expect(problems(valid({ startTime: '09:00', endTime: '12:00', breakMinutes: '180' })).breakMinutes).toBe(rule('breakTooLong'));
    const hidden = withClassification({
      ...classification,
      extraValidation: { ...classification.extraValidation, shouldShowBreaks: false },
    });
    expect(problems(valid({ breakMinutes: 'ten' }), hidden)).toEqual({});
  });

  it("keeps bookings per day within the client's range and the request within its maximum", () => {
    expect(problems(valid({ bookingsPerDay: '0' })).bookingsPerDay).toBe(rule('bookingsPerDay', { min: 1, max: 5 }));
    expect(problems(valid({ bookingsPerDay: '6' })).bookingsPerDay).toBe(rule('bookingsPerDay', { min: 1, max: 5 }));
    expect(problems(valid({ bookingsPerDay: 'two' })).bookingsPerDay).toBe(FORM_MESSAGES.number);
    const threeWeeks = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'];
    expect(problems(valid({ dates: threeWeeks, bookingsPerDay: '3' })).bookingsPerDay).toBe(rule('maxBookingsAllowed', { max: 10 }));
    expect(totalBookings(4, '2')).toBe(8);
    expect(totalBookings(4, '')).toBe(0);
  });

  it('needs a confirmation, each with a method the person can receive', () => {
    expect(problems(valid({ confirmations: [] })).confirmations).toBe(rule('noConfirmations'));
    const none = { bookingContactId: 21, email: false, sms: false, voice: false, push: false };
    expect(problems(valid({ confirmations: [none] }))['confirmations.0']).toBe(rule('noConfirmationMethod'));
    expect(problems(valid({ confirmations: [{ ...none, sms: true }] }))['confirmations.0']).toBe(
      rule('methodUnavailable', { method: 'sms' }),
    );
    expect(defaultConfirmation({ ...me, methods: { email: false, sms: true, voice: true, push: false } })).toEqual({
      bookingContactId: 21,
      email: false,
      sms: true,
      voice: false,
      push: false,
    });
  });

  it('asks for a review when the certifications differ from the location defaults', () => {
    expect(certificationsDiffer([2, 1], [1, 2])).toBe(false);
    expect(certificationsDiffer([1], [1, 2])).toBe(true);
    expect(certificationsDiffer([1, 3], [1, 2])).toBe(true);
    expect(problems(valid({ certificationIds: [1] })).certificationsReviewed).toBe(rule('certificationsReview'));
    expect(problems(valid({ certificationIds: [1], certificationsReviewed: true }))).toEqual({});
  });

  it('needs the policies agreed, a reason with a covered name, and keeps texts within their lengths', () => {
    const found = problems(valid({ policiesAgreed: false, coveringName: 'Sam', room: 'x'.repeat(121), notes: 'y'.repeat(2001) }));
    expect(found).toMatchObject({
      policiesAgreed: rule('policiesAgreed'),
      coveringReason: FORM_MESSAGES.required,
      room: FORM_MESSAGES.max(120),
      notes: FORM_MESSAGES.max(2000),
    });
  });
});

describe('the request body', () => {
  it("is the contract's CreateBookingBody: times as HH:mm, numbers, the covering only with a reason", () => {
    const body = toCreateBookingBody(
      valid({ coveringName: ' Sam Park ', coveringReason: 'sick leave cover', room: ' 4B ', notes: '' }),
      classification,
    );
    expect(body).toMatchObject({
      locationId: 7,
      classificationId: 11,
      dates: ['2026-12-07', '2026-12-08'],
      startTime: '08:30',
      endTime: '15:30',
      breakMinutes: 30,
      bookingsPerDay: 2,
      covering: { name: 'Sam Park', reason: 'sick leave cover' },
      room: '4B',
      confirmations: [{ bookingContactId: 21, email: true, sms: false, voice: false, push: false }],
      policiesAgreed: true,
    });
    expect(body).not.toHaveProperty('notes');
    expect(toCreateBookingBody(valid(), classification)).not.toHaveProperty('covering');
  });

  it('leaves the break to the classification when breaks are not shown (the form shows it, the server applies it)', () => {
    const hidden = {
      ...classification,
      extraValidation: { ...classification.extraValidation, shouldShowBreaks: false, defaultBreakInMins: 45 },
    };
    expect(toCreateBookingBody(valid({ breakMinutes: '10' }), hidden)).not.toHaveProperty('breakMinutes');
    expect(breakOf(valid({ breakMinutes: '10' }), hidden)).toBe(45);
    expect(toCreateBookingBody(valid({ breakMinutes: '20' }), classification).breakMinutes).toBe(20);
  });

  it('offers the person booking first', () => {
    const people = [
      { id: 1, isCurrentUser: false },
      { id: 2, isCurrentUser: true },
      { id: 3, isCurrentUser: false },
    ];
    expect(bookerFirst(people).map((p) => p.id)).toEqual([2, 1, 3]);
  });
});

describe('server field errors', () => {
  it('land on the form field they name', () => {
    expect(formFieldOf('dates.2')).toEqual({ field: 'dates', index: 2 });
    expect(formFieldOf('endTime')).toEqual({ field: 'endTime' });
    expect(formFieldOf('confirmations.0.sms')).toEqual({ field: 'confirmations.0', index: 0 });
    expect(formFieldOf('confirmations')).toEqual({ field: 'confirmations' });
    expect(formFieldOf('covering.reason')).toEqual({ field: 'coveringReason' });
    expect(formFieldOf('covering.name')).toEqual({ field: 'coveringName' });
    expect(formFieldOf('somethingElse')).toBeUndefined();
  });
});

describe('rule context', () => {
  it('takes the chosen location and classification, the defaults and the blocks of that location', () => {
    const ctx = ruleContextOf(
      { locationId: '7', classificationId: '11' },
      [location],
      {
        classifications: [classification],
        certifications: [
          { id: 1, isLocationDefault: true },
          { id: 5, isLocationDefault: false },
        ],
        blocks: [
          { locationId: 7, datesLocal: ['2026-12-09'], messageMarkDown: 'Closed' },
          { locationId: 8, datesLocal: ['2026-12-10'], messageMarkDown: 'Elsewhere' },
        ],
      },
      new Date('2026-11-22T21:30:00Z'),
    );
    expect(ctx.location?.locationId).toBe(7);
    expect(ctx.classification?.id).toBe(11);
    expect(ctx.defaultCertificationIds).toEqual([1]);
    expect([...ctx.blockedDates]).toEqual([['2026-12-09', 'Closed']]);
    expect(ctx).toMatchObject({ today: '2026-11-23', pastCutoff: true });
  });
});
