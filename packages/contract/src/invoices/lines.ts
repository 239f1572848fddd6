import { formatDuration } from '../format/duration';
import { formatCount } from '../format/locale-format';
import { divideRoundHalfUp, invoiceTotals } from './tax';

/**
 * An invoice's lines: what each bills, in which unit, on which dates, and how a payer reads its quantity.
 *
 * Units: a line bills whole days, half days or hours, never a mix, so its unit price is the price of its unit and
 * quantity × unit price is its amount:
 * - `day`: a day-rate booking for the full day; quantity = the days; "1 day", "5 days";
 * - `half_day`: a day-rate booking for half a day (booked as one, or fewer than HALF_DAY_BELOW_MINUTES worked);
 *   quantity = the half days, at half the day rate; "1 half day", "3 half days";
 * - `hour`: an hourly booking; quantity = the hours (two decimals), amount from the exact minutes; written as the
 *   portal writes hours everywhere: "7 h 30 min".
 * A line stored before half days had their own unit may hold a fraction of a day ("2.5 days").
 */

export const INVOICE_LINE_UNITS = ['day', 'half_day', 'hour'] as const;
export type InvoiceLineUnit = (typeof INVOICE_LINE_UNITS)[number];

/** A day-rate booking with fewer minutes worked than this is billed as a half day. */
export const HALF_DAY_BELOW_MINUTES = 240;

/** The unit one booking is billed in: hourly bookings by the hour, day-rate ones by the day or the half day. */
export function billedUnitOf(rate: 'day' | 'hour', booking: { fullDay: boolean; minutesWorked: number }): InvoiceLineUnit {
  if (rate === 'hour') return 'hour';
  return booking.fullDay && booking.minutesWorked >= HALF_DAY_BELOW_MINUTES ? 'day' : 'half_day';
}

/** Half the day rate, rounded half up to the minor unit. */
export function halfDayPriceMinor(dayPriceMinor: number): number {
  return divideRoundHalfUp(dayPriceMinor, 2);
}

/** A quantity as a payer reads it: a count of days or half days, or a duration. */
export type QuantityWords = { kind: 'count'; unit: 'day' | 'half_day'; count: number } | { kind: 'duration'; minutes: number };

export function quantityWords(quantity: number, unit: InvoiceLineUnit): QuantityWords {
  if (unit === 'hour') return { kind: 'duration', minutes: Math.round(quantity * 60) };
  return { kind: 'count', unit, count: quantity };
}

/** The quantity in English words (the PDF): '5 days', '1 half day', '7 h 30 min'. */
export function quantityText(quantity: number, unit: InvoiceLineUnit, locale: string): string {
  const words = quantityWords(quantity, unit);
  if (words.kind === 'duration') return formatDuration(words.minutes, locale);
  const noun = words.unit === 'day' ? 'day' : 'half day';
  return `${formatCount(words.count, locale)} ${noun}${words.count === 1 ? '' : 's'}`;
}

/** One booking's work as the invoicing sees it. */
export interface BillableWork {
  /** Work with the same key, unit and price shares a line (e.g. educator and classification). */
  key: string;
  candidateId: number | null;
  description: string;
  unit: InvoiceLineUnit;
  /** 'YYYY-MM-DD', local to the location. */
  dateLocal: string;
  minutesWorked: number;
  /** The price of one `unit` (for hours: of one hour), minor units. */
  unitPriceMinor: number;
}

export interface ComposedLine {
  candidateId: number | null;
  description: string;
  unit: InvoiceLineUnit;
  quantity: number;
  unitPriceMinor: number;
  amountMinor: number;
  taxMinor: number;
  /** The distinct dates it covers, in order. */
  serviceDates: string[];
}

export interface ComposedInvoice {
  lines: ComposedLine[];
  subtotalMinor: number;
  taxMinor: number;
  totalMinor: number;
}

interface Group {
  first: BillableWork;
  count: number;
  minutes: number;
  dates: Set<string>;
}

function lineOf(group: Group): Omit<ComposedLine, 'taxMinor'> {
  const { first } = group;
  const hourly = first.unit === 'hour';
  return {
    candidateId: first.candidateId,
    description: first.description,
    unit: first.unit,
    quantity: hourly ? Math.round((group.minutes / 60) * 100) / 100 : group.count,
    unitPriceMinor: first.unitPriceMinor,
    amountMinor: hourly ? divideRoundHalfUp(group.minutes * first.unitPriceMinor, 60) : group.count * first.unitPriceMinor,
    serviceDates: [...group.dates].sort(),
  };
}

/**
 * The lines and totals of one invoice: work grouped into lines (first seen first), each line's amount, then the tax
 * rule of `./tax.ts` over the lines.
 */
export function composeInvoice(work: readonly BillableWork[], taxRateBasisPoints: number): ComposedInvoice {
  const groups = new Map<string, Group>();
  for (const item of work) {
    const key = `${item.key}\u0000${item.unit}\u0000${item.unitPriceMinor}`;
    const group = groups.get(key);
    if (group) {
      group.count += 1;
      group.minutes += Math.max(0, item.minutesWorked);
      group.dates.add(item.dateLocal);
    } else groups.set(key, { first: item, count: 1, minutes: Math.max(0, item.minutesWorked), dates: new Set([item.dateLocal]) });
  }
  const lines = [...groups.values()].map(lineOf);
  const totals = invoiceTotals(
    lines.map((l) => l.amountMinor),
    taxRateBasisPoints,
  );
  return {
    lines: lines.map((line, i) => ({ ...line, taxMinor: totals.lineTaxMinor[i]! })),
    subtotalMinor: totals.subtotalMinor,
    taxMinor: totals.taxMinor,
    totalMinor: totals.totalMinor,
  };
}
