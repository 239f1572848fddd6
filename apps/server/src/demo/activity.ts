import type { AbsenceReason, BookingStatus, TimesheetStatus } from '@portal/contract/domain';
import { ABSENCE_REASONS } from '@portal/contract/domain';
import { billedUnitOf, composeInvoice, halfDayPriceMinor, type BillableWork } from '@portal/contract/invoices/lines';
import type { CandidateModification, InsertRow, TimesheetBreak } from './world-rows.repository';
import { addWeekdays, isoOfDay, isWeekend, rollToWeekday, timeOfMinutes, weekday, type ZoneOffsets } from './calendar';
import type { Random } from './random';
import { CANCEL_REASONS, FEEDBACK_COMMENTS, NOTES, REJECT_REASONS, ROOMS } from './reference-data';
import type { Ids, PlanClassification, PlanClient, PlanLocation, PlanPool, WorldPlan } from './world-plan';

/**
 * The day-to-day half of the demo world, one client at a time: booking requests and their bookings over the
 * past year and the next eight weeks, timesheets for the recent past, fortnightly invoices, feedback, the
 * educators a client knows, and the teacher's replace-me requests. No faker here: every choice is a draw from
 * the seeded PRNG over prepared lists, which keeps a million bookings cheap.
 */

export interface ActivityRows {
  bookingRequests: InsertRow<'bookingRequests'>[];
  bookingRequestCertifications: InsertRow<'bookingRequestCertifications'>[];
  bookingConfirmations: InsertRow<'bookingConfirmations'>[];
  bookings: InsertRow<'bookings'>[];
  invoices: InsertRow<'invoices'>[];
  invoiceLines: InsertRow<'invoiceLines'>[];
  timesheets: InsertRow<'timesheets'>[];
  feedback: InsertRow<'feedback'>[];
  clientCandidates: InsertRow<'clientCandidates'>[];
  replaceMeRequests: InsertRow<'replaceMeRequests'>[];
}

export interface ActivityContext {
  nowMs: number;
  rng: Random;
  ids: Ids;
  offsets: ZoneOffsets;
  plan: WorldPlan;
}

export const HISTORY_DAYS = 365;
export const HORIZON_DAYS = 56;
/** Timesheets exist for completed bookings this many days back. */
export const TIMESHEET_DAYS = 42;
const INVOICE_PERIODS = 26;
const PERIOD_DAYS = 14;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A school's reason for saying a booking did not happen (seeded reviews). */
const SCHOOL_DID_NOT_HAPPEN_REASON = 'The educator did not arrive; the class was covered by our own staff';

/** Minutes since midnight of 'HH:mm[:ss]'. */
function minutesOfTime(value: string): number {
  const [h = '0', m = '0'] = value.split(':');
  return Number(h) * 60 + Number(m);
}

/**
 * When the provider assigned the educator: a while after the request (from minutes to two days, by the booking's id
 * so that no random draw moves), before the day starts and never after now.
 */
function fillTimeOf(bookingId: number, createdMs: number, startMs: number, nowMs: number): Date {
  const wait = (5 + ((bookingId * 7919) % (48 * 60))) * MINUTE;
  return new Date(Math.max(createdMs + MINUTE, Math.min(createdMs + wait, startMs - 5 * MINUTE, nowMs - MINUTE)));
}

/** Expected bookings per request given the mix below (singles, scattered dates, blocks, two per day). */
const BOOKINGS_PER_REQUEST = 3.1;

const COVERED_REASONS: AbsenceReason[] = [
  'sick leave cover',
  'sick leave cover',
  'sick leave cover',
  'professional development',
  'professional development',
  'annual leave cover',
  "carer's leave",
  'long service leave',
  'training cover',
  'vacant position',
];

/** Which educators of a pool are busy on which day, so nobody is booked twice on one day. */
export class PoolAvailability {
  private readonly busy: Uint8Array;
  private readonly span: number;

  constructor(
    readonly size: number,
    private readonly firstDay: number,
    lastDay: number,
  ) {
    this.span = lastDay - firstDay + 1;
    this.busy = new Uint8Array(size * this.span);
  }

