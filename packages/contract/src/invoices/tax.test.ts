import { describe, expect, it } from 'vitest';
import { apportionTax, divideRoundHalfUp, invoiceTaxMinor, invoiceTotals } from './tax';

describe('the invoice tax rule', () => {
  it('taxes the subtotal once, rounded half up to the cent', () => {
    // 10% of a $26,505.75 subtotal is $2,650.575: $2,650.58.
    expect(invoiceTaxMinor(2_650_575, 1000)).toBe(265_058);
    expect(invoiceTaxMinor(2_650_574, 1000)).toBe(265_057);
    expect(invoiceTaxMinor(5, 1000)).toBe(1); // 0.5 cent rounds up
    expect(invoiceTaxMinor(4, 1000)).toBe(0);
    expect(invoiceTaxMinor(333, 1500)).toBe(50); // 49.95
    expect(invoiceTaxMinor(123_456_789, 2000)).toBe(24_691_358);
  });

  it('charges nothing at a zero rate', () => {
    expect(invoiceTotals([12_000, 34_050], 0)).toEqual({ subtotalMinor: 46_050, taxMinor: 0, totalMinor: 46_050, lineTaxMinor: [0, 0] });
  });

  it('apportions the tax by largest remainder so the lines add up to it', () => {
    // Three lines of 3.35 at 15%: exact 0.5025 each, 1.5075 in all → 151 cents; floors 50 each, one cent left.
    expect(invoiceTotals([335, 335, 335], 1500)).toEqual({
      subtotalMinor: 1005,
      taxMinor: 151,
      totalMinor: 1156,
      lineTaxMinor: [51, 50, 50],
    });
    // The largest fraction gets the cent, not the first line.
    expect(apportionTax([101, 109], 1000, 21)).toEqual([10, 11]);
    // On a tie of fractions the larger amount first.
    expect(apportionTax([105, 205], 1000, 31)).toEqual([10, 21]);
  });

  it('differs from rounding each line when the lines’ roundings drift', () => {
    const amounts = [1_005, 1_005, 1_005, 1_005];
    const perLine = amounts.reduce((sum, a) => sum + Math.round((a * 1000) / 10_000), 0);
    const totals = invoiceTotals(amounts, 1000);
    expect(perLine).toBe(404);
    expect(totals.taxMinor).toBe(402);
    expect(totals.lineTaxMinor.reduce((a, b) => a + b, 0)).toBe(402);
  });

  it('holds for any lines: the shares sum to the tax, each within a cent of its exact share', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
    for (let run = 0; run < 500; run++) {
      const amounts = Array.from({ length: 1 + (next() % 12) }, () => next() % 2_000_000);
      const rate = [0, 500, 1000, 1300, 1500, 2000, 825][next() % 7]!;
      const totals = invoiceTotals(amounts, rate);
      const exact = (totals.subtotalMinor * rate) / 10_000;
      expect(Math.abs(totals.taxMinor - exact)).toBeLessThanOrEqual(0.5);
      expect(totals.lineTaxMinor.reduce((a, b) => a + b, 0)).toBe(totals.taxMinor);
      amounts.forEach((a, i) => expect(Math.abs(totals.lineTaxMinor[i]! - (a * rate) / 10_000)).toBeLessThan(1));
      expect(totals.totalMinor).toBe(totals.subtotalMinor + totals.taxMinor);
    }
  });

  it('refuses negative or fractional amounts', () => {
    expect(() => invoiceTaxMinor(-1, 1000)).toThrow(RangeError);
    expect(() => invoiceTotals([1.5], 1000)).toThrow(RangeError);
    expect(divideRoundHalfUp(7, 2)).toBe(4);
    expect(divideRoundHalfUp(0, 3)).toBe(0);
  });
});
