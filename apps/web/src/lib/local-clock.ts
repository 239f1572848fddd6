import { DateTime } from 'luxon';
import { now } from './clock';

/** Now, in the browser's zone, as a luxon DateTime (from the one clock in lib/clock.ts). */
export function localNow(): DateTime {
  return DateTime.fromJSDate(now());
}
