import { DateTime } from 'luxon';
import * as liveEvents from '../live-events/live-events.port';
import type { FastifyBaseLogger } from 'fastify';
import { BOOKING_MESSAGES, EARLIEST_START_TIME, EXTEND_BLOCK_CAP_DAYS } from '@portal/contract/booking-messages';
import { firstBookableDate } from '@portal/contract/booking-rules';
import { minutesOf, normaliseTime, type ExtendBookingBody, type ExtendedBooking, type ExtendScheduling } from '@portal/contract/bookings';
import { FORM_MESSAGES } from '@portal/contract/messages';
import { addDays } from '@portal/contract/query-params';
import { isWeekend, schoolDayOnOrBefore } from '@portal/contract/school-days';
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
  seriesSpan,
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

interface Plan {
  source: Source;
  first: string;
  last: string;
  maxEnd: string;
  /** School days added (weekdays after the last date, up to the end, from today on), blocked or not. */
  days: Array<{ dateLocal: string; blocked: boolean; holiday: string | null }>;
}

const ruleOn = (field: string, detail: string) => new AppError('rule-violation', { detail, errors: { [field]: [detail] } });

/**
 * The days to book: every offered day, or those the caller kept (spec §4 'Extend': the user may leave days out). A
 * kept day must be one the extension offers; at least one is needed.
 */
export function chosenDates(offered: readonly string[], chosen: readonly string[] | undefined): string[] {
  if (chosen === undefined) return [...offered];
  const wanted = new Set(chosen);
  const unknown = [...wanted].filter((d) => !offered.includes(d));
  if (unknown.length > 0) throw ruleOn('dates', BOOKING_MESSAGES.extendDateNotOffered(unknown.sort()[0]!));
  const dates = offered.filter((d) => wanted.has(d));
  if (dates.length === 0) throw ruleOn('dates', BOOKING_MESSAGES.extendMinimumOneDay);
  return dates;
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
    if (source.status !== 'unfilled' && source.status !== 'filled') {
      throw new AppError('rule-violation', { detail: BOOKING_MESSAGES.extendNotAllowed });
    }
    return source;
  }

  /**
   * The dates an extension to `endDateLocal` adds, after checking the date rules. Today counts only while it can
   * still be booked (before the client's same-day cut-off and before `startTime` at the location).
   */
  private async plan(db: DbOrTx, source: Source, endDateLocal: string, startTime: string, now: Date): Promise<Plan> {
    const span = await seriesSpan(db, source.requestId);
    const first = span.first ?? source.dateLocal;
    // After the last day ever booked, cancelled or not: a cancelled day is not booked again by an extension.
    const last = span.last ?? source.dateLocal;
    const capByClient = addDays(last, source.maxExtensionDays);
    const capByBlock = source.locationType === 'early_learning' ? addDays(first, EXTEND_BLOCK_CAP_DAYS - 1) : null;
    // The latest end worth choosing: the last school day within the caps (never a Saturday or Sunday).
    const maxEnd = schoolDayOnOrBefore(capByBlock && capByBlock < capByClient ? capByBlock : capByClient);

    if (endDateLocal <= last) throw ruleOn('endDateLocal', BOOKING_MESSAGES.extendMinimumOneDay);
    if (endDateLocal > capByClient) throw ruleOn('endDateLocal', BOOKING_MESSAGES.extendMaxDate(capByClient));
    if (capByBlock && endDateLocal > capByBlock) throw ruleOn('endDateLocal', BOOKING_MESSAGES.extendBlockCap);

    const firstDay = firstBookableDate({ now, timeZone: source.timeZone, sameDayCutoff: source.sameDayCutoff }, startTime);
    const blocked = await blockedDates(db, source.locationId, addDays(last, 1), endDateLocal);
    // Public holidays: an extension ending on one is refused, naming it; one inside it is left out, as a block.
    const holidays = source.openOnPublicHolidays
      ? new Map<string, string>()
      : publicHolidaysBetween(source, addDays(last, 1), endDateLocal);
    const endHoliday = holidays.get(endDateLocal);
    if (endHoliday) throw ruleOn('endDateLocal', BOOKING_MESSAGES.publicHoliday(endHoliday));
    const days: Plan['days'] = [];
    for (let d = addDays(last, 1); d <= endDateLocal; d = addDays(d, 1)) {
      if (isWeekend(d) || d < firstDay || span.dates.has(d)) continue;
      const holiday = holidays.get(d) ?? null;
      days.push({ dateLocal: d, blocked: blocked.has(d) || holiday !== null, holiday });
    }
    if (!days.some((d) => !d.blocked)) throw ruleOn('endDateLocal', BOOKING_MESSAGES.extendMinimumOneDay);
    return { source, first, last, maxEnd, days };
  }

  private checkTimes(source: Source, body: { startTime: string; endTime: string; breakMinutes: number }) {
    const start = minutesOf(body.startTime);
    const end = minutesOf(body.endTime);
    if (start < minutesOf(EARLIEST_START_TIME))
      throw AppError.field('startTime', BOOKING_MESSAGES.extendStartTooEarly(EARLIEST_START_TIME));
    if (end <= start) throw AppError.field('endTime', FORM_MESSAGES.endBeforeStart);
    if (body.breakMinutes >= end - start) throw AppError.field('breakMinutes', BOOKING_MESSAGES.breakTooLong);
    // Net of the break, as when creating (create-booking.rules.ts minimumDuration).
    if (source.minimumDurationInMins !== null && end - start - body.breakMinutes < source.minimumDurationInMins)
      throw AppError.field('endTime', BOOKING_MESSAGES.minimumDuration(source.minimumDurationInMins));
    if (source.earliestEndTime24hr !== null && end < minutesOf(source.earliestEndTime24hr))
      throw AppError.field('endTime', FORM_MESSAGES.endBeforeMinimum(normaliseTime(source.earliestEndTime24hr)));
  }

  async scheduling(tree: PermissionTree, bookingId: number, endDateLocal: string): Promise<ExtendScheduling> {
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
      endDateLocal,
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
    if (source.status !== 'unfilled' && source.status !== 'filled') {
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
