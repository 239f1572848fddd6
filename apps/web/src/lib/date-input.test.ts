import { describe, expect, it } from 'vitest';
import { acceptedDateInputs, parseDateInput, parseTimeInput } from './date-input';

const iso = (text: string, locale: string) => parseDateInput(text, locale)?.toISODate();

describe('date inputs (spec §5)', () => {
  it('lists the spec patterns per locale', () => {
    expect(acceptedDateInputs('en-US')).toEqual(['MM/DD/YY', 'MM-DD-YY', 'MM/DD/YYYY', 'MM-DD-YYYY', 'YYYY-MM-DD', 'YYYY/MM/DD']);
    expect(acceptedDateInputs('en-GB')).toEqual(['DD/MM/YY', 'DD-MM-YY', 'DD/MM/YYYY', 'DD-MM-YYYY', 'YYYY-MM-DD', 'YYYY/MM/DD']);
    expect(acceptedDateInputs('en-CA')).toEqual(acceptedDateInputs('en-AU'));
  });

  it.each([
    ['03/04/26', '2026-03-04'],
    ['03-04-26', '2026-03-04'],
    ['03/04/2026', '2026-03-04'],
    ['03-04-2026', '2026-03-04'],
    ['2026-03-04', '2026-03-04'],
    ['2026/03/04', '2026-03-04'],
  ])('en-US reads %s as %s', (text, date) => {
    expect(iso(text, 'en-US')).toBe(date);
  });

  it.each([
    ['04/03/26', '2026-03-04'],
    ['04-03-26', '2026-03-04'],
    ['04/03/2026', '2026-03-04'],
    ['04-03-2026', '2026-03-04'],
    ['2026-03-04', '2026-03-04'],
    ['2026/03/04', '2026-03-04'],
  ])('en-GB, en-AU, en-NZ, en-CA and en read %s as %s', (text, date) => {
    for (const locale of ['en-GB', 'en-AU', 'en-NZ', 'en-CA', 'en']) expect(iso(text, locale)).toBe(date);
  });

  it.each(['4/3/2026', '13/04/2026', '2026.03.04', '03/04/026', '', 'tomorrow', '2026-3-4', '31/02/2026'])('en-US refuses %j', (text) => {
    expect(iso(text, 'en-US')).toBeUndefined();
  });

  it.each(['4/3/2026', '32/01/2026', '29/02/2026', '04.03.2026', '2026-13-01'])('en-GB refuses %j', (text) => {
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
