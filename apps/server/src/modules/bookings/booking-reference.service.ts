import { DateTime } from 'luxon';
import type {
  BookingBlock,
  BookingContact,
  BookingLocation,
  Certification,
  Classification,
  Grade,
  PublicHolidays,
  SchoolTerms,
} from '@portal/contract/booking-reference';
import { MAX_HOLIDAY_SPAN_DAYS } from '@portal/contract/booking-reference';
import { parseCutoff } from '@portal/contract/booking-rules';
import { normaliseTime } from '@portal/contract/bookings';
import { todayIn } from '@portal/contract/school-days';
import { allClients, holds, type ClientLink, type LocationLink, type PermissionTree } from '@portal/contract/permissions';
import type { PermissionScope } from '@portal/contract/domain';
import type { Db } from '@portal/db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { forbidden } from '../data-scope/data-scope';
import {
  findActiveBookingContacts,
  findActiveClassifications,
  findBookingBlocks,
  findBookingLocations,
  findCertifications,
  findGrades,
  findPolicyAcceptances,
  findSchoolTerms,
  locationHolidayFacts,
} from './booking-reference.repository';
import { contactMethods, MAX_ADVANCE_DAYS, type LocationAccess } from '@portal/contract/bookings/create/pipeline';
import { policiesVersionOf } from './policies-version';
import { publicHolidaysBetween, regionOf } from './public-holidays';

/**
 * Reference data of the create-booking form. A location is bookable where the caller holds booking
 * create (requests go to the provider) or pendingBooking create (requests wait for approval). The lists of a
 * client or location need some booking or pendingBooking permission there: a client outside the caller's tree is
 * 403 (as every client endpoint), a location outside it 404 (its existence does not leak).
 */

const BOOKING_SCOPES: readonly PermissionScope[] = ['booking', 'pendingBooking'];

function anyBookingPermission(permissions: readonly string[]): boolean {
  return BOOKING_SCOPES.some((scope) => (['view', 'create', 'modify', 'delete'] as const).some((a) => holds(permissions, scope, a)));
}

/** The tree carries effective permissions: a location's list includes its client's and group's. */
export function accessAt(tree: PermissionTree, locationId: number): LocationAccess & { clientId?: number } {
  for (const client of allClients(tree)) {
    const location = client.locations.find((l) => l.locationId === locationId);
    if (!location) continue;
    const perms = [...client.access.permissions, ...location.access.permissions];
    return {
      inTree: true,
      clientId: client.clientId,
      bookingCreate: holds(perms, 'booking', 'create'),
      pendingBookingCreate: holds(perms, 'pendingBooking', 'create'),
    };
  }
  return { inTree: false, bookingCreate: false, pendingBookingCreate: false };
}

/** Locations where the caller may create bookings or pending bookings. */
export function bookableLocations(tree: PermissionTree): Array<{ client: ClientLink; location: LocationLink; access: LocationAccess }> {
  return allClients(tree).flatMap((client) =>
    client.locations.flatMap((location) => {
      const access = accessAt(tree, location.locationId);
      return access.bookingCreate || access.pendingBookingCreate ? [{ client, location, access }] : [];
    }),
  );
}

/** The client, in the tree (else 403) with some booking or pendingBooking permission there or at one of its locations (else 403). */
function requireClientBookingAccess(tree: PermissionTree, clientId: number): ClientLink {
  const client = allClients(tree).find((c) => c.clientId === clientId);
  if (!client) throw forbidden();
  const ok = anyBookingPermission(client.access.permissions) || client.locations.some((l) => anyBookingPermission(l.access.permissions));
  if (!ok) throw forbidden();
  return client;
}

/** The location, in the tree (else 404) with some booking or pendingBooking permission there (else 403). */
function requireLocationBookingAccess(tree: PermissionTree, locationId: number): LocationLink {
  for (const client of allClients(tree)) {
    const location = client.locations.find((l) => l.locationId === locationId);
    if (!location) continue;
    if (!anyBookingPermission([...client.access.permissions, ...location.access.permissions])) throw forbidden();
    return location;
  }
  throw new AppError('not-found', { detail: 'There is no such location.' });
}

