import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { vtimezone } from './vtimezone';

const HOUR = 3_600_000;

/** The DTSTARTs of the observances after the first, as UTC instants. */
function changesIn(text: string): number[] {
  const blocks = [...text.matchAll(/BEGIN:(?:STANDARD|DAYLIGHT)\r\nDTSTART:(\d{8}T\d{6})\r\nTZOFFSETFROM:([+-]\d{4})/g)].slice(1);
  return blocks.map(([, wall, from]) => {
    const sign = from!.startsWith('-') ? -1 : 1;
    const minutes = sign * (Number(from!.slice(1, 3)) * 60 + Number(from!.slice(3, 5)));
    return DateTime.fromFormat(wall!, "yyyyMMdd'T'HHmmss", { zone: 'utc' }).toMillis() - minutes * 60_000;
  });
}

describe('VTIMEZONE', () => {
  it('names every change of offset in the span, each inside the hour an hour-by-hour scan finds it in', () => {
    const from = new Date('2026-06-01T00:00:00Z');
    const to = new Date('2027-08-01T00:00:00Z');
    // Half-hour DST in the south (Lord Howe), the north's DST, and a zone without DST.
    for (const zone of ['Australia/Lord_Howe', 'America/New_York', 'Australia/Brisbane']) {
      const scanned: number[] = [];
      for (let t = from.getTime(); t < to.getTime(); t += HOUR) {
        if (DateTime.fromMillis(t, { zone }).offset !== DateTime.fromMillis(t + HOUR, { zone }).offset) scanned.push(t);
      }
      const found = changesIn(vtimezone(zone, from, to)!);
      expect(found.length, zone).toBe(scanned.length);
      found.forEach((at, i) => {
        expect(at, zone).toBeGreaterThan(scanned[i]!);
        expect(at, zone).toBeLessThanOrEqual(scanned[i]! + HOUR);
        expect(DateTime.fromMillis(at, { zone }).offset, zone).not.toBe(DateTime.fromMillis(at - 60_000, { zone }).offset);
      });
    }
  });

  it('is worked out once per zone and span, and is null for a zone the runtime does not know', () => {
    const from = new Date('2026-06-01T00:00:00Z');
    const to = new Date('2027-08-01T00:00:00Z');
    expect(vtimezone('Pacific/Auckland', from, to)).toBe(vtimezone('Pacific/Auckland', from, to));
    expect(vtimezone('Mars/Olympus_Mons', from, to)).toBeNull();
  });
});
