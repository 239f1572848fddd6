import { describe, expect, it } from 'vitest';
import { consecutiveKey, dateSpan } from './pending-format';

describe('pending request dates', () => {
  it('shows one date, or the span in the locale list format', () => {
    expect(dateSpan({ earliestDate: '2026-11-23', latestDate: '2026-11-23' }, 'en-GB')).toBe('23 Nov 2026');
    expect(dateSpan({ earliestDate: '2026-11-23', latestDate: '2026-11-27' }, 'en-US')).toBe('Nov 23, 2026 – Nov 27, 2026');
  });

  it('says consecutive or not only for several days', () => {
    expect(consecutiveKey({ days: 1, details: { areDatesConsecutive: true } })).toBeUndefined();
    expect(consecutiveKey({ days: 3, details: { areDatesConsecutive: true } })).toBe('pending.consecutive');
    expect(consecutiveKey({ days: 2, details: { areDatesConsecutive: false } })).toBe('pending.notConsecutive');
  });
});
