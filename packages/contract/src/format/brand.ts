import type { Locale } from '../domain';

/**
 * Spec §1: the product name and the company name change with the regional variant. One table for the web (header,
 * page titles, footer) and the server (e-mails, their sender name), so a school reads the same names in its
 * mailbox as in the portal. The company names are the trading names of the provider's entity in each region (the
 * invoices print the registered names).
 */
export interface Brand {
  /** The portal's name in the region: what teachers there call the service. */
  productName: string;
  /** Who runs it in the region. */
  companyName: string;
}

export const BRANDS: Record<Locale, Brand> = {
  en: { productName: 'Chalkline Client Portal', companyName: 'Chalkline Education' },
  'en-AU': { productName: 'Chalkline Relief Portal', companyName: 'Chalkline Education' },
  'en-NZ': { productName: 'Chalkline Relief Portal', companyName: 'Chalkline Education NZ' },
  'en-GB': { productName: 'Chalkline Supply Portal', companyName: 'Chalkline Education UK' },
  'en-CA': { productName: 'Chalkline Supply Portal', companyName: 'Chalkline Education Canada' },
  'en-US': { productName: 'Chalkline Substitute Portal', companyName: 'Chalkline Education USA' },
};

/** The brand of a locale; an unknown one gets the international (`en`) names. */
export function brandFor(locale: string): Brand {
  return BRANDS[locale as Locale] ?? BRANDS.en;
}
