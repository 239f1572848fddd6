import { describe, expect, it } from 'vitest';
import { dueProgress, progressRefusal } from './progress';

const startUtc = new Date('2026-11-16T21:30:00.000Z');
const endUtc = new Date('2026-11-17T04:30:00.000Z');
const at = (iso: string) => new Date(iso);

describe('a booking moving on with the clock', () => {
  it('commences once started, not before', () => {
    const filled = { status: 'filled' as const, startUtc, endUtc };
    expect(dueProgress(filled, at('2026-11-16T21:29:59.999Z'))).toBeNull();
    expect(dueProgress(filled, startUtc)).toBe('commenced');
    expect(progressRefusal(filled, 'commenced', at('2026-11-16T20:00:00.000Z'))).toBe('not_started');
    expect(progressRefusal(filled, 'commenced', startUtc)).toBeNull();
  });

  it('completes once ended, one step at a time', () => {
    const commenced = { status: 'commenced' as const, startUtc, endUtc };
    expect(dueProgress(commenced, at('2026-11-17T04:00:00.000Z'))).toBeNull();
    expect(dueProgress(commenced, endUtc)).toBe('completed');
    expect(progressRefusal(commenced, 'completed', at('2026-11-17T04:00:00.000Z'))).toBe('not_ended');
    // A filled booking whose end has passed still commences first.
    expect(dueProgress({ status: 'filled', startUtc, endUtc }, at('2026-11-18T00:00:00.000Z'))).toBe('commenced');
    expect(progressRefusal({ status: 'filled', startUtc, endUtc }, 'completed', endUtc)).toBe('wrong_status');
  });

  it('never moves a booking in any other status', () => {
    for (const status of ['pending_approval', 'rejected', 'unfilled', 'completed', 'cancelled'] as const)
      expect(dueProgress({ status, startUtc, endUtc }, at('2026-12-01T00:00:00.000Z'))).toBeNull();
  });
});
