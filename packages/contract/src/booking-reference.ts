import { z } from 'zod';
import { LOCATION_TYPES, RATE_UNIT_TYPES } from './domain';
import { Id, LocalDate } from './query-params';

/**
 * Reference data the create-booking form needs: the locations the caller may book at, a client's
 * classifications (pay classes) and grades, a location's certifications and booking contacts, and booking blocks.
 */

// GET /v1/locations/booking-location-list

export const BookingRules = z
  .object({
    minBookingsPerDay: z.number().int().describe('Fewest bookings (heads) per date in one request'),
    maxBookingsPerDay: z.number().int().describe('Most bookings (heads) per date in one request'),
    maxBookingsAllowed: z.number().int().describe('Most bookings in one request: dates × bookings per day'),
    sameDayCutoff: z.string().describe("Same-day cut-off, 'HH:mm' in the location's zone (08:00 when unparsable)"),
    maxExtensionDays: z.number().int().describe('An extension may end at most this many days after the booking’s last date'),
    maxAdvanceDays: z.number().int().describe('Dates may lie at most this many days ahead'),
    policiesMarkdown: z.string().nullable().describe('Booking policies the booker agrees to (markdown)'),
    policiesVersion: z
      .string()
      .describe('Fingerprint of the policy text: a changed text is a new version, to be agreed to again (send it back as policiesVersion)'),
    policiesAcceptedAt: z
      .string()
      .nullable()
      .describe('When the caller first agreed to this version of the policies (ISO instant); null: not yet, so the form asks'),
  })
  .meta({ id: 'BookingRules' });
export type BookingRules = z.infer<typeof BookingRules>;

/** Spec §3 'Location (booking/timesheet context)' plus what a booker may do there and the client's booking rules. */
export const BookingLocation = z
  .object({
    locationId: z.number().int(),
    locationName: z.string(),
    clientId: z.number().int(),
    clientName: z.string(),
    clientTypeInt: z.number().int(),
    clientGroupId: z.number().int().nullable(),
    clientGroupName: z.string().nullable(),
    startTime: z.string().describe("School day start, 'HH:mm' local"),
    endTime: z.string().describe("School day end, 'HH:mm' local"),
    locationLunchBreakMinutes: z.number().int(),
    submittedByTemplateRequired: z.boolean(),
    addressLine1: z.string(),
    addressLine2: z.string().nullable(),
    suburb: z.string(),
    postcode: z.string().nullable(),
    state: z.string().nullable(),
    country: z.string(),
    timeZone: z.string(),
    locationType: z.enum(LOCATION_TYPES).describe('early_learning caps an extension block at 4 weeks'),
    tags: z.array(z.string()),
    /** booking_create → confirmed requests; pendingBooking_create only → requests wait for approval. */
    canCreateBooking: z.boolean().describe('booking create held here: requests go straight to the provider'),
    canCreatePendingBooking: z.boolean().describe('pendingBooking create held here (without booking create: requests wait for approval)'),
    rules: BookingRules,
  })
  .meta({ id: 'BookingLocation' });
export type BookingLocation = z.infer<typeof BookingLocation>;

export const BookingLocationListResponse = z
  .array(BookingLocation)
  .describe('Locations where the caller holds booking create or pendingBooking create, by client and location name');

// GET /v1/clients/{id}/pay-classes (204 when the client has none)

export const ExtraValidation = z
  .object({
    minimumDurationInMins: z.number().int().nullable(),
    earliestEndTime24hr: z.string().nullable().describe("'HH:mm'"),
    defaultBreakInMins: z.number().int().nullable(),
    shouldShowBreaks: z.boolean(),
  })
  .meta({ id: 'ExtraValidation' });
export type ExtraValidation = z.infer<typeof ExtraValidation>;

export const Classification = z
  .object({
    id: z.number().int(),
    onlineTitle: z.string(),
    rateUnitType: z.enum(RATE_UNIT_TYPES),
    extraValidation: ExtraValidation,
  })
  .meta({ id: 'Classification' });
export type Classification = z.infer<typeof Classification>;
export const ClassificationsResponse = z.array(Classification);

// GET /v1/clients/{id}/grades

export const Grade = z.object({ id: z.number().int(), title: z.string() }).meta({ id: 'Grade' });
export type Grade = z.infer<typeof Grade>;
export const GradesResponse = z.array(Grade);

