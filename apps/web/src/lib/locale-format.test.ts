import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateList,
  formatDateTime,
  formatDay,
  formatDayLong,
  formatMoney,
  formatTimeOfDay,
  localeFormat,
  nextWeekday,
  startOfWeek,
  weekdayNames,
  weekdayNumber,
} from './locale-format';

describe('locale formats (spec §1, §9)', () => {
  it.each([
    ['en-GB', 'VAT', 'GBP', '4/03/2026', '4 Mar 2026'],
    ['en-CA', 'Tax', 'CAD', '03/04/2026', 'Mar 4, 2026'],
    ['en-US', 'Tax', 'USD', '03/04/2026', 'Mar 4, 2026'],
    ['en-AU', 'GST', 'AUD', '4/03/2026', '4 Mar 2026'],
    ['en-NZ', 'GST', 'NZD', '4/03/2026', '4 Mar 2026'],
    ['en', 'Tax', 'USD', '4/03/2026', '4 Mar 2026'],
  ])('%s: tax label %s, currency %s, date %s, list date %s', (locale, tax, currency, date, list) => {
    expect(localeFormat(locale).taxLabel).toBe(tax);
    expect(localeFormat(locale).currency).toBe(currency);
    expect(formatDate('2026-03-04', locale)).toBe(date);
    expect(formatDateList('2026-03-04', locale)).toBe(list);
  });

  it('pads the month but not the day in D/MM/YYYY and both in MM/DD/YYYY', () => {
    expect(formatDate('2026-11-22', 'en-GB')).toBe('22/11/2026');
    expect(formatDate('2026-01-09', 'en-US')).toBe('01/09/2026');
  });

  it.each([
    ['en-GB', '£1,234.50'],
    ['en-US', '$1,234.50'],
    ['en', '$1,234.50'],
    ['en-AU', '$1,234.50'],
    ['en-NZ', '$1,234.50'],
    ['en-CA', '$1,234.50'],
  ])('%s formats money as %s', (locale, text) => {
    expect(formatMoney(1234.5, locale)).toBe(text);
  });

  it('an unknown locale formats as en', () => {
    expect(localeFormat('fr-FR')).toBe(localeFormat('en'));
  });

  it('rolls Saturday and Sunday to Monday and keeps weekdays', () => {
    expect(nextWeekday(DateTime.fromISO('2026-11-21')).toISODate()).toBe('2026-11-23'); // Saturday
    expect(nextWeekday(DateTime.fromISO('2026-11-22')).toISODate()).toBe('2026-11-23'); // Sunday
    expect(nextWeekday(DateTime.fromISO('2026-11-20')).toISODate()).toBe('2026-11-20'); // Friday
  });

  it('starts weeks on Sunday in en-US and on Monday elsewhere', () => {
    const wednesday = DateTime.fromISO('2026-11-25');
    expect(startOfWeek(wednesday, 'en-US').toISODate()).toBe('2026-11-22');
    expect(startOfWeek(wednesday, 'en-GB').toISODate()).toBe('2026-11-23');
    expect(startOfWeek(DateTime.fromISO('2026-11-22'), 'en-AU').toISODate()).toBe('2026-11-16');
    expect(weekdayNames('en-US')[0]).toBe('Sun');
    expect(weekdayNames('en-CA')[0]).toBe('Mon');
  });

  it('numbers weekdays Sunday 0 to Saturday 6', () => {
    expect(weekdayNumber(DateTime.fromISO('2026-11-22'))).toBe(0);
    expect(weekdayNumber(DateTime.fromISO('2026-11-28'))).toBe(6);
  });
});

describe('times and dates by kind of place (one helper everywhere)', () => {
  it.each([
    ['en-US', '8:30 AM', '1:05 PM'],
    ['en-CA', '8:30 AM', '1:05 PM'],
    ['en-GB', '08:30', '13:05'],
    ['en-AU', '08:30', '13:05'],
    ['en-NZ', '08:30', '13:05'],
    ['en', '08:30', '13:05'],
  ])('%s writes times as %s and %s', (locale, morning, afternoon) => {
    expect(formatTimeOfDay('08:30', locale)).toBe(morning);
    expect(formatTimeOfDay('13:05:00', locale)).toBe(afternoon);
    expect(formatTimeOfDay('2026-03-04T13:05', locale)).toBe(afternoon);
  });

  it('keeps an unreadable time as given', () => {
    expect(formatTimeOfDay('soon', 'en-GB')).toBe('soon');
  });

  it('writes list days, detail days and moments in one style each', () => {
    expect(formatDay('2026-03-04', 'en-GB')).toBe('Wed 4 Mar 2026');
    expect(formatDay('2026-03-04', 'en-US')).toBe('Wed Mar 4, 2026');
    expect(formatDayLong('2026-03-04', 'en-AU')).toBe('Wednesday, 4 Mar 2026');
    expect(formatDateTime('2026-03-04T02:05:00Z', 'en-AU', 'Australia/Sydney')).toBe('4 Mar 2026, 13:05');
    expect(formatDateTime('2026-03-04T18:05:00Z', 'en-US', 'America/New_York')).toBe('Mar 4, 2026, 1:05 PM');
  });
});
