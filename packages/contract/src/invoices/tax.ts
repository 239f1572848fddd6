/**
 * The one rounding rule for an invoice's tax (docs/decisions/011-invoice-tax-rounding.md), in integer minor units
 * (cents, pence) and basis points (1000 = 10%):
 *
 * 1. subtotal = the sum of the line amounts;
 * 2. tax = subtotal × rate, rounded half up to the minor unit, once per invoice;
 * 3. each line's tax is its share of that tax by the largest-remainder method: every line gets its exact share
 *    rounded down, and the minor units left over go one each to the lines with the largest fractions dropped (the
 *    larger amount first on a tie, then the earlier line), so the lines add up exactly to the invoice's tax;
 * 4. total = subtotal + tax.
 *
 * Rounding each line and summing (the rule before this one) let the tax drift a cent or two from rate × subtotal;
 * this rule states the figure a payer checks. Amounts are never negative (a credit is a document of its own).
 */

export const BASIS_POINTS_PER_WHOLE = 10_000;

/** The rule as one sentence, for the API's description. */
export const TAX_ROUNDING_RULE =
  'Tax is calculated once on the invoice subtotal and rounded half up to the cent; line tax amounts are shares of it and add up to it.';

/** The rule as an invoice's footer states it: 'GST is 10% of the subtotal, calculated once on the invoice …'. */
export function taxRuleNote(taxLabel: string, ratePercent: number): string {
  return `${taxLabel} is ${ratePercent}% of the subtotal, calculated once on the invoice (not line by line) and rounded half up to the cent. Total = subtotal + ${taxLabel}.`;
}

function assertMinorUnits(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative whole number of minor units`);
}

/** numerator / denominator rounded half up, for non-negative integers (exact: no floating-point division). */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  const quotient = Math.floor(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  return 2 * remainder >= denominator ? quotient + 1 : quotient;
}

/** The invoice's tax: subtotal × rate, rounded half up to the minor unit. */
export function invoiceTaxMinor(subtotalMinor: number, rateBasisPoints: number): number {
  assertMinorUnits(subtotalMinor, 'subtotal');
  assertMinorUnits(rateBasisPoints, 'rate');
  return divideRoundHalfUp(subtotalMinor * rateBasisPoints, BASIS_POINTS_PER_WHOLE);
}

/** Each line's share of `taxMinor` by the largest-remainder method; the shares add up to `taxMinor`. */
export function apportionTax(amountsMinor: readonly number[], rateBasisPoints: number, taxMinor: number): number[] {
  const shares = amountsMinor.map((amount, index) => {
    assertMinorUnits(amount, 'line amount');
    const exact = amount * rateBasisPoints;
    const floor = Math.floor(exact / BASIS_POINTS_PER_WHOLE);
    return { index, amount, floor, fraction: exact - floor * BASIS_POINTS_PER_WHOLE };
  });
  let left = taxMinor - shares.reduce((sum, s) => sum + s.floor, 0);
  const byFraction = [...shares].sort((a, b) => b.fraction - a.fraction || b.amount - a.amount || a.index - b.index);
  const result = shares.map((s) => s.floor);
  for (const share of byFraction) {
    if (left <= 0) break;
    result[share.index]! += 1;
    left -= 1;
  }
  return result;
}

export interface InvoiceTotals {
  subtotalMinor: number;
  taxMinor: number;
  totalMinor: number;
  /** Each line's tax, in the order of the amounts given. */
  lineTaxMinor: number[];
}

/** Subtotal, tax, total and the lines' taxes of an invoice whose lines come to `amountsMinor`. */
export function invoiceTotals(amountsMinor: readonly number[], rateBasisPoints: number): InvoiceTotals {
  const subtotalMinor = amountsMinor.reduce((sum, amount) => sum + amount, 0);
  const taxMinor = invoiceTaxMinor(subtotalMinor, rateBasisPoints);
  return {
    subtotalMinor,
    taxMinor,
    totalMinor: subtotalMinor + taxMinor,
    lineTaxMinor: apportionTax(amountsMinor, rateBasisPoints, taxMinor),
  };
}
