import { describe, expect, it } from 'vitest';
import { periodBasis, resolvePeriod } from './report-period';

const TERMS = [
  { name: 'Term 2', firstDay: '2026-04-20', lastDay: '2026-07-03' },
  { name: 'Term 3', firstDay: '2026-07-20', lastDay: '2026-09-25' },
  { name: 'Term 4', firstDay: '2026-10-12', lastDay: '2026-12-17' },
];

describe('report periods', () => {
  it('this term is the one under way, last term the one before', () => {
    expect(resolvePeriod('thisTerm', '2026-08-03', TERMS)).toMatchObject({ from: '2026-07-20', to: '2026-09-25', termName: 'Term 3' });
    expect(resolvePeriod('lastTerm', '2026-08-03', TERMS)).toMatchObject({ from: '2026-04-20', to: '2026-07-03', termName: 'Term 2' });
  });

  it('in a school break, this term is the one that just ended', () => {
    expect(resolvePeriod('thisTerm', '2026-10-01', TERMS)).toMatchObject({ termName: 'Term 3', basis: 'terms' });
  });

  it('without terms reaching back far enough, calendar quarters stand in for both', () => {
    expect(periodBasis(TERMS.slice(2), '2026-11-01')).toBe('quarters');
    expect(resolvePeriod('thisTerm', '2026-11-01', undefined)).toEqual({
      kind: 'thisTerm',
      basis: 'quarters',
      from: '2026-10-01',
      to: '2026-12-31',
    });
    expect(resolvePeriod('lastTerm', '2026-02-10', [])).toEqual({
      kind: 'lastTerm',
      basis: 'quarters',
      from: '2025-10-01',
      to: '2025-12-31',
    });
  });

  it('this year is the calendar year; custom dates are asked only when the API would take them', () => {
    expect(resolvePeriod('thisYear', '2026-05-05', TERMS)).toEqual({ kind: 'thisYear', from: '2026-01-01', to: '2026-12-31' });
    expect(resolvePeriod('custom', '2026-05-05', TERMS, { from: '2026-03-01', to: '2026-03-31' })).toEqual({
      kind: 'custom',
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(resolvePeriod('custom', '2026-05-05', TERMS, { from: '2026-03-01' })).toBeUndefined();
    expect(resolvePeriod('custom', '2026-05-05', TERMS, { from: '2026-03-02', to: '2026-03-01' })).toBeUndefined();
    expect(resolvePeriod('custom', '2026-05-05', TERMS, { from: '2020-01-01', to: '2026-03-01' })).toBeUndefined();
  });
});
