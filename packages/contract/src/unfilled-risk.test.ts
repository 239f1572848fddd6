import { describe, expect, it } from 'vitest';
import { localClock } from './school-days';
import { UNFILLED_RISK_MAX_HOURS, unfilledRisk, unfilledRiskLastDate } from './unfilled-risk';

const SYD = 'Australia/Sydney';
const LON = 'Europe/London';
const NY = 'America/New_York';
const open = (start: string, zone: string) => ({ status: 'unfilled', hasEducator: false, start: new Date(start), zone });

describe('unfilledRisk', () => {
  // Monday 23 November 2026 09:00 in London (UTC+0) = 20:00 Monday in Sydney (UTC+11) = 04:00 Monday in New York (UTC-5).
  const MON_0900_LON = new Date('2026-11-23T09:00:00Z');

  it.each([
    ['later today', '2026-11-23T12:00:00Z', LON, { minutesLeft: 180 }],
    ['tomorrow (the next school day)', '2026-11-24T15:30:00Z', LON, { minutesLeft: 30 * 60 + 30 }],
    ['the day after tomorrow', '2026-11-25T08:00:00Z', LON, null],
    ['already started', '2026-11-23T08:59:00Z', LON, null],
    ['a few seconds ahead rounds up to a minute', '2026-11-23T09:00:20Z', LON, { minutesLeft: 1 }],
  ])('%s', (_name, start, zone, expected) => {
    expect(unfilledRisk(open(start, zone), MON_0900_LON)).toEqual(expected);
  });

  it('in Sydney it is already Monday evening: Tuesday is in, Wednesday out', () => {
    expect(unfilledRisk(open('2026-11-24T08:00:00Z', SYD), MON_0900_LON)).toEqual({ minutesLeft: 23 * 60 }); // Tue 19:00
    expect(unfilledRisk(open('2026-11-24T21:00:00Z', SYD), MON_0900_LON)).toBeNull(); // Wed 08:00
  });

  it('reads the window in the location zone, not the server one', () => {
    // Monday 04:00 in New York: the window is Monday and Tuesday (local), ending Wednesday 00:00 New York = 05:00Z.
    expect(unfilledRisk(open('2026-11-25T04:59:00Z', NY), MON_0900_LON)).not.toBeNull();
    expect(unfilledRisk(open('2026-11-25T05:00:00Z', NY), MON_0900_LON)).toBeNull();
    // The same instant is Wednesday 15:59 in Sydney: out.
    expect(unfilledRisk(open('2026-11-25T04:59:00Z', SYD), MON_0900_LON)).toBeNull();
  });

  it('skips the weekend: on Friday the window runs to the end of Monday', () => {
    const FRI_1000_LON = new Date('2026-11-27T10:00:00Z');
    expect(unfilledRiskLastDate(FRI_1000_LON, LON)).toBe('2026-11-30');
    expect(unfilledRisk(open('2026-11-28T09:00:00Z', LON), FRI_1000_LON)).not.toBeNull(); // Saturday
    expect(unfilledRisk(open('2026-11-30T16:00:00Z', LON), FRI_1000_LON)).toEqual({ minutesLeft: (3 * 24 + 6) * 60 });
    expect(unfilledRisk(open('2026-12-01T08:00:00Z', LON), FRI_1000_LON)).toBeNull(); // Tuesday
  });

  it('on a weekend the next school day is Monday', () => {
    const SUN_1200_LON = new Date('2026-11-29T12:00:00Z');
    expect(unfilledRiskLastDate(SUN_1200_LON, LON)).toBe('2026-11-30');
    expect(unfilledRisk(open('2026-11-30T08:00:00Z', LON), SUN_1200_LON)).toEqual({ minutesLeft: 20 * 60 });
  });

  it('only open bookings without an educator', () => {
    const start = new Date('2026-11-23T12:00:00Z');
    for (const status of ['filled', 'cancelled', 'pending_approval', 'completed', 'commenced', 'rejected']) {
      expect(unfilledRisk({ status, hasEducator: false, start, zone: LON }, MON_0900_LON)).toBeNull();
    }
    expect(unfilledRisk({ status: 'unfilled', hasEducator: true, start, zone: LON }, MON_0900_LON)).toBeNull();
  });

  it('no flagged booking starts further away than UNFILLED_RISK_MAX_HOURS', () => {
    // Friday just after midnight in the zone furthest ahead and behind: the window's end stays inside the bound.
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', LON, SYD, NY]) {
      for (let hour = 0; hour < 24 * 7; hour += 1) {
        const now = new Date(Date.UTC(2026, 10, 23, hour));
        const far = new Date(now.getTime() + UNFILLED_RISK_MAX_HOURS * 3_600_000);
        // The bound lies past the window's last local date (unfilledRisk itself stops at the bound without looking).
        expect(localClock(far, zone).date > unfilledRiskLastDate(now, zone), `${zone} at ${now.toISOString()}`).toBe(true);
        expect(unfilledRisk(open(far.toISOString(), zone), now)).toBeNull();
      }
    }
  });
});
