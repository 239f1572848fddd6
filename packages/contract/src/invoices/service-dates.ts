import { DateTime } from 'luxon';
import { localeFormat } from '../format/locale-format';

/**
 * The dates an invoice line covers, written compactly in the reader's locale: runs of three or more consecutive
 * days as a range, other days listed, each month named once and each year once at the end of its dates:
 *
 *   en-AU: '1–5, 8 Dec 2025'     '29, 30 Nov, 1–3 Dec 2025'     '30, 31 Dec 2025, 2 Jan 2026'
 *   en-US: 'Dec 1–5, 8, 2025'    'Nov 29, 30, Dec 1–3, 2025'
 *
 * A range names consecutive calendar days only: Friday to Monday is never written as a range, which would claim
 * the weekend. Day or month first, and the month's name, follow the locale's list dates (spec §9 'll', as
 * formatDateList writes them), so a line of one date reads as every other date in the portal: '4 Mar 2026'.
 */

interface Day {
  iso: string;
  year: number;
  month: number;
  day: number;
  /** Days since 1970-01-01, to see consecutive days. */
  serial: number;
}

function dayOf(iso: string): Day {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  return { iso, year, month, day, serial: Date.UTC(year, month - 1, day) / 86_400_000 };
}

/** Whether the locale's list dates put the month first ('Mar 4, 2026'). */
function monthFirst(locale: string): boolean {
  return localeFormat(locale).luxonList.startsWith('M');
}

function monthName(day: Day): string {
  return DateTime.fromObject({ year: day.year, month: day.month, day: 1 }).setLocale('en').toFormat('MMM');
}

/** Days of one month as '1–5, 8': runs of three or more as ranges. */
function daysText(days: readonly Day[]): string {
  const parts: string[] = [];
  let start = 0;
  for (let i = 1; i <= days.length; i++) {
    if (i < days.length && days[i]!.serial === days[i - 1]!.serial + 1) continue;
    const run = days.slice(start, i);
    parts.push(run.length >= 3 ? `${run[0]!.day}–${run[run.length - 1]!.day}` : run.map((d) => d.day).join(', '));
    start = i;
  }
  return parts.join(', ');
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): T[][] {
  const groups: T[][] = [];
  for (const item of items) {
    const last = groups[groups.length - 1];
    if (last && key(last[0]!) === key(item)) last.push(item);
    else groups.push([item]);
  }
  return groups;
}

/** The dates ('YYYY-MM-DD', any order, repeats allowed) compactly; '' for none. */
export function serviceDatesText(dates: readonly string[], locale: string): string {
  const days = [...new Set(dates)].sort().map(dayOf);
  const first = monthFirst(locale);
  return groupBy(days, (d) => d.year)
    .map((inYear) => {
      const months = groupBy(inYear, (d) => d.month).map((inMonth) => {
        const name = monthName(inMonth[0]!);
        return first ? `${name} ${daysText(inMonth)}` : `${daysText(inMonth)} ${name}`;
      });
      return `${months.join(', ')}${first ? ',' : ''} ${inYear[0]!.year}`;
    })
    .join(', ');
}
