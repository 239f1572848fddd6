import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '@portal/db/client';
import { REPLACE_ME_STATUSES, type ReplaceMeStatus } from '@portal/contract/domain';
import type { ProviderBooking } from '@portal/contract/provider';
import { dueProgress, progressRefusal, PROGRESS_STEPS, type ProgressStep } from '@portal/contract/bookings/progress';
import type { ReplaceMeRequest } from '@portal/contract/replace-me';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../lib/mailer';
import { BookingNotifier } from '../bookings/booking-notifications';
import * as liveEvents from '../live-events/live-events.port';
import { ReplaceMeService } from '../replace-me/replace-me.service';
import { lockCandidate } from './candidate-lock';
import {
  bookingForProvider,
  candidateExists,
  isExcludedAt,
  fillUnfilledBooking,
  findFreeCandidate,
  insertReplacementBooking,
  isCandidateFree,
  bookingsFrom,
  moveBookingStatus,
  moveBookingsStatus,
  openBookings,
  rememberCandidate,
  replaceMeBookingFacts,
  replaceMeRequestForUpdate,
  setReplaceMeStatus,
  type OpenBookingRow,
} from './provider.repository';

/**
 * The provider's side: fill, start and finish bookings, and move replace-me requests along. The
 * staff API and the demo simulator both call this service. Each change is one transaction; confirmations are sent
 * after it commits.
 */

const notFound = (what: string) => new AppError('not-found', { detail: `There is no such ${what}.` });
const rule = (detail: string, field?: string) =>
  new AppError('rule-violation', { detail, ...(field ? { errors: { [field]: [detail] } } : {}) });

/** The school excluded the educator: never assigned to its bookings. */
function excludedError(): AppError {
  return new AppError('rule-violation', {
    detail: 'The school excluded this educator from its bookings.',
    errors: { candidateId: ['The school excluded this educator from its bookings'] },
  });
}

export class ProviderService {
  private readonly notifier: BookingNotifier;
  private readonly replaceMe: ReplaceMeService;

  constructor(
    private readonly db: Db,
    mailer: Mailer,
    /** The app's clock (app.now). */
    private readonly now: () => Date,
    private readonly log?: FastifyBaseLogger,
    /** The app's notifier (composition/services.ts); a service built alone (tests) makes its own. */
    notifier?: BookingNotifier,
  ) {
    this.notifier = notifier ?? new BookingNotifier(db, mailer, log);
    this.replaceMe = new ReplaceMeService(db, now);
  }

  /** `now` is the app's clock unless a caller (the demo simulator) reads one instant for a whole tick. */
  openBookings(take: number, recentSince?: Date, now = this.now()): Promise<OpenBookingRow[]> {
    return openBookings(this.db, now, take, recentSince);
  }

  findFreeCandidate(target: {
    clientId: number;
    country: string;
    dateLocal: string;
    salt: number;
    requestedCandidateId?: number | null;
  }): Promise<number | null> {
    return findFreeCandidate(this.db, target);
  }

  /** Unfilled → filled with the educator, who must be free that date; the client then knows the educator. */
  async assign(bookingId: number, candidateId: number): Promise<ProviderBooking> {
    const result = await this.db.transaction(async (tx) => {
      const booking = await bookingForProvider(tx, bookingId);
      if (!booking) throw notFound('booking');
      if (booking.status !== 'unfilled')
        throw rule(`Only an unfilled booking can be assigned; this one is ${booking.status.replace(/_/g, ' ')}.`);
      if (!(await candidateExists(tx, candidateId)))
        throw new AppError('not-found', { detail: 'There is no such educator.', errors: { candidateId: ['There is no such educator'] } });
      // Held to the commit: another writer booking this educator waits here, then sees this booking.
      if (await isExcludedAt(tx, booking.clientId, candidateId)) throw excludedError();
      await lockCandidate(tx, candidateId);
      if (!(await isCandidateFree(tx, candidateId, booking.dateLocal, booking.id))) {
        throw new AppError('conflict', {
          detail: `The educator already works on ${booking.dateLocal}.`,
          errors: { candidateId: [`The educator already works on ${booking.dateLocal}`] },
        });
      }
      const updated = await fillUnfilledBooking(tx, bookingId, candidateId, this.now());
      if (!updated) throw new AppError('conflict', { detail: 'The booking changed meanwhile. Please try again.' });
      await rememberCandidate(tx, booking.clientId, candidateId);
      await liveEvents.record(tx, { kind: 'booking.filled', bookingIds: [bookingId] });
      return { ...updated, candidateId };
    });
    await this.notifier.requestEvent(result.requestId, 'filled', { bookingIds: [result.id] });
    return result;
  }

  /** Filled → commenced → completed, one step at a time. */
  async progress(bookingId: number, status: 'commenced' | 'completed'): Promise<ProviderBooking> {
    const from = PROGRESS_STEPS[status];
    const booking = await bookingForProvider(this.db, bookingId);
    if (!booking) throw notFound('booking');
    const now = this.now();
    const refusal = progressRefusal(booking, status, now);
    if (refusal === 'not_started') throw rule('This booking has not started yet at its school.', 'status');
    if (refusal === 'not_ended') throw rule('This booking has not ended yet at its school.', 'status');
    // A booking in another status is refused below, by the guarded write (it may also have moved meanwhile).
    // The school's open pages show the new status without a reload: its live event commits with the change.
    const updated = await this.db.transaction(async (tx) => {
      const moved = await moveBookingStatus(tx, bookingId, from, status, now);
      if (moved) await liveEvents.record(tx, { kind: 'booking.changed', bookingIds: [bookingId] });
      return moved;
    });
    if (!updated) {
      throw rule(`Only a ${from} booking can become ${status}; this one is ${booking.status.replace(/_/g, ' ')}.`, 'status');
    }
    return updated;
  }

