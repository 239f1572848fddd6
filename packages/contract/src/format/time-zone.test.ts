import { describe, expect, it } from 'vitest';
import { zoneAbbreviation } from './time-zone';

describe('a time zone as a reader knows it', () => {
  it('is the locale’s abbreviation on that date', () => {
    expect(zoneAbbreviation('Australia/Sydney', '2026-01-15T01:00:00Z', 'en-AU')).toBe('AEDT');
    expect(zoneAbbreviation('Australia/Sydney', '2026-07-15T01:00:00Z', 'en-AU')).toBe('AEST');
    expect(zoneAbbreviation('Pacific/Auckland', '2026-03-16T01:00:00Z', 'en-NZ')).toBe('NZDT');
    expect(zoneAbbreviation('Europe/London', '2026-07-15T09:00:00Z', 'en-GB')).toBe('BST');
    expect(zoneAbbreviation('America/Chicago', '2026-01-15T15:00:00Z', 'en-US')).toBe('CST');
  });

  it('falls back to the offset where the locale has no abbreviation, and to the zone when it is unknown', () => {
    expect(zoneAbbreviation('Asia/Singapore', '2026-01-15T01:00:00Z', 'en')).toBe('UTC+08:00');
    expect(zoneAbbreviation('Not/AZone', '2026-01-15T01:00:00Z', 'en-AU')).toBe('Not/AZone');
  });
});