  private index(candidate: number, day: number): number {
    const offset = day - this.firstDay;
    return offset < 0 || offset >= this.span ? -1 : candidate * this.span + offset;
  }

  isFree(candidate: number, days: readonly number[]): boolean {
    for (const day of days) {
      const i = this.index(candidate, day);
      if (i >= 0 && this.busy[i] === 1) return false;
    }
    return true;
  }

  mark(candidate: number, days: readonly number[]): void {
    for (const day of days) {
      const i = this.index(candidate, day);
      if (i >= 0) this.busy[i] = 1;
    }
  }
}

interface InvoicePeriod {
  id: number;
  start: number;
  end: number;
  /** The completed bookings it bills, one each. */
  work: BillableWork[];
}

interface RequestOverrides {
  dates: number[];
  creatorId: number;
  coveringContactId: number;
  coveringName: string;
  reason: AbsenceReason;
}

type BookingRow = InsertRow<'bookings'>;

export function emptyActivityRows(): ActivityRows {
  return {
    bookingRequests: [],
    bookingRequestCertifications: [],
    bookingConfirmations: [],
    bookings: [],
    invoices: [],
    invoiceLines: [],
    timesheets: [],
    feedback: [],
    clientCandidates: [],
    replaceMeRequests: [],
  };
}

export class ClientActivity {
  readonly rows = emptyActivityRows();
  private readonly rng: Random;
  private readonly today: number;
  /** End (a Sunday) of the latest invoiced fortnight; later work is not invoiced yet. */
  private readonly invoicedUntil: number;
  private readonly periods: InvoicePeriod[] = [];
  private readonly known = new Map<number, Date>();
  private readonly feedbackCandidates: BookingRow[] = [];

  constructor(
    private readonly ctx: ActivityContext,
    private readonly pool: PlanPool,
    private readonly client: PlanClient,
    private readonly availability: PoolAvailability,
  ) {
    this.rng = ctx.rng;
    this.today = client.locations[0]!.today;
    const lag = this.today - 8;
    this.invoicedUntil = lag - weekday(lag);
    for (let p = INVOICE_PERIODS - 1; p >= 0; p--) {
      const end = this.invoicedUntil - p * PERIOD_DAYS;
      this.periods.push({ id: ctx.ids.take('invoices'), start: end - PERIOD_DAYS + 1, end, work: [] });
    }
  }

  generate(): ActivityRows {
    for (const location of this.client.locations) this.generateLocation(location);
    if (this.client.id === this.ctx.plan.teacher.clientId) this.generateReplaceMe();
    this.finishInvoices();
    this.finishFeedback();
    this.everyTimesheetKind();
    for (const [candidateId, createdAt] of this.known) {
      this.rows.clientCandidates.push({ clientId: this.client.id, candidateId, isFavourite: this.rng.chance(0.08), createdAt });
    }
    return this.rows;
  }

  private generateLocation(location: PlanLocation): void {
    const first = location.today - HISTORY_DAYS;
    const last = location.today + HORIZON_DAYS;
    const mean = location.rate / BOOKINGS_PER_REQUEST;
    for (let day = first; day <= last; day++) {
      if (isWeekend(day) || location.blockedDays.has(day)) continue;
      const count = this.rng.poisson(mean);
      for (let i = 0; i < count; i++) this.makeRequest(location, this.requestDates(location, day, last));
    }
  }

  private requestDates(location: PlanLocation, day: number, last: number): { dates: number[]; block: boolean } {
    const rng = this.rng;
    const kind = rng.next();
    const open = (d: number) => !isWeekend(d) && !location.blockedDays.has(d) && d <= last;
    if (kind < 0.62) return { dates: [day], block: false };
    if (kind < 0.85) {
      const options: number[] = [];
      for (let d = day + 1; d <= day + 14; d++) if (open(d)) options.push(d);
      const dates = [day, ...rng.sample(options, rng.int(1, 3))].sort((a, b) => a - b);
      return { dates, block: false };
    }
    const length = rng.chance(0.85) ? rng.int(5, 10) : rng.int(20, 40);
    const dates: number[] = [];
    for (let d = day; dates.length < length && d <= last; d++) if (open(d)) dates.push(d);
    return { dates, block: dates.length > 1 };
  }

