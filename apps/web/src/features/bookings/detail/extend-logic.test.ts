import { describe, expect, it } from 'vitest';
import { nextSchoolDay, planOf, validateExtendTimes } from './extend-logic';

describe('extend', () => {
  it('offers the next school day after the last one, skipping the weekend', () => {
    expect(nextSchoolDay('2026-11-18')).toBe('2026-11-19'); // Wednesday → Thursday
    expect(nextSchoolDay('2026-11-20')).toBe('2026-11-23'); // Friday → Monday
    expect(nextSchoolDay('2026-11-21')).toBe('2026-11-23'); // Saturday → Monday
  });

  it('counts the added days, the blocked ones, and those that go to Unfilled', () => {
    const candidate = { id: 1, firstName: 'A', lastName: 'B', preferredName: null, fullName: 'A B' };
    const dates = [
      { dateLocal: '2026-11-23', candidateAvailable: true, blocked: false, holiday: null },
      { dateLocal: '2026-11-24', candidateAvailable: false, blocked: false, holiday: null },
      { dateLocal: '2026-11-25', candidateAvailable: false, blocked: true, holiday: null },
    ];
    expect(planOf({ candidate, dates })).toEqual({ added: 2, unfilled: 1, blocked: 1, leftOut: 0, dates: ['2026-11-23', '2026-11-24'] });
    // An unfilled booking has no educator to lose: its extension goes to the provider as it is.
    expect(planOf({ candidate: null, dates })).toMatchObject({ added: 2, unfilled: 0, blocked: 1 });
    // A day left out is not booked, nor counted as going to Unfilled.
    expect(planOf({ candidate, dates }, new Set(['2026-11-24']))).toEqual({
      added: 1,
      unfilled: 0,
      blocked: 1,
      leftOut: 1,
      dates: ['2026-11-23'],
    });
  });

  it('checks the times (spec §5 Extend)', () => {
    expect(validateExtendTimes({ startTime: '08:30', endTime: '15:30', breakMinutes: '30' })).toEqual({});
    expect(validateExtendTimes({ startTime: '', endTime: '15:30', breakMinutes: '' })).toEqual({ startTime: 'required' });
    expect(validateExtendTimes({ startTime: '15:30', endTime: '08:30', breakMinutes: '0' }).endTime).toBe('endBeforeStart');
    expect(validateExtendTimes({ startTime: '08:00', endTime: '09:00', breakMinutes: '60' }).breakMinutes).toBe('breakTooLong');
    expect(validateExtendTimes({ startTime: '08:00', endTime: '15:00', breakMinutes: '-5' }).breakMinutes).toBe('breakRange');
  });
});
