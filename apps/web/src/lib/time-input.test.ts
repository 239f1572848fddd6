import { describe, expect, it } from 'vitest';
import { parseTimeOfDay, stepTimeOfDay, timeExamples, timeFieldText, timeFieldValue } from './time-input';

describe('typed times of day', () => {
  it.each([
    ['8:30', '08:30'],
    ['08:30', '08:30'],
    ['13:30', '13:30'],
    ['23:59', '23:59'],
    ['00:00', '00:00'],
    ['13:30:15', '13:30'],
    ['1:30 PM', '13:30'],
    ['1:30 pm', '13:30'],
    ['1:30pm', '13:30'],
    ['1:30 p.m.', '13:30'],
    ['8:30 AM', '08:30'],
    ['08:30 am', '08:30'],
    ['12:00 AM', '00:00'],
    ['12:15 PM', '12:15'],
    ['12 pm', '12:00'],
    ['3 PM', '15:00'],
    [' 9:05 AM ', '09:05'],
  ])('reads %j as %s', (text, time) => {
    expect(parseTimeOfDay(text)).toBe(time);
  });

  it.each(['', '830', '8:3', '24:00', '12:60', '13:30 PM', '0:30 AM', '8:30 XM', 'noon', '8.30', '1:30 p'])('refuses %j', (text) => {
    expect(parseTimeOfDay(text)).toBeUndefined();
  });
});

describe('the time field', () => {
  it.each([
    ['en-US', '13:30', '1:30 PM'],
    ['en-CA', '08:05', '8:05 AM'],
    ['en-CA', '00:00', '12:00 AM'],
    ['en-AU', '13:30', '13:30'],
    ['en-NZ', '08:05', '08:05'],
    ['en-GB', '13:30', '13:30'],
    ['en', '13:30', '13:30'],
  ])('shows %s %s as %s, as the app writes times there', (locale, value, text) => {
    expect(timeFieldText(value, locale)).toBe(text);
  });

  it('shows what is no time as it is, and nothing for no value', () => {
    expect(timeFieldText('', 'en-US')).toBe('');
    expect(timeFieldText('half past', 'en-AU')).toBe('half past');
  });

  it('hands on 24-hour HH:mm for any accepted text, in every locale, and the text itself for the rest', () => {
    expect(timeFieldValue('1:30 PM')).toBe('13:30');
    expect(timeFieldValue('13:30')).toBe('13:30');
    expect(timeFieldValue('8:30')).toBe('08:30');
    expect(timeFieldValue('  ')).toBe('');
    expect(timeFieldValue('25:00')).toBe('25:00');
  });

  it('steps to the next five minutes up or down, within the day', () => {
    expect(stepTimeOfDay('08:32', 1)).toBe('08:35');
    expect(stepTimeOfDay('08:32', -1)).toBe('08:30');
    expect(stepTimeOfDay('08:30', 1)).toBe('08:35');
    expect(stepTimeOfDay('08:30', -1)).toBe('08:25');
    expect(stepTimeOfDay('23:58', 1)).toBe('23:59');
    expect(stepTimeOfDay('00:00', -1)).toBe('00:00');
    expect(stepTimeOfDay('1:00 PM', 1, 15)).toBe('13:15');
    expect(stepTimeOfDay('soon', 1)).toBeUndefined();
  });

  it('gives examples in the locale’s own writing', () => {
    expect(timeExamples('en-US')).toEqual({ morning: '8:30 AM', afternoon: '1:30 PM', twelveHour: true });
    expect(timeExamples('en-AU')).toEqual({ morning: '08:30', afternoon: '13:30', twelveHour: false });
  });
});
