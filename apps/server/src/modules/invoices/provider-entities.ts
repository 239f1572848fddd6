import { countryName } from '@portal/contract/invoices/document';
import type { PaymentDetails } from '@portal/contract/invoices/payment';
import type { ProviderContact } from '@portal/contract/runtime-config';
import type { Config, ProviderEntities, ProviderPaymentDetails } from '../../config';

/**
 * The provider's invoicing entity and bank account per region (spec §1: company names differ by regional variant),
 * as invoices print them. PROVIDER_ENTITIES and PROVIDER_PAYMENT_DETAILS set them; demo mode has one of each per
 * regional variant, overridden by them. The demo's are invented (registration, bank and account numbers included),
 * in each country's own formats.
 */
export const DEMO_PROVIDER_ENTITIES: ProviderEntities = {
  'en-AU': {
    name: 'Chalkline Education Pty Ltd',
    lines: ['Level 12, 60 Margaret Street', 'Sydney NSW 2000', 'ABN 51 824 753 556'],
    country: 'AU',
  },
  'en-NZ': {
    name: 'Chalkline Education NZ Limited',
    lines: ['Level 5, 21 Queen Street', 'Auckland 1010', 'GST 123-456-789'],
    country: 'NZ',
  },
  'en-GB': {
    name: 'Chalkline Education UK Ltd',
    lines: ['3rd Floor, 20 Farringdon Road', 'London EC1M 3HE', 'VAT GB 123 4567 89'],
    country: 'GB',
  },
  'en-US': { name: 'Chalkline Education Inc.', lines: ['1200 Market Street, Suite 400', 'Philadelphia, PA 19107'], country: 'US' },
  'en-CA': {
    name: 'Chalkline Education Canada Inc.',
    lines: ['155 Wellington Street West, Suite 900', 'Toronto, ON M5V 3H1'],
    country: 'CA',
  },
  en: { name: 'Chalkline Education Pte. Ltd.', lines: ['8 Marina View, #15-01', 'Singapore 018960'], country: 'SG' },
};

export const DEMO_PROVIDER_PAYMENT_DETAILS: ProviderPaymentDetails = {
  'en-AU': { accountName: 'Chalkline Education Pty Ltd', bank: 'Harbourside Bank', bsb: '732-145', accountNumber: '1048 2291' },
  'en-NZ': { accountName: 'Chalkline Education NZ Limited', bank: 'Kauri Bank', accountNumber: '12-3140-0456789-00' },
  'en-GB': {
    accountName: 'Chalkline Education UK Ltd',
    bank: 'Thameside Bank plc',
    sortCode: '20-32-06',
    accountNumber: '53814209',
    iban: 'GB33 THSB 2032 0653 8142 09',
    swift: 'THSBGB2L',
  },
  'en-US': {
    accountName: 'Chalkline Education Inc.',
    bank: 'Keystone Trust Bank',
    routingNumber: '031176110',
    accountNumber: '4410228790',
  },
  'en-CA': {
    accountName: 'Chalkline Education Canada Inc.',
    bank: 'Maple Harbour Bank',
    institutionNumber: '614',
    transitNumber: '10172',
    accountNumber: '5023846',
  },
  en: {
    accountName: 'Chalkline Education Pte. Ltd.',
    bank: 'Merlion Bank',
    bankCode: '7391',
    accountNumber: '012-345678-9',
    swift: 'MRLBSGSG',
  },
};

export function providerEntitiesOf(config: Pick<Config, 'demo' | 'providerEntities'>): ProviderEntities {
  return { ...(config.demo ? DEMO_PROVIDER_ENTITIES : {}), ...config.providerEntities };
}

export function providerPaymentDetailsOf(config: Pick<Config, 'demo' | 'providerPaymentDetails'>): ProviderPaymentDetails {
  return { ...(config.demo ? DEMO_PROVIDER_PAYMENT_DETAILS : {}), ...config.providerPaymentDetails };
}

/** A party as an invoice or timesheet prints it: a name and address lines. */
export interface PartyAddress {
  name: string;
  lines: string[];
}

/**
 * The issuer block: the region's entity (or the `en` one), its country named as the reader's locale names the
 * client's, with the region's office contact. Without a configured entity (PROVIDER_ENTITIES outside demo mode) only
 * the contact is printed, never another region's or an invented one.
 */
export function providerEntity(entities: ProviderEntities, locale: string, contact: ProviderContact | null): PartyAddress {
  const entity = entities[locale as keyof ProviderEntities] ?? entities.en;
  const lines = entity ? [...entity.lines, ...(entity.country ? [countryName(entity.country, locale)] : [])] : [];
  return { name: entity?.name ?? '', lines: contact ? [...lines, `${contact.phone} · ${contact.email}`] : lines };
}

/** The region's bank account (or the `en` one); null when none is configured. */
export function providerPaymentDetails(details: ProviderPaymentDetails, locale: string): PaymentDetails | null {
  return details[locale as keyof ProviderPaymentDetails] ?? details.en ?? null;
}
