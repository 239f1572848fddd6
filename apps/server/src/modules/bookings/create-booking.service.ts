import type { FastifyBaseLogger } from 'fastify';
import type { CreatedBooking } from '@portal/contract/bookings';
import { bookingBreakMinutes, normaliseTime } from '@portal/contract/bookings';
import type { PermissionTree } from '@portal/contract/permissions';
import type { Db } from '@portal/db/client';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../lib/mailer';
import type { Tx, Written } from '../../lib/idempotency';
import type { LiveEventKind } from '@portal/contract/live-events';
import { afterReply, BookingNotifier, type RequestFacts } from './booking-notifications';
import { accessAt, isoDate } from './booking-reference.service';
import { insertBookingRequest, loadRuleFacts, type NewBooking } from './create-booking.repository';
import { publicHolidaysOn } from './public-holidays';
import { policiesVersionOf } from './policies-version';
import {
  contactMethods,
  locationBookable,
  MAX_ADVANCE_DAYS,
  runCreateBookingPipeline,
  utcOf,
  type ConfirmationMethods,
  type CreateBookingFacts,
  type CreateBookingInput,
} from '@portal/contract/bookings/create/pipeline';
import { toProblem } from './create-booking.rules';

/**
 * POST /v1/bookings: checks the caller may book at the location, loads the facts, runs the rule pipeline, then
 * writes the request and one booking per date per head in one statement (atomic), and tells the confirmation
 * contacts after it commits (after the reply: `afterReply` in booking-notifications.ts). booking create → an approved request of unfilled bookings; pendingBooking create alone → a
 * request (and bookings) pending approval.
 */

export interface Caller {
  contactId: number;
  staffUserId: number | undefined;
  impersonating: boolean;
  tree: PermissionTree;
}

type RuleFacts = NonNullable<Awaited<ReturnType<typeof loadRuleFacts>>>;

/** The contract pipeline's facts from the one read of the location, its client and reference data. */
function pipelineFacts(
  body: CreateBookingInput,
  facts: RuleFacts,
  policiesVersion: string,
  now: Date,
  deliverable: ConfirmationMethods | undefined,
): CreateBookingFacts {
  return {
    body,
    now,
    location: facts,
    client: { ...facts, maxAdvanceDays: MAX_ADVANCE_DAYS },
    classifications: facts.classifications,
    gradeIds: new Set(facts.gradeIds),
    certificationIds: new Set(facts.certificationIds),
    defaultCertificationIds: new Set(facts.defaultCertificationIds),
    bookingContacts: facts.contacts.map((c) => ({ id: c.id, methods: contactMethods(c) })),
    deliverableMethods: deliverable,
    blocks: facts.blocks.map((b) => ({ datesLocal: b.datesLocal.map(isoDate), messageMarkdown: b.messageMarkdown })),
    coveringContactAtClient: facts.coveringAtClient ?? undefined,
    requestedCandidateKnown: facts.requestedKnown ?? undefined,
    requestedCandidateExcluded: facts.requestedExcluded ?? undefined,
    publicHolidays: facts.openOnPublicHolidays ? new Map() : publicHolidaysOn(facts, body.dates),
    policies: { version: policiesVersion, acceptedBefore: facts.acceptedPolicyVersions.includes(policiesVersion) },
  };
}

/** One booking per date per head, at the times in the location's zone; a request of several dates is a series. */
function bookingRows(body: CreateBookingInput, startTime: string, endTime: string, zone: string, confirmed: boolean) {
  const dates = [...body.dates].sort();
  const series = dates.length > 1;
  const rows: NewBooking[] = dates.flatMap((dateLocal, index) =>
    Array.from({ length: body.bookingsPerDay }, () => ({
      dateLocal,
      startUtc: utcOf(dateLocal, startTime, zone),
      endUtc: utcOf(dateLocal, endTime, zone),
      status: confirmed ? ('unfilled' as const) : ('pending_approval' as const),
      seriesPosition: series ? index + 1 : null,
      seriesTotal: series ? dates.length : null,
    })),
  );
  return { rows, series };
}

/** What the confirmation contacts are told, composed from what the write answered and the facts read before it. */
function noticeOf(
  created: Awaited<ReturnType<typeof insertBookingRequest>>,
  locationName: string,
  start: string,
  end: string,
  confirmations: ReadonlyArray<{ bookingContactId: number; email: boolean; sms: boolean; voice: boolean; push: boolean }>,
  people: RuleFacts['contacts'],
): RequestFacts {
  const contacts = new Map(people.map((c) => [c.id, c]));
  return {
    request: { id: created.requestId, seriesReference: created.seriesReference, locationName },
    days: created.bookings
      .map((b) => ({ id: b.id, dateLocal: b.dateLocal, start, end, status: b.status, first: null, last: null }))
      .sort((x, y) => (x.dateLocal < y.dateLocal ? -1 : x.dateLocal > y.dateLocal ? 1 : x.id - y.id)),
    recipients: confirmations.map((c) => {
      const contact = contacts.get(c.bookingContactId)!;
      return {
        ...c,
        name: contact.name,
        contactId: contact.contactId,
        emailAddress: contact.email,
        mobile: contact.mobile,
        locale: contact.locale,
      };
    }),
  };
}

