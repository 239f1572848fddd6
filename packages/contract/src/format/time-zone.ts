import { DateTime } from 'luxon';
import { localeFormat } from './locale-format';

/**
 * A time zone as a reader knows it at a given moment: 'AEDT' for Australia/Sydney in January, 'BST' for
 * Europe/London in July (the locale's own abbreviations, which differ: 'AEDT' is Australian English). Where the
 * locale has no abbreviation for the zone, its offset: 'UTC+08:00' (never Intl's 'GMT+8', which reads as another
 * zone). An unknown zone is printed as given.
 */
export function zoneAbbreviation(zone: string, instantIso: string, locale: string): string {
  const at = DateTime.fromISO(instantIso, { zone: 'utc' }).setZone(zone).setLocale(localeFormat(locale).intlLocale);
  if (!at.isValid) return zone;
  const short = at.toFormat('ZZZZ');
  return /^(GMT|UTC)[+-−]/.test(short) ? `UTC${at.toFormat('ZZ')}` : short;
}
