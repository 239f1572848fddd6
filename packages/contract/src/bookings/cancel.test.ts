import { describe, expect, it } from 'vitest';
import { cancelRefusal, hasStarted } from './cancel';

// Mon 16 March 2026, 12:00 in Sydney (AEDT, +11).
const NOW = new Date('2026-03-16T01:00:00Z');
const at = (status: Parameters<typeof cancelRefusal>[0]['status'], more: Partial<Parameters<typeof cancelRefusal>[0]> = {}) =>
  cancelRefusal(
    { status, candidateId: null, dateLocal: '2026-03-17', startTimeLocal: '08:30', timeZone: 'Australia/Sydney', ...more },
    NOW,
  );

describe('cancelling a booking online', () => {
  it('is allowed while pending approval or unfilled and not started', () => {
    expect(at('pending_approval')).toBeNull();
    expect(at('unfilled')).toBeNull();
  });

  it('is refused once an educator is assigned, once started (in the location’s zone), and for a closed booking', () => {
    expect(at('filled', { candidateId: 7 })).toBe('assigned');
    expect(at('unfilled', { candidateId: 7 })).toBe('assigned');
    expect(at('unfilled', { dateLocal: '2026-03-16', startTimeLocal: '11:59' })).toBe('commenced');
    expect(at('unfilled', { dateLocal: '2026-03-16', startTimeLocal: '12:01' })).toBeNull();
    expect(at('commenced')).toBe('commenced');
    for (const closed of ['cancelled', 'completed', 'rejected'] as const) expect(at(closed)).toBe('closed');
  });

  it('reads the start in the booking’s own zone', () => {
    // 12:00 in Sydney is 14:00 in Auckland: a 13:00 start there has gone by.
    expect(hasStarted({ dateLocal: '2026-03-16', startTimeLocal: '13:00:00', timeZone: 'Pacific/Auckland' }, NOW)).toBe(true);
    expect(hasStarted({ dateLocal: '2026-03-16', startTimeLocal: '13:00:00', timeZone: 'Australia/Sydney' }, NOW)).toBe(false);
  });
});
