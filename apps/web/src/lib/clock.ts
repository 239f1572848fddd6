/**
 * The web app's one source of "now": modules ask here rather than reading the system time themselves (ESLint
 * refuses `new Date()`, `Date.now()` and `DateTime.now()` / `DateTime.local()` elsewhere), so the whole app sees
 * the same instant and a test fakes the time in one place. No luxon here: the sign-in page imports this file, and
 * its first-page JavaScript has a byte budget (`lib/local-clock.ts` has now as a luxon DateTime).
 */
export function now(): Date {
  return new Date();
}

/** Milliseconds since the epoch, now. */
export function nowMs(): number {
  return Date.now();
}
