import { describe, expect, it } from 'vitest';
import { formatTimeLeft } from './unfilled-risk-chip';

describe('formatTimeLeft', () => {
  it('reads minutes, hours, then days, in the locale', () => {
    expect(formatTimeLeft(45, 'en-AU')).toMatch(/^45 min/);
    expect(formatTimeLeft(3 * 60 + 20, 'en-GB')).toMatch(/^3 hr/);
    expect(formatTimeLeft(47 * 60, 'en-US')).toMatch(/^47 hr/);
    expect(formatTimeLeft(3 * 24 * 60 + 5, 'en-CA')).toMatch(/^3 day/);
  });
});
