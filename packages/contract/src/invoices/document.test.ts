import { describe, expect, it } from 'vitest';
import { countryName, invoiceDocumentKind, INVOICE_DOCUMENT_TITLES, postalLines, showsTax } from './document';

describe('the invoice document per region', () => {
  it('is a tax invoice only where the region’s tax needs one', () => {
    const titles = Object.fromEntries(
      ['en-AU', 'en-NZ', 'en-GB', 'en-US', 'en-CA', 'en'].map((l) => [l, INVOICE_DOCUMENT_TITLES[invoiceDocumentKind(l)]]),
    );
    expect(titles).toEqual({
      'en-AU': 'Tax invoice',
      'en-NZ': 'Tax invoice',
      'en-GB': 'VAT invoice',
      'en-US': 'Invoice',
      'en-CA': 'Invoice',
      en: 'Invoice',
    });
  });

  it('shows tax on a tax invoice always, elsewhere only when charged', () => {
    expect(showsTax('en-AU', 0)).toBe(true);
    expect(showsTax('en-GB', 20)).toBe(true);
    expect(showsTax('en-CA', 13)).toBe(true);
    expect(showsTax('en-US', 0)).toBe(false);
    expect(showsTax('en', 0)).toBe(false);
  });

  it('names countries one way for both addresses', () => {
    expect(countryName('AU', 'en-AU')).toBe('Australia');
    expect(countryName('nz', 'en-NZ')).toBe('New Zealand');
    expect(countryName('GB', 'en-GB')).toBe('United Kingdom');
    expect(countryName('US', 'en')).toBe('United States');
    expect(countryName('SG', 'en')).toBe('Singapore');
    expect(
      postalLines({ line1: '12 Bay Road', line2: null, suburb: 'Takapuna', state: null, postcode: '0622', country: 'NZ' }, 'en-NZ'),
    ).toEqual(['12 Bay Road', 'Takapuna 0622', 'New Zealand']);
    expect(
      postalLines({ line1: '1 Main St', line2: 'Suite 2', suburb: 'Austin', state: 'TX', postcode: '78701', country: 'US' }, 'en-US'),
    ).toEqual(['1 Main St', 'Suite 2', 'Austin, TX 78701', 'United States']);
  });
});
