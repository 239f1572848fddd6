import { DateTime } from 'luxon';
import { isKnownTimeZone, todayIn } from '@portal/contract/school-days';

/**
 * Local calendar dates as whole day numbers (days since 1970-01-01) and local times as minutes after midnight.
 * UTC instants come from the zone's offset on that date, looked up once per zone and day: school hours never
 * straddle a daylight-saving change (those happen at night), so the noon offset holds for the whole school day.
 */
export const DAY_MS = 86_400_000;

export function dayOfIso(isoDate: string): number {
  return Math.round(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
}

const isoCache = new Map<number, string>();
export function isoOfDay(day: number): string {
  let iso = isoCache.get(day);
  if (iso === undefined) {
    iso = new Date(day * DAY_MS).toISOString().slice(0, 10);
    isoCache.set(day, iso);
  }
  return iso;
}

/** 0 = Sunday … 6 = Saturday (spec §9 numbering). */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

export function isWeekend(day: number): boolean {
  const w = weekday(day);
  return w === 0 || w === 6;
}

/** The next weekday on or after `day`. */
export function rollToWeekday(day: number): number {
  let d = day;
  while (isWeekend(d)) d++;
  return d;
}

export function addWeekdays(day: number, count: number): number {
  let d = day;
  let left = count;
  const step = count >= 0 ? 1 : -1;
  while (left !== 0) {
    d += step;
    if (!isWeekend(d)) left -= step;
  }
  return d;
}

/** The calendar date of `now` in `zone`. */
export function localToday(now: Date, zone: string): number {
  if (!isKnownTimeZone(zone)) throw new Error(`Unknown time zone ${zone}`);
  return dayOfIso(todayIn(zone, now));
}

export function minutesOfTime(time: string): number {
  const [h, m] = time.split(':');
  return Number(h) * 60 + Number(m);
}

export function timeOfMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h < 10 ? '0' : ''}${h}:${m < 10 ? '0' : ''}${m}`;
}

/** UTC offsets (minutes) per zone and local day, computed with Luxon once and reused. */
export class ZoneOffsets {
  private readonly cache = new Map<string, Map<number, number>>();

  offsetMinutes(zone: string, day: number): number {
    let byDay = this.cache.get(zone);
    if (!byDay) {
      byDay = new Map();
      this.cache.set(zone, byDay);
    }
    let offset = byDay.get(day);
    if (offset === undefined) {
      const noon = DateTime.fromISO(`${isoOfDay(day)}T12:00:00`, { zone });
      offset = noon.offset;
      byDay.set(day, offset);
    }
    return offset;
  }

  /** The UTC instant (ms) of a local day and minute of the day in `zone`. */
  utcMs(zone: string, day: number, minuteOfDay: number): number {
    return day * DAY_MS + (minuteOfDay - this.offsetMinutes(zone, day)) * 60_000;
  }
}
