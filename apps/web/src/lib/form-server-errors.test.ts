import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { formLevelError, serverFieldErrors, setServerFieldErrors } from './form-server-errors';

type Form = { dateLocal: string; reason: string; note: string };
const FIELDS = ['dateLocal', 'reason', 'note'] as const;
const problem = (fieldErrors: Record<string, string[]>) => new ApiError({ status: 422, kind: 'validation', fieldErrors });

describe('server field errors on a form', () => {
  it('sets the first message of each known field, in the form order, focusing the first', () => {
    const setError = vi.fn();
    const shown = setServerFieldErrors<Form>(problem({ note: ['Too long', 'Other'], dateLocal: ['In the past'] }), setError, FIELDS);
    expect(shown).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['dateLocal', { type: 'server', message: 'In the past' }, { shouldFocus: true }],
      ['note', { type: 'server', message: 'Too long' }, { shouldFocus: false }],
    ]);
  });

  it('maps server names onto form fields', () => {
    expect(serverFieldErrors<Form>(problem({ 'body.reason': ['This field is required'] }), FIELDS, { 'body.reason': 'reason' })).toEqual([
      ['reason', 'This field is required'],
    ]);
  });

  it('leaves to the form-level message what no field shows', () => {
    const setError = vi.fn();
    const unknownField = problem({ clientId: ['Not yours'] });
    expect(setServerFieldErrors<Form>(unknownField, setError, FIELDS)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
    expect(formLevelError(unknownField, FIELDS)).toBe(unknownField);
    const down = ApiError.noResponse();
    expect(formLevelError(down, FIELDS)).toBe(down);
    expect(formLevelError(new Error('x'), FIELDS)).toBeInstanceOf(Error);
    expect(formLevelError(problem({ reason: ['Pick one'] }), FIELDS)).toBeUndefined();
    expect(formLevelError(null, FIELDS)).toBeUndefined();
  });
});
