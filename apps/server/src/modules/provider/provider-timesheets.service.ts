import { DateTime } from 'luxon';
import type { Db } from '@portal/db/client';
import type { CandidateModification } from './provider-timesheets.repository';
import { minutesOf, normaliseTime } from '@portal/contract/bookings';
import { validateTimesheetReason, validateTimesheetTimes } from '@portal/contract/timesheets';
import { billingOf, settledHours } from '@portal/contract/timesheets/decide';
import { isDue } from '@portal/contract/invoices/overdue';
import { changeOf, factsOf, NO_CHARGE_REASON } from '../timesheets/timesheets.service';
import type { EducatorTimesheetBody, InvoicingRunResponse, ProviderTimesheet, SettleTimesheetBody } from '@portal/contract/provider';
import { AppError } from '../../lib/app-error';
import {
  approveWithHours,
  bookingForTimesheet,
  cancelWithoutCharge,
  clientsToInvoice,
  completedWithoutTimesheet,
  insertTimesheet,
  invoiceTerms,
  lockInvoiceable,
  markInvoicesPaid,
  oldestUnpaidInvoices,
  reviewForUpdate,
  reviewsDecidedIn,
  writeInvoice,
  type InvoiceableTimesheet,
} from './provider-timesheets.repository';
import * as liveEvents from '../live-events/live-events.port';
import { composeWeek } from './invoice-composition';

/**
 * The provider's side of timesheets, for the staff API and the demo simulator:
 * - a completed booking's educator submits the hours → `pending_approval` (with the educator's changes, if any);
 * - a timesheet `pending_review` is settled with the educator → `approved_for_invoice` with the agreed hours, or the
 *   booking is cancelled with no charge;
 * - the invoicing run puts a client's approved timesheets on invoices, one per client and week (Monday to Sunday of
 *   the bookings), a line per educator, classification and unit with its dates, in the client's currency and tax
 *   (invoice-composition.ts) → `invoiced`;
 * - invoices become paid once due.
 */

/** Unit prices (minor units) when a client has no earlier invoice line to take them from. */
const DEFAULT_PRICES: Record<string, number> = { hour: 6_500, day: 42_000 };
const PAYMENT_TERMS_DAYS = 14;

const rule = (detail: string, field?: string) =>
  new AppError('rule-violation', { detail, ...(field ? { errors: { [field]: [detail] } } : {}) });
const fieldErrors = (errors: Record<string, string>) =>
  new AppError('validation', {
    detail: Object.values(errors)[0],
    errors: Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])),
  });

function timeOfMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export class ProviderTimesheetsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** The educator submits the hours of a completed booking (as booked, changed, or that it did not happen). */
  async submitByEducator(bookingId: number, body: EducatorTimesheetBody): Promise<ProviderTimesheet> {
    const booking = await bookingForTimesheet(this.db, bookingId);
    if (!booking) throw new AppError('not-found', { detail: 'There is no such booking.' });
    if (booking.status !== 'completed' || booking.candidate_id === null)
      throw rule(`Only a completed booking has a timesheet; this one is ${booking.status.replace(/_/g, ' ')}.`);
    if (booking.has_timesheet) throw new AppError('conflict', { detail: 'This booking already has a timesheet.' });
    const bookedStart = booking.start_time_local.slice(0, 5);
    const bookedEnd = booking.end_time_local.slice(0, 5);
    let modification: CandidateModification | null = null;
    if (body.didNotHappen) {
      const problem = validateTimesheetReason(body.reason);
      if (problem) throw fieldErrors({ reason: problem });
      modification = { didNotHappen: true, reason: body.reason!.trim() };
    } else {
      const times = {
        startTimeLocal: body.startTimeLocal ?? bookedStart,
        endTimeLocal: body.endTimeLocal ?? bookedEnd,
        breakMinutes: body.breakMinutes ?? booking.break_minutes,
      };
      const errors = validateTimesheetTimes(times);
      if (Object.keys(errors).length > 0) throw fieldErrors(errors as Record<string, string>);
      const start = normaliseTime(times.startTimeLocal);
      const end = normaliseTime(times.endTimeLocal);
      if (start !== bookedStart || end !== bookedEnd || times.breakMinutes !== booking.break_minutes)
        modification = { startTimeLocal: start, endTimeLocal: end, breakMinutes: times.breakMinutes };
    }
    const daily = booking.rate_unit_type === 'daily';
    const breaks =
      booking.break_minutes > 0 ? [{ type: 'Lunch', startTime: '12:00', endTime: timeOfMinutes(12 * 60 + booking.break_minutes) }] : [];
    const candidateId: number = booking.candidate_id;
    const inserted = await this.db.transaction(async (tx) => {
      const row = await insertTimesheet(tx, {
        bookingId,
        candidateId,
        clientId: booking.client_id,
        locationId: booking.location_id,
        startTimeLocal: bookedStart,
        endTimeLocal: bookedEnd,
        startUtc: booking.start_utc,
        endUtc: booking.end_utc,
        breakMinutes: booking.break_minutes,
        breaks,
        timesheetMethod: booking.template_required ? 'template' : 'app',
        payOptionType: daily ? 'Daily rate' : 'Hourly rate',
        unitType: daily ? 'day' : 'hour',
        modification,
        at: this.now(),
      });
      if (row) await liveEvents.record(tx, { kind: 'timesheet.submitted', bookingIds: [bookingId] });
      return row;
    });
    if (!inserted) throw new AppError('conflict', { detail: 'This booking already has a timesheet.' });
    return { bookingId, bookingStatus: 'completed', status: 'pending_approval' };
  }

  /**
   * Settles a timesheet pending review. approved: with the agreed hours (given, else the school's modified times,
   * else the educator's, else as booked); a school's 'did not happen' needs them given. cancelled: the booking is
   * cancelled with no charge and its timesheet removed.
   */
  async settle(bookingId: number, body: SettleTimesheetBody): Promise<ProviderTimesheet> {
    return this.db.transaction(async (tx) => {
      const row = await reviewForUpdate(tx, bookingId);
      if (!row) throw new AppError('not-found', { detail: 'There is no timesheet for this booking.' });
      if (row.status !== 'pending_review')
        throw rule(`Only a timesheet pending review can be settled; this one is ${row.status.replace(/_/g, ' ')}.`, 'outcome');
      const at = this.now();
      if (body.outcome === 'cancelled') {
        await cancelWithoutCharge(tx, bookingId, NO_CHARGE_REASON, at);
        await liveEvents.record(tx, { kind: 'booking.cancelled', bookingIds: [bookingId] });
        return { bookingId, bookingStatus: 'cancelled', status: null };
      }
      const agreed = settledHours(
        {
          recorded: {
            startTime: row.start_time_local.slice(0, 5),
            endTime: row.end_time_local.slice(0, 5),
            breakMinutes: row.break_minutes,
          },
          educator: changeOf(row.candidate_modification),
          school: changeOf(row.client_modification),
        },
        { startTime: body.startTimeLocal, endTime: body.endTimeLocal, breakMinutes: body.breakMinutes },
      );
      const hours = { startTimeLocal: agreed.startTime, endTimeLocal: agreed.endTime, breakMinutes: agreed.breakMinutes };
      const errors = validateTimesheetTimes(hours);
      if (Object.keys(errors).length > 0) throw fieldErrors(errors as Record<string, string>);
      await approveWithHours(
        tx,
        bookingId,
        {
          startTimeLocal: normaliseTime(hours.startTimeLocal),
          endTimeLocal: normaliseTime(hours.endTimeLocal),
          breakMinutes: hours.breakMinutes,
        },
        at,
      );
      await liveEvents.record(tx, { kind: 'timesheet.decided', bookingIds: [bookingId] });
      return { bookingId, bookingStatus: row.booking_status as ProviderTimesheet['bookingStatus'], status: 'approved_for_invoice' };
    });
  }

  /**
   * The invoicing run: for each client, its timesheets approved for invoice before `approvedBefore` go on one
   * invoice per week of their bookings. Approved 'did not happen' timesheets are cancelled with no charge instead.
   */
  async runInvoicing(
    options: { approvedBefore?: Date | undefined; approvedAfter?: Date | undefined; clientId?: number | undefined } = {},
  ): Promise<InvoicingRunResponse> {
    const at = this.now();
    const before = { before: options.approvedBefore ?? at, after: options.approvedAfter };
    const result: InvoicingRunResponse = { invoices: [], cancelled: [] };
    for (const clientId of await clientsToInvoice(this.db, before, options.clientId)) {
      await this.db.transaction(async (tx) => {
        const locked = await lockInvoiceable(tx, clientId, before);
        if (locked.length === 0) return;
        // What each bills is the contract's decide rule over the stored timesheet, as every answer shows it.
        const billed = locked.map((t) => ({ t, billing: billingOf(factsOf(storedTimesheet(t))) }));
        for (const { t } of billed.filter((x) => x.billing.kind === 'no_charge')) {
          await cancelWithoutCharge(tx, t.booking_id, NO_CHARGE_REASON, at);
          result.cancelled.push(t.booking_id);
        }
        const { client, prices } = await invoiceTerms(tx, clientId);
        const weeks = new Map<string, Array<InvoiceableTimesheet & { minutesBilled: number }>>();
        for (const { t, billing } of billed) {
          if (billing.kind === 'no_charge') continue;
          const monday = DateTime.fromISO(t.date_local, { zone: 'UTC' }).startOf('week').toISODate()!;
          weeks.set(monday, [...(weeks.get(monday) ?? []), { ...t, minutesBilled: billing.minutes }]);
        }
        const issueDate = DateTime.fromJSDate(at, { zone: 'UTC' }).toISODate()!;
        for (const [monday, inWeek] of [...weeks].sort(([a], [b]) => a.localeCompare(b))) {
          const composed = composeWeek(
            inWeek,
            { day: prices.get('day') ?? DEFAULT_PRICES.day!, hour: prices.get('hour') ?? DEFAULT_PRICES.hour! },
            client.tax_rate_basis_points,
          );
          const periodEnd = DateTime.fromISO(monday, { zone: 'UTC' }).plus({ days: 6 }).toISODate()!;
          const invoiceNo = await writeInvoice(tx, {
            clientId,
            issueDate,
            dueDate: DateTime.fromISO(issueDate, { zone: 'UTC' }).plus({ days: PAYMENT_TERMS_DAYS }).toISODate()!,
            periodStart: monday,
            periodEnd,
            currency: client.currency,
            taxLabel: client.tax_label,
            subtotalMinor: composed.subtotalMinor,
            taxMinor: composed.taxMinor,
            lines: composed.lines,
            timesheetIds: inWeek.map((t) => t.id),
            at,
          });
          await liveEvents.record(tx, { kind: 'invoice.issued', clientId, payload: { invoiceNo } });
          result.invoices.push({
            invoiceNo,
            clientId,
            periodStart: monday,
            periodEnd,
            timesheets: inWeek.length,
            lines: composed.lines.length,
            currency: client.currency,
            totalMinor: composed.totalMinor,
          });
        }
      });
    }
    return result;
  }

  // The demo simulator's clock work.

  /** Completed bookings get their educator's timesheet: mostly as booked, some changed, a few that did not happen. */
  async educatorsSubmitDue(now: Date, limit: number): Promise<number[]> {
    const made: number[] = [];
    for (const bookingId of await completedWithoutTimesheet(this.db, now, limit)) {
      const booking = await bookingForTimesheet(this.db, bookingId);
      if (!booking) continue;
      const variant = bookingId % 20;
      let body: EducatorTimesheetBody = {};
      if (variant === 0) body = { didNotHappen: true, reason: 'The class was combined with another group' };
      else if (variant === 1 || variant === 2) {
        const start = minutesOf(booking.start_time_local);
        const end = minutesOf(booking.end_time_local);
        const newEnd = Math.max(start + 60, end - (variant === 1 ? 30 : 45));
        body = { endTimeLocal: timeOfMinutes(newEnd), breakMinutes: Math.min(booking.break_minutes, Math.max(0, newEnd - start - 30)) };
      }
      try {
        await this.submitByEducator(bookingId, body);
        made.push(bookingId);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
    }
    return made;
  }

  /**
   * Reviews the school decided over `afterMs` ago (and, when given, since `since`) are settled: modified → approved
   * as the school said; did not happen → cancelled.
   */
  async settleDue(now: Date, afterMs: number, limit: number, since?: Date): Promise<number[]> {
    const settled: number[] = [];
    for (const review of await reviewsDecidedIn(this.db, { before: new Date(now.getTime() - afterMs), after: since }, limit)) {
      const didNotHappen = !!review.client_modification && 'didNotHappen' in review.client_modification;
      try {
        await this.settle(review.booking_id, { outcome: didNotHappen ? 'cancelled' : 'approved' });
        settled.push(review.booking_id);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
    }
    return settled;
  }

  /**
   * Invoices become paid once due (the contract's invoices rule), oldest first, at most `limit`. The oldest unpaid
   * come by due date, so the due ones among them are the first `limit` due ones.
   */
  async payDue(now: Date, limit: number): Promise<number> {
    const today = DateTime.fromJSDate(now, { zone: 'UTC' }).toISODate()!;
    const unpaid = await oldestUnpaidInvoices(this.db, limit);
    const due = unpaid.filter((invoice) => isDue({ dueDate: invoice.dueDate, paidAt: null }, today));
    const ids = due.map((invoice) => invoice.id);
    return markInvoicesPaid(this.db, ids, now);
  }
}

/** A locked invoiceable row as the timesheets module's stored shape (what its decide facts are read from). */
function storedTimesheet(t: InvoiceableTimesheet) {
  return {
    status: t.status,
    bookingStatus: t.booking_status,
    startTimeLocal: t.start_time_local,
    endTimeLocal: t.end_time_local,
    breakMinutes: t.break_minutes,
    candidateModification: t.candidate_modification,
    clientModification: t.client_modification,
    decision: t.decision,
  };
}
