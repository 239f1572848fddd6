import { and, eq, sql } from 'drizzle-orm';
import { bookingRequests, bookings, candidates, classifications, clients, locationRestrictions, locations } from '@portal/db/schema';
import { selectBookings } from '../../read-model/booking-join.repository';
import type { DbOrTx } from '@portal/db/client';
import type { BookingStatus } from '@portal/contract/domain';

/** The database handles, for the service (which imports no db package: queries live here). */
export type { Db, DbOrTx } from '@portal/db/client';

/** Queries of the booking extension. */

export async function bookingToExtend(db: DbOrTx, id: number) {
  const [row] = await selectBookings(db, {
    requestId: bookings.requestId,
    clientId: bookings.clientId,
    locationId: bookings.locationId,
    dateLocal: bookings.dateLocal,
    status: bookings.status,
    candidateId: bookings.candidateId,
    timeZone: locations.timeZone,
    locationType: locations.locationType,
    country: locations.country,
    state: locations.state,
    openOnPublicHolidays: locations.openOnPublicHolidays,
    maxExtensionDays: clients.maxExtensionDays,
    sameDayCutoff: clients.sameDayCutoff,
    seriesReference: bookingRequests.seriesReference,
    requestStartTime: bookingRequests.startTimeLocal,
    requestEndTime: bookingRequests.endTimeLocal,
    requestBreakMinutes: bookingRequests.breakMinutes,
    minimumDurationInMins: classifications.minimumDurationInMins,
    earliestEndTime24hr: classifications.earliestEndTime24hr,
    candidate: {
      id: candidates.id,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      preferredName: candidates.preferredName,
    },
  }).where(eq(bookings.id, id));
  return row;
}

/** The date and status of each of the request's bookings. */
export async function requestDates(db: DbOrTx, requestId: number): Promise<Array<{ dateLocal: string; status: BookingStatus }>> {
  return db.select({ dateLocal: bookings.dateLocal, status: bookings.status }).from(bookings).where(eq(bookings.requestId, requestId));
}

/** Booking-block dates of a location between two dates (inclusive). */
export async function blockedDates(db: DbOrTx, locationId: number, from: string, to: string): Promise<Set<string>> {
  const rows = await db
    .select({ dates: locationRestrictions.datesLocal })
    .from(locationRestrictions)
    .where(eq(locationRestrictions.locationId, locationId));
  return new Set(rows.flatMap((r) => r.dates).filter((d) => d >= from && d <= to));
}

export interface NewBooking {
  dateLocal: string;
  startUtc: Date;
  endUtc: Date;
  status: BookingStatus;
  candidateId: number | null;
}

export async function insertExtension(
  tx: DbOrTx,
  source: { id: number; requestId: number; clientId: number; locationId: number; timeZone: string },
  times: { startTime: string; endTime: string; breakMinutes: number },
  rows: readonly NewBooking[],
) {
  return tx
    .insert(bookings)
    .values(
      rows.map((r) => ({
        requestId: source.requestId,
        clientId: source.clientId,
        locationId: source.locationId,
        dateLocal: r.dateLocal,
        startTimeLocal: times.startTime,
        endTimeLocal: times.endTime,
        timeZone: source.timeZone,
        startUtc: r.startUtc,
        endUtc: r.endUtc,
        breakMinutes: times.breakMinutes,
        status: r.status,
        candidateId: r.candidateId,
        extendedFromBookingId: source.id,
      })),
    )
    .returning({ id: bookings.id, dateLocal: bookings.dateLocal, status: bookings.status, candidateId: bookings.candidateId });
}

/** Gives the request a series reference when it has none, and numbers all its bookings by date. */
export async function renumberSeries(tx: DbOrTx, requestId: number, reference: string): Promise<void> {
  await tx
    .update(bookingRequests)
    .set({ seriesReference: reference })
    .where(and(eq(bookingRequests.id, requestId), sql`${bookingRequests.seriesReference} is null`));
  // One statement: the check (position between 1 and total) holds for every row at once.
  await tx.execute(sql`update bookings set series_position = v.position, series_total = v.total, updated_at = now()
    from (select id, row_number() over (order by date_local, id)::int as position, count(*) over ()::int as total from bookings where request_id = ${requestId}) v
    where bookings.id = v.id`);
}
