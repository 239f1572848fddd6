import { localClock, nextSchoolDay, todayIn } from './school-days';

/**
 * 'Unfilled risk', one copy for the server (the flag and the list's order) and the web (the chip):
 * a booking that is still open — status unfilled, no educator — and starts before the end of the next school day
 * in its location's zone. 'Next school day' is the spec §5 one (school-days.ts: Saturday and Sunday are not school
 * days): on a school day, today's remaining bookings and the next school day's; on Friday, today's and Monday's; on
 * a weekend, the weekend's and Monday's. A booking whose start has passed is no longer at risk (too late to fill).
 */

/** The last local date of the risk window at `now` in `zone`: the next school day. */
export function unfilledRiskLastDate(now: Date, zone: string): string {
  return nextSchoolDay(todayIn(zone, now));
}

/**
 * The furthest a flagged booking can start from now: the end of the next school day is at most four days away
 * (Friday just after midnight → the end of Monday), plus a day for zone offsets. The server's first, index-served
 * query reads open bookings in this span; the rule below decides.
 */
export const UNFILLED_RISK_MAX_HOURS = 5 * 24;

export interface UnfilledRisk {
  /** Whole minutes until the start, rounded up (at least 1). */
  minutesLeft: number;
}

/** The booking's risk at `now` (or null): `start` is its start instant, `zone` its location's IANA zone. */
export function unfilledRisk(booking: { status: string; hasEducator: boolean; start: Date; zone: string }, now: Date): UnfilledRisk | null {
  if (booking.status !== 'unfilled' || booking.hasEducator) return null;
  const left = booking.start.getTime() - now.getTime();
  if (left <= 0) return null;
  // Beyond the furthest the window can reach: not at risk, without working out local dates (the list's common case).
  if (left > UNFILLED_RISK_MAX_HOURS * 3_600_000) return null;
  if (localClock(booking.start, booking.zone).date > unfilledRiskLastDate(now, booking.zone)) return null;
  return { minutesLeft: Math.max(1, Math.ceil(left / 60_000)) };
}
