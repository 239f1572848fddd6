import type { SpendRow } from '@portal/contract/reports';
import { describe, expect, it } from 'vitest';
import { monthTable } from './components/spend-reports';
import { spendByGroupModel, spendByMonthModel, spendByName, topEducators, topEducatorsModel } from './report-model';

const row = (key: string, label: string, amountMinor: number, currency: SpendRow['currency'] = 'AUD'): SpendRow => ({
  key,
  label,
  currency,
  amount: amountMinor / 100,
  amountMinor,
  days: 1.5,
  hours: 0,
});
const money = (value: number) => value.toFixed(2);
const texts = { month: 'Month', school: 'School', total: 'Total' };

describe('report models', () => {
  it("reads a group's classifications of one title as one, in one currency, largest first", () => {
    const named = spendByName(
      [
        row('3', 'Primary Teacher', 10000),
        row('9', 'Primary Teacher', 5050),
        row('4', 'Teacher Aide', 12000),
        row('5', 'Tutor', 999, 'NZD'),
      ],
      'AUD',
      (each) => each.label,
    );
    expect(named.map((each) => [each.name, each.amountMinor, each.days])).toEqual([
      ['Primary Teacher', 15050, 3],
      ['Teacher Aide', 12000, 1.5],
    ]);
    expect(spendByGroupModel(named, 'Spend').series[0]!.values).toEqual([150.5, 120]);
  });

  it('spend by month: a row per month for a few schools, a row per school when there are more schools than months', () => {
    const schools = [1, 2, 3, 4].map((clientId) => ({
      clientId,
      name: `School ${clientId}`,
      rows: [row('2026-10', '2026-10', clientId * 100)],
    }));
    const model = spendByMonthModel(schools, 'AUD', { from: '2026-10-12', to: '2026-11-20' }, 'en-AU');
    expect(model.categories.map((category) => category.label)).toEqual(['Oct 2026', 'Nov 2026']);

    const wide = monthTable(model, money, texts);
    expect(wide.categoryHeader).toBe('School');
    expect(wide.categories.map((category) => category.label)).toEqual(['School 1', 'School 2', 'School 3', 'School 4']);
    expect(wide.columns.map((column) => column.header)).toEqual(['Oct 2026', 'Nov 2026', 'Total']);
    expect(wide.columns[0]!.cells).toEqual(['1.00', '2.00', '3.00', '4.00']);
    expect(wide.columns.map((column) => column.total)).toEqual(['10.00', '0.00', '10.00']);

    const few = monthTable(spendByMonthModel(schools.slice(0, 2), 'AUD', { from: '2026-10-12', to: '2026-11-20' }, 'en-AU'), money, texts);
    expect(few.categoryHeader).toBe('Month');
    expect(few.columns.map((column) => column.header)).toEqual(['School 1', 'School 2', 'Total']);
    expect(few.columns.at(-1)!.cells).toEqual(['3.00', '0.00']);
  });

  it('ranks the top educators by days over every currency (amounts kept apart), leaves out the unknown, and tells namesakes apart', () => {
    const educator = (
      key: string,
      label: string,
      days: number,
      amountMinor: number,
      currency: SpendRow['currency'] = 'AUD',
      hours = 0,
    ) => ({
      ...row(key, label, amountMinor, currency),
      days,
      hours,
    });
    const rows: SpendRow[] = [
      educator('1', 'Ava Chen', 2, 80000),
      educator('2', 'Sam Lee', 1.5, 60000),
      educator('2', 'Sam Lee', 1.5, 70000, 'NZD'),
      educator('3', 'Sam Lee', 2, 50000, 'AUD', 3),
      educator('4', 'Tutor Only', 0, 9000, 'AUD', 6),
      educator('unknown', '', 9, 300000),
      ...Array.from({ length: 12 }, (_, index) => educator(String(10 + index), `Educator ${String(index).padStart(2, '0')}`, 0.5, 100)),
    ];
    const top = topEducators(rows, 'unknown');
    expect(top).toHaveLength(10);
    expect(top.slice(0, 3)).toEqual([
      {
        key: '2',
        name: 'Sam Lee (1)',
        days: 3,
        hours: 0,
        amounts: [
          { currency: 'AUD', amount: 600 },
          { currency: 'NZD', amount: 700 },
        ],
      },
      { key: '3', name: 'Sam Lee (2)', days: 2, hours: 3, amounts: [{ currency: 'AUD', amount: 500 }] },
      { key: '1', name: 'Ava Chen', days: 2, hours: 0, amounts: [{ currency: 'AUD', amount: 800 }] },
    ]);
    expect(top.slice(3).map((each) => each.name)).toEqual(Array.from({ length: 7 }, (_, index) => `Educator 0${index}`));
    const model = topEducatorsModel(top, 'Days');
    expect(model.categories.map((each) => each.label)).toEqual(top.map((each) => each.name));
    expect(model.series).toEqual([{ id: 'days', label: 'Days', values: top.map((each) => each.days) }]);
    expect(topEducators([educator('unknown', '', 4, 100)], 'unknown')).toEqual([]);
  });
});