// GET /v1/locations/{id}/certifications

export const Certification = z
  .object({
    id: z.number().int(),
    name: z.string(),
    isLocationDefault: z.boolean().describe('Asked of educators at this location by default; leaving it out needs review'),
  })
  .meta({ id: 'Certification' });
export type Certification = z.infer<typeof Certification>;
export const CertificationsResponse = z.array(Certification).describe('Every certification, the location’s defaults first');

// GET /v1/contacts/booking-contacts?locationId (204 when the location has none)

export const BookingContactsQuery = z.strictObject({ locationId: Id.describe('Location whose booking contacts to list') });

export const BookingContact = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string().nullable(),
    mobile: z.string().nullable(),
    /** Which confirmation methods this contact can receive (e-mail needs an address, SMS a mobile, …). */
    methods: z.object({ email: z.boolean(), sms: z.boolean(), voice: z.boolean(), push: z.boolean() }),
    isCurrentUser: z.boolean(),
    isOffice: z.boolean().describe("The location's office or reception line (no person's portal account behind it)"),
  })
  .meta({ id: 'BookingContact' });
export type BookingContact = z.infer<typeof BookingContact>;
export const BookingContactsResponse = z.array(BookingContact);

// GET /v1/locations/booking-blocks[?locationId]

// GET /v1/locations/{id}/public-holidays

/** At most a year and a bit at once (a booking is made at most a year ahead). */
export const MAX_HOLIDAY_SPAN_DAYS = 400;

export const PublicHolidaysQuery = z.strictObject({
  fromLocal: LocalDate.describe('First local date, YYYY-MM-DD'),
  toLocal: LocalDate.describe(`Last local date, YYYY-MM-DD: on or after fromLocal, at most ${MAX_HOLIDAY_SPAN_DAYS} days later`),
});
export type PublicHolidaysQuery = z.input<typeof PublicHolidaysQuery>;

export const PublicHolidays = z
  .object({
    locationId: z.number().int(),
    openOnPublicHolidays: z.boolean().describe('The location takes bookings on public holidays (early learning often does)'),
    holidays: z
      .array(z.object({ dateLocal: z.string(), name: z.string().describe("e.g. 'Christmas Day'") }))
      .describe("The public holidays of the location's country and state or region, by date"),
  })
  .meta({ id: 'PublicHolidays' });
export type PublicHolidays = z.infer<typeof PublicHolidays>;

// GET /v1/locations/{id}/school-terms

export const SchoolTermsQuery = z.strictObject({
  fromLocal: LocalDate.describe('First local date, YYYY-MM-DD'),
  toLocal: LocalDate.describe(`Last local date, YYYY-MM-DD: on or after fromLocal, at most ${MAX_HOLIDAY_SPAN_DAYS} days later`),
});
export type SchoolTermsQuery = z.input<typeof SchoolTermsQuery>;

export const SchoolTerm = z
  .object({
    name: z.string().describe("e.g. 'Term 4' or 'Autumn 2'"),
    firstDay: z.string().describe('First day of the term, local YYYY-MM-DD'),
    lastDay: z.string().describe('Last day of the term, local YYYY-MM-DD'),
  })
  .meta({ id: 'SchoolTerm' });
export type SchoolTerm = z.infer<typeof SchoolTerm>;

export const SchoolTerms = z
  .object({
    terms: z
      .array(SchoolTerm)
      .describe(
        "The terms of the location's country and region that overlap the dates, by first day: the days between two terms are school holidays",
      ),
  })
  .meta({ id: 'SchoolTerms' });
export type SchoolTerms = z.infer<typeof SchoolTerms>;

export const BookingBlocksQuery = z.strictObject({
  locationId: Id.optional().describe('Only this location (at least 1); omitted: every location the caller may book at'),
});

/** Spec §3 'Location restriction (booking block)'. */
export const BookingBlock = z
  .object({
    locationId: z.number().int(),
    datesLocal: z.array(z.string()).describe('Local dates, YYYY-MM-DD, on which the location takes no bookings'),
    messageMarkDown: z.string().describe('Why, in markdown, shown to the booker'),
  })
  .meta({ id: 'BookingBlock' });
export type BookingBlock = z.infer<typeof BookingBlock>;
export const BookingBlocksResponse = z.array(BookingBlock);
