import { describe, expect, it } from 'vitest';
import { Id, IdParams } from './query-params';

describe('Id', () => {
  it('reads a path’s or query’s decimal digits and a body’s integer', () => {
    expect(IdParams.parse({ id: '42' })).toEqual({ id: 42 });
    expect(IdParams.parse({ id: '007' })).toEqual({ id: 7 });
    expect(Id.parse(42)).toBe(42);
    expect(Id.parse('2147483647')).toBe(2_147_483_647);
  });

  it.each(['0x10', '1e3', ' 1', '1 ', '+1', '-1', '1.5', '', 'abc', '%31', '１２'])('refuses the string %j', (value) => {
    expect(Id.safeParse(value).success).toBe(false);
  });

  it.each([true, false, null, [5], { id: 5 }, 0, -1, 1.5, 2_147_483_648, Number.NaN, Number.POSITIVE_INFINITY])('refuses %j', (value) => {
    expect(Id.safeParse(value).success).toBe(false);
  });

  it('refuses a string of digits past the largest id', () => {
    expect(Id.safeParse('2147483648').success).toBe(false);
    expect(Id.safeParse('99999999999999999999').success).toBe(false);
  });
});
