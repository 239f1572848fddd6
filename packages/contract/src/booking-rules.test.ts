import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from './booking-messages';
import {
  bookingsPerDayProblem,
  cutoffState,
  dateInPastProblem,
  dateStillBookable,
  earliestEndProblem,
  endBeforeStartProblem,
  firstBookableDate,
  maxBookingsProblem,
  minimumDurationProblem,
  parseCutoff,
  sameDayProblem,
  tooFarAheadProblem,
  weekendProblem,
} from './booking-rules';
import { breakProblem, MAX_BREAK_MINUTES } from './bookings';
import { FORM_MESSAGES } from './messages';
import { isSchoolDay, localClock, nextSchoolDay, replaceMeDays, rollWeekend, todayIn, weekdayOf } from './school-days';

/**
 * The shared booking rules, one table: each row names a rule, its input and the problem it answers (undefined: none).
 * The server's pipeline and the forms call these functions, so these cases hold for both.
 */

const SYD = 'Australia/Sydney';
const LON = 'Europe/London';
/** Monday 23 November 2026, 07:59 in Sydney (AEDT, UTC+11). */
const MON_0759_SYD = new Date('2026-11-22T20:59:00Z');
const MON_0800_SYD = new Date('2026-11-22T21:00:00Z');
const MON_0730_SYD = new Date('2026-11-22T20:30:00Z');

interface Case {
  rule: string;
  input: string;
  run: () => unknown;
  expected: unknown;
}

