import { describe, expect, it } from 'vitest';
import { extensionHasRoom, extensionPlan, extensionSeries, firstOpenEndDate, type ExtensionRoomFacts } from './pipeline';

// Monday 1 February 2027, 09:00 in Sydney (UTC+11): a school term's first week.
const NOW = new Date('2027-01-31T22:00:00Z');

function datesFrom(first: string, last: string): Set<string> {
  const dates = new Set<string>();
  for (let d = new Date(`${first}T00:00:00Z`); d.toISOString().slice(0, 10) <= last; d = new Date(d.getTime() + 86_400_000)) {
    const iso = d.toISOString().slice(0, 10);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) dates.add(iso);
  }
  return dates;
}

function facts(first: string, last: string, overrides: Partial<ExtensionRoomFacts> = {}): ExtensionRoomFacts {
  return {
    series: { first, last, dates: datesFrom(first, last) },
    locationType: 'school',
    maxExtensionDays: 30,
    now: NOW,
    timeZone: 'Australia/Sydney',
    sameDayCutoff: '08:00',
    startTime: '08:30',
    ...overrides,
  };
}

describe('extensionHasRoom', () => {
  it('has room after a school block within the client’s maximum', () => {
    expect(extensionHasRoom(facts('2027-03-01', '2027-03-26'))).toBe(true);
  });

  it('has none for an early-learning block already at its 4 weeks (the last weekday of the 28 days)', () => {
    // 1 March (Monday) + 27 days = Sunday 28 March: the last school day the cap allows is Friday 26 March.
    const atCap = facts('2027-03-01', '2027-03-26', { locationType: 'early_learning' });
    expect(extensionHasRoom(atCap)).toBe(false);
    // The extension itself refuses every end date such a block could take.
    expect(extensionPlan({ ...atCap, endDateLocal: '2027-03-29', blocked: new Set(), holidays: new Map() }).failure?.code).toBe('blockCap');
  });

  it('has room for an early-learning block a week short of its cap', () => {
    expect(extensionHasRoom(facts('2027-03-01', '2027-03-19', { locationType: 'early_learning' }))).toBe(true);
  });

  it('has none when the client allows no extension', () => {
    expect(extensionHasRoom(facts('2027-03-01', '2027-03-05', { maxExtensionDays: 0 }))).toBe(false);
  });

  it('has none when every day within the maximum is past or already booked', () => {
    // A series that ended in January with a 10-day maximum: those days are gone by February.
    expect(extensionHasRoom(facts('2027-01-11', '2027-01-15', { maxExtensionDays: 10 }))).toBe(false);
    // Within 3 days of Friday 5 February the only weekday is Monday 8 February, which the series holds already.
    const booked = facts('2027-02-01', '2027-02-05', { maxExtensionDays: 3 });
    const dates = new Set([...booked.series.dates, '2027-02-08']);
    expect(extensionHasRoom({ ...booked, series: { ...booked.series, dates } })).toBe(false);
    expect(extensionHasRoom(facts('2027-02-01', '2027-02-05', { maxExtensionDays: 3 }))).toBe(true);
  });

  it('counts today only while a booking could still start today', () => {
    // Friday 5 February 2027: at 07:00 in Sydney today can still be booked; at 09:00 it cannot, and the cap (one day
    // after a series that ended on Thursday) leaves nothing else.
    const series = facts('2027-02-01', '2027-02-04', { maxExtensionDays: 1 });
    expect(extensionHasRoom({ ...series, now: new Date('2027-02-04T20:00:00Z') })).toBe(true);
    expect(extensionHasRoom({ ...series, now: new Date('2027-02-04T22:00:00Z') })).toBe(false);
  });
});

describe('extensionSeries', () => {
  it('starts the block at the first standing day and ends it at the last day booked in any state', () => {
    const series = extensionSeries(
      [
        { dateLocal: '2027-03-02', status: 'filled' },
        { dateLocal: '2027-03-01', status: 'cancelled' },
        { dateLocal: '2027-03-04', status: 'cancelled' },
        { dateLocal: '2027-03-03', status: 'unfilled' },
      ],
      '2027-03-02',
    );
    expect(series).toEqual({
      first: '2027-03-02',
      last: '2027-03-04',
      dates: new Set(['2027-03-01', '2027-03-02', '2027-03-03', '2027-03-04']),
    });
  });

  it('takes the booking’s own date where no day stands, or the request holds none', () => {
    expect(extensionSeries([{ dateLocal: '2027-03-01', status: 'rejected' }], '2027-03-01')).toEqual({
      first: '2027-03-01',
      last: '2027-03-01',
      dates: new Set(['2027-03-01']),
    });
    expect(extensionSeries([], '2027-03-05')).toEqual({ first: '2027-03-05', last: '2027-03-05', dates: new Set() });
  });
});

describe('firstOpenEndDate', () => {
  const none = { blocked: new Set<string>(), holidays: new Map<string, string>() };

  it('is the first weekday after the series', () => {
    // Friday 5 March 2027: the next open day is Monday 8 March.
    expect(firstOpenEndDate({ ...facts('2027-03-01', '2027-03-05'), ...none })).toBe('2027-03-08');
  });

  it('passes over a blocked day and a public holiday', () => {
    const closed = { blocked: new Set(['2027-03-08']), holidays: new Map([['2027-03-09', 'Canberra Day']]) };
    expect(firstOpenEndDate({ ...facts('2027-03-01', '2027-03-05'), ...closed })).toBe('2027-03-10');
  });

  it('is null when the caps leave nothing open', () => {
    const closed = { blocked: new Set(['2027-03-08']), holidays: new Map<string, string>() };
    expect(firstOpenEndDate({ ...facts('2027-03-01', '2027-03-05', { maxExtensionDays: 3 }), ...closed })).toBeNull();
    expect(firstOpenEndDate({ ...facts('2027-03-01', '2027-03-26', { locationType: 'early_learning' }), ...none })).toBeNull();
  });
});
