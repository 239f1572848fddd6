import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@portal/db/client';
import type { LiveEventKind, LiveEventPayload } from '@portal/contract/live-events';
import { noteLiveEventRecorded } from './live-signal';

/**
 * The live stream's outbox (live_events) and its tickets (live_event_tickets). Other modules record an event through
 * live-events.port.ts (`record(tx, event)`), which calls the writers here on the transaction of the change itself,
 * so an event is seen exactly when its change is.
 */

export interface LiveEventRow {
  id: number;
  clientId: number | null;
  locationId: number | null;
  kind: string;
  payload: LiveEventPayload;
}

export async function recordLiveEvent(
  tx: DbOrTx,
  event: { clientId: number | null; locationId: number | null; kind: LiveEventKind; payload: LiveEventPayload },
): Promise<void> {
  await tx.execute(
    sql`insert into live_events (client_id, location_id, kind, payload)
        values (${event.clientId}, ${event.locationId}, ${event.kind}, ${JSON.stringify(event.payload)}::jsonb)`,
  );
  noteLiveEventRecorded();
}

/**
 * One event per booking, with what the web app's toast names (school, date, educator) and who made the request.
 */
export async function recordBookingEvents(tx: DbOrTx, bookingIds: readonly number[], kind: LiveEventKind): Promise<void> {
  if (bookingIds.length === 0) return;
  await tx.execute(sql`
    insert into live_events (client_id, location_id, kind, payload)
    select b.client_id, b.location_id, ${kind}, jsonb_build_object(
        'bookingId', b.id,
        'requestId', b.request_id,
        'status', b.status,
        'createdByContactId', r.created_by_contact_id,
        'locationName', l.name,
        'dateLocal', b.date_local,
        'educatorName', case when c.id is null then null else c.first_name || ' ' || c.last_name end)
    from bookings b
    join booking_requests r on r.id = b.request_id
    join locations l on l.id = b.location_id
    left join candidates c on c.id = b.candidate_id
    where b.id in (${sql.join(
      bookingIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by b.id`);
  noteLiveEventRecorded();
}

/** An event about a booking request (pending approval asked, approved, rejected). */
export async function recordRequestEvent(tx: DbOrTx, requestId: number, kind: LiveEventKind): Promise<void> {
  await tx.execute(sql`
    insert into live_events (client_id, location_id, kind, payload)
    select r.client_id, r.location_id, ${kind}, jsonb_build_object(
        'requestId', r.id, 'status', r.status, 'createdByContactId', r.created_by_contact_id)
    from booking_requests r where r.id = ${requestId}`);
  noteLiveEventRecorded();
}

/** An event about timesheets of bookings (submitted by the educator, decided by the school or the provider). */
export async function recordTimesheetEvents(tx: DbOrTx, bookingIds: readonly number[], kind: LiveEventKind): Promise<void> {
  if (bookingIds.length === 0) return;
  await tx.execute(sql`
    insert into live_events (client_id, location_id, kind, payload)
    select b.client_id, b.location_id, ${kind}, jsonb_build_object('bookingId', b.id, 'status', t.status)
    from bookings b join timesheets t on t.booking_id = b.id
    where b.id in (${sql.join(
      bookingIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by b.id`);
  noteLiveEventRecorded();
}

interface RawRow {
  id: number | string;
  client_id: number | null;
  location_id: number | null;
  kind: string;
  payload: LiveEventPayload | string;
  settled?: boolean;
}

const toRow = (r: RawRow): LiveEventRow => ({
  id: Number(r.id),
  clientId: r.client_id,
  locationId: r.location_id,
  kind: r.kind,
  payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as LiveEventPayload) : r.payload,
});

/**
 * Events after `afterId`, every client's (one read per wake-up per server process), oldest first. `settled`: the
 * row is old enough that no transaction still open can commit a smaller id (ids are taken at insert, committed
 * later), so the reader may move its mark past it.
 */
