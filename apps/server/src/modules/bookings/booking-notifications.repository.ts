import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  bookingConfirmations,
  bookingContacts,
  bookingRequests,
  bookings,
  candidates,
  clients,
  contacts,
  locations,
} from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';
import type { Locale } from '@portal/contract/domain';

/** What a booking confirmation needs to read (see booking-notifications.ts). */

/** The request's reference and location name. */
export async function notificationRequest(db: DbOrTx, requestId: number) {
  const [request] = await db
    .select({ id: bookingRequests.id, seriesReference: bookingRequests.seriesReference, locationName: locations.name })
    .from(bookingRequests)
    .innerJoin(locations, eq(locations.id, bookingRequests.locationId))
    .where(eq(bookingRequests.id, requestId));
  return request;
}

/** The given bookings, else every booking of the request, with their educator: by date, then id. */
export function notificationDays(db: DbOrTx, requestId: number, bookingIds: readonly number[] | undefined) {
  return db
    .select({
      id: bookings.id,
      dateLocal: bookings.dateLocal,
      start: bookings.startTimeLocal,
      end: bookings.endTimeLocal,
      status: bookings.status,
      first: candidates.firstName,
      last: candidates.lastName,
    })
    .from(bookings)
    .leftJoin(candidates, eq(candidates.id, bookings.candidateId))
    .where(bookingIds ? inArray(bookings.id, [...bookingIds]) : eq(bookings.requestId, requestId))
    .orderBy(asc(bookings.dateLocal), asc(bookings.id));
}

/**
 * The request's confirmation contacts, the methods chosen for each and the locale their messages are written in:
 * the language of the portal contact behind the booking contact, else the school's locale.
 */
export function notificationRecipients(db: DbOrTx, requestId: number) {
  return db
    .select({
      name: bookingContacts.name,
      contactId: bookingContacts.contactId,
      emailAddress: bookingContacts.email,
      mobile: bookingContacts.mobile,
      email: bookingConfirmations.email,
      sms: bookingConfirmations.sms,
      voice: bookingConfirmations.voice,
      push: bookingConfirmations.push,
      locale: sql<Locale>`coalesce(${contacts.language}, ${clients.locale})`,
    })
    .from(bookingConfirmations)
    .innerJoin(bookingContacts, eq(bookingContacts.id, bookingConfirmations.bookingContactId))
    .innerJoin(bookingRequests, eq(bookingRequests.id, bookingConfirmations.requestId))
    .innerJoin(clients, eq(clients.id, bookingRequests.clientId))
    .leftJoin(contacts, eq(contacts.id, bookingContacts.contactId))
    .where(eq(bookingConfirmations.requestId, requestId));
}

export async function educatorContact(db: DbOrTx, candidateId: number) {
  const [candidate] = await db
    .select({ email: candidates.email, phone: candidates.phone, first: candidates.firstName })
    .from(candidates)
    .where(eq(candidates.id, candidateId));
  return candidate;
}

/** The dates, times and location names of the given bookings, earliest first, with their school's locale. */
export function bookingDaysAt(db: DbOrTx, bookingIds: readonly number[]) {
  return db
    .select({
      dateLocal: bookings.dateLocal,
      start: bookings.startTimeLocal,
      end: bookings.endTimeLocal,
      locationName: locations.name,
      locale: clients.locale,
    })
    .from(bookings)
    .innerJoin(locations, eq(locations.id, bookings.locationId))
    .innerJoin(clients, eq(clients.id, bookings.clientId))
    .where(inArray(bookings.id, [...bookingIds]))
    .orderBy(asc(bookings.dateLocal));
}
