import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  feedbackBookingId,
  readListState,
  seriesPosition,
  toBookingsQuery,
  withFilters,
  writeListState,
} from './list-params';

const today = '2026-11-22';

describe('bookings list state in the address', () => {
  it('defaults to upcoming bookings by date, first page of 25', () => {
    const state = readListState(new URLSearchParams(), today);
    expect(state).toEqual({
      dateFrom: today,
      dateTo: undefined,
      statuses: [],
      locationId: undefined,
      candidateId: undefined,
      sort: 'date',
      page: 0,
      pageSize: 25,
    });
    expect(writeListState(new URLSearchParams(), state, today).toString()).toBe('');
    expect(activeFilterCount(state, today)).toBe(0);
  });

  it('round-trips every filter and keeps other parameters (the feedback link)', () => {
    const params = new URLSearchParams('feedback=12');
    const state = {
      ...readListState(params, today),
      dateFrom: undefined,
      dateTo: '2026-12-31',
      statuses: ['unfilled', 'filled'] as const,
      locationId: 7,
      candidateId: 9,
      sort: '-date' as const,
      page: 2,
      pageSize: 10,
    };
    const written = writeListState(params, { ...state, statuses: [...state.statuses] }, today);
    expect(written.get('feedback')).toBe('12');
    expect(written.get('from')).toBe('');
    expect(readListState(written, today)).toEqual({ ...state, statuses: ['unfilled', 'filled'] });
    expect(activeFilterCount(readListState(written, today), today)).toBe(5);
  });

  it('ignores values it does not know', () => {
    const state = readListState(
      new URLSearchParams('status=bogus&status=filled&sort=price&size=13&page=-1&location=abc&from=tomorrow'),
      today,
    );
    expect(state).toMatchObject({ statuses: ['filled'], sort: 'date', pageSize: 25, page: 0, locationId: undefined, dateFrom: undefined });
  });

  it('a filter change goes back to the first page', () => {
    const state = { ...readListState(new URLSearchParams(), today), page: 3 };
    expect(withFilters(state, { statuses: ['cancelled'] }).page).toBe(0);
  });

  it('builds the GET /v1/bookings query: skip from the page, swapped dates, only what is set', () => {
    const state = { ...readListState(new URLSearchParams(), today), dateFrom: '2026-12-10', dateTo: '2026-12-01', page: 2, pageSize: 10 };
    expect(toBookingsQuery(state, [3, 4])).toEqual({
      clientIds: [3, 4],
      dateFromLocal: '2026-12-01',
      dateToLocal: '2026-12-10',
      sort: 'date',
      skip: 20,
      take: 10,
    });
    expect(toBookingsQuery({ ...state, statuses: ['unfilled'], locationId: 5, candidateId: 6 }, [3])).toMatchObject({
      status: ['unfilled'],
      locationId: 5,
      candidateId: 6,
    });
  });

  it('reads the full feedback form link and the block position', () => {
    expect(feedbackBookingId(new URLSearchParams('feedback=42'))).toBe(42);
    expect(feedbackBookingId(new URLSearchParams('feedback=x'))).toBeUndefined();
    expect(seriesPosition({ seriesPosition: 2, seriesTotal: 5 })).toEqual({ position: 2, total: 5 });
    expect(seriesPosition({ seriesPosition: null, seriesTotal: null })).toBeUndefined();
  });
});
