import { DateTime } from 'luxon';
import * as liveEvents from '../live-events/live-events.port';
import type { FastifyBaseLogger } from 'fastify';
import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';
import { EXTENDABLE_STATUSES } from '@portal/contract/bookings/cancel';
import { normaliseTime, type ExtendBookingBody, type ExtendedBooking, type ExtendScheduling } from '@portal/contract/bookings';
import {
  chosenDates as keptDates,
  EXTEND_TIME_CODES,
  extendText,
  extendTimeFailures,
  extensionMaxEnd,
  extensionPlan,
  extensionSeries,
  firstOpenEndDate,
  type ExtendFailure,
  type ExtensionPlan,
} from '@portal/contract/bookings/extend/pipeline';
import { addDays } from '@portal/contract/query-params';
import { nextSchoolDay } from '@portal/contract/school-days';
import { publicHolidaysBetween } from './public-holidays';
import { allClients, canAtLocation, type PermissionTree } from '@portal/contract/permissions';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Tx, Written } from '../../lib/idempotency';
import type { Mailer } from '../../lib/mailer';
import { lockCandidate } from '../provider/candidate-lock';
import { busyDates } from '../provider/provider.port';
import { requestHead } from '../../read-model/booking-detail.repository';
import { BookingNotifier } from './booking-notifications';
import {
  blockedDates,
  bookingToExtend,
  insertExtension,
  renumberSeries,
  requestDates,
  type Db,
  type DbOrTx,
  type NewBooking,
} from './extend-booking.repository';

/**
 * Extending a booking (spec §4 'Extend', §5 'Extend'): the booking's request gets one more booking per school day
 * after the series' last date (cancelled days included) up to the new end date, with the times given, or on the days
 * of those the caller kept; a date the request already holds is never added again. The booking's educator keeps the days
 * they are free; the others are Unfilled and go to the provider. Rules are checked in this order: the feature, the
 * caller's right at the location, the booking's state, the times, then the dates.
 */

type Source = NonNullable<Awaited<ReturnType<typeof bookingToExtend>>>;

type Plan = ExtensionPlan & { last: string; endDateLocal: string };

/** The problem of a broken rule of the contract's extend rules: 400 for a time the form checks, else 422. */
function problemOf(failure: ExtendFailure): AppError {
  const detail = extendText(failure);
  const violations = [{ code: failure.code, field: failure.field, ...(failure.params ? { params: failure.params } : {}) }];
  return new AppError(EXTEND_TIME_CODES.has(failure.code) ? 'validation' : 'rule-violation', {
    detail,
    errors: { [failure.field]: [detail] },
    violations,
  });
}

/** The days to book: every offered day, or those the caller kept (the contract's rule). */
export function chosenDates(offered: readonly string[], chosen: readonly string[] | undefined): string[] {
  const kept = keptDates(offered, chosen);
  if (kept.failure) throw problemOf(kept.failure);
  return kept.dates;
}