  /**
   * The simulator's clock work, for bookings of the last week: started bookings commence, then ended ones complete
   * (a filled booking already over takes both steps), at most `limit` each, each with its live event.
   */
  progressDue(now: Date, limit: number): Promise<{ commenced: number[]; completed: number[] }> {
    const since = new Date(now.getTime() - WEEK_MS);
    return this.db.transaction(async (tx) => {
      const commenced = await stepDue(tx, 'commenced', { now, since, limit });
      const completed = await stepDue(tx, 'completed', { now, since, limit });
      await liveEvents.record(tx, { kind: 'booking.changed', bookingIds: [...commenced, ...completed] });
      return { commenced, completed };
    });
  }

  /**
   * scheduled → pending_approval → replacement_found → booking_created. Finding the replacement (candidateId)
   * books the educator at once: an approved request and a filled booking at the location on the selected day
   * (covering the teacher), linked to the request: the replace-me table has no column for the educator, and the
   * booking is what holds the educator's day. booking_created closes the request.
   */
  async advanceReplaceMe(
    id: number,
    next: ReplaceMeStatus,
    options: { candidateId?: number | undefined; staffUserId?: number | null; now?: Date },
  ): Promise<ReplaceMeRequest> {
    const now = options.now ?? this.now();
    let filled: { requestId: number; bookingId: number } | null = null;
    await this.db.transaction(async (tx) => {
      const request = await replaceMeRequestForUpdate(tx, id);
      if (!request) throw notFound('replace-me request');
      if (request.status === 'withdrawn') throw new AppError('conflict', { detail: 'The teacher withdrew this request.' });
      const expected = REPLACE_ME_STATUSES[REPLACE_ME_STATUSES.indexOf(request.status) + 1];
      if (next !== expected) {
        throw rule(
          expected
            ? `This request is ${request.status.replace(/_/g, ' ')}; its next state is ${expected.replace(/_/g, ' ')}.`
            : 'This request is finished: its booking is created.',
          'status',
        );
      }
      let bookingId = request.bookingId;
      if (next === 'replacement_found' || (next === 'booking_created' && bookingId === null)) {
        const candidateId = options.candidateId;
        if (candidateId === undefined) throw AppError.field('candidateId', 'Name the replacement educator');
        if (!(await candidateExists(tx, candidateId)))
          throw new AppError('not-found', { detail: 'There is no such educator.', errors: { candidateId: ['There is no such educator'] } });
        if (await isExcludedAt(tx, request.clientId, candidateId)) throw excludedError();
        await lockCandidate(tx, candidateId);
        if (!(await isCandidateFree(tx, candidateId, request.selectedDay))) {
          throw new AppError('conflict', {
            detail: `The educator already works on ${request.selectedDay}.`,
            errors: { candidateId: [`The educator already works on ${request.selectedDay}`] },
          });
        }
        const facts = await replaceMeBookingFacts(tx, request);
        if (!facts.location || !facts.classification) throw rule('This school has no classifications to book yet.');
        filled = await insertReplacementBooking(tx, {
          clientId: request.clientId,
          locationId: request.locationId,
          contactId: request.contactId,
          staffUserId: options.staffUserId ?? null,
          classificationId: facts.classification.id,
          dateLocal: request.selectedDay,
          timeZone: facts.location.timeZone,
          startTime: facts.location.startTime,
          endTime: facts.location.endTime,
          breakMinutes: facts.classification.defaultBreakInMins ?? facts.location.lunchBreakMinutes,
          coveringName: facts.teacherName,
          reason: facts.reason,
          bookingContactId: facts.bookingContactId,
          candidateId,
          now,
        });
        bookingId = filled.bookingId;
        // As any filled booking: the school's open pages show it, and whoever asked is told it is filled.
        await liveEvents.record(tx, { kind: 'booking.filled', bookingIds: [filled.bookingId] });
      }
      await setReplaceMeStatus(tx, id, { status: next, bookingId, updatedAt: now });
    });
    const made = filled as { requestId: number; bookingId: number } | null;
    if (made) await this.notifier.requestEvent(made.requestId, 'filled', { bookingIds: [made.bookingId] });
    return (await this.replaceMe.byId(id))!;
  }
}

const WEEK_MS = 7 * 86_400_000;

/**
 * Takes `step` for the bookings it is due for (the contract's progress rule). They are read earliest first by the
 * instant the step waits for, so the due ones among the first `limit` are the first `limit` due ones.
 */
async function stepDue(tx: DbOrTx, step: ProgressStep, at: { now: Date; since: Date; limit: number }): Promise<number[]> {
  const from = PROGRESS_STEPS[step];
  const read = await bookingsFrom(tx, { status: from, by: step === 'commenced' ? 'start' : 'end', since: at.since, limit: at.limit });
  const due = read.filter((booking) => dueProgress(booking, at.now) === step).map((booking) => booking.id);
  return moveBookingsStatus(tx, due, from, step, at.now);
}
