import { allClients, type PermissionTree } from '@portal/contract/permissions';
import { DateTime } from 'luxon';

/*
 * Where times of schools in several time zones meet on one screen, each carries its zone's short name as people
 * there write it ('AWST', 'AEDT', 'NZDT', 'BST', 'EST'), never the IANA name ('Australia/Perth').
 */

/** Locales whose names for their own region's zones Intl knows (en-AU: AEST, AWST…; en-GB: BST; en-US: EST…). */
const NAMING_LOCALES = ['en-AU', 'en-NZ', 'en-GB', 'en-US'] as const;
const OFFSET_ONLY = /^(GMT|UTC)[+-−]/;

const names = new Map<string, string>();

/**
 * The short name of a zone at a moment: `at` is a local date ('2026-01-15', read at noon there), a local date and
 * time ('2026-01-15T08:30', read there) or an instant with its offset; daylight saving follows the moment ('AEDT'
 * in January, 'AEST' in July). A name the reader's locale knows first, else the one its own region writes, else
 * the offset ('GMT+8'). An unknown zone gives ''.
 */
export function zoneAbbreviation(timeZone: string, at: string, locale: string): string {
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(at) ? `${at}T12:00` : at;
  const moment = DateTime.fromISO(iso, { zone: timeZone });
  if (!moment.isValid) return '';
  const key = `${timeZone} ${moment.offset} ${locale}`;
  const known = names.get(key);
  if (known !== undefined) return known;
  let name = '';
  for (const candidate of [locale, ...NAMING_LOCALES]) {
    name = moment.setLocale(candidate).toFormat('ZZZZ');
    if (!OFFSET_ONLY.test(name)) break;
  }
  if (OFFSET_ONLY.test(name)) name = moment.setLocale(locale).toFormat('ZZZZ');
  if (names.size >= 500) names.clear();
  names.set(key, name);
  return name;
}

/** Whether the contact's schools lie in more than one time zone (so times on a shared screen need their zone). */
export function spansTimeZones(tree: PermissionTree | undefined): boolean {
  if (!tree) return false;
  const zones = new Set(allClients(tree).flatMap((client) => client.locations.map((location) => location.timeZone)));
  return zones.size > 1;
}
