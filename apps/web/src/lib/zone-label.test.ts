import { describe, expect, it } from 'vitest';
import { spansTimeZones, zoneAbbreviation } from './zone-label';

const link = (timeZone: string) => ({ locationId: 1, locationName: 'x', timeZone, tags: [], access: { permissions: [] } });
const client = (...zones: string[]) => ({ clientId: 1, clientName: 'c', access: { permissions: [] }, locations: zones.map(link) });

describe('zone short names', () => {
  it.each([
    ['Australia/Perth', '2026-01-15', 'AWST'],
    ['Australia/Perth', '2026-07-15', 'AWST'],
    ['Australia/Sydney', '2026-01-15', 'AEDT'],
    ['Australia/Sydney', '2026-07-15', 'AEST'],
    ['Australia/Brisbane', '2026-01-15', 'AEST'],
    ['Australia/Adelaide', '2026-01-15', 'ACDT'],
    ['Australia/Darwin', '2026-01-15', 'ACST'],
    ['Pacific/Auckland', '2026-01-15', 'NZDT'],
    ['Pacific/Auckland', '2026-07-15', 'NZST'],
  ])('%s on %s is %s for an en-AU reader', (zone, date, name) => {
    expect(zoneAbbreviation(zone, date, 'en-AU')).toBe(name);
  });

  it('names a zone as its own region writes it when the reader’s locale knows no name for it', () => {
    for (const locale of ['en', 'en-US', 'en-CA', 'en-GB', 'en-NZ']) {
      expect(zoneAbbreviation('Australia/Perth', '2026-01-15', locale)).toBe('AWST');
      expect(zoneAbbreviation('Australia/Sydney', '2026-07-15', locale)).toBe('AEST');
    }
    expect(zoneAbbreviation('Europe/London', '2026-07-15', 'en-AU')).toBe('BST');
    expect(zoneAbbreviation('Europe/London', '2026-01-15', 'en-AU')).toBe('GMT');
    expect(zoneAbbreviation('America/Toronto', '2026-01-15', 'en-GB')).toBe('EST');
    expect(zoneAbbreviation('America/Toronto', '2026-07-15', 'en-CA')).toBe('EDT');
  });

  it('follows daylight saving at the moment given (Sydney changes on the first Sunday of April and October)', () => {
    expect(zoneAbbreviation('Australia/Sydney', '2026-04-04T08:30', 'en-AU')).toBe('AEDT');
    expect(zoneAbbreviation('Australia/Sydney', '2026-04-06T08:30', 'en-AU')).toBe('AEST');
    expect(zoneAbbreviation('Australia/Sydney', '2026-10-05T08:30', 'en-AU')).toBe('AEDT');
    // An instant is read in the zone: 14:00 UTC on 3 Oct is midnight in Sydney, two hours before the change.
    expect(zoneAbbreviation('Australia/Sydney', '2026-10-03T14:00:00Z', 'en-AU')).toBe('AEST');
    expect(zoneAbbreviation('Australia/Sydney', '2026-10-03T20:00:00Z', 'en-AU')).toBe('AEDT');
  });

  it('never answers with an IANA name', () => {
    for (const zone of ['Australia/Perth', 'Asia/Singapore', 'America/Phoenix', 'Pacific/Auckland', 'UTC']) {
      expect(zoneAbbreviation(zone, '2026-01-15', 'en-AU')).not.toMatch(/\//);
    }
    expect(zoneAbbreviation('Not/AZone', '2026-01-15', 'en-AU')).toBe('');
  });

  it('tells whether a contact’s schools lie in more than one zone', () => {
    expect(spansTimeZones(undefined)).toBe(false);
    expect(spansTimeZones({ groups: [], clients: [client('Australia/Sydney', 'Australia/Sydney')] })).toBe(false);
    expect(
      spansTimeZones({
        groups: [{ groupId: 1, groupName: 'g', access: { permissions: [] }, clients: [client('Australia/Sydney')] }],
        clients: [client('Australia/Perth')],
      }),
    ).toBe(true);
  });
});
