import { formatMinorAmount, type InvoiceSummary } from '@portal/contract/invoices';
import { localeFormat } from '../../lib/locale-format';

/** An amount in minor units in its own currency, written the way the reader's locale writes money. */
export function money(minor: number, currency: string, locale: string): string {
  return formatMinorAmount(minor, currency, localeFormat(locale).intlLocale);
}

/** The tax column's label: the invoices' own (VAT, GST, Tax), else the locale's (spec §1). */
export function taxLabelOf(invoices: readonly Pick<InvoiceSummary, 'taxLabel'>[], locale: string): string {
  const labels = new Set(invoices.map((invoice) => invoice.taxLabel));
  return labels.size === 1 ? [...labels][0]! : localeFormat(locale).taxLabel;
}