/** 'YYYY-MM-DD' of a date column (drivers may hand back a Date for array elements). */
export function isoDate(value: string | Date): string {
  return typeof value === 'string' ? value.slice(0, 10) : DateTime.fromJSDate(value).toISODate()!;
}

/** The create-booking form's reference data, read for the caller's permission tree. */
export class BookingReferenceService {
  constructor(
    private readonly db: Db,
    /** The app's clock: which restriction dates are still to come. */
    private readonly now: Clock,
  ) {}

  async locations(tree: PermissionTree, contactId: number): Promise<BookingLocation[]> {
    const bookable = new Map(bookableLocations(tree).map((b) => [b.location.locationId, b.access]));
    const rows = await findBookingLocations(this.db, [...bookable.keys()]);
    const acceptances = await findPolicyAcceptances(
      this.db,
      contactId,
      rows.map((r) => r.clientId),
    );
    const acceptedAt = new Map(acceptances.map((a) => [`${a.clientId}:${a.version}`, a.acceptedAt.toISOString()]));
    return rows.map((r) => {
      const access = bookable.get(r.locationId)!;
      const policiesVersion = policiesVersionOf(r.policiesMarkdown);
      return {
        locationId: r.locationId,
        locationName: r.locationName,
        clientId: r.clientId,
        clientName: r.clientName,
        clientTypeInt: r.clientTypeInt,
        clientGroupId: r.clientGroupId,
        clientGroupName: r.clientGroupName,
        startTime: normaliseTime(r.startTime),
        endTime: normaliseTime(r.endTime),
        locationLunchBreakMinutes: r.locationLunchBreakMinutes,
        submittedByTemplateRequired: r.submittedByTemplateRequired,
        addressLine1: r.addressLine1,
        addressLine2: r.addressLine2,
        suburb: r.suburb,
        postcode: r.postcode,
        state: r.state,
        country: r.country,
        timeZone: r.timeZone,
        locationType: r.locationType,
        tags: r.tags,
        canCreateBooking: access.bookingCreate,
        canCreatePendingBooking: access.pendingBookingCreate,
        rules: {
          minBookingsPerDay: r.minBookingsPerDay,
          maxBookingsPerDay: r.maxBookingsPerDay,
          maxBookingsAllowed: r.maxBookingsAllowed,
          sameDayCutoff: parseCutoff(r.sameDayCutoff),
          maxExtensionDays: r.maxExtensionDays,
          maxAdvanceDays: MAX_ADVANCE_DAYS,
          policiesMarkdown: r.policiesMarkdown,
          policiesVersion,
          policiesAcceptedAt: acceptedAt.get(`${r.clientId}:${policiesVersion}`) ?? null,
        },
      };
    });
  }

  async payClasses(tree: PermissionTree, clientId: number): Promise<Classification[]> {
    requireClientBookingAccess(tree, clientId);
    const rows = await findActiveClassifications(this.db, clientId);
    return rows.map((r) => ({
      id: r.id,
      onlineTitle: r.onlineTitle,
      rateUnitType: r.rateUnitType,
      extraValidation: {
        minimumDurationInMins: r.minimumDurationInMins,
        earliestEndTime24hr: r.earliestEndTime24hr === null ? null : normaliseTime(r.earliestEndTime24hr),
        defaultBreakInMins: r.defaultBreakInMins,
        shouldShowBreaks: r.shouldShowBreaks,
      },
    }));
  }

  async grades(tree: PermissionTree, clientId: number): Promise<Grade[]> {
    requireClientBookingAccess(tree, clientId);
    return findGrades(this.db, clientId);
  }

  async certifications(tree: PermissionTree, locationId: number): Promise<Certification[]> {
    requireLocationBookingAccess(tree, locationId);
    const rows = await findCertifications(this.db, locationId);
    return rows.map((r) => ({ id: r.id, name: r.name, isLocationDefault: Boolean(r.isLocationDefault) }));
  }

