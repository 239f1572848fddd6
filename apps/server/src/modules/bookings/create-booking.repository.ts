import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@portal/db/client';
import type { AbsenceReason, BookingRequestStatus, BookingStatus, Locale } from '@portal/contract/domain';
import type { RuleClassification } from '@portal/contract/bookings/create/pipeline';
import { noteLiveEventRecorded } from '../live-events/live-signal';
import type { LiveEventKind } from '@portal/contract/live-events';

/**
 * Queries of POST /v1/bookings: the facts the rules need (one statement), and the writes (one statement).
 *
 * A create costs two statements here, whatever the number of dates: every table the rules look at is read by one
 * SELECT of json sub-selects, and the request, its certifications, confirmations, bookings and live event are
 * written by one INSERT of data-modifying CTEs, which PostgreSQL runs atomically: all of it or nothing. Both run in
 * the write's transaction, which also stores the Idempotency-Key's answer.
 */

export interface RuleFacts {
  id: number;
  clientId: number;
  name: string;
  timeZone: string;
  country: string;
  state: string | null;
  openOnPublicHolidays: boolean;
  sameDayCutoff: string;
  minBookingsPerDay: number;
  maxBookingsPerDay: number;
  maxBookingsAllowed: number;
  classifications: RuleClassification[];
  gradeIds: number[];
  /** Every certification that exists. */
  certificationIds: number[];
  /** The location's default certifications. */
  defaultCertificationIds: number[];
  /** The location's active booking contacts, by name, with the locale their messages are written in. */
  contacts: Array<{
    id: number;
    contactId: number | null;
    email: string | null;
    mobile: string | null;
    canReceiveVoice: boolean;
    name: string;
    locale: Locale;
  }>;
  blocks: Array<{ datesLocal: string[]; messageMarkdown: string }>;
  /** Whether the covering contact is one of the client's people; null when none was asked about. */
  coveringAtClient: boolean | null;
  /** Whether the requested educator is one the client knows (client_candidates); null when none was asked for. */
  requestedKnown: boolean | null;
  /** Whether the client excluded the requested educator; null when none was asked for. */
  requestedExcluded: boolean | null;
  /** The client's booking policies, and the versions of them the caller agreed to before. */
  policiesMarkdown: string | null;
  acceptedPolicyVersions: string[];
}

/**
 * The location, its client's booking rules and everything the rules look at, in one statement; undefined when
 * there is no such location. The covering contact is 'at the client' with permissions at its group, itself or one
 * of its locations, or as a booking contact at one of its locations.
 */