  private pickClassification(): PlanClassification {
    const classes = this.client.classifications;
    let total = 0;
    for (const c of classes) total += c.weight;
    let r = this.rng.next() * total;
    for (const c of classes) {
      r -= c.weight;
      if (r < 0) return c;
    }
    return classes[0]!;
  }

  private chooseCandidate(days: readonly number[]): number {
    const size = this.availability.size;
    let choice = 0;
    for (let attempt = 0; attempt < 8; attempt++) {
      choice = Math.floor(this.rng.next() * size);
      if (this.availability.isFree(choice, days)) break;
    }
    this.availability.mark(choice, days);
    return choice;
  }

  /** Creates one request and its bookings; answers the id of its first booking. */
  private makeRequest(location: PlanLocation, plan: { dates: number[]; block: boolean }, overrides?: RequestOverrides): number {
    const { rng, ctx, client, today } = this;
    const { offsets, nowMs } = ctx;
    const dates = overrides?.dates ?? plan.dates;
    const block = overrides ? false : plan.block;
    const tz = location.timeZone;
    const firstDay = dates[0]!;
    const requestId = ctx.ids.take('booking_requests');

    // Times: the location's day, or half a day when the classification allows it.
    const cls = overrides ? client.classifications[0]! : this.pickClassification();
    let startMin = location.startMin;
    let endMin = location.endMin;
    let fullDay = true;
    if (!overrides && rng.chance(cls.unit === 'hourly' ? 0.45 : 0.12)) {
      const morning = rng.chance(0.5);
      const s = morning ? location.startMin : 12 * 60 + 30;
      const e = morning ? 12 * 60 : location.endMin;
      const longEnough = cls.minimumDurationInMins === null || e - s >= cls.minimumDurationInMins;
      const lateEnough = cls.earliestEndMin === null || e >= cls.earliestEndMin;
      if (e > s && longEnough && lateEnough) {
        startMin = s;
        endMin = e;
        fullDay = false;
      }
    }
    const breakMinutes = fullDay ? (cls.defaultBreakInMins ?? location.lunchMinutes) : 0;
    const heads = !overrides && dates.length <= 20 && rng.chance(0.05) ? 2 : 1;
    const firstStartMs = offsets.utcMs(tz, firstDay, startMin);

    // Fate: waiting for approval, rejected, or approved (most).
    const fateDraw = overrides ? 1 : rng.next();
    const fate = firstDay > today && fateDraw < 0.07 ? 'pending' : fateDraw < 0.095 && fateDraw >= 0.07 ? 'rejected' : 'approved';
    const viaPending = fate !== 'approved' || (!overrides && rng.chance(0.15));
    const byStaff = fate === 'approved' && !viaPending && !overrides && rng.chance(0.02);
    const creatorId = overrides
      ? overrides.creatorId
      : byStaff
        ? null
        : viaPending
          ? rng.pick(client.pendingBookerIds)
          : rng.pick(client.creatorIds);

    // When it was asked for: the same morning, a few days before, or weeks ahead; never after now.
    let createdMs: number;
    const lead = rng.next();
    if (lead < 0.2) createdMs = offsets.utcMs(tz, firstDay, rng.int(6 * 60 + 15, 7 * 60 + 20));
    else if (lead < 0.6) createdMs = offsets.utcMs(tz, firstDay - rng.int(1, 3), rng.int(8 * 60, 17 * 60));
    else createdMs = offsets.utcMs(tz, firstDay - rng.int(4, 21), rng.int(8 * 60, 17 * 60));
    createdMs = Math.min(createdMs, firstStartMs - 10 * MINUTE);
    // Drawn whether or not it is used, so the time of day of "now" does not shift every later draw.
    const sinceAsked = rng.int(5, 10 * 24 * 60) * MINUTE;
    if (createdMs > nowMs - MINUTE) createdMs = nowMs - sinceAsked;
    createdMs = Math.floor(createdMs / 1000) * 1000;
    const createdAt = new Date(createdMs);

    let decidedAt: Date | null = null;
    let decidedBy: number | null = null;
    if (fate === 'rejected' || (fate === 'approved' && viaPending)) {
      const limit = Math.min(nowMs - MINUTE, fate === 'approved' ? firstStartMs - 30 * MINUTE : nowMs);
      decidedAt = new Date(Math.max(createdMs + MINUTE, Math.min(createdMs + rng.int(10, 1440) * MINUTE, limit)));
      decidedBy = rng.pick(client.approverIds);
    }

    const covered = overrides ? true : rng.chance(0.55);
    const coveringReason: AbsenceReason | null = overrides
      ? overrides.reason
      : covered
        ? rng.chance(0.85)
          ? rng.pick(COVERED_REASONS)
          : rng.pick(ABSENCE_REASONS)
        : rng.chance(0.3)
          ? 'not provided'
          : null;
    this.rows.bookingRequests.push({
      id: requestId,
      clientId: client.id,
      locationId: location.id,
      createdByContactId: creatorId,
      createdByStaffUserId: byStaff ? ctx.plan.staffUserId : null,
      createdAt,
      status: fate === 'pending' ? 'pending_approval' : fate,
      classificationId: cls.id,
      gradeIds: rng.chance(0.6) ? rng.sample(client.gradeIds, rng.int(1, 2)).sort((a, b) => a - b) : [],
      startTimeLocal: timeOfMinutes(startMin),
      endTimeLocal: timeOfMinutes(endMin),
      breakMinutes,
      isFullDay: fullDay,
      bookingsPerDay: heads,
      coveringContactId: overrides ? overrides.coveringContactId : null,
      coveringName: overrides ? overrides.coveringName : covered ? rng.pick(this.pool.staffNames) : null,
      absenceReason: coveringReason,
      room: rng.chance(0.4) ? rng.pick(ROOMS) : null,
      notes: rng.chance(0.3) ? rng.pick(NOTES) : null,
      policiesAgreedAt: createdAt,
      seriesReference: block ? `BLK-${String(requestId).padStart(7, '0')}` : null,
      decidedByContactId: decidedBy,
      decidedAt,
      rejectReason: fate === 'rejected' ? rng.pick(REJECT_REASONS) : null,
    });
    if (!overrides && rng.chance(0.1) && location.certificationIds.length > 0) {
      this.rows.bookingRequestCertifications.push({ requestId, certificationId: rng.pick(location.certificationIds) });
    }
    const recipients = rng.sample(location.bookingContactIds, rng.int(1, 2));
    for (const bookingContactId of recipients) {
      const email = rng.chance(0.9);
      const sms = rng.chance(0.5);
      this.rows.bookingConfirmations.push({
        id: ctx.ids.take('booking_confirmations'),
        requestId,
        bookingContactId,
        email: email || !sms,
        sms,
        voice: rng.chance(0.08),
        push: rng.chance(0.1),
      });
    }

    // Who fills it.
    const daysAhead = firstDay - today;
    const fillChance = overrides ? 1 : daysAhead < 0 ? 0.97 : daysAhead <= 2 ? 0.85 : daysAhead <= 7 ? 0.7 : daysAhead <= 21 ? 0.5 : 0.3;
    const candidates: Array<number | null> = [];
    for (let head = 0; head < heads; head++) {
      const filled = fate === 'approved' && rng.chance(head === 0 ? fillChance : fillChance * 0.8);
      candidates.push(filled ? this.chooseCandidate(dates) : null);
    }
    const extensionFrom = block && dates.length >= 8 && rng.chance(0.2) ? rng.int(5, dates.length - 2) : -1;

    let firstBookingId = 0;
    let extendedFrom: number | null = null;
    dates.forEach((day, position) => {
      const startMs = offsets.utcMs(tz, day, startMin);
      const endMs = offsets.utcMs(tz, day, endMin);
      for (let head = 0; head < heads; head++) {
        const id = ctx.ids.take('bookings');
        if (firstBookingId === 0) firstBookingId = id;
        if (position === extensionFrom - 1 && head === 0) extendedFrom = id;
        const poolIndex = candidates[head] ?? null;
        let candidateId = poolIndex === null ? null : this.pool.candidateIds[poolIndex]!;
        let status: BookingStatus;
        let cancelReason: string | null = null;
        let cancelledAt: Date | null = null;
        let cancelledBy: number | null = null;
        if (fate === 'pending') status = 'pending_approval';
        else if (fate === 'rejected') status = 'rejected';
        else if ((!overrides && rng.chance(0.04)) || (candidateId === null && day < location.today)) {
          status = 'cancelled';
          cancelReason = candidateId === null && day < location.today ? 'No educator was available' : rng.pick(CANCEL_REASONS);
          cancelledAt = new Date(Math.max(createdMs + MINUTE, Math.min(nowMs - MINUTE, startMs - rng.int(30, 3 * 24 * 60) * MINUTE)));
          cancelledBy = rng.pick(client.creatorIds);
          candidateId = null;
        } else if (candidateId === null) status = 'unfilled';
        // By the instants of the location's own day, so 02:05 in London is before a London 08:40 start.
        else status = endMs <= nowMs ? 'completed' : startMs <= nowMs ? 'commenced' : 'filled';

        const updatedMs = status === 'completed' ? endMs : cancelledAt ? cancelledAt.getTime() : (decidedAt?.getTime() ?? createdMs);
        const row: BookingRow = {
          id,
          requestId,
          clientId: client.id,
          locationId: location.id,
          dateLocal: isoOfDay(day),
          startTimeLocal: timeOfMinutes(startMin),
          endTimeLocal: timeOfMinutes(endMin),
          timeZone: tz,
          startUtc: new Date(startMs),
          endUtc: new Date(endMs),
          breakMinutes,
          status,
          candidateId,
          seriesPosition: block ? position + 1 : null,
          seriesTotal: block ? dates.length : null,
          extendedFromBookingId: extensionFrom >= 0 && position >= extensionFrom ? extendedFrom : null,
          cancelReason,
          cancelledAt,
          cancelledByContactId: cancelledBy,
          feedbackCompleted: status === 'completed' && day < today - 21,
          filledAt: candidateId === null ? null : fillTimeOf(id, createdMs, startMs, nowMs),
          createdAt,
          updatedAt: new Date(Math.min(updatedMs, nowMs)),
        };
        this.rows.bookings.push(row);
        if (candidateId !== null && !this.known.has(candidateId)) this.known.set(candidateId, createdAt);
        if (status === 'completed') this.afterCompleted(row, day, startMin, endMin, breakMinutes, cls, fullDay, location, candidateId!);
      }
    });
    return firstBookingId;
  }

