import { DateTime } from 'luxon';

/**
 * The web app's one source of "now": modules ask here rather than reading the system time themselves (ESLint
 * refuses `new Date()`, `Date.now()` and `DateTime.now()` / `DateTime.local()` elsewhere), so the whole app sees
 * the same instant and a test fakes the time in one place.
 */
export function now(): Date {
  return new Date();
}

/** Milliseconds since the epoch, now. */
export function nowMs(): number {
  return Date.now();
}

/** Now, in the browser's zone (luxon). */
export function localNow(): DateTime {
  return DateTime.local();
}
