import { eq, sql } from 'drizzle-orm';
import {
  bookingConfirmations,
  bookingRequestCertifications,
  bookingRequests,
  bookings,
  certifications,
  clients,
  locationCertifications,
  locationRestrictions,
  locations,
} from '@portal/db/schema';
import { queryRows, type DbOrTx } from '@portal/db/client';
import { findActiveBookingContacts, findActiveClassifications, findGrades } from './booking-reference.repository';

/** Queries of POST /v1/bookings: the facts the rules need, and the writes (inside the caller's transaction). */

export async function findLocationWithClient(db: DbOrTx, locationId: number) {
  const [row] = await db
    .select({
      id: locations.id,
      clientId: locations.clientId,
      timeZone: locations.timeZone,
      sameDayCutoff: clients.sameDayCutoff,
      minBookingsPerDay: clients.minBookingsPerDay,
      maxBookingsPerDay: clients.maxBookingsPerDay,
      maxBookingsAllowed: clients.maxBookingsAllowed,
    })
    .from(locations)
    .innerJoin(clients, eq(clients.id, locations.clientId))
    .where(eq(locations.id, locationId));
  return row;
}

/** Is the contact one of the client's people: permissions at its group, itself or a location, or a booking contact there? */
async function isContactAtClient(db: DbOrTx, contactId: number, clientId: number): Promise<boolean> {
  const rows = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (
          select 1 from permission_entries pe
          where pe.contact_id = ${contactId}
            and (pe.client_id = ${clientId}
              or pe.location_id in (select id from locations where client_id = ${clientId})
              or pe.group_id = (select group_id from clients where id = ${clientId}))
          union all
          select 1 from booking_contacts bc join locations l on l.id = bc.location_id
          where bc.contact_id = ${contactId} and l.client_id = ${clientId}
        ) as found`,
  );
  return rows[0]?.found === true;
}

/** Everything the rules look at, read at once. */
export async function loadRuleFacts(db: DbOrTx, location: { id: number; clientId: number }, coveringContactId: number | undefined) {
  const [classificationRows, gradeRows, certificationRows, defaultRows, contactRows, blockRows, coveringAtClient] = await Promise.all([
    findActiveClassifications(db, location.clientId),
    findGrades(db, location.clientId),
    db.select({ id: certifications.id }).from(certifications),
    db
      .select({ id: locationCertifications.certificationId })
      .from(locationCertifications)
      .where(eq(locationCertifications.locationId, location.id)),
    findActiveBookingContacts(db, location.id),
    db
      .select({ datesLocal: locationRestrictions.datesLocal, messageMarkdown: locationRestrictions.messageMarkdown })
      .from(locationRestrictions)
      .where(eq(locationRestrictions.locationId, location.id)),
    coveringContactId === undefined ? Promise.resolve(undefined) : isContactAtClient(db, coveringContactId, location.clientId),
  ]);
  return { classificationRows, gradeRows, certificationRows, defaultRows, contactRows, blockRows, coveringAtClient };
}

export type NewBookingRequest = typeof bookingRequests.$inferInsert;
export type NewBooking = Omit<typeof bookings.$inferInsert, 'requestId'>;
export type NewConfirmation = Omit<typeof bookingConfirmations.$inferInsert, 'requestId'>;

/** Writes the request, its certifications, confirmations and bookings; answers the request id and the bookings. */
export async function insertBookingRequest(
  tx: DbOrTx,
  request: NewBookingRequest,
  options: {
    certificationIds: readonly number[];
    confirmations: readonly NewConfirmation[];
    bookings: readonly NewBooking[];
    series: boolean;
  },
) {
  const [created] = await tx.insert(bookingRequests).values(request).returning({ id: bookingRequests.id });
  const requestId = created!.id;
  const seriesReference = options.series ? `BLK-${requestId}` : null;
  if (seriesReference) await tx.update(bookingRequests).set({ seriesReference }).where(eq(bookingRequests.id, requestId));
  if (options.certificationIds.length > 0)
    await tx
      .insert(bookingRequestCertifications)
      .values(options.certificationIds.map((certificationId) => ({ requestId, certificationId })));
  await tx.insert(bookingConfirmations).values(options.confirmations.map((c) => ({ ...c, requestId })));
  const rows = await tx
    .insert(bookings)
    .values(options.bookings.map((b) => ({ ...b, requestId })))
    .returning({ id: bookings.id, dateLocal: bookings.dateLocal, status: bookings.status });
  return { requestId, seriesReference, bookings: rows };
}
