import { describe, expect, it } from 'vitest';
import { LOCALES } from '../domain';
import {
  formatDate,
  formatDateList,
  formatDateSpan,
  formatDay,
  formatMoney,
  formatTimeOfDay,
  formatTimeRange,
  localeFormat,
} from './locale-format';

/** The formats every reader sees, in the portal and in the e-mails alike (spec §1, §9). */
describe('locale formats', () => {
  it.each([
    ['en-AU', '6/04/2026', '6 Apr 2026', 'Mon 6 Apr 2026', '13:05', '$1,234.50'],
    ['en-NZ', '6/04/2026', '6 Apr 2026', 'Mon 6 Apr 2026', '13:05', '$1,234.50'],
    ['en-GB', '6/04/2026', '6 Apr 2026', 'Mon 6 Apr 2026', '13:05', '£1,234.50'],
    ['en-US', '04/06/2026', 'Apr 6, 2026', 'Mon Apr 6, 2026', '1:05 PM', '$1,234.50'],
    ['en-CA', '04/06/2026', 'Apr 6, 2026', 'Mon Apr 6, 2026', '1:05 PM', '$1,234.50'],
    ['en', '6/04/2026', '6 Apr 2026', 'Mon 6 Apr 2026', '13:05', '$1,234.50'],
  ])('%s: %s, %s, %s, %s, %s', (locale, short, list, day, time, money) => {
    expect(formatDate('2026-04-06', locale)).toBe(short);
    expect(formatDateList('2026-04-06', locale)).toBe(list);
    expect(formatDay('2026-04-06', locale)).toBe(day);
    expect(formatTimeOfDay('13:05:00', locale)).toBe(time);
    expect(formatMoney(1234.5, locale)).toBe(money);
  });

  it('has a format for every locale of the contract, and formats an unknown one as en', () => {
    for (const locale of LOCALES) expect(localeFormat(locale)).toBeDefined();
    expect(localeFormat('fr-FR')).toBe(localeFormat('en'));
  });

  it('writes a span of dates, or the one date', () => {
    expect(formatDateSpan('2026-04-06', '2026-04-10', 'en-AU')).toBe('6 Apr 2026 – 10 Apr 2026');
    expect(formatDateSpan('2026-04-06', '2026-04-10', 'en-US')).toBe('Apr 6, 2026 – Apr 10, 2026');
    expect(formatDateSpan('2026-04-06', '2026-04-06', 'en-GB')).toBe('6 Apr 2026');
  });

  it('writes a range of times on the locale’s clock', () => {
    expect(formatTimeRange('08:30:00', '15:30:00', 'en-AU')).toBe('08:30–15:30');
    expect(formatTimeRange('08:30', '15:30', 'en-US')).toBe('8:30 AM–3:30 PM');
  });
});
