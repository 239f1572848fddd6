import { billedUnitOf, composeInvoice, halfDayPriceMinor, type BillableWork, type ComposedInvoice } from '@portal/contract/invoices/lines';
import type { InvoiceableTimesheet } from './provider-timesheets.repository';

/**
 * One week of a client's approved timesheets as an invoice's lines (the invoicing run): a line per educator,
 * classification and unit (day, half day, hour) with the dates it covers, priced at the client's day and hour
 * prices, totalled by the contract's tax rule (invoices/lines, invoices/tax).
 */
export function composeWeek(
  timesheets: ReadonlyArray<InvoiceableTimesheet & { minutesBilled: number }>,
  prices: { day: number; hour: number },
  taxRateBasisPoints: number,
): ComposedInvoice {
  const work = timesheets.map((t): BillableWork => {
    const unit = billedUnitOf(t.unit_type === 'day' ? 'day' : 'hour', { fullDay: t.full_day, minutesWorked: t.minutesBilled });
    return {
      key: `${t.candidate_id}:${t.classification_title}`,
      candidateId: t.candidate_id,
      description: t.classification_title,
      unit,
      dateLocal: t.date_local,
      minutesWorked: t.minutesBilled,
      unitPriceMinor: unit === 'hour' ? prices.hour : unit === 'day' ? prices.day : halfDayPriceMinor(prices.day),
    };
  });
  return composeInvoice(work, taxRateBasisPoints);
}
