import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';
import { failure } from '@portal/contract/bookings/create/failures';
import { toProblem } from './create-booking.rules';

/** How the server answers the contract pipeline's failures (the rules themselves: packages/contract/src/bookings/create). */
describe('toProblem', () => {
  it('answers nothing for no failure', () => {
    expect(toProblem([])).toBeUndefined();
  });

  it('400 listing every field with its text and every failure as a code when a field is wrong, else 422', () => {
    const problem = toProblem([
      failure('blocked', 'dates.0', { message: 'Closed for **sports day**' }),
      failure('weekend', 'dates.1'),
      failure('policiesAgreed', 'policiesAgreed'),
    ])!;
    expect(problem.status).toBe(400);
    expect(problem.detail).toBe(BOOKING_MESSAGES.weekend);
    expect(problem.errors).toEqual({
      'dates.0': ['Closed for **sports day**'],
      'dates.1': [BOOKING_MESSAGES.weekend],
      policiesAgreed: [BOOKING_MESSAGES.policiesAgreed],
    });
    expect(problem.violations).toEqual([
      { code: 'blocked', field: 'dates.0', params: { message: 'Closed for **sports day**' } },
      { code: 'weekend', field: 'dates.1' },
      { code: 'policiesAgreed', field: 'policiesAgreed' },
    ]);
    expect(toProblem([failure('sameDayCutoff', 'dates.0', { cutoff: '08:00' })])!.status).toBe(422);
  });

  it('access first: 404 outside the tree, 403 without create rights, whatever else failed', () => {
    expect(toProblem([failure('weekend', 'dates.0'), failure('notBookable', undefined)])!.status).toBe(403);
    expect(toProblem([failure('locationNotFound', 'locationId')])!.status).toBe(404);
  });
});
