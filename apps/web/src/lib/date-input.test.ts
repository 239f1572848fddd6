import { describe, expect, it } from 'vitest';
import { acceptedDateInputs, parseDateInput, parseTimeInput } from './date-input';
import { formatDate } from './locale-format';

const iso = (text: string, locale: string) => parseDateInput(text, locale)?.toISODate();

describe('date inputs (spec §5)', () => {
  it('lists the spec patterns per locale, and the form each is shown when the spec lists it not', () => {
    const us = ['MM/DD/YY', 'MM-DD-YY', 'MM/DD/YYYY', 'MM-DD-YYYY', 'YYYY-MM-DD', 'YYYY/MM/DD'];
    const dayFirst = ['DD/MM/YY', 'DD-MM-YY', 'DD/MM/YYYY', 'DD-MM-YYYY', 'YYYY-MM-DD', 'YYYY/MM/DD', 'D/MM/YYYY'];
    expect(acceptedDateInputs('en-US')).toEqual(us);
    expect(acceptedDateInputs('en-CA')).toEqual(us);
    for (const locale of ['en-GB', 'en-AU', 'en-NZ', 'en']) expect(acceptedDateInputs(locale)).toEqual(dayFirst);
  });

  it.each(['en-AU', 'en-NZ', 'en-GB', 'en-US', 'en-CA', 'en'])('%s reads back every date as it is shown (formatDate)', (locale) => {
    for (const date of ['2026-03-04', '2026-11-30', '2026-12-01', '2027-01-29']) {
      expect(iso(formatDate(date, locale), locale)).toBe(date);
    }
  });

  it.each([
    ['en-CA', '11/30/2026', '2026-11-30'],
    ['en-CA', '12/01/2026', '2026-12-01'],
    ['en-CA', '11-30-26', '2026-11-30'],
    ['en-US', '11/30/2026', '2026-11-30'],
    ['en-AU', '30/11/2026', '2026-11-30'],
    ['en-AU', '4/03/2026', '2026-03-04'],
    ['en-NZ', '30/11/2026', '2026-11-30'],
    ['en-GB', '1/12/2026', '2026-12-01'],
    ['en', '30/11/2026', '2026-11-30'],
  ])('%s reads the typed %s as %s', (locale, text, date) => {
    expect(iso(text, locale)).toBe(date);
  });

  it.each([
    ['en-CA', '30/11/2026'],
    ['en-CA', '13/01/2026'],
    ['en-US', '30/11/2026'],
    ['en-AU', '11/30/2026'],
    ['en-NZ', '11/30/2026'],
    ['en-GB', '11/30/2026'],
    ['en', '11/30/2026'],
  ])('%s refuses %s, which is not a date the way it shows dates', (locale, text) => {
    expect(iso(text, locale)).toBeUndefined();
  });

  it.each([
    ['03/04/26', '2026-03-04'],
    ['03-04-26', '2026-03-04'],
    ['03/04/2026', '2026-03-04'],
    ['03-04-2026', '2026-03-04'],
    ['2026-03-04', '2026-03-04'],
    ['2026/03/04', '2026-03-04'],
  ])('en-US and en-CA read %s as %s', (text, date) => {
    for (const locale of ['en-US', 'en-CA']) expect(iso(text, locale)).toBe(date);
  });

  it.each([
    ['04/03/26', '2026-03-04'],
    ['04-03-26', '2026-03-04'],
    ['04/03/2026', '2026-03-04'],
    ['4/03/2026', '2026-03-04'],
    ['04-03-2026', '2026-03-04'],
    ['2026-03-04', '2026-03-04'],
    ['2026/03/04', '2026-03-04'],
  ])('en-GB, en-AU, en-NZ and en read %s as %s', (text, date) => {
    for (const locale of ['en-GB', 'en-AU', 'en-NZ', 'en']) expect(iso(text, locale)).toBe(date);
  });

  it.each(['4/3/2026', '13/04/2026', '2026.03.04', '03/04/026', '', 'tomorrow', '2026-3-4', '31/02/2026', '3/04/2026'])(
    'en-US refuses %j',
    (text) => {
      expect(iso(text, 'en-US')).toBeUndefined();
    },
  );

  it.each(['4/3/2026', '32/01/2026', '29/02/2026', '04.03.2026', '2026-13-01', '4-03-2026', '4/03/26'])('en-GB refuses %j', (text) => {
    expect(iso(text, 'en-GB')).toBeUndefined();
  });

  it('tolerates surrounding spaces', () => {
    expect(iso(' 04/03/2026 ', 'en-AU')).toBe('2026-03-04');
  });
});

describe('time inputs (spec §5)', () => {
  it.each([
    ['8:30', '08:30:00'],
    ['08:30', '08:30:00'],
    ['23:59', '23:59:00'],
    ['08:30:15', '08:30:15'],
    ['00:00', '00:00:00'],
  ])('accepts %s as %s', (text, time) => {
    expect(parseTimeInput(text)).toBe(time);
  });

  it.each(['830', '8:3', '24:00', '12:60', '8:30:15', '08:30:60', 'ab:cd', '', '8:30 am'])('refuses %j', (text) => {
    expect(parseTimeInput(text)).toBeUndefined();
  });
});