export async function loadRuleFacts(
  db: DbOrTx,
  locationId: number,
  coveringContactId: number | undefined,
  requestedCandidateId?: number,
  callerContactId?: number,
): Promise<RuleFacts | undefined> {
  const caller = callerContactId ?? null;
  const covering = coveringContactId ?? null;
  const requested = requestedCandidateId ?? null;
  const [row] = await queryRows<RuleFacts>(
    db,
    sql`select l.id, l.client_id as "clientId", l.name, l.time_zone as "timeZone",
          l.country, l.state, l.open_on_public_holidays as "openOnPublicHolidays",
          c.same_day_cutoff as "sameDayCutoff", c.min_bookings_per_day as "minBookingsPerDay",
          c.max_bookings_per_day as "maxBookingsPerDay", c.max_bookings_allowed as "maxBookingsAllowed",
          coalesce((select json_agg(json_build_object(
                      'id', k.id, 'minimumDurationInMins', k.minimum_duration_in_mins,
                      'earliestEndTime24hr', k.earliest_end_time_24hr, 'defaultBreakInMins', k.default_break_in_mins,
                      'shouldShowBreaks', k.should_show_breaks)
                    order by k.online_title, k.id)
                    from classifications k where k.client_id = c.id and k.active), '[]') as classifications,
          coalesce((select json_agg(g.id) from grades g where g.client_id = c.id), '[]') as "gradeIds",
          coalesce((select json_agg(ce.id) from certifications ce), '[]') as "certificationIds",
          coalesce((select json_agg(lc.certification_id) from location_certifications lc where lc.location_id = l.id), '[]')
            as "defaultCertificationIds",
          coalesce((select json_agg(json_build_object(
                      'id', bc.id, 'contactId', bc.contact_id, 'name', bc.name, 'email', bc.email, 'mobile', bc.mobile,
                      'canReceiveVoice', bc.can_receive_voice, 'locale', coalesce(ct.language, c.locale))
                    order by bc.name, bc.id)
                    from booking_contacts bc left join contacts ct on ct.id = bc.contact_id
                    where bc.location_id = l.id and bc.active), '[]') as contacts,
          coalesce((select json_agg(json_build_object('datesLocal', lr.dates_local, 'messageMarkdown', lr.message_markdown) order by lr.id)
                    from location_restrictions lr where lr.location_id = l.id), '[]') as blocks,
          case when ${covering}::int is null then null else exists (
            select 1 from permission_entries pe
            where pe.contact_id = ${covering}::int
              and (pe.client_id = c.id
                or pe.location_id in (select id from locations where client_id = c.id)
                or pe.group_id = c.group_id)
            union all
            select 1 from booking_contacts bx join locations lx on lx.id = bx.location_id
            where bx.contact_id = ${covering}::int and lx.client_id = c.id
          ) end as "coveringAtClient",
          case when ${requested}::int is null then null else exists (
            select 1 from client_candidates cc where cc.client_id = c.id and cc.candidate_id = ${requested}::int
          ) end as "requestedKnown",
          case when ${requested}::int is null then null else exists (
            select 1 from client_candidates cc where cc.client_id = c.id and cc.candidate_id = ${requested}::int and cc.is_excluded
          ) end as "requestedExcluded",
          c.policies_markdown as "policiesMarkdown",
          coalesce((select json_agg(pa.policies_version) from policy_acceptances pa
                    where pa.contact_id = ${caller}::int and pa.client_id = c.id), '[]') as "acceptedPolicyVersions"
        from locations l join clients c on c.id = l.client_id
        where l.id = ${locationId}`,
  );
  return row;
}

export interface NewBookingRequest {
  clientId: number;
  locationId: number;
  createdByContactId: number;
  createdByStaffUserId: number | null;
  status: BookingRequestStatus;
  classificationId: number;
  gradeIds: number[];
  startTimeLocal: string;
  endTimeLocal: string;
  breakMinutes: number;
  isFullDay: boolean;
  bookingsPerDay: number;
  coveringContactId: number | null;
  coveringName: string | null;
  absenceReason: AbsenceReason | null;
  room: string | null;
  notes: string | null;
  policiesAgreedAt: Date;
  requestedCandidateId?: number | null;
  /** The caller agreed to this version of the client's policies with this request: kept (its first date stays). */
  policiesAccepted?: { contactId: number; version: string } | null;
}

export interface NewBooking {
  dateLocal: string;
  startUtc: Date;
  endUtc: Date;
  status: BookingStatus;
  seriesPosition: number | null;
  seriesTotal: number | null;
}

export interface NewConfirmation {
  bookingContactId: number;
  email: boolean;
  sms: boolean;
  voice: boolean;
  push: boolean;
}

export interface InsertedRequest {
  requestId: number;
  seriesReference: string | null;
  bookings: Array<{ id: number; dateLocal: string; status: BookingStatus }>;
}

/**
 * Writes the request (with its series reference 'BLK-<id>' when it has several dates), its certifications,
 * confirmations, bookings and its live event (of the kind `liveEvent`) in one statement; answers the request id and
 * the bookings by id.
 */