  /** Timesheet (recent past), invoice line (invoiced fortnights) and feedback candidates for a completed booking. */
  private afterCompleted(
    booking: BookingRow,
    day: number,
    startMin: number,
    endMin: number,
    breakMinutes: number,
    cls: PlanClassification,
    fullDay: boolean,
    location: PlanLocation,
    candidateId: number,
  ): void {
    const { rng, ctx, today } = this;
    let invoiced = day <= this.invoicedUntil;
    if (day >= today - TIMESHEET_DAYS) {
      let status: TimesheetStatus;
      let decision: 'approved' | 'modified' | 'did_not_happen' | null = null;
      let modification: CandidateModification | null = null;
      let clientModification: CandidateModification | null = null;
      const start = startMin;
      const end = endMin;
      if (invoiced) {
        if (rng.chance(0.03)) {
          // A straggler nobody approved yet: not on any invoice.
          status = 'pending_approval';
          invoiced = false;
        } else {
          status = 'invoiced';
          decision = 'approved';
        }
      } else {
        const age = today - day;
        status =
          age >= 5
            ? rng.weighted<TimesheetStatus>([
                ['approved_for_invoice', 65],
                ['pending_approval', 25],
                ['pending_review', 10],
              ])
            : rng.weighted<TimesheetStatus>([
                ['approved_for_invoice', 15],
                ['pending_approval', 55],
                ['pending_review', 30],
              ]);
        if (status === 'approved_for_invoice') decision = 'approved';
        if (status === 'pending_review') {
          decision = rng.chance(0.7) ? 'modified' : 'did_not_happen';
          // The school's times wait in client_modification until the provider settles them; the row keeps the reported hours.
          if (decision === 'modified') {
            const schoolEnd = Math.max(start + 60, end - rng.pick([15, 30, 45, 60]));
            clientModification = { startTimeLocal: timeOfMinutes(start), endTimeLocal: timeOfMinutes(schoolEnd), breakMinutes };
          } else clientModification = { didNotHappen: true, reason: SCHOOL_DID_NOT_HAPPEN_REASON };
        }
      }
      if (status === 'pending_approval') {
        const draw = rng.next();
        if (draw < 0.15) {
          modification = {
            startTimeLocal: timeOfMinutes(start + rng.pick([0, 0, 15, 30])),
            endTimeLocal: timeOfMinutes(end - rng.pick([0, 15, 30, 60])),
            breakMinutes: Math.max(0, breakMinutes - rng.pick([0, 10, 15])),
          };
        } else if (draw < 0.2) {
          modification = {
            didNotHappen: true,
            reason: rng.pick(['Class was combined with another group', 'Sent home by the school', 'Unwell on the day']),
          };
        }
      }
      const breaks: TimesheetBreak[] =
        breakMinutes > 0 ? [{ type: 'Lunch', startTime: timeOfMinutes(12 * 60), endTime: timeOfMinutes(12 * 60 + breakMinutes) }] : [];
      const endUtcMs = (booking.endUtc as Date).getTime();
      const submittedMs = Math.min(ctx.nowMs - MINUTE, endUtcMs + rng.int(20, 6 * 60) * MINUTE);
      const decidedMs = decision ? Math.min(ctx.nowMs - MINUTE, submittedMs + rng.int(60, 3 * 24 * 60) * MINUTE) : null;
      const period = invoiced ? this.periodOf(day) : null;
      this.rows.timesheets.push({
        id: ctx.ids.take('timesheets'),
        bookingId: booking.id!,
        candidateId,
        clientId: this.client.id,
        locationId: location.id,
        status,
        startTimeLocal: timeOfMinutes(start),
        endTimeLocal: timeOfMinutes(end),
        startUtc: booking.startUtc as Date,
        endUtc: new Date(endUtcMs),
        breakMinutes,
        breaks,
        timesheetMethod: location.templateRequired ? 'template' : rng.pick(['app', 'app', 'portal']),
        payOptionType: cls.unit === 'daily' ? 'Daily rate' : 'Hourly rate',
        unitType: cls.unit === 'daily' ? 'day' : 'hour',
        isApprovedByCandidate: modification === null,
        candidateModification: modification,
        clientModification,
        decision,
        decidedByContactId: decision ? rng.pick(this.client.timesheetApproverIds) : null,
        decidedAt: decidedMs === null ? null : new Date(decidedMs),
        invoiceId: period ? period.id : null,
        createdAt: new Date(submittedMs),
        updatedAt: new Date(decidedMs ?? submittedMs),
      });
    }
    if (invoiced) this.addInvoiceLine(day, candidateId, cls, fullDay, endMin - startMin - breakMinutes);
    if (day >= today - 21) this.feedbackCandidates.push(booking);
  }

