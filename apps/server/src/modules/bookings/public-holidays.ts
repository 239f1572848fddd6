import Holidays from 'date-holidays';
import { LRUCache } from 'lru-cache';

/**
 * Public holidays of a location's country and state or region, from date-holidays (public days only: not bank,
 * school, optional or observance days). The region is the location's state when it is one of the country's
 * subdivisions (by code, or by name: 'Auckland' → AUK); a UK location outside a named nation takes England's.
 */

const holidaysByYear = new LRUCache<string, ReadonlyMap<string, string>>({ max: 512 });

/** The subdivision code of a location's state (also the region of its school terms), or undefined. */
export function regionOf(country: string, state: string | null): string | undefined {
  const states = new Holidays().getStates(country) ?? {};
  if (state) {
    const upper = state.toUpperCase();
    if (Object.hasOwn(states, upper)) return upper;
    const lower = state.toLowerCase();
    const byName = Object.entries(states).find(([, name]) => name.toLowerCase().startsWith(lower));
    if (byName) return byName[0];
  }
  return country === 'GB' ? 'ENG' : undefined;
}

function yearOf(country: string, state: string | null, year: number): ReadonlyMap<string, string> {
  const key = `${country}|${state ?? ''}|${year}`;
  let found = holidaysByYear.get(key);
  if (!found) {
    const region = regionOf(country, state);
    const calendar = region ? new Holidays(country, region) : new Holidays(country);
    const map = new Map<string, string>();
    for (const h of calendar.getHolidays(year) || []) {
      if (h.type === 'public' && !map.has(h.date.slice(0, 10))) map.set(h.date.slice(0, 10), h.name);
    }
    found = map;
    holidaysByYear.set(key, found);
  }
  return found;
}

/** Local date → holiday name, for the dates from `fromLocal` to `toLocal` (inclusive, 'YYYY-MM-DD'). */
export function publicHolidaysBetween(
  place: { country: string; state: string | null },
  fromLocal: string,
  toLocal: string,
): Map<string, string> {
  const result = new Map<string, string>();
  for (let year = Number(fromLocal.slice(0, 4)); year <= Number(toLocal.slice(0, 4)); year++) {
    for (const [date, name] of yearOf(place.country, place.state, year)) {
      if (date >= fromLocal && date <= toLocal) result.set(date, name);
    }
  }
  return result;
}

/** The holiday on each of `dates` (local 'YYYY-MM-DD'), when there is one. */
export function publicHolidaysOn(place: { country: string; state: string | null }, dates: readonly string[]): Map<string, string> {
  if (dates.length === 0) return new Map();
  const sorted = [...dates].sort();
  const all = publicHolidaysBetween(place, sorted[0]!, sorted[sorted.length - 1]!);
  return new Map(dates.filter((d) => all.has(d)).map((d) => [d, all.get(d)!]));
}
