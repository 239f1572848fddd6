import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@portal/db/client';
import type { Scope } from '@portal/contract/permissions';
import { inScope } from '../../read-model/data-scope.repository';

/** The weekly digest's reads and its claim of a contact's week. */

export interface DigestSubscriber {
  id: number;
  email: string;
  first_name: string;
  language: string;
  /** The zone of the contact's first school (by client, then location id): the digest goes out on its Monday morning. */
  time_zone: string | null;
}

/** Contacts who asked for the digest and can sign in, with the zone of their first school. */
export async function digestSubscribers(db: DbOrTx): Promise<DigestSubscriber[]> {
  return queryRows<DigestSubscriber>(
    db,
    sql`select c.id, c.email, c.first_name, c.language::text as language,
               (select l.time_zone
                  from permission_entries pe
                  join locations l on l.id = pe.location_id
                                   or l.client_id = pe.client_id
                                   or l.client_id in (select cl.id from clients cl where cl.group_id = pe.group_id)
                 where pe.contact_id = c.id
                 order by l.client_id, l.id limit 1) as time_zone
          from contacts c
         where c.weekly_digest and c.password_hash is not null
         order by c.id`,
  );
}

export async function digestSentFor(db: DbOrTx, contactId: number, weekOf: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from weekly_digest_sends where contact_id = ${contactId} and week_of = ${weekOf}::date`,
  );
  return rows.length > 0;
}

/** Takes the contact's week: true for the one transaction that inserted the row, false when it was already taken. */
export async function claimDigestWeek(tx: DbOrTx, contactId: number, weekOf: string, at: Date): Promise<boolean> {
  const rows = await queryRows<{ contact_id: number }>(
    tx,
    sql`insert into weekly_digest_sends (contact_id, week_of, created_at) values (${contactId}, ${weekOf}::date, ${at.toISOString()}::timestamptz)
        on conflict do nothing returning contact_id`,
  );
  return rows.length === 1;
}

export async function weeklyDigestSetting(db: DbOrTx, contactId: number): Promise<boolean | null> {
  const rows = await queryRows<{ weekly_digest: boolean }>(db, sql`select weekly_digest from contacts where id = ${contactId}`);
  return rows[0]?.weekly_digest ?? null;
}

export async function setWeeklyDigest(db: DbOrTx, contactId: number, on: boolean): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`update contacts set weekly_digest = ${on} where id = ${contactId} returning id`);
  return rows.length === 1;
}

export interface UnfilledBookingRow {
  id: number;
  date_local: string;
  start_time_local: string;
  end_time_local: string;
  client_name: string;
  location_name: string;
  classification_title: string;
}

/** Unfilled bookings of the scope on local dates from `from` to `to`, soonest first, at most `limit`; and how many in all. */
export async function unfilledBookings(
  db: DbOrTx,
  scope: Scope,
  from: string,
  to: string,
  limit: number,
): Promise<{ rows: UnfilledBookingRow[]; total: number }> {
  const where = sql`${inScope(sql`b.client_id`, sql`b.location_id`, scope)}
    and b.date_local between ${from}::date and ${to}::date and b.status = 'unfilled'`;
  const rows = await queryRows<UnfilledBookingRow>(
    db,
    sql`select b.id, b.date_local::text as date_local, b.start_time_local::text as start_time_local,
               b.end_time_local::text as end_time_local, cl.name as client_name, l.name as location_name,
               c.online_title as classification_title
          from bookings b
          join booking_requests r on r.id = b.request_id
          join classifications c on c.id = r.classification_id
          join clients cl on cl.id = b.client_id
          join locations l on l.id = b.location_id
         where ${where}
         order by b.date_local, b.start_time_local, b.id
         limit ${limit}`,
  );
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from bookings b where ${where}`);
  return { rows, total: count?.n ?? 0 };
}
