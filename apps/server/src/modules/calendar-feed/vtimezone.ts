import { DateTime } from 'luxon';

/**
 * A VTIMEZONE for an IANA zone over a span (RFC 5545 §3.6.5), so every `DTSTART;TZID=…` of the feed names a zone
 * the file defines: the zone's offsets and their changes inside the span, found with Luxon (the runtime's tz
 * database). No RRULE: each change is its own observance, which is exact for the span the feed covers.
 */

const pad = (n: number) => String(n).padStart(2, '0');

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

/** Local wall time in the given offset, 'YYYYMMDDTHHmmss'. */
function wallTime(instantMs: number, offsetMinutes: number): string {
  const d = new Date(instantMs + offsetMinutes * 60_000);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

const offsetAt = (zone: string, ms: number) => DateTime.fromMillis(ms, { zone }).offset;

/**
 * The instants in [from, to) where the zone's offset changes (to the minute): the offset is compared a day apart,
 * then the day with a change is bisected. No zone of the tz database changes its offset twice within a day.
 */
function transitions(zone: string, fromMs: number, toMs: number): number[] {
  const found: number[] = [];
  const step = 24 * 3_600_000;
  let before = offsetAt(zone, fromMs);
  for (let t = fromMs; t < toMs; t += step) {
    const next = Math.min(t + step, toMs);
    const after = offsetAt(zone, next);
    if (after !== before) {
      let lo = t;
      let hi = next; // offset(lo) differs from offset(hi): find the first minute of the new offset
      while (hi - lo > 60_000) {
        const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
        if (offsetAt(zone, mid) === before) lo = mid;
        else hi = mid;
      }
      found.push(hi);
    }
    before = after;
  }
  return found;
}

function observance(zone: string, at: number, from: number, to: number): string {
  const dt = DateTime.fromMillis(at, { zone });
  const kind = dt.isInDST ? 'DAYLIGHT' : 'STANDARD';
  return [
    `BEGIN:${kind}`,
    `DTSTART:${wallTime(at, from)}`,
    `TZOFFSETFROM:${offsetText(from)}`,
    `TZOFFSETTO:${offsetText(to)}`,
    `TZNAME:${dt.offsetNameShort ?? offsetText(to)}`,
    `END:${kind}`,
  ].join('\r\n');
}

/** Worked-out VTIMEZONEs by zone and span: every feed built on one day asks for the same few. */
const known = new Map<string, string | null>();
const KNOWN_MAX = 256;

/** The VTIMEZONE of `zone` valid over [from, to], or null for a zone the runtime does not know. */
export function vtimezone(zone: string, from: Date, to: Date): string | null {
  const key = `${zone} ${from.getTime()} ${to.getTime()}`;
  if (known.has(key)) return known.get(key)!;
  if (known.size >= KNOWN_MAX) known.clear();
  const text = workOut(zone, from.getTime(), to.getTime());
  known.set(key, text);
  return text;
}

function workOut(zone: string, fromMs: number, toMs: number): string | null {
  if (!DateTime.fromMillis(0, { zone }).isValid) return null;
  const first = offsetAt(zone, fromMs);
  const parts = [observance(zone, fromMs, first, first)];
  for (const at of transitions(zone, fromMs, toMs)) parts.push(observance(zone, at, offsetAt(zone, at - 60_000), offsetAt(zone, at)));
  return ['BEGIN:VTIMEZONE', `TZID:${zone}`, ...parts, 'END:VTIMEZONE', ''].join('\r\n');
}
