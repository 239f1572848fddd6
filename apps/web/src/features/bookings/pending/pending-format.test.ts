import { describe, expect, it } from 'vitest';
import { dateSpan } from './pending-format';

describe('pending request dates', () => {
  it('shows one date, or the span in the locale list format', () => {
    expect(dateSpan({ earliestDate: '2026-11-23', latestDate: '2026-11-23' }, 'en-GB')).toBe('23 Nov 2026');
    expect(dateSpan({ earliestDate: '2026-11-23', latestDate: '2026-11-27' }, 'en-US')).toBe('Nov 23, 2026 – Nov 27, 2026');
  });
});