  /**
   * Every client shows every timesheet state and kind, whatever the draws gave it: a review the school asked
   * for with other times and one for a day that did not happen, and timesheets pending approval where the educator
   * changed the times or said the day did not happen. Taken from its newest timesheets pending approval the educator
   * left alone, without drawing from the random stream (the rest of the world stays as it was).
   */
  private everyTimesheetKind(): void {
    const all = this.rows.timesheets;
    const plain = all
      .filter((t) => t.status === 'pending_approval' && t.candidateModification === null && t.invoiceId === null)
      .sort((a, b) => (b.startUtc as Date).getTime() - (a.startUtc as Date).getTime());
    const has = (test: (t: (typeof all)[number]) => boolean) => all.some(test);
    const isPending = (t: (typeof all)[number]) => t.status === 'pending_approval';
    const review = (t: (typeof all)[number], modification: CandidateModification) => {
      const decided = new Date(Math.min(this.ctx.nowMs - MINUTE, (t.createdAt as Date).getTime() + 3 * 60 * MINUTE));
      Object.assign(t, {
        status: 'pending_review',
        decision: 'didNotHappen' in modification ? 'did_not_happen' : 'modified',
        clientModification: modification,
        decidedByContactId: this.client.timesheetApproverIds[0] ?? null,
        decidedAt: decided,
        updatedAt: decided,
      });
    };
    const next = () => plain.shift();
    if (!has((t) => t.status === 'pending_review' && t.decision === 'modified')) {
      const t = next();
      if (t) {
        const start = minutesOfTime(t.startTimeLocal as string);
        const end = minutesOfTime(t.endTimeLocal as string);
        review(t, {
          startTimeLocal: timeOfMinutes(start),
          endTimeLocal: timeOfMinutes(Math.max(start + 60, end - 30)),
          breakMinutes: t.breakMinutes ?? 0,
        });
      }
    }
    if (!has((t) => t.status === 'pending_review' && t.decision === 'did_not_happen')) {
      const t = next();
      if (t) review(t, { didNotHappen: true, reason: SCHOOL_DID_NOT_HAPPEN_REASON });
    }
    if (!has((t) => isPending(t) && !!t.candidateModification && 'startTimeLocal' in t.candidateModification)) {
      const t = next();
      if (t) {
        const start = minutesOfTime(t.startTimeLocal as string);
        const end = minutesOfTime(t.endTimeLocal as string);
        t.candidateModification = {
          startTimeLocal: timeOfMinutes(start + 15),
          endTimeLocal: timeOfMinutes(Math.max(start + 75, end - 30)),
          breakMinutes: t.breakMinutes ?? 0,
        };
        t.isApprovedByCandidate = false;
      }
    }
    if (!has((t) => isPending(t) && !!t.candidateModification && 'didNotHappen' in t.candidateModification)) {
      const t = next();
      if (t) {
        t.candidateModification = { didNotHappen: true, reason: 'Unwell on the day' };
        t.isApprovedByCandidate = false;
      }
    }
  }

