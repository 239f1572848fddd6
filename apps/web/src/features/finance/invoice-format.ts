import { formatMinorAmount, type InvoiceLine, type InvoiceSummary } from '@portal/contract/invoices';
import { formatDuration } from '@portal/contract/format/duration';
import { quantityWords } from '@portal/contract/invoices/lines';
import { localeFormat } from '../../lib/locale-format';
import type { FinanceTranslate } from './use-finance-text';

/** An amount in minor units in its own currency, written the way the reader's locale writes money. */
export function money(minor: number, currency: string, locale: string): string {
  return formatMinorAmount(minor, currency, localeFormat(locale).intlLocale);
}

/** The tax column's label: the invoices' own (VAT, GST, Tax), else the locale's (spec §1). */
export function taxLabelOf(invoices: readonly Pick<InvoiceSummary, 'taxLabel'>[], locale: string): string {
  const labels = new Set(invoices.map((invoice) => invoice.taxLabel));
  return labels.size === 1 ? [...labels][0]! : localeFormat(locale).taxLabel;
}

/** A line's quantity in words, by the contract's rule: '5 days', '3 half days', '7 h 30 min'. */
export function lineQuantity(line: Pick<InvoiceLine, 'quantity' | 'unit'>, t: FinanceTranslate, locale: string): string {
  const words = quantityWords(line.quantity, line.unit);
  if (words.kind === 'duration') return formatDuration(words.minutes, locale);
  const quantity = words.count.toLocaleString(localeFormat(locale).intlLocale, { maximumFractionDigits: 2 });
  return t(`invoice.unit.${words.unit}`, { count: words.count, quantity });
}
