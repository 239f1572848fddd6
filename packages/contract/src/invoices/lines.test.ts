import { describe, expect, it } from 'vitest';
import { billedUnitOf, composeInvoice, halfDayPriceMinor, quantityText, quantityWords, type BillableWork } from './lines';

describe('invoice line units in words', () => {
  it('counts days and half days, and writes hours as the portal does', () => {
    expect(quantityText(5, 'day', 'en-AU')).toBe('5 days');
    expect(quantityText(1, 'day', 'en-AU')).toBe('1 day');
    expect(quantityText(3, 'half_day', 'en-GB')).toBe('3 half days');
    expect(quantityText(1, 'half_day', 'en-GB')).toBe('1 half day');
    expect(quantityText(7.5, 'hour', 'en-US')).toBe('7 h 30 min');
    expect(quantityText(6.17, 'hour', 'en-US')).toBe('6 h 10 min');
    expect(quantityText(12, 'hour', 'en-NZ')).toBe('12 h');
    // A line from before half days had a unit of their own.
    expect(quantityText(2.5, 'day', 'en-AU')).toBe('2.5 days');
    expect(quantityWords(1_234, 'day')).toEqual({ kind: 'count', unit: 'day', count: 1_234 });
    expect(quantityText(1_234, 'day', 'en-US')).toBe('1,234 days');
  });

  it('bills a day-rate booking for half a day, or under four hours worked, as a half day at half the rate', () => {
    expect(billedUnitOf('day', { fullDay: true, minutesWorked: 239 })).toBe('half_day');
    expect(billedUnitOf('day', { fullDay: true, minutesWorked: 240 })).toBe('day');
    expect(billedUnitOf('day', { fullDay: false, minutesWorked: 270 })).toBe('half_day');
    expect(billedUnitOf('hour', { fullDay: true, minutesWorked: 30 })).toBe('hour');
    expect(halfDayPriceMinor(52_000)).toBe(26_000);
    expect(halfDayPriceMinor(29_001)).toBe(14_501);
  });
});

describe('composing an invoice', () => {
  const work = (over: Partial<BillableWork>): BillableWork => ({
    key: 'ana:primary',
    candidateId: 1,
    description: 'Primary Teacher',
    unit: 'day',
    dateLocal: '2025-12-01',
    minutesWorked: 420,
    unitPriceMinor: 52_000,
    ...over,
  });

  it('groups work into lines by key, unit and price, with their dates, and totals by the tax rule', () => {
    const invoice = composeInvoice(
      [
        work({ dateLocal: '2025-12-02' }),
        work({ dateLocal: '2025-12-01' }),
        work({ dateLocal: '2025-12-03', unit: 'half_day', unitPriceMinor: 26_000, minutesWorked: 200 }),
        work({ key: 'ben:aide', candidateId: 2, description: 'Teacher Aide', unit: 'hour', unitPriceMinor: 3_250, minutesWorked: 370 }),
        work({
          key: 'ben:aide',
          candidateId: 2,
          description: 'Teacher Aide',
          unit: 'hour',
          unitPriceMinor: 3_250,
          minutesWorked: 5,
          dateLocal: '2025-12-04',
        }),
      ],
      1500,
    );
    expect(invoice.lines).toEqual([
      {
        candidateId: 1,
        description: 'Primary Teacher',
        unit: 'day',
        quantity: 2,
        unitPriceMinor: 52_000,
        amountMinor: 104_000,
        taxMinor: 15_600,
        serviceDates: ['2025-12-01', '2025-12-02'],
      },
      {
        candidateId: 1,
        description: 'Primary Teacher',
        unit: 'half_day',
        quantity: 1,
        unitPriceMinor: 26_000,
        amountMinor: 26_000,
        taxMinor: 3_900,
        serviceDates: ['2025-12-03'],
      },
      // 375 minutes at $32.50 an hour: $203.125 → $203.13; 6.25 hours.
      {
        candidateId: 2,
        description: 'Teacher Aide',
        unit: 'hour',
        quantity: 6.25,
        unitPriceMinor: 3_250,
        amountMinor: 20_313,
        taxMinor: 3_047,
        serviceDates: ['2025-12-01', '2025-12-04'],
      },
    ]);
    expect(invoice.subtotalMinor).toBe(150_313);
    // 15% of $1,503.13 = $225.4695 → $225.47, split 15,600 + 3,900 + 3,047 (3,046.95 rounded up by largest remainder).
    expect(invoice.taxMinor).toBe(22_547);
    expect(invoice.totalMinor).toBe(172_860);
  });

  it('makes no lines of no work', () => {
    expect(composeInvoice([], 1000)).toEqual({ lines: [], subtotalMinor: 0, taxMinor: 0, totalMinor: 0 });
  });
});
