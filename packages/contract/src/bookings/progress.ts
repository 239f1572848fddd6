import type { BookingStatus } from '../domain';

/**
 * How a booking with an educator moves on with the clock: filled → commenced once it has started at its school,
 * commenced → completed once it has ended there. Its start and end are instants (the location's local times in its
 * zone), so the comparison holds in every zone. A staff member moves one booking a step; the demo's clock moves every
 * booking that is due; both ask this rule.
 */

/** The two steps, each from the status it leaves. */
export const PROGRESS_STEPS = { commenced: 'filled', completed: 'commenced' } as const satisfies Record<string, BookingStatus>;
export type ProgressStep = keyof typeof PROGRESS_STEPS;

/** The facts the rule reads: the status and the booking's start and end as instants. */
export interface ProgressFacts {
  status: BookingStatus;
  startUtc: Date;
  endUtc: Date;
}

/** Why a step cannot be taken now: the booking is not in the step's starting status, or its time has not come. */
export type ProgressRefusal = 'wrong_status' | 'not_started' | 'not_ended';

/** Whether `step` may be taken now: null when it may, else why not. */
export function progressRefusal(booking: ProgressFacts, step: ProgressStep, now: Date): ProgressRefusal | null {
  if (booking.status !== PROGRESS_STEPS[step]) return 'wrong_status';
  if (step === 'commenced') return booking.startUtc.getTime() <= now.getTime() ? null : 'not_started';
  return booking.endUtc.getTime() <= now.getTime() ? null : 'not_ended';
}

/** The step the clock takes a booking now, or null when none is due. */
export function dueProgress(booking: ProgressFacts, now: Date): ProgressStep | null {
  if (booking.status === 'filled') return progressRefusal(booking, 'commenced', now) === null ? 'commenced' : null;
  if (booking.status === 'commenced') return progressRefusal(booking, 'completed', now) === null ? 'completed' : null;
  return null;
}
