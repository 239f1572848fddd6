import type { FastifyBaseLogger } from 'fastify';
import type { CreatedBooking } from '@portal/contract/bookings';
import { normaliseTime } from '@portal/contract/bookings';
import type { PermissionTree } from '@portal/contract/permissions';
import type { Db } from '@portal/db/client';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../lib/mailer';
import { BookingNotifier } from './booking-notifications';
import { accessAt, isoDate } from './booking-reference.service';
import { findLocationWithClient, insertBookingRequest, loadRuleFacts, type NewBooking } from './create-booking.repository';
import {
  evaluateRules,
  locationBookable,
  toProblem,
  utcOf,
  type BookingRuleContext,
  type CreateBookingInput,
} from './create-booking.rules';

/**
 * POST /v1/bookings: checks the caller may book at the location, loads the facts, runs the rule pipeline, then
 * writes the request and one booking per date per head in one transaction, and tells the confirmation contacts
 * after it commits. booking create → an approved request of unfilled bookings; pendingBooking create alone → a
 * request (and bookings) pending approval.
 */

export interface Caller {
  contactId: number;
  staffUserId: number | undefined;
  impersonating: boolean;
  tree: PermissionTree;
}

export class CreateBookingService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
  ) {}

  async create(caller: Caller, body: CreateBookingInput, idempotencyKey: string | undefined): Promise<CreatedBooking> {
    const access = accessAt(caller.tree, body.locationId);
    const denied = toProblem(locationBookable(access));
    if (denied) throw denied;
    const location = await findLocationWithClient(this.db, body.locationId);
    if (!location) throw new AppError('not-found', { detail: 'There is no such location.' });

    const facts = await loadRuleFacts(this.db, location, body.covering?.contactId);
    const ctx: BookingRuleContext = {
      body,
      now: this.now(),
      location,
      client: location,
      classifications: facts.classificationRows,
      gradeIds: new Set(facts.gradeRows.map((g) => g.id)),
      certificationIds: new Set(facts.certificationRows.map((c) => c.id)),
      defaultCertificationIds: new Set(facts.defaultRows.map((c) => c.id)),
      bookingContacts: facts.contactRows,
      blocks: facts.blockRows.map((b) => ({
        datesLocal: (b.datesLocal as Array<string | Date>).map(isoDate),
        messageMarkdown: b.messageMarkdown,
      })),
      coveringContactAtClient: facts.coveringAtClient,
    };
    const problem = toProblem(evaluateRules(ctx));
    if (problem) throw problem;

    const confirmed = access.bookingCreate;
    const classification = ctx.classifications.find((c) => c.id === body.classificationId)!;
    const breakMinutes = body.breakMinutes ?? classification.defaultBreakInMins ?? 0;
    const startTime = normaliseTime(body.startTime);
    const endTime = normaliseTime(body.endTime);
    const dates = [...body.dates].sort();
    const series = dates.length > 1;
    const zone = location.timeZone;
    const rows: NewBooking[] = dates.flatMap((dateLocal, index) =>
      Array.from({ length: body.bookingsPerDay }, () => ({
        clientId: location.clientId,
        locationId: location.id,
        dateLocal,
        startTimeLocal: startTime,
        endTimeLocal: endTime,
        timeZone: zone,
        startUtc: utcOf(dateLocal, startTime, zone),
        endUtc: utcOf(dateLocal, endTime, zone),
        breakMinutes,
        status: confirmed ? ('unfilled' as const) : ('pending_approval' as const),
        seriesPosition: series ? index + 1 : null,
        seriesTotal: series ? dates.length : null,
      })),
    );

    let created: Awaited<ReturnType<typeof insertBookingRequest>>;
    try {
      created = await this.db.transaction((tx) =>
        insertBookingRequest(
          tx,
          {
            clientId: location.clientId,
            locationId: location.id,
            createdByContactId: caller.contactId,
            createdByStaffUserId: caller.impersonating ? (caller.staffUserId ?? null) : null,
            status: confirmed ? 'approved' : 'pending_approval',
            classificationId: body.classificationId,
            gradeIds: [...new Set(body.gradeIds)],
            startTimeLocal: startTime,
            endTimeLocal: endTime,
            breakMinutes,
            isFullDay: body.isFullDay,
            bookingsPerDay: body.bookingsPerDay,
            coveringContactId: body.covering?.contactId ?? null,
            coveringName: body.covering?.name ?? null,
            absenceReason: body.covering?.reason ?? null,
            room: body.room || null,
            notes: body.notes || null,
            policiesAgreedAt: ctx.now,
            idempotencyKey: idempotencyKey ?? null,
          },
          {
            certificationIds: [...new Set(body.certificationIds)],
            confirmations: body.confirmations.map((c) => ({
              bookingContactId: c.bookingContactId,
              email: c.email,
              sms: c.sms,
              voice: c.voice,
              push: c.push,
            })),
            bookings: rows,
            series,
          },
        ),
      );
    } catch (error) {
      if (isUniqueViolation(error, 'booking_requests_idempotency_key'))
        throw new AppError('idempotency-key-reused', {
          detail: 'This Idempotency-Key was already used for another booking. Use a new key for a new request.',
          cause: error,
        });
      throw error;
    }

    await new BookingNotifier(this.db, this.mailer, this.log).requestEvent(created.requestId, confirmed ? 'created' : 'pending_approval');
    return {
      requestId: created.requestId,
      status: confirmed ? 'approved' : 'pending_approval',
      seriesReference: created.seriesReference,
      bookings: created.bookings.map((b) => ({ id: b.id, dateLocal: isoDate(b.dateLocal), status: b.status })),
    };
  }
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: string; constraint?: string };
    if (code === '23505') return name === undefined || name === constraint;
  }
  return false;
}
