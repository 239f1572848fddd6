import { z } from 'zod';

/**
 * How to pay the provider in a region (PROVIDER_PAYMENT_DETAILS on the server, per locale): the account's name and
 * bank, the region's own bank identifiers (BSB in Australia, sort code in the UK, routing number in the US,
 * institution and transit numbers in Canada, bank code in Singapore; New Zealand's account number carries its bank
 * and branch), the account number and, for payers abroad, IBAN and SWIFT/BIC. The invoice prints them with the
 * invoice number as the reference to quote.
 */

const field = (description: string) => z.string().trim().min(1).max(80).describe(description);

export const PaymentDetails = z
  .strictObject({
    accountName: z.string().trim().min(1).max(200).describe('Name on the account'),
    bank: z.string().trim().min(1).max(200).describe('Bank'),
    bsb: field('Australia: BSB, e.g. 062-000').optional(),
    sortCode: field('United Kingdom: sort code, e.g. 20-00-00').optional(),
    routingNumber: field('United States: ABA routing number (9 digits)').optional(),
    institutionNumber: field('Canada: institution number (3 digits)').optional(),
    transitNumber: field('Canada: transit (branch) number (5 digits)').optional(),
    bankCode: field('Singapore: bank code (4 digits)').optional(),
    accountNumber: field('Account number'),
    iban: field('IBAN, for payers abroad').optional(),
    swift: field('SWIFT/BIC, for payers abroad').optional(),
  })
  .meta({ id: 'PaymentDetails' });
export type PaymentDetails = z.infer<typeof PaymentDetails>;

export type PaymentDetailKey = Exclude<keyof PaymentDetails, 'accountName' | 'bank'>;

/** The bank identifiers in the order a payer types them, with their English labels (the web translates by key). */
export const PAYMENT_DETAIL_FIELDS: ReadonlyArray<{ key: PaymentDetailKey; label: string }> = [
  { key: 'bsb', label: 'BSB' },
  { key: 'sortCode', label: 'Sort code' },
  { key: 'routingNumber', label: 'Routing number (ABA)' },
  { key: 'institutionNumber', label: 'Institution number' },
  { key: 'transitNumber', label: 'Transit number' },
  { key: 'bankCode', label: 'Bank code' },
  { key: 'accountNumber', label: 'Account number' },
  { key: 'iban', label: 'IBAN' },
  { key: 'swift', label: 'SWIFT/BIC' },
];

/** The identifiers these details hold, in order. */
export function paymentDetailRows(details: PaymentDetails): Array<{ key: PaymentDetailKey; label: string; value: string }> {
  return PAYMENT_DETAIL_FIELDS.flatMap(({ key, label }) => {
    const value = details[key];
    return value ? [{ key, label, value }] : [];
  });
}
