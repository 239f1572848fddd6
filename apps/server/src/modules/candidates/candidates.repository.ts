import { and, asc, count, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { auditLog, bookings, candidates, classifications, clientCandidates, clients, locations } from '@portal/db/schema';
import { queryRows, type DbOrTx } from '@portal/db/client';
import { inScope } from '../../read-model/data-scope.repository';
import { selectBookings } from '../../read-model/booking-join.repository';
import type { Scope } from '@portal/contract/permissions';
import type { BookingStatus } from '@portal/contract/domain';

/**
 * Educators. The educators a client knows are its client_candidates rows (written when one is first
 * booked there); their dates and counts come from the client's own bookings, so a client's list costs its own
 * bookings, not the whole bookings table.
 * "Today" is each booking's own local date at its location (its time zone), as everywhere else.
 */

/** Bookings that count as the educator working (or booked to work) there. */
const countedAt = (status: SQLWrapper) => sql`${status} not in ('cancelled', 'rejected', 'pending_approval', 'unfilled')`;
const COUNTED = countedAt(sql`b.status`);
/** The booking's own local date now, at its time zone. */
const todayAt = (nowIso: string, timeZone: SQLWrapper) => sql`(${nowIso}::timestamptz at time zone ${timeZone})::date`;
const today = (nowIso: string) => todayAt(nowIso, sql`b.time_zone`);

/**
 * A booking's "today" where its time zone's local date is known already (`todayByZone`: a school's locations are
 * almost always in one zone): a comparison instead of a time-zone conversion per booking row, which was half of the
 * educators list's statement. Any other zone is still converted row by row.
 */
function todayOf(nowIso: string, todayByZone: ReadonlyMap<string, string>): SQL {
  if (todayByZone.size === 0) return today(nowIso);
  const known = [...todayByZone].map(([zone, day]) => sql`when ${zone} then ${day}::date`);
  return sql`(case b.time_zone ${sql.join(known, sql` `)} else ${today(nowIso)} end)`;
}

function bookingScope(scope: Scope): SQL {
  return inScope(sql`b.client_id`, sql`b.location_id`, scope);
}

export interface CandidateListRow {
  id: number;
  first_name: string;
  last_name: string;
  preferred_name: string | null;
  headline: string | null;
  is_favourite: boolean;
  is_excluded: boolean;
  last_date: string | null;
  next_date: string | null;
  bookings_count: number;
}

/**
 * The educators a client knows, favourites first then by name, with their last and next date and bookings count
 * there. `locationIds` narrows the dates and counts to those locations (a caller who may see only some of them).
 * `todayByZone`: the local date now in the client's locations' time zones (the same day SQL would work out).
 */
export async function listForClient(
  db: DbOrTx,
  input: {
    clientId: number;
    locationIds: readonly number[] | null;
    nowIso: string;
    todayByZone?: ReadonlyMap<string, string>;
  },
): Promise<CandidateListRow[]> {
  const day = todayOf(input.nowIso, input.todayByZone ?? new Map());
  const where =
    input.locationIds === null
      ? sql`b.client_id = ${input.clientId}`
      : sql`b.client_id = ${input.clientId} and b.location_id = any(${sql.param([...input.locationIds])}::int[])`;
  // One range scan of the client's bookings (bookings_client_id_date_local_idx), grouped by educator, rather than one
  // probe per educator: a school's year of bookings is a few thousand rows whatever the size of the world.
  return queryRows<CandidateListRow>(
    db,
    sql`select c.id, c.first_name, c.last_name, c.preferred_name, c.headline, cc.is_favourite, cc.is_excluded,
               s.last_date::text as last_date, s.next_date::text as next_date, coalesce(s.n, 0)::int as bookings_count
        from client_candidates cc
        join candidates c on c.id = cc.candidate_id
        left join (
          select b.candidate_id,
                 max(b.date_local) filter (where b.date_local < ${day}) as last_date,
                 min(b.date_local) filter (where b.date_local >= ${day}) as next_date,
                 count(*) as n
          from bookings b
          where ${where} and b.candidate_id is not null and ${COUNTED}
          group by b.candidate_id
        ) s on s.candidate_id = cc.candidate_id
        where cc.client_id = ${input.clientId}
        order by cc.is_favourite desc, c.last_name, c.first_name, c.id`,
  );
}

export async function findCandidate(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: candidates.id,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      preferredName: candidates.preferredName,
      headline: candidates.headline,
      summary: candidates.summary,
      qualifications: candidates.qualifications,
      complianceChecks: candidates.complianceChecks,
    })
    .from(candidates)
    .where(eq(candidates.id, id));
  return row;
}

export interface KnownAtRow {
  client_id: number;
  client_name: string;
  is_favourite: boolean;
  is_excluded: boolean;
  exclusion_reason: string | null;
  bookings_count: number;
}