export async function insertBookingRequest(
  db: DbOrTx,
  request: NewBookingRequest,
  options: {
    certificationIds: readonly number[];
    confirmations: readonly NewConfirmation[];
    bookings: readonly NewBooking[];
    /** The location's IANA zone, kept on each booking. */
    timeZone: string;
    series: boolean;
    /** The live stream's event of the new request. */
    liveEvent: LiveEventKind;
  },
): Promise<InsertedRequest> {
  const r = request;
  const bookingsJson = JSON.stringify(
    options.bookings.map((b) => ({
      date_local: b.dateLocal,
      start_utc: b.startUtc.toISOString(),
      end_utc: b.endUtc.toISOString(),
      status: b.status,
      series_position: b.seriesPosition,
      series_total: b.seriesTotal,
    })),
  );
  const confirmationsJson = JSON.stringify(
    options.confirmations.map((c) => ({
      booking_contact_id: c.bookingContactId,
      email: c.email,
      sms: c.sms,
      voice: c.voice,
      push: c.push,
    })),
  );
  const rows = await queryRows<{
    request_id: number;
    series_reference: string | null;
    id: number;
    date_local: string;
    status: BookingStatus;
  }>(
    db,
    sql`with n as (select nextval(pg_get_serial_sequence('booking_requests', 'id'))::int as id),
      r as (
        insert into booking_requests (id, client_id, location_id, created_by_contact_id, created_by_staff_user_id, status,
          classification_id, grade_ids, start_time_local, end_time_local, break_minutes, is_full_day, bookings_per_day,
          covering_contact_id, covering_name, absence_reason, room, notes, policies_agreed_at, series_reference,
          requested_candidate_id)
        select n.id, ${r.clientId}::int, ${r.locationId}::int, ${r.createdByContactId}::int, ${r.createdByStaffUserId}::int,
          ${r.status}::booking_request_status, ${r.classificationId}::int,
          array(select jsonb_array_elements_text(${JSON.stringify(r.gradeIds)}::jsonb)::int), ${r.startTimeLocal}::time,
          ${r.endTimeLocal}::time, ${r.breakMinutes}::int, ${r.isFullDay}::boolean, ${r.bookingsPerDay}::int,
          ${r.coveringContactId}::int, ${r.coveringName}::text, ${r.absenceReason}::absence_reason, ${r.room}::text,
          ${r.notes}::text, ${r.policiesAgreedAt.toISOString()}::timestamptz,
          case when ${options.series}::boolean then 'BLK-' || n.id end,
          ${r.requestedCandidateId ?? null}::int
        from n
        returning id, status, series_reference
      ),
      rc as (
        insert into booking_request_certifications (request_id, certification_id)
        select r.id, x::int from r, jsonb_array_elements_text(${JSON.stringify(options.certificationIds)}::jsonb) x
      ),
      cf as (
        insert into booking_confirmations (request_id, booking_contact_id, email, sms, voice, push)
        select r.id, x.booking_contact_id, x.email, x.sms, x.voice, x.push
        from r, jsonb_to_recordset(${confirmationsJson}::jsonb)
          as x(booking_contact_id int, email boolean, sms boolean, voice boolean, push boolean)
      ),
      b as (
        insert into bookings (request_id, client_id, location_id, date_local, start_time_local, end_time_local, time_zone,
          start_utc, end_utc, break_minutes, status, series_position, series_total)
        select r.id, ${r.clientId}::int, ${r.locationId}::int, x.date_local, ${r.startTimeLocal}::time, ${r.endTimeLocal}::time,
          ${options.timeZone}::text, x.start_utc, x.end_utc, ${r.breakMinutes}::int,
          x.status::booking_status, x.series_position, x.series_total
        from r, jsonb_to_recordset(${bookingsJson}::jsonb)
          as x(date_local date, start_utc timestamptz, end_utc timestamptz, status text, series_position int, series_total int)
        returning id, date_local, status
      ),
      le as (
        insert into live_events (client_id, location_id, kind, payload)
        select ${r.clientId}::int, ${r.locationId}::int, ${options.liveEvent}::text,
          jsonb_build_object('requestId', r.id, 'status', r.status, 'createdByContactId', ${r.createdByContactId}::int)
        from r
      ),
      pa as (
        insert into policy_acceptances (contact_id, client_id, policies_version, accepted_at)
        select ${r.policiesAccepted?.contactId ?? null}::int, ${r.clientId}::int, ${r.policiesAccepted?.version ?? null}::text,
          ${r.policiesAgreedAt.toISOString()}::timestamptz
        from r where ${r.policiesAccepted ? true : false}::boolean
        on conflict do nothing
      )
    select r.id as request_id, r.series_reference, b.id, to_char(b.date_local, 'YYYY-MM-DD') as date_local, b.status::text as status
    from r join b on true
    order by b.id`,
  );
  const first = rows[0];
  if (!first) throw new Error('insertBookingRequest: no bookings written');
  noteLiveEventRecorded();
  return {
    requestId: first.request_id,
    seriesReference: first.series_reference,
    bookings: rows.map((b) => ({ id: b.id, dateLocal: b.date_local, status: b.status })),
  };
}
