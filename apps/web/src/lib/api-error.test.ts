import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFromResponse, failureMessage, normaliseApiError } from './api-error';

describe('API error normalising (spec §8)', () => {
  it('reads RFC 9457 problem details with field errors', () => {
    const error = normaliseApiError(400, {
      type: 'https://errors.example/validation',
      title: 'Validation failed',
      status: 400,
      detail: 'The request has invalid fields',
      traceId: 'abc',
      code: 'validation',
      errors: { email: ['Must be an e-mail'] },
    });
    expect(error).toMatchObject({
      status: 400,
      kind: 'validation',
      serverMessage: 'The request has invalid fields',
      title: 'Validation failed',
      code: 'validation',
      traceId: 'abc',
      fieldErrors: { email: ['Must be an e-mail'] },
    });
  });

  it('reads the rules broken as codes (violations), keeping only well-formed ones', () => {
    const error = normaliseApiError(422, {
      title: 'Rule violation',
      violations: [
        { code: 'sameDayCutoff', field: 'dates.0', params: { cutoff: '08:00', nested: { no: 1 } } },
        { code: 'notBookable' },
        { field: 'dates.1' },
        'weekend',
      ],
    });
    expect(error.violations).toEqual([{ code: 'sameDayCutoff', field: 'dates.0', params: { cutoff: '08:00' } }, { code: 'notBookable' }]);
    expect(normaliseApiError(422, { title: 'x', violations: 'no' }).violations).toBeUndefined();
  });

  it('reads the second shape: type, code, message, param', () => {
    const error = normaliseApiError(401, { type: 'auth', code: 'auth/user-not-found', message: 'No such user', param: 'email' });
    expect(error).toMatchObject({ status: 401, kind: 'security', code: 'auth/user-not-found', serverMessage: 'No such user' });
  });

  it('falls back to a generic error for any other body', async () => {
    const error = await apiErrorFromResponse(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(error).toMatchObject({ status: 502, kind: 'api', serverMessage: undefined, noResponse: false });
    expect(normaliseApiError(404, { anything: true }).kind).toBe('notFound');
  });
});

describe('failureMessage', () => {
  it("is the server's message when it sent one, else the fallback", () => {
    expect(failureMessage(normaliseApiError(422, { detail: 'An educator is assigned' }), 'Failed')).toBe('An educator is assigned');
    expect(failureMessage(normaliseApiError(502, '<html>'), 'Failed')).toBe('Failed');
    expect(failureMessage(ApiError.noResponse(), 'Failed')).toBe('Failed');
    expect(failureMessage(new Error('boom'), 'Failed')).toBe('Failed');
  });
});
