import { describe, expect, it } from 'vitest';
import { nextSchoolDayToBook, quickBookDay, type NextSchoolDayFacts } from './next-school-day';

const SYD = 'Australia/Sydney';
const AKL = 'Pacific/Auckland';
/** Wednesday 25 November 2026 at a local time in Sydney (AEDT, UTC+11). */
const wedSydney = (hhmm: string) => new Date(`2026-11-25T${hhmm}:00+11:00`);

function facts(over: Partial<NextSchoolDayFacts> = {}): NextSchoolDayFacts {
  return {
    now: wedSydney('07:00'),
    timeZone: SYD,
    sameDayCutoff: '08:00',
    startTime: '08:30',
    closedDates: new Set(),
    maxAdvanceDays: 365,
    ...over,
  };
}

describe('nextSchoolDayToBook', () => {
  it('is today before the cut-off', () => {
    expect(nextSchoolDayToBook(facts())).toBe('2026-11-25');
  });

  it('is tomorrow once the cut-off has passed, and at the cut-off itself', () => {
    expect(nextSchoolDayToBook(facts({ now: wedSydney('08:00') }))).toBe('2026-11-26');
    expect(nextSchoolDayToBook(facts({ now: wedSydney('13:00') }))).toBe('2026-11-26');
  });

  it('is tomorrow when the usual start has gone by before the cut-off', () => {
    expect(nextSchoolDayToBook(facts({ now: wedSydney('07:45'), startTime: '07:30' }))).toBe('2026-11-26');
  });

  it("follows the client's own cut-off and falls back to 08:00 when it cannot be read", () => {
    expect(nextSchoolDayToBook(facts({ now: wedSydney('07:45'), sameDayCutoff: '07:30' }))).toBe('2026-11-26');
    expect(nextSchoolDayToBook(facts({ now: wedSydney('07:45'), sameDayCutoff: 'soon' }))).toBe('2026-11-25');
  });

  it('skips the weekend: Friday afternoon gives Monday', () => {
    expect(nextSchoolDayToBook(facts({ now: new Date('2026-11-27T14:00:00+11:00') }))).toBe('2026-11-30');
    expect(nextSchoolDayToBook(facts({ now: new Date('2026-11-28T06:00:00+11:00') }))).toBe('2026-11-30');
  });

  it('skips public holidays and blocked days (a Map of either counts by its keys)', () => {
    const closed = new Map([
      ['2026-11-26', 'Thanksgiving'],
      ['2026-11-27', 'Closed for the fair'],
    ]);
    expect(nextSchoolDayToBook(facts({ now: wedSydney('09:00'), closedDates: closed }))).toBe('2026-11-30');
    // Boxing Day's substitute (Monday 28 December 2026) after Christmas on a Friday.
    const christmas = new Set(['2026-12-25', '2026-12-28']);
    expect(nextSchoolDayToBook(facts({ now: new Date('2026-12-24T10:00:00+11:00'), closedDates: christmas }))).toBe('2026-12-29');
  });

  it("uses the location's own today, not the UTC date", () => {
    // 23:30 UTC on Tuesday is already 12:30 on Wednesday in Auckland: past the cut-off, so Thursday.
    const now = new Date('2026-11-24T23:30:00Z');
    expect(nextSchoolDayToBook(facts({ now, timeZone: AKL }))).toBe('2026-11-26');
    // The same instant is 06:30 on Wednesday in Sydney: before the cut-off, so Wednesday itself.
    expect(nextSchoolDayToBook(facts({ now: new Date('2026-11-24T19:30:00Z') }))).toBe('2026-11-25');
  });

  it('answers nothing when no day within the advance limit is open', () => {
    const closed = new Set(['2026-11-26', '2026-11-27', '2026-11-30']);
    expect(nextSchoolDayToBook(facts({ now: wedSydney('09:00'), closedDates: closed, maxAdvanceDays: 5 }))).toBeUndefined();
    expect(nextSchoolDayToBook(facts({ now: wedSydney('09:00'), closedDates: closed, maxAdvanceDays: 6 }))).toBe('2026-12-01');
  });
});

describe('quickBookDay', () => {
  const location = {
    locationId: 7,
    timeZone: SYD,
    startTime: '08:30',
    rules: { sameDayCutoff: '08:00', maxAdvanceDays: 365 },
  } as Parameters<typeof quickBookDay>[0]['location'];
  const holidays = (dates: string[], openOnPublicHolidays = false) => ({
    openOnPublicHolidays,
    holidays: dates.map((dateLocal) => ({ dateLocal, name: 'A holiday' })),
  });

  it('does not name a day until both the holidays and the blocks are known', () => {
    expect(quickBookDay({ now: wedSydney('07:00'), location, holidays: undefined, blocks: [] })).toEqual({
      day: undefined,
      label: 'nextSchoolDay',
    });
    expect(quickBookDay({ now: wedSydney('07:00'), location, holidays: holidays([]), blocks: undefined })).toEqual({
      day: undefined,
      label: 'nextSchoolDay',
    });
  });

  it('names today, tomorrow, or the day itself', () => {
    expect(quickBookDay({ now: wedSydney('07:00'), location, holidays: holidays([]), blocks: [] })).toEqual({
      day: '2026-11-25',
      label: 'today',
    });
    expect(quickBookDay({ now: wedSydney('09:00'), location, holidays: holidays([]), blocks: [] })).toEqual({
      day: '2026-11-26',
      label: 'tomorrow',
    });
    expect(quickBookDay({ now: wedSydney('09:00'), location, holidays: holidays(['2026-11-26']), blocks: [] })).toEqual({
      day: '2026-11-27',
      label: 'on',
    });
  });

  it("closes the location's own blocks and its holidays unless it opens on them", () => {
    const blocks = [
      { locationId: 7, datesLocal: ['2026-11-26'] },
      { locationId: 8, datesLocal: ['2026-11-27'] },
    ];
    expect(quickBookDay({ now: wedSydney('09:00'), location, holidays: holidays([]), blocks })).toEqual({ day: '2026-11-27', label: 'on' });
    expect(quickBookDay({ now: wedSydney('09:00'), location, holidays: holidays(['2026-11-26'], true), blocks: [] })).toEqual({
      day: '2026-11-26',
      label: 'tomorrow',
    });
  });

  it('offers the next school day in general when none lies within the advance limit', () => {
    const near = { ...location, rules: { ...location.rules, maxAdvanceDays: 0 } };
    expect(quickBookDay({ now: wedSydney('09:00'), location: near, holidays: holidays([]), blocks: [] })).toEqual({
      day: undefined,
      label: 'nextSchoolDay',
    });
  });
});