  /**
   * The location's booking contacts, with their e-mail and mobile: only for those who may book there (booking create
   * or pendingBooking create, else 403; outside the tree 404), as the form is the only one that needs them.
   */
  async contacts(tree: PermissionTree, contactId: number, locationId: number): Promise<BookingContact[]> {
    const access = accessAt(tree, locationId);
    if (!access.inTree) throw new AppError('not-found', { detail: 'There is no such location.' });
    if (!access.bookingCreate && !access.pendingBookingCreate) throw forbidden();
    const rows = await findActiveBookingContacts(this.db, locationId);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      mobile: r.mobile,
      methods: contactMethods(r),
      isCurrentUser: r.contactId === contactId,
      isOffice: r.contactId === null,
    }));
  }

  /** Where a location is, for its holidays and terms: bookable by the caller (404 outside the tree, else 403), a span of at most MAX_HOLIDAY_SPAN_DAYS (400). */
  private async bookableLocationFacts(tree: PermissionTree, locationId: number, span: { fromLocal: string; toLocal: string }) {
    const access = accessAt(tree, locationId);
    if (!access.inTree) throw new AppError('not-found', { detail: 'There is no such location.' });
    if (!access.bookingCreate && !access.pendingBookingCreate) throw forbidden();
    const days = DateTime.fromISO(span.toLocal).diff(DateTime.fromISO(span.fromLocal), 'days').days;
    if (days < 0 || days > MAX_HOLIDAY_SPAN_DAYS) {
      throw AppError.field('toLocal', `Must be on or after fromLocal, at most ${MAX_HOLIDAY_SPAN_DAYS} days later`);
    }
    const facts = await locationHolidayFacts(this.db, locationId);
    if (!facts) throw new AppError('not-found', { detail: 'There is no such location.' });
    return facts;
  }

  /**
   * GET /v1/locations/{id}/public-holidays: the holidays of a bookable location between two local dates (404 outside
   * the caller's tree, 403 where it may not book, 400 for a span backwards or over MAX_HOLIDAY_SPAN_DAYS).
   */
  async publicHolidays(tree: PermissionTree, locationId: number, span: { fromLocal: string; toLocal: string }): Promise<PublicHolidays> {
    const facts = await this.bookableLocationFacts(tree, locationId, span);
    const holidays = publicHolidaysBetween(facts, span.fromLocal, span.toLocal);
    return {
      locationId,
      openOnPublicHolidays: facts.openOnPublicHolidays,
      holidays: [...holidays].map(([dateLocal, name]) => ({ dateLocal, name })).sort((a, b) => a.dateLocal.localeCompare(b.dateLocal)),
    };
  }

  /**
   * GET /v1/locations/{id}/school-terms: the school terms of a bookable location's country and region that overlap two
   * local dates (refused as the public holidays are). Information only: a term never stops a booking.
   */
  async schoolTerms(tree: PermissionTree, locationId: number, span: { fromLocal: string; toLocal: string }): Promise<SchoolTerms> {
    const facts = await this.bookableLocationFacts(tree, locationId, span);
    const rows = await findSchoolTerms(this.db, facts.country, regionOf(facts.country, facts.state), span.fromLocal, span.toLocal);
    return { terms: rows.map((r) => ({ name: r.name, firstDay: isoDate(r.firstDay), lastDay: isoDate(r.lastDay) })) };
  }

  /** Restrictions of the bookable locations (or of one of them), with only the dates from today at each location. */
  async blocks(tree: PermissionTree, locationId?: number): Promise<BookingBlock[]> {
    let locations = bookableLocations(tree).map((b) => b.location);
    if (locationId !== undefined) {
      const access = accessAt(tree, locationId);
      if (!access.inTree) throw new AppError('not-found', { detail: 'There is no such location.' });
      locations = locations.filter((l) => l.locationId === locationId);
      if (locations.length === 0) throw forbidden();
    }
    const now = this.now();
    const zones = new Map(locations.map((l) => [l.locationId, l.timeZone]));
    // The earliest 'today' on Earth is at most a day behind UTC's.
    const from = DateTime.fromJSDate(now, { zone: 'UTC' }).minus({ days: 1 }).toISODate()!;
    const rows = await findBookingBlocks(this.db, [...zones.keys()], from);
    return rows.flatMap((r) => {
      const today = todayIn(zones.get(r.locationId) ?? 'UTC', now);
      const datesLocal = (r.datesLocal as Array<string | Date>).map(isoDate).filter((d) => d >= today);
      return datesLocal.length > 0 ? [{ locationId: r.locationId, datesLocal, messageMarkDown: r.messageMarkdown }] : [];
    });
  }
}
