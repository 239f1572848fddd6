import type { Locale } from '../domain';
import { localeFormat } from '../format/locale-format';

/**
 * What an invoice is called and what it shows, per region (spec §1: the tax label and currency differ by locale).
 *
 * A tax invoice only where the region's tax needs one: Australia and New Zealand charge GST and a GST-registered
 * supplier issues a "Tax invoice"; the United Kingdom's VAT invoice is a "VAT invoice". The United States, Canada
 * and the `en` region (Singapore, 0% here) get a plain "Invoice".
 *
 * The tax line: a tax invoice always shows its tax, even at 0% (the payer's accounts need the figure). A plain
 * invoice shows it only when tax is charged; at 0% it says nothing about tax (no "Tax (0%) $0.00" line, no tax
 * column), as a payer there expects, and its total is its subtotal.
 */

export const INVOICE_DOCUMENT_KINDS = ['tax_invoice', 'vat_invoice', 'invoice'] as const;
export type InvoiceDocumentKind = (typeof INVOICE_DOCUMENT_KINDS)[number];

const KIND_BY_LOCALE: Record<Locale, InvoiceDocumentKind> = {
  'en-AU': 'tax_invoice',
  'en-NZ': 'tax_invoice',
  'en-GB': 'vat_invoice',
  'en-US': 'invoice',
  'en-CA': 'invoice',
  en: 'invoice',
};

/** The titles in English, as the PDF prints them (the web takes its own from i18next by kind). */
export const INVOICE_DOCUMENT_TITLES: Record<InvoiceDocumentKind, string> = {
  tax_invoice: 'Tax invoice',
  vat_invoice: 'VAT invoice',
  invoice: 'Invoice',
};

export function invoiceDocumentKind(locale: string): InvoiceDocumentKind {
  return KIND_BY_LOCALE[locale as Locale] ?? 'invoice';
}

/** Whether the invoice shows a tax line and the lines' tax (see the module's comment). */
export function showsTax(locale: string, taxRatePercent: number): boolean {
  return invoiceDocumentKind(locale) !== 'invoice' || taxRatePercent > 0;
}

const regionNames = new Map<string, Intl.DisplayNames>();

/**
 * A country as the reader's locale names it: 'AU' → 'Australia', 'GB' → 'United Kingdom'. Both addresses of an
 * invoice write their country through this, so the issuer and the client never differ ('Australia' against 'AU').
 * A code Intl does not know is printed as given.
 */
export function countryName(code: string, locale: string): string {
  const { intlLocale } = localeFormat(locale);
  let names = regionNames.get(intlLocale);
  if (!names) {
    names = new Intl.DisplayNames([intlLocale], { type: 'region', fallback: 'code' });
    regionNames.set(intlLocale, names);
  }
  try {
    return names.of(code.trim().toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

export interface PostalAddress {
  line1: string | null;
  line2: string | null;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
  /** ISO 3166-1 alpha-2 code. */
  country: string | null;
}

/** North American addresses write 'City, ST 12345'; the others 'Suburb STATE 1234'. */
const CITY_COMMA_STATE = new Set(['US', 'CA']);

/** An address as lines to print, its country named by `countryName`. */
export function postalLines(address: PostalAddress, locale: string): string[] {
  const country = address.country?.trim().toUpperCase() ?? '';
  const place = CITY_COMMA_STATE.has(country)
    ? [address.suburb, [address.state, address.postcode].filter(Boolean).join(' ')].filter(Boolean).join(', ')
    : [address.suburb, address.state, address.postcode].filter(Boolean).join(' ');
  return [address.line1, address.line2, place, country ? countryName(country, locale) : null].filter((line): line is string => !!line);
}
