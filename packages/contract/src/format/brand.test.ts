import { describe, expect, it } from 'vitest';
import { LOCALES } from '../domain';
import { BRANDS, brandFor } from './brand';

describe('brand (spec §1: product and company names by region)', () => {
  it('names every region', () => {
    for (const locale of LOCALES) {
      expect(BRANDS[locale].productName).toMatch(/^Chalkline .+ Portal$/);
      expect(BRANDS[locale].companyName).toMatch(/^Chalkline Education/);
    }
    expect(brandFor('en-AU')).toEqual({ productName: 'Chalkline Relief Portal', companyName: 'Chalkline Education' });
    expect(brandFor('en-US').productName).toBe('Chalkline Substitute Portal');
    expect(brandFor('en-GB')).toEqual({ productName: 'Chalkline Supply Portal', companyName: 'Chalkline Education UK' });
    expect(brandFor('xx')).toBe(BRANDS.en);
  });
});