/** The clients among `clientIds` that know the educator, with the favourite flag and bookings there in `scope`. */
export async function knownAt(db: DbOrTx, candidateId: number, clientIds: readonly number[], scope: Scope): Promise<KnownAtRow[]> {
  if (clientIds.length === 0) return [];
  return queryRows<KnownAtRow>(
    db,
    sql`select cc.client_id, cl.name as client_name, cc.is_favourite, cc.is_excluded, cc.exclusion_reason,
               (select count(*) from bookings b where b.candidate_id = cc.candidate_id and b.client_id = cc.client_id
                  and ${bookingScope(scope)} and ${COUNTED})::int as bookings_count
        from client_candidates cc join clients cl on cl.id = cc.client_id
        where cc.candidate_id = ${candidateId} and cc.client_id = any(${sql.param([...clientIds])}::int[])
        order by cl.name, cc.client_id`,
  );
}

export interface CandidateBookingRow {
  id: number;
  client_id: number;
  client_name: string;
  location_id: number;
  location_name: string;
  date_local: string;
  start_time: string;
  end_time: string;
  status: BookingStatus;
  classification: string | null;
}

/** The educator's past (most recent first) or upcoming (soonest first) bookings in `scope`, and how many there are. */
export async function candidateBookings(
  db: DbOrTx,
  input: { candidateId: number; scope: Scope; nowIso: string; when: 'past' | 'upcoming'; limit: number },
): Promise<{ rows: CandidateBookingRow[]; total: number }> {
  const today = todayAt(input.nowIso, bookings.timeZone);
  const side = input.when === 'past' ? sql`${bookings.dateLocal} < ${today}` : sql`${bookings.dateLocal} >= ${today}`;
  const order =
    input.when === 'past'
      ? [desc(bookings.dateLocal), desc(bookings.startTimeLocal), desc(bookings.id)]
      : [asc(bookings.dateLocal), asc(bookings.startTimeLocal), asc(bookings.id)];
  const where = and(
    eq(bookings.candidateId, input.candidateId),
    inScope(bookings.clientId, bookings.locationId, input.scope),
    countedAt(bookings.status),
    side,
  );
  const [rows, [counted]] = await Promise.all([
    selectBookings(db, {
      client_id: bookings.clientId,
      client_name: clients.name,
      location_id: bookings.locationId,
      location_name: locations.name,
      date_local: sql<string>`${bookings.dateLocal}::text`,
      start_time: sql<string>`to_char(${bookings.startTimeLocal}, 'HH24:MI')`,
      end_time: sql<string>`to_char(${bookings.endTimeLocal}, 'HH24:MI')`,
      status: bookings.status,
      classification: classifications.onlineTitle,
    })
      .where(where)
      .orderBy(...order)
      .limit(input.limit),
    db.select({ n: count() }).from(bookings).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** Does a client among `clientIds` know the educator? */
export async function isKnownAtAny(db: DbOrTx, candidateId: number, clientIds: readonly number[]): Promise<boolean> {
  if (clientIds.length === 0) return false;
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from client_candidates where candidate_id = ${candidateId}
        and client_id = any(${sql.param([...clientIds])}::int[]) limit 1`,
  );
  return rows.length > 0;
}

export async function findImageSource(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ avatarSeed: candidates.avatarSeed, profileImage: candidates.profileImage, profileImageType: candidates.profileImageType })
    .from(candidates)
    .where(eq(candidates.id, id));
  return row;
}

/** Sets or clears the exclusion where the client knows the educator; undefined when it does not. */
export async function setExclusion(
  db: DbOrTx,
  clientId: number,
  candidateId: number,
  exclusion: { isExcluded: boolean; reason: string | null },
): Promise<{ isExcluded: boolean; reason: string | null } | undefined> {
  const rows = await db
    .update(clientCandidates)
    .set({ isExcluded: exclusion.isExcluded, exclusionReason: exclusion.isExcluded ? exclusion.reason : null })
    .where(and(eq(clientCandidates.clientId, clientId), eq(clientCandidates.candidateId, candidateId)))
    .returning({ isExcluded: clientCandidates.isExcluded, reason: clientCandidates.exclusionReason });
  return rows[0];
}

/** The audit entry of an exclusion set or lifted, in the caller's transaction. */
export async function auditExclusion(
  db: DbOrTx,
  entry: {
    contactId: number | null;
    staffUserId: number | null;
    candidateId: number;
    clientId: number;
    isExcluded: boolean;
    reason: string | null;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    contactId: entry.contactId,
    staffUserId: entry.staffUserId,
    action: entry.isExcluded ? 'candidate.excluded' : 'candidate.included',
    entityType: 'candidate',
    entityId: String(entry.candidateId),
    details: { clientId: entry.clientId, ...(entry.isExcluded && entry.reason ? { reason: entry.reason } : {}) },
  });
}

/** Sets the favourite flag where the client knows the educator; undefined when it does not. */
export async function setFavourite(db: DbOrTx, clientId: number, candidateId: number, isFavourite: boolean): Promise<boolean | undefined> {
  const rows = await db
    .update(clientCandidates)
    .set({ isFavourite })
    .where(and(eq(clientCandidates.clientId, clientId), eq(clientCandidates.candidateId, candidateId)))
    .returning({ isFavourite: clientCandidates.isFavourite });
  return rows[0]?.isFavourite;
}