  private periodOf(day: number): InvoicePeriod | null {
    const back = Math.floor((this.invoicedUntil - day) / PERIOD_DAYS);
    if (back < 0 || back >= INVOICE_PERIODS) return null;
    return this.periods[INVOICE_PERIODS - 1 - back]!;
  }

  /** A completed booking of an invoiced fortnight, billed as the invoicing run bills one (contract: invoices/lines). */
  private addInvoiceLine(day: number, candidateId: number, cls: PlanClassification, fullDay: boolean, workedMinutes: number): void {
    const period = this.periodOf(day);
    if (!period) return;
    const unit = billedUnitOf(cls.unit === 'daily' ? 'day' : 'hour', { fullDay, minutesWorked: workedMinutes });
    period.work.push({
      key: `${candidateId}:${cls.id}`,
      candidateId,
      description: cls.title,
      unit,
      dateLocal: isoOfDay(day),
      minutesWorked: workedMinutes,
      unitPriceMinor: unit === 'half_day' ? halfDayPriceMinor(cls.rateMinor) : cls.rateMinor,
    });
  }

  private finishInvoices(): void {
    const { rng, ctx, client, today } = this;
    const { country } = client;
    const tz = client.locations[0]!.timeZone;
    for (const period of this.periods) {
      if (period.work.length === 0) continue;
      const invoice = composeInvoice(period.work, country.taxRateBasisPoints);
      for (const line of invoice.lines) this.rows.invoiceLines.push({ id: ctx.ids.take('invoice_lines'), invoiceId: period.id, ...line });
      const issue = period.end + 1;
      const due = issue + country.paymentTermsDays;
      const latest = period.end === this.invoicedUntil;
      const paid = !latest && (due < today - 2 ? rng.chance(0.97) : rng.chance(0.2));
      const issueMs = ctx.offsets.utcMs(tz, issue, 6 * 60);
      const paidMs = paid
        ? Math.min(ctx.nowMs - HOUR, issueMs + rng.int(2, country.paymentTermsDays + 3) * DAY + rng.int(0, 600) * MINUTE)
        : null;
      this.rows.invoices.push({
        id: period.id,
        invoiceNo: `INV-${String(period.id).padStart(6, '0')}`,
        clientId: client.id,
        issueDate: isoOfDay(issue),
        dueDate: isoOfDay(due),
        periodStart: isoOfDay(period.start),
        periodEnd: isoOfDay(period.end),
        currency: country.currency,
        taxLabel: country.taxLabel,
        subtotalMinor: invoice.subtotalMinor,
        taxMinor: invoice.taxMinor,
        totalMinor: invoice.totalMinor,
        paidAt: paidMs === null ? null : new Date(paidMs),
        createdAt: new Date(Math.min(issueMs, ctx.nowMs - HOUR)),
      });
    }
  }