export class CreateBookingService {
  private readonly notifier: BookingNotifier;

  constructor(
    private readonly db: Db,
    mailer: Mailer,
    log: FastifyBaseLogger,
    private readonly now: () => Date,
    /** The app's notifier (composition/services.ts); a service built alone makes its own. */
    notifier?: BookingNotifier,
    /** Mails the approvers their Approve and Reject links (composition/services.ts); none when built alone. */
    private readonly approvalLinks?: { sendApprovalLinks(requestId: number): Promise<void> },
    /** The confirmation methods this deployment delivers (config.ts, deliverableMethodsOf); none given: every one. */
    private readonly deliverable?: ConfirmationMethods,
  ) {
    this.notifier = notifier ?? new BookingNotifier(db, mailer, log);
  }

  /**
   * In the write's transaction (which then stores the Idempotency-Key's answer): one read of every fact the rules
   * need, one statement writing the request and its bookings; once committed, the confirmations go out after the
   * reply, composed from what is in hand.
   */
  async create(tx: Tx, caller: Caller, body: CreateBookingInput): Promise<Written<CreatedBooking>> {
    const access = accessAt(caller.tree, body.locationId);
    const denied = toProblem(locationBookable(access));
    if (denied) throw denied;
    const facts = await loadRuleFacts(tx, body.locationId, body.covering?.contactId, body.requestedCandidateId, caller.contactId);
    if (!facts) throw new AppError('not-found', { detail: 'There is no such location.' });
    const location = facts;
    const policiesVersion = policiesVersionOf(facts.policiesMarkdown);

    const ctx = pipelineFacts(body, facts, policiesVersion, this.now(), this.deliverable);
    const problem = toProblem(runCreateBookingPipeline(ctx));
    if (problem) throw problem;

    const confirmed = access.bookingCreate;
    const status = confirmed ? ('approved' as const) : ('pending_approval' as const);
    const classification = ctx.classifications.find((c) => c.id === body.classificationId)!;
    const breakMinutes = bookingBreakMinutes(body.breakMinutes, classification);
    const startTime = normaliseTime(body.startTime);
    const endTime = normaliseTime(body.endTime);
    const zone = location.timeZone;
    const { rows, series } = bookingRows(body, startTime, endTime, zone, confirmed);
    const confirmations = body.confirmations.map((c) => ({
      bookingContactId: c.bookingContactId,
      email: c.email,
      sms: c.sms,
      voice: c.voice,
      push: c.push,
    }));

    // The live stream's event: approvers see a request to approve, others a new booking.
    const liveEvent: LiveEventKind = confirmed ? 'booking.created' : 'pendingApproval.created';
    const created = await insertBookingRequest(
      tx,
      {
        clientId: location.clientId,
        locationId: location.id,
        createdByContactId: caller.contactId,
        createdByStaffUserId: caller.impersonating ? (caller.staffUserId ?? null) : null,
        status,
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
        requestedCandidateId: body.requestedCandidateId ?? null,
        // The contact's own agreement is remembered; provider staff acting as them agree for this request only.
        policiesAccepted: body.policiesAgreed && !caller.impersonating ? { contactId: caller.contactId, version: policiesVersion } : null,
      },
      {
        certificationIds: [...new Set(body.certificationIds)],
        confirmations,
        bookings: rows,
        timeZone: zone,
        series,
        liveEvent,
      },
    );

    // Once committed: tell the confirmation contacts after the reply, from the facts in hand (no reads).
    const notice = noticeOf(created, location.name, startTime, endTime, confirmations, facts.contacts);
    const afterCommit = async () => {
      afterReply(() => this.notifier.requestEventWith(notice, confirmed ? 'created' : 'pending_approval'));
      if (!confirmed && this.approvalLinks) afterReply(() => this.approvalLinks!.sendApprovalLinks(created.requestId));
    };

    return {
      status: 201,
      body: {
        requestId: created.requestId,
        status,
        seriesReference: created.seriesReference,
        bookings: created.bookings.map((b) => ({ id: b.id, dateLocal: b.dateLocal, status: b.status })),
      },
      afterCommit,
    };
  }
}