export class ExtendBookingService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    /** The app's clock: which days can still be booked. */
    private readonly now: Clock,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** The booking, if the caller may extend it; 404 out of reach, 403 without the right, 422 in the wrong state. */
  private async source(db: DbOrTx, tree: PermissionTree, bookingId: number): Promise<Source> {
    const source = await bookingToExtend(db, bookingId);
    const inTree = source && allClients(tree).some((c) => c.locations.some((l) => l.locationId === source.locationId));
    if (!source || !inTree) throw new AppError('not-found', { detail: 'There is no such booking.' });
    if (!canAtLocation(tree, 'booking', 'create', source.locationId) && !canAtLocation(tree, 'booking', 'modify', source.locationId)) {
      throw new AppError('forbidden', { detail: BOOKING_MESSAGES.notBookable });
    }
    if (!EXTENDABLE_STATUSES.includes(source.status)) {
      throw new AppError('rule-violation', { detail: BOOKING_MESSAGES.extendNotAllowed });
    }
    return source;
  }

  /**
   * The dates an extension to `endDateLocal` adds, after checking the date rules; without an end date, to the first
   * that adds a day it can book. Today counts only while it can still be booked (before the client's same-day cut-off
   * and before `startTime` at the location).
   */
  private async plan(db: DbOrTx, source: Source, endDateLocal: string | undefined, startTime: string, now: Date): Promise<Plan> {
    // After the last day ever booked, cancelled or not: a cancelled day is not booked again by an extension.
    const series = extensionSeries(await requestDates(db, source.requestId), source.dateLocal);
    const last = series.last;
    const after = addDays(last, 1);
    const facts = {
      startTime,
      now,
      timeZone: source.timeZone,
      sameDayCutoff: source.sameDayCutoff,
      locationType: source.locationType,
      maxExtensionDays: source.maxExtensionDays,
      series,
    };
    // Blocked days and public holidays from the day after the series to the end (or to the latest end, to find one).
    const until = endDateLocal ?? extensionMaxEnd(facts);
    const ends = until > last;
    const blocked = ends ? await blockedDates(db, source.locationId, after, until) : new Set<string>();
    // Public holidays: an extension ending on one is refused, naming it; one inside it is left out, as a block.
    const holidays = source.openOnPublicHolidays || !ends ? new Map<string, string>() : publicHolidaysBetween(source, after, until);
    const end = endDateLocal ?? firstOpenEndDate({ ...facts, blocked, holidays }) ?? nextSchoolDay(last);
    const plan = extensionPlan({ ...facts, endDateLocal: end, blocked, holidays });
    if (plan.failure) throw problemOf(plan.failure);
    return { ...plan, last, endDateLocal: end };
  }

  private checkTimes(source: Source, body: { startTime: string; endTime: string; breakMinutes: number }) {
    const [failure] = extendTimeFailures({
      ...body,
      minimumDurationInMins: source.minimumDurationInMins,
      earliestEndTime24hr: source.earliestEndTime24hr,
    });
    if (failure) throw problemOf(failure);
  }

  async scheduling(tree: PermissionTree, bookingId: number, endDateLocal?: string): Promise<ExtendScheduling> {
    const now = this.now();
    const source = await this.source(this.db, tree, bookingId);
    // Today is shown while a booking at the request's times could still start today.
    const plan = await this.plan(this.db, source, endDateLocal, source.requestStartTime, now);
    const busy =
      source.candidateId === null
        ? new Set<string>()
        : await busyDates(
            this.db,
            source.candidateId,
            plan.days.map((d) => d.dateLocal),
          );
    const c = source.candidate;
    return {
      bookingId,
      lastDateLocal: plan.last,
      endDateLocal: plan.endDateLocal,
      maxEndDateLocal: plan.maxEnd,
      startTime: normaliseTime(source.requestStartTime),
      endTime: normaliseTime(source.requestEndTime),
      breakMinutes: source.requestBreakMinutes,
      candidate: c ? { ...c, fullName: `${c.preferredName ?? c.firstName} ${c.lastName}` } : null,
      dates: plan.days.map((d) => ({
        dateLocal: d.dateLocal,
        blocked: d.blocked,
        holiday: d.holiday,
        candidateAvailable: source.candidateId !== null && !d.blocked && !busy.has(d.dateLocal),
      })),
    };
  }

  /** Adds the bookings in the write's transaction (which stores the Idempotency-Key's answer); once committed, tells who it concerns. */
  async extend(tx: Tx, tree: PermissionTree, bookingId: number, input: ExtendBookingBody): Promise<Written<ExtendedBooking>> {
    const now = this.now();
    const body = { ...input, breakMinutes: input.breakMinutes ?? 0 };
    const checked = await this.source(tx, tree, bookingId);
    this.checkTimes(checked, body);
    const startTime = normaliseTime(body.startTime);
    const endTime = normaliseTime(body.endTime);

    // Two extensions of one series wait for each other on the request's row; the booking's state and the series'
    // last date are read again under that lock, so the second one plans after the first one's dates.
    await requestHead(tx, checked.requestId, { forUpdate: true });
    const source = await bookingToExtend(tx, bookingId);
    if (!source) throw new AppError('not-found', { detail: 'There is no such booking.' });
    if (!EXTENDABLE_STATUSES.includes(source.status)) {
      throw new AppError('rule-violation', { detail: BOOKING_MESSAGES.extendNotAllowed });
    }
    const plan = await this.plan(tx, source, body.endDateLocal, startTime, now);
    const at = (date: string, time: string) => DateTime.fromISO(`${date}T${time}`, { zone: source.timeZone }).toJSDate();
    const offered = plan.days.filter((d) => !d.blocked).map((d) => d.dateLocal);
    const dates = chosenDates(offered, body.dates);
    // The educator's days are read under their lock, so no other booking of them on these days can commit meanwhile.
    if (source.candidateId !== null) await lockCandidate(tx, source.candidateId);
    const busy = source.candidateId === null ? new Set<string>() : await busyDates(tx, source.candidateId, dates);
    const rows: NewBooking[] = dates.map((dateLocal) => {
      const keeps = source.candidateId !== null && !busy.has(dateLocal);
      return {
        dateLocal,
        startUtc: at(dateLocal, startTime),
        endUtc: at(dateLocal, endTime),
        status: keeps ? 'filled' : 'unfilled',
        candidateId: keeps ? source.candidateId : null,
      };
    });
    const inserted = await insertExtension(tx, source, { startTime, endTime, breakMinutes: body.breakMinutes }, rows);
    await renumberSeries(tx, source.requestId, `BLK-${String(source.requestId).padStart(7, '0')}`);
    await liveEvents.record(tx, { kind: 'booking.extended', bookingIds: inserted.map((b) => b.id) });
    const answer: ExtendedBooking = {
      bookings: inserted.map(({ id, dateLocal, status }) => ({ id, dateLocal, status })),
      movedToUnfilled: source.candidateId === null ? 0 : inserted.filter((b) => b.status === 'unfilled').length,
    };

    const tell = async () => {
      const notifier = new BookingNotifier(this.db, this.mailer, this.log);
      await notifier.requestEvent(source.requestId, 'extended', { bookingIds: inserted.map((b) => b.id) });
      const filled = inserted.filter((b) => b.status === 'filled').map((b) => b.id);
      if (source.candidateId !== null && filled.length > 0) await notifier.tentativeExtension(source.candidateId, filled);
    };
    return { status: 201, body: answer, afterCommit: tell };
  }
}