export async function liveEventsAfter(db: DbOrTx, afterId: number, limit: number): Promise<Array<LiveEventRow & { settled: boolean }>> {
  const rows = await queryRows<RawRow>(
    db,
    sql`select id, client_id, location_id, kind, payload, created_at < now() - interval '10 seconds' as settled
        from live_events where id > ${afterId} order by id limit ${limit}`,
  );
  return rows.map((r) => ({ ...toRow(r), settled: r.settled === true }));
}

export async function lastLiveEventId(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ id: number | string | null }>(db, sql`select max(id) as id from live_events`);
  return Number(row?.id ?? 0);
}

/**
 * What a reconnecting stream missed after `afterId`, for these clients (and the events for everyone): null when it
 * cannot be told whole (older than the replay window, pruned, or more than `limit`), so the client refetches.
 */
export async function replayAfter(
  db: DbOrTx,
  afterId: number,
  clientIds: readonly number[],
  limit: number,
  maxAgeSeconds: number,
): Promise<LiveEventRow[] | null> {
  const [bounds] = await queryRows<{ oldest_after: boolean; min_id: number | string | null }>(
    db,
    sql`select
          exists (select 1 from live_events where id > ${afterId} and created_at < now() - make_interval(secs => ${maxAgeSeconds})) as oldest_after,
          (select min(id) from live_events) as min_id`,
  );
  if (bounds?.oldest_after) return null;
  if (bounds?.min_id !== null && bounds?.min_id !== undefined && afterId < Number(bounds.min_id) - 1) return null;
  const scope =
    clientIds.length > 0
      ? sql`(client_id is null or client_id in (${sql.join(
          clientIds.map((id) => sql`${id}`),
          sql`, `,
        )}))`
      : sql`client_id is null`;
  const rows = await queryRows<RawRow>(
    db,
    sql`select id, client_id, location_id, kind, payload from live_events
        where id > ${afterId} and ${scope} order by id limit ${limit + 1}`,
  );
  if (rows.length > limit) return null;
  return rows.map(toRow);
}

export interface TicketHolder {
  contactId: number;
  staffUserId: number | null;
  familyId: string | null;
  tokenVersion: number | null;
  accessExpiresAt: Date | null;
}

export async function insertTicket(
  db: DbOrTx,
  ticket: TicketHolder & { tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.execute(sql`
    insert into live_event_tickets (token_hash, contact_id, staff_user_id, family_id, token_version, access_expires_at, created_at, expires_at)
    values (${ticket.tokenHash}, ${ticket.contactId}, ${ticket.staffUserId}, ${ticket.familyId}, ${ticket.tokenVersion},
            ${ticket.accessExpiresAt?.toISOString() ?? null}, ${ticket.createdAt.toISOString()}, ${ticket.expiresAt.toISOString()})`);
}

/** Uses a ticket: its holder when it was unused and unexpired at `now` (it is used up either way). */
export async function consumeTicket(db: DbOrTx, tokenHash: string, now: Date): Promise<TicketHolder | undefined> {
  const [row] = await queryRows<{
    contact_id: number;
    staff_user_id: number | null;
    family_id: string | null;
    token_version: number | null;
    access_expires_at: string | Date | null;
  }>(
    db,
    sql`update live_event_tickets set used_at = ${now.toISOString()}
        where token_hash = ${tokenHash} and used_at is null and expires_at > ${now.toISOString()}
        returning contact_id, staff_user_id, family_id, token_version, access_expires_at`,
  );
  return row
    ? {
        contactId: row.contact_id,
        staffUserId: row.staff_user_id,
        familyId: row.family_id,
        tokenVersion: row.token_version,
        accessExpiresAt: row.access_expires_at === null ? null : new Date(row.access_expires_at),
      }
    : undefined;
}

/** Forgets events older than `before` and tickets that expired before it. */
export async function pruneLiveEvents(db: DbOrTx, before: Date): Promise<void> {
  await db.execute(sql`delete from live_events where created_at < ${before.toISOString()}`);
  await db.execute(sql`delete from live_event_tickets where expires_at < ${before.toISOString()}`);
}