const cases: Case[] = [
  // Cut-off parse
  { rule: 'parseCutoff', input: "'07:30'", run: () => parseCutoff('07:30'), expected: '07:30' },
  { rule: 'parseCutoff', input: "'7:30:00'", run: () => parseCutoff('7:30:00'), expected: '07:30' },
  { rule: 'parseCutoff', input: "' 9:05 '", run: () => parseCutoff(' 9:05 '), expected: '09:05' },
  { rule: 'parseCutoff', input: "'24:00' (unreadable)", run: () => parseCutoff('24:00'), expected: '08:00' },
  { rule: 'parseCutoff', input: "'soon'", run: () => parseCutoff('soon'), expected: '08:00' },
  { rule: 'parseCutoff', input: 'null', run: () => parseCutoff(null), expected: '08:00' },

  // Cut-off boundaries: one minute before is open, at the cut-off it is closed.
  {
    rule: 'sameDayProblem',
    input: '07:59, cut-off 08:00, start 09:00',
    run: () => sameDayProblem({ now: MON_0759_SYD, timeZone: SYD, sameDayCutoff: '08:00' }, '2026-11-23', '09:00'),
    expected: undefined,
  },
  {
    rule: 'sameDayProblem',
    input: '08:00, cut-off 08:00',
    run: () => sameDayProblem({ now: MON_0800_SYD, timeZone: SYD, sameDayCutoff: '08:00' }, '2026-11-23', '09:00'),
    expected: BOOKING_MESSAGES.sameDayCutoff('08:00'),
  },
  {
    rule: 'sameDayProblem',
    input: '08:00, unreadable cut-off (08:00)',
    run: () => sameDayProblem({ now: MON_0800_SYD, timeZone: SYD, sameDayCutoff: 'x' }, '2026-11-23', '09:00'),
    expected: BOOKING_MESSAGES.sameDayCutoff('08:00'),
  },
  {
    rule: 'sameDayProblem',
    input: '08:00, cut-off 08:00, tomorrow',
    run: () => sameDayProblem({ now: MON_0800_SYD, timeZone: SYD, sameDayCutoff: '08:00' }, '2026-11-24', '06:00'),
    expected: undefined,
  },
  // Start passed: a start equal to now is allowed, a minute earlier is not.
  {
    rule: 'sameDayProblem',
    input: 'start == now (07:30)',
    run: () => sameDayProblem({ now: MON_0730_SYD, timeZone: SYD, sameDayCutoff: '08:00' }, '2026-11-23', '07:30'),
    expected: undefined,
  },
  {
    rule: 'sameDayProblem',
    input: 'start a minute before now',
    run: () => sameDayProblem({ now: MON_0730_SYD, timeZone: SYD, sameDayCutoff: '08:00' }, '2026-11-23', '07:29'),
    expected: BOOKING_MESSAGES.startPassed,
  },
  {
    rule: 'firstBookableDate',
    input: 'start == now',
    run: () => firstBookableDate({ now: MON_0730_SYD, timeZone: SYD, sameDayCutoff: '08:00' }, '07:30'),
    expected: '2026-11-23',
  },
  {
    rule: 'firstBookableDate',
    input: 'past the cut-off',
    run: () => firstBookableDate({ now: MON_0800_SYD, timeZone: SYD, sameDayCutoff: '08:00' }, '09:00'),
    expected: '2026-11-24',
  },
  {
    rule: 'dateStillBookable',
    input: 'yesterday',
    run: () => dateStillBookable({ now: MON_0730_SYD, timeZone: SYD, sameDayCutoff: '08:00' }, '2026-11-22', '09:00'),
    expected: false,
  },
  // The zone decides 'today': 20:59 UTC Sunday is Monday in Sydney, still Sunday in London.
  { rule: 'todayIn', input: 'Sydney', run: () => todayIn(SYD, MON_0759_SYD), expected: '2026-11-23' },
  { rule: 'todayIn', input: 'London', run: () => todayIn(LON, MON_0759_SYD), expected: '2026-11-22' },
  { rule: 'todayIn', input: 'unknown zone reads UTC', run: () => todayIn('Mars/Olympus', MON_0759_SYD), expected: '2026-11-22' },
  // DST days. Sydney moves 02:00 → 03:00 on Sunday 4 October 2026; London 01:00 → 02:00 on Sunday 29 March 2026.
  {
    rule: 'localClock',
    input: 'Sydney, just after the spring-forward',
    run: () => localClock(new Date('2026-10-03T16:00:00Z'), SYD),
    expected: { date: '2026-10-04', minutes: 3 * 60 },
  },
  {
    rule: 'localClock',
    input: 'Sydney, the Monday after (AEDT)',
    run: () => localClock(new Date('2026-10-04T20:59:00Z'), SYD),
    expected: { date: '2026-10-05', minutes: 7 * 60 + 59 },
  },
  // Worked out once per minute: the last millisecond of a minute reads as its first, the next minute as the next.
  {
    rule: 'localClock',
    input: 'the last millisecond of a minute',
    run: () => localClock(new Date('2026-10-04T20:59:59.999Z'), SYD),
    expected: { date: '2026-10-05', minutes: 7 * 60 + 59 },
  },
  {
    rule: 'localClock',
    input: 'Kathmandu (+05:45), a millisecond before 08:00',
    run: () => localClock(new Date('2026-11-23T02:14:59.999Z'), 'Asia/Kathmandu'),
    expected: { date: '2026-11-23', minutes: 7 * 60 + 59 },
  },
  {
    rule: 'localClock',
    input: 'Kathmandu (+05:45), at 08:00',
    run: () => localClock(new Date('2026-11-23T02:15:00Z'), 'Asia/Kathmandu'),
    expected: { date: '2026-11-23', minutes: 8 * 60 },
  },
  {
    rule: 'sameDayProblem',
    input: 'Sydney, first school day of AEDT at 08:00',
    run: () => sameDayProblem({ now: new Date('2026-10-04T21:00:00Z'), timeZone: SYD, sameDayCutoff: '08:00' }, '2026-10-05', '09:00'),
    expected: BOOKING_MESSAGES.sameDayCutoff('08:00'),
  },
  {
    rule: 'sameDayProblem',
    input: 'Sydney, first school day of AEST (UTC+10) at 07:59',
    run: () => sameDayProblem({ now: new Date('2026-04-05T21:59:00Z'), timeZone: SYD, sameDayCutoff: '08:00' }, '2026-04-06', '09:00'),
    expected: undefined,
  },
  {
    rule: 'localClock',
    input: 'London, after the spring-forward',
    run: () => localClock(new Date('2026-03-29T01:30:00Z'), LON),
    expected: { date: '2026-03-29', minutes: 2 * 60 + 30 },
  },
  {
    rule: 'sameDayProblem',
    input: 'London, Monday after the change, 07:30 BST cut-off 07:30',
    run: () => sameDayProblem({ now: new Date('2026-03-30T06:30:00Z'), timeZone: LON, sameDayCutoff: '07:30' }, '2026-03-30', '09:00'),
    expected: BOOKING_MESSAGES.sameDayCutoff('07:30'),
  },
  {
    rule: 'sameDayProblem',
    input: 'London, a Friday in BST at 07:29 (06:29 UTC)',
    run: () => sameDayProblem({ now: new Date('2026-10-23T06:29:00Z'), timeZone: LON, sameDayCutoff: '07:30' }, '2026-10-23', '09:00'),
    expected: undefined,
  },
  {
    rule: 'cutoffState',
    input: 'London, the Monday after the autumn change (GMT) at 07:30',
    run: () => cutoffState({ now: new Date('2026-10-26T07:30:00Z'), timeZone: LON, sameDayCutoff: '07:30' }).pastCutoff,
    expected: true,
  },

  // Weekdays, weekend roll and school days
  { rule: 'weekendProblem', input: 'Saturday', run: () => weekendProblem('2026-11-28'), expected: BOOKING_MESSAGES.weekend },
  { rule: 'weekendProblem', input: 'Sunday', run: () => weekendProblem('2026-11-29'), expected: BOOKING_MESSAGES.weekend },
  { rule: 'weekendProblem', input: 'Friday', run: () => weekendProblem('2026-11-27'), expected: undefined },
  { rule: 'weekdayOf', input: 'Sunday', run: () => weekdayOf('2026-11-29'), expected: 7 },
  { rule: 'nextSchoolDay', input: 'Friday', run: () => nextSchoolDay('2026-11-27'), expected: '2026-11-30' },
  { rule: 'nextSchoolDay', input: 'Saturday', run: () => nextSchoolDay('2026-11-28'), expected: '2026-11-30' },
  { rule: 'nextSchoolDay', input: 'Tuesday', run: () => nextSchoolDay('2026-11-24'), expected: '2026-11-25' },
  { rule: 'nextSchoolDay', input: 'year end', run: () => nextSchoolDay('2026-12-31'), expected: '2027-01-01' },
  { rule: 'rollWeekend', input: 'Sunday', run: () => rollWeekend('2026-11-29'), expected: '2026-11-30' },
  { rule: 'rollWeekend', input: 'Wednesday', run: () => rollWeekend('2026-11-25'), expected: '2026-11-25' },
  { rule: 'isSchoolDay', input: 'Saturday', run: () => isSchoolDay('2026-11-28'), expected: false },
  {
    rule: 'replaceMeDays',
    input: 'Saturday in Sydney: today is not offered',
    run: () => replaceMeDays(new Date('2026-11-27T23:00:00Z'), SYD),
    expected: { today: '2026-11-28', tomorrow: '2026-11-30', isNextMonday: true, todayOffered: false },
  },
  {
    rule: 'replaceMeDays',
    input: 'Friday in London',
    run: () => replaceMeDays(new Date('2026-11-27T09:00:00Z'), LON),
    expected: { today: '2026-11-27', tomorrow: '2026-11-30', isNextMonday: true, todayOffered: true },
  },
  {
    rule: 'replaceMeDays',
    input: 'Sunday in London: Monday is tomorrow, not next Monday',
    run: () => replaceMeDays(new Date('2026-11-29T09:00:00Z'), LON),
    expected: { today: '2026-11-29', tomorrow: '2026-11-30', isNextMonday: false, todayOffered: false },
  },

  // Past dates and advance
  {
    rule: 'dateInPastProblem',
    input: 'yesterday',
    run: () => dateInPastProblem('2026-11-22', '2026-11-23'),
    expected: FORM_MESSAGES.dateInPast,
  },
  { rule: 'dateInPastProblem', input: 'today', run: () => dateInPastProblem('2026-11-23', '2026-11-23'), expected: undefined },
  { rule: 'tooFarAheadProblem', input: '365 days', run: () => tooFarAheadProblem('2027-11-23', '2026-11-23', 365), expected: undefined },
  {
    rule: 'tooFarAheadProblem',
    input: '366 days',
    run: () => tooFarAheadProblem('2027-11-24', '2026-11-23', 365),
    expected: BOOKING_MESSAGES.tooFarAhead(365),
  },

  // Times, minimum duration net of the break, earliest end
  {
    rule: 'endBeforeStartProblem',
    input: '09:00–09:00',
    run: () => endBeforeStartProblem('09:00', '09:00'),
    expected: FORM_MESSAGES.endBeforeStart,
  },
  { rule: 'endBeforeStartProblem', input: '09:00–09:01', run: () => endBeforeStartProblem('09:00', '09:01'), expected: undefined },
  {
    rule: 'minimumDurationProblem',
    input: '09:00–13:00, 30 min break, minimum 240 (net 210)',
    run: () => minimumDurationProblem('09:00', '13:00', 30, 240),
    expected: BOOKING_MESSAGES.minimumDuration(240),
  },
  {
    rule: 'minimumDurationProblem',
    input: '09:00–13:30, 30 min break, minimum 240 (net 240)',
    run: () => minimumDurationProblem('09:00', '13:30', 30, 240),
    expected: undefined,
  },
  {
    rule: 'minimumDurationProblem',
    input: 'no minimum',
    run: () => minimumDurationProblem('09:00', '09:30', 0, null),
    expected: undefined,
  },
  {
    rule: 'minimumDurationProblem',
    input: 'times out of order',
    run: () => minimumDurationProblem('10:00', '09:00', 0, 240),
    expected: undefined,
  },
  {
    rule: 'earliestEndProblem',
    input: "14:59 before '15:00:00'",
    run: () => earliestEndProblem('14:59', '15:00:00'),
    expected: FORM_MESSAGES.endBeforeMinimum('15:00'),
  },
  { rule: 'earliestEndProblem', input: '15:00 at 15:00', run: () => earliestEndProblem('15:00', '15:00'), expected: undefined },

  // Break limit
  {
    rule: 'breakProblem',
    input: `${MAX_BREAK_MINUTES + 1} minutes`,
    run: () => breakProblem(MAX_BREAK_MINUTES + 1, { defaultBreakInMins: 30, shouldShowBreaks: true }, '06:00', '18:00'),
    expected: FORM_MESSAGES.between(0, MAX_BREAK_MINUTES),
  },
  {
    rule: 'breakProblem',
    input: `${MAX_BREAK_MINUTES} minutes`,
    run: () => breakProblem(MAX_BREAK_MINUTES, { defaultBreakInMins: 30, shouldShowBreaks: true }, '06:00', '18:00'),
    expected: undefined,
  },

  // Bookings per day and per request
  {
    rule: 'bookingsPerDayProblem',
    input: '0 of 1–5',
    run: () => bookingsPerDayProblem(0, { minBookingsPerDay: 1, maxBookingsPerDay: 5 }),
    expected: FORM_MESSAGES.between(1, 5),
  },
  {
    rule: 'bookingsPerDayProblem',
    input: '5 of 1–5',
    run: () => bookingsPerDayProblem(5, { minBookingsPerDay: 1, maxBookingsPerDay: 5 }),
    expected: undefined,
  },
  { rule: 'maxBookingsProblem', input: '10 dates × 3 of 30', run: () => maxBookingsProblem(10, 3, 30), expected: undefined },
  {
    rule: 'maxBookingsProblem',
    input: '11 dates × 3 of 30',
    run: () => maxBookingsProblem(11, 3, 30),
    expected: BOOKING_MESSAGES.maxBookingsAllowed(30),
  },
];

describe('shared booking rules', () => {
  it.each(cases.map((c) => [c.rule, c.input, c] as const))('%s: %s', (_rule, _input, c) => {
    expect(c.run()).toEqual(c.expected);
  });
});
