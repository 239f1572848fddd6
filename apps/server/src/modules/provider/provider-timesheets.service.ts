import { DateTime } from 'luxon';
import type { Db } from '@portal/db/client';
import type { CandidateModification } from './provider-timesheets.repository';
import { minutesOf, normaliseTime } from '@portal/contract/bookings';
import { validateTimesheetReason, validateTimesheetTimes } from '@portal/contract/timesheets';
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
  payDueInvoices,
  reviewForUpdate,
  reviewsDecidedIn,
  writeInvoice,
  type InvoiceableTimesheet,
} from './provider-timesheets.repository';
import { recordBookingEvents, recordLiveEvent, recordTimesheetEvents } from '../live-events/live-events.repository';

/**
 * The provider's side of timesheets (issue 9), for the staff API and the demo simulator:
 * - a completed booking's educator submits the hours → `pending_approval` (with the educator's changes, if any);
 * - a timesheet `pending_review` is settled with the educator → `approved_for_invoice` with the agreed hours, or the
 *   booking is cancelled with no charge;
 * - the invoicing run puts a client's approved timesheets on invoices, one per client and week (Monday to Sunday of
 *   the bookings), a line per educator and unit in the client's currency and tax → `invoiced`;
 * - invoices become paid once due.
 */

/** Unit prices (minor units) when a client has no earlier invoice line to take them from. */
const DEFAULT_PRICES: Record<string, number> = { hour: 6_500, day: 42_000 };
const PAYMENT_TERMS_DAYS = 14;
const DID_NOT_HAPPEN_CANCEL_REASON = 'Did not happen (timesheet): cancelled with no charge';

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
      if (row) await recordTimesheetEvents(tx, [bookingId], 'timesheet.submitted');
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
        await cancelWithoutCharge(tx, bookingId, DID_NOT_HAPPEN_CANCEL_REASON, at);
        await recordBookingEvents(tx, [bookingId], 'booking.cancelled');
        return { bookingId, bookingStatus: 'cancelled', status: null };
      }
      const agreedFrom = [row.client_modification, row.candidate_modification].find(
        (m): m is Extract<CandidateModification, { startTimeLocal: string }> => !!m && 'startTimeLocal' in m,
      );
      const hours = {
        startTimeLocal: body.startTimeLocal ?? agreedFrom?.startTimeLocal ?? row.start_time_local.slice(0, 5),
        endTimeLocal: body.endTimeLocal ?? agreedFrom?.endTimeLocal ?? row.end_time_local.slice(0, 5),
        breakMinutes: body.breakMinutes ?? agreedFrom?.breakMinutes ?? row.break_minutes,
      };
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
      await recordTimesheetEvents(tx, [bookingId], 'timesheet.decided');
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
        const timesheets = await lockInvoiceable(tx, clientId, before);
        if (timesheets.length === 0) return;
        for (const t of timesheets.filter((x) => x.did_not_happen)) {
          await cancelWithoutCharge(tx, t.booking_id, DID_NOT_HAPPEN_CANCEL_REASON, at);
          result.cancelled.push(t.booking_id);
        }
        const { client, prices } = await invoiceTerms(tx, clientId);
        const weeks = new Map<string, InvoiceableTimesheet[]>();
        for (const t of timesheets.filter((x) => !x.did_not_happen)) {
          const monday = DateTime.fromISO(t.date_local, { zone: 'UTC' }).startOf('week').toISODate()!;
          weeks.set(monday, [...(weeks.get(monday) ?? []), t]);
        }
        const issueDate = DateTime.fromJSDate(at, { zone: 'UTC' }).toISODate()!;
        for (const [monday, inWeek] of [...weeks].sort(([a], [b]) => a.localeCompare(b))) {
          const lines = new Map<string, { candidateId: number; name: string; unit: string; quantity: number; count: number }>();
          for (const t of inWeek) {
            const unit = t.unit_type === 'day' ? 'day' : 'hour';
            const quantity = unit === 'day' ? (t.worked_minutes >= 240 ? 1 : 0.5) : Math.max(0, t.worked_minutes) / 60;
            const key = `${t.candidate_id}:${unit}`;
            const line = lines.get(key);
            if (line) {
              line.quantity += quantity;
              line.count += 1;
            } else lines.set(key, { candidateId: t.candidate_id, name: t.candidate_name, unit, quantity, count: 1 });
          }
          let subtotal = 0;
          let tax = 0;
          const invoiceLines = [...lines.values()].map((l) => {
            const quantity = Math.round(l.quantity * 100) / 100;
            const unitPriceMinor = prices.get(l.unit) ?? DEFAULT_PRICES[l.unit]!;
            const amountMinor = Math.round(quantity * unitPriceMinor);
            const taxMinor = Math.round((amountMinor * client.tax_rate_basis_points) / 10_000);
            subtotal += amountMinor;
            tax += taxMinor;
            return {
              candidateId: l.candidateId,
              description: `${l.name}: ${l.count} timesheet${l.count === 1 ? '' : 's'} (${l.unit}s)`,
              quantity,
              unit: l.unit,
              unitPriceMinor,
              amountMinor,
              taxMinor,
            };
          });
          const periodEnd = DateTime.fromISO(monday, { zone: 'UTC' }).plus({ days: 6 }).toISODate()!;
          const invoiceNo = await writeInvoice(tx, {
            clientId,
            issueDate,
            dueDate: DateTime.fromISO(issueDate, { zone: 'UTC' }).plus({ days: PAYMENT_TERMS_DAYS }).toISODate()!,
            periodStart: monday,
            periodEnd,
            currency: client.currency,
            taxLabel: client.tax_label,
            subtotalMinor: subtotal,
            taxMinor: tax,
            lines: invoiceLines,
            timesheetIds: inWeek.map((t) => t.id),
            at,
          });
          await recordLiveEvent(tx, { clientId, locationId: null, kind: 'invoice.issued', payload: { invoiceNo } });
          result.invoices.push({
            invoiceNo,
            clientId,
            periodStart: monday,
            periodEnd,
            timesheets: inWeek.length,
            lines: invoiceLines.length,
            currency: client.currency,
            totalMinor: subtotal + tax,
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

  /** Invoices become paid once due. */
  payDue(now: Date, limit: number): Promise<number> {
    return payDueInvoices(this.db, DateTime.fromJSDate(now, { zone: 'UTC' }).toISODate()!, now, limit);
  }
}
