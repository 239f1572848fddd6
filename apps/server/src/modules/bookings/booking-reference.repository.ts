import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  bookingContacts,
  certifications,
  classifications,
  clientGroups,
  clients,
  grades,
  locationCertifications,
  locationRestrictions,
  locations,
  policyAcceptances,
  schoolTerms,
} from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';

/** Queries of the create-booking reference data. */

/** The locations with these ids, their client, its group and its booking rules, by client and location name. */
export async function findBookingLocations(db: DbOrTx, locationIds: readonly number[]) {
  if (locationIds.length === 0) return [];
  return db
    .select({
      locationId: locations.id,
      locationName: locations.name,
      clientId: clients.id,
      clientName: clients.name,
      clientTypeInt: clients.clientTypeInt,
      clientGroupId: clientGroups.id,
      clientGroupName: clientGroups.name,
      startTime: locations.startTime,
      endTime: locations.endTime,
      locationLunchBreakMinutes: locations.lunchBreakMinutes,
      submittedByTemplateRequired: locations.submittedByTemplateRequired,
      addressLine1: locations.addressLine1,
      addressLine2: locations.addressLine2,
      suburb: locations.suburb,
      postcode: locations.postcode,
      state: locations.state,
      country: locations.country,
      timeZone: locations.timeZone,
      locationType: locations.locationType,
      tags: locations.tags,
      sameDayCutoff: clients.sameDayCutoff,
      minBookingsPerDay: clients.minBookingsPerDay,
      maxBookingsPerDay: clients.maxBookingsPerDay,
      maxBookingsAllowed: clients.maxBookingsAllowed,
      maxExtensionDays: clients.maxExtensionDays,
      policiesMarkdown: clients.policiesMarkdown,
    })
    .from(locations)
    .innerJoin(clients, eq(clients.id, locations.clientId))
    .leftJoin(clientGroups, eq(clientGroups.id, clients.groupId))
    .where(inArray(locations.id, [...locationIds]))
    .orderBy(asc(clients.name), asc(locations.name), asc(locations.id));
}
export type BookingLocationRow = Awaited<ReturnType<typeof findBookingLocations>>[number];

/** The versions of these clients' policies the contact agreed to, with when each was first agreed to. */
export async function findPolicyAcceptances(db: DbOrTx, contactId: number, clientIds: readonly number[]) {
  if (clientIds.length === 0) return [];
  return db
    .select({ clientId: policyAcceptances.clientId, version: policyAcceptances.policiesVersion, acceptedAt: policyAcceptances.acceptedAt })
    .from(policyAcceptances)
    .where(and(eq(policyAcceptances.contactId, contactId), inArray(policyAcceptances.clientId, [...new Set(clientIds)])));
}

export async function findActiveClassifications(db: DbOrTx, clientId: number) {
  return db
    .select({
      id: classifications.id,
      onlineTitle: classifications.onlineTitle,
      rateUnitType: classifications.rateUnitType,
      minimumDurationInMins: classifications.minimumDurationInMins,
      earliestEndTime24hr: classifications.earliestEndTime24hr,
      defaultBreakInMins: classifications.defaultBreakInMins,
      shouldShowBreaks: classifications.shouldShowBreaks,
    })
    .from(classifications)
    .where(and(eq(classifications.clientId, clientId), eq(classifications.active, true)))
    .orderBy(asc(classifications.onlineTitle), asc(classifications.id));
}

export async function findGrades(db: DbOrTx, clientId: number) {
  return db
    .select({ id: grades.id, title: grades.title })
    .from(grades)
    .where(eq(grades.clientId, clientId))
    .orderBy(asc(grades.sortOrder), asc(grades.id));
}

/** Every certification, whether the location asks for it by default, its defaults first. */
export async function findCertifications(db: DbOrTx, locationId: number) {
  const isDefault = sql<boolean>`(${locationCertifications.locationId} is not null)`;
  return db
    .select({ id: certifications.id, name: certifications.name, isLocationDefault: isDefault })
    .from(certifications)
    .leftJoin(
      locationCertifications,
      and(eq(locationCertifications.certificationId, certifications.id), eq(locationCertifications.locationId, locationId)),
    )
    .orderBy(desc(isDefault), asc(certifications.name), asc(certifications.id));
}

/** Where a location is (for its public holidays) and whether it opens on them; undefined when there is no such location. */
export async function locationHolidayFacts(db: DbOrTx, locationId: number) {
  const [row] = await db
    .select({ country: locations.country, state: locations.state, openOnPublicHolidays: locations.openOnPublicHolidays })
    .from(locations)
    .where(eq(locations.id, locationId));
  return row;
}

/** The terms of a country (and of its region, when there is one) that overlap the local dates `from` to `to`. */
export async function findSchoolTerms(db: DbOrTx, country: string, region: string | undefined, from: string, to: string) {
  const inRegion = region === undefined ? isNull(schoolTerms.region) : or(isNull(schoolTerms.region), eq(schoolTerms.region, region));
  return db
    .select({ name: schoolTerms.name, firstDay: schoolTerms.firstDay, lastDay: schoolTerms.lastDay })
    .from(schoolTerms)
    .where(and(eq(schoolTerms.country, country), inRegion, lte(schoolTerms.firstDay, to), gte(schoolTerms.lastDay, from)))
    .orderBy(asc(schoolTerms.firstDay), asc(schoolTerms.id));
}

export async function findActiveBookingContacts(db: DbOrTx, locationId: number) {
  return db
    .select({
      id: bookingContacts.id,
      contactId: bookingContacts.contactId,
      name: bookingContacts.name,
      email: bookingContacts.email,
      mobile: bookingContacts.mobile,
      canReceiveVoice: bookingContacts.canReceiveVoice,
    })
    .from(bookingContacts)
    .where(and(eq(bookingContacts.locationId, locationId), eq(bookingContacts.active, true)))
    .orderBy(asc(bookingContacts.name), asc(bookingContacts.id));
}

/** Restrictions of these locations with a date on or after `fromDate` ('YYYY-MM-DD'). */
export async function findBookingBlocks(db: DbOrTx, locationIds: readonly number[], fromDate: string) {
  if (locationIds.length === 0) return [];
  return db
    .select({
      locationId: locationRestrictions.locationId,
      datesLocal: locationRestrictions.datesLocal,
      messageMarkdown: locationRestrictions.messageMarkdown,
    })
    .from(locationRestrictions)
    .where(
      and(
        inArray(locationRestrictions.locationId, [...locationIds]),
        sql`exists (select 1 from unnest(${locationRestrictions.datesLocal}) as d where d >= ${fromDate}::date)`,
      ),
    )
    .orderBy(asc(locationRestrictions.locationId), asc(locationRestrictions.id));
}