  private finishFeedback(): void {
    const { rng, ctx } = this;
    for (const booking of rng.sample(this.feedbackCandidates, 2)) {
      const rating = rng.int(3, 5);
      booking.feedbackCompleted = true;
      this.rows.feedback.push({
        id: ctx.ids.take('feedback'),
        bookingId: booking.id!,
        contactId: rng.pick(this.client.approverIds),
        rating,
        comment: rng.pick(FEEDBACK_COMMENTS),
        wouldRebook: rating >= 4,
        createdAt: new Date(Math.min(ctx.nowMs - MINUTE, (booking.endUtc as Date).getTime() + rng.int(60, 48 * 60) * MINUTE)),
      });
    }
  }

  /** teacher@demo.test's replace-me requests, one or more in each state. */
  private generateReplaceMe(): void {
    const { teacher } = this.ctx.plan;
    const location = this.client.locations.find((l) => l.id === teacher.locationId)!;
    const today = location.today;
    const school = rollToWeekday(today);
    // The next school day stays free so the teacher can try replace-me in the demo: today (on a school day, else
    // the day after the next school day) has its request pending approval, the scheduled one is two days on.
    const replacing = isWeekend(today) ? addWeekdays(school, 1) : school;
    const later = addWeekdays(school, 2);
    const entries: Array<{
      day: number;
      status: 'scheduled' | 'pending_approval' | 'replacement_found' | 'booking_created';
      booked: boolean;
    }> = [
      { day: addWeekdays(today, -25), status: 'booking_created', booked: true },
      { day: addWeekdays(today, -10), status: 'booking_created', booked: true },
      { day: addWeekdays(today, -2), status: 'replacement_found', booked: true },
      { day: replacing, status: 'pending_approval', booked: false },
      { day: later, status: 'scheduled', booked: false },
    ];
    for (const entry of entries) {
      const bookingId = entry.booked
        ? this.makeRequest(
            location,
            { dates: [entry.day], block: false },
            {
              dates: [entry.day],
              creatorId: teacher.contactId,
              coveringContactId: teacher.contactId,
              coveringName: teacher.name,
              reason: 'sick leave cover',
            },
          )
        : null;
      const createdMs = Math.min(this.ctx.nowMs - 5 * MINUTE, this.ctx.offsets.utcMs(location.timeZone, entry.day - 1, 19 * 60));
      this.rows.replaceMeRequests.push({
        id: this.ctx.ids.take('replace_me_requests'),
        contactId: teacher.contactId,
        clientId: this.client.id,
        locationId: location.id,
        selectedDay: isoOfDay(entry.day),
        isNextMonday: false,
        status: entry.status,
        bookingId,
        createdAt: new Date(createdMs),
        updatedAt: new Date(createdMs),
      });
    }
  }
}
