import { describe, expect, it } from 'vitest';
import { formatDateList } from '../format/locale-format';
import { LOCALES } from '../domain';
import { serviceDatesText } from './service-dates';

describe('the dates of an invoice line', () => {
  it('writes runs of three or more days as ranges and lists the rest, in the locale’s order', () => {
    const week = ['2025-12-01', '2025-12-02', '2025-12-03', '2025-12-04', '2025-12-05'];
    expect(serviceDatesText(week, 'en-AU')).toBe('1–5 Dec 2025');
    expect(serviceDatesText(week, 'en-US')).toBe('Dec 1–5, 2025');
    expect(serviceDatesText(['2025-12-04', '2025-12-01', '2025-12-02', '2025-12-02'], 'en-GB')).toBe('1, 2, 4 Dec 2025');
    expect(serviceDatesText(['2025-12-05', '2025-12-08'], 'en-NZ')).toBe('5, 8 Dec 2025');
    expect(serviceDatesText(['2025-12-01'], 'en-CA')).toBe('Dec 1, 2025');
  });

  it('names each month once and each year at the end of its dates', () => {
    expect(serviceDatesText(['2025-11-28', '2025-11-29', '2025-12-01', '2025-12-02', '2025-12-03'], 'en-AU')).toBe(
      '28, 29 Nov, 1–3 Dec 2025',
    );
    expect(serviceDatesText(['2025-12-30', '2025-12-31', '2026-01-02'], 'en-NZ')).toBe('30, 31 Dec 2025, 2 Jan 2026');
    expect(serviceDatesText(['2025-12-30', '2025-12-31', '2026-01-02'], 'en-US')).toBe('Dec 30, 31, 2025, Jan 2, 2026');
  });

  it('never writes a range over days not worked', () => {
    expect(serviceDatesText(['2025-12-05', '2025-12-06', '2025-12-08'], 'en-AU')).toBe('5, 6, 8 Dec 2025');
  });

  it('writes one date as the portal writes every list date', () => {
    for (const locale of LOCALES) {
      for (const date of ['2026-03-04', '2026-09-30']) expect(serviceDatesText([date], locale)).toBe(formatDateList(date, locale));
    }
    expect(serviceDatesText(['2026-11-02', '2026-11-06'], 'en')).toBe('2, 6 Nov 2026');
  });

  it('is empty for no dates', () => {
    expect(serviceDatesText([], 'en-AU')).toBe('');
  });
});
