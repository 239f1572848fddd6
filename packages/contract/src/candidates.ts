import { z } from 'zod';
import { BOOKING_STATUSES } from './domain';
import { FORM_MESSAGES } from './messages';
import { Id } from './query-params';

/**
 * Educators (spec 'candidates'). An educator is known to a client once booked there (past or upcoming);
 * a client may mark known educators as favourites, and a booking request may name one of them as the requested
 * educator (the provider tries them first when free).
 *
 * Access (spec §6 'candidates'): booking view, timesheets view or accounts view at the client (or one of its
 * locations). An educator the caller's clients never booked is not found (404), whoever they are.
 */

/** Largest id a path or query may name (the columns are PostgreSQL integers). */
const MAX_ID = 2_147_483_647;

/** Spec §5: the profile image is requested only for a non-negative number; anything else is refused here too. */
export const CandidateImageId = z.coerce
  .number({ error: FORM_MESSAGES.number })
  .int({ error: FORM_MESSAGES.number })
  .min(0, { error: 'Must be a non-negative number' })
  .max(MAX_ID, { error: FORM_MESSAGES.number });

/** The web's own check before asking for a picture (spec §5), one rule for both sides. */
export function isCandidateImageId(id: unknown): boolean {
  return CandidateImageId.safeParse(id).success;
}

/** How a compliance check stands on a given day. `expiring`: within COMPLIANCE_EXPIRING_DAYS of its expiry. */
export const COMPLIANCE_STATUSES = ['valid', 'expiring', 'expired'] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];
export const COMPLIANCE_EXPIRING_DAYS = 60;

/** Past and upcoming bookings listed in an educator's details (the most recent past, the soonest upcoming). */
export const MAX_DETAIL_BOOKINGS = 20;

// GET /v1/candidate/CandidateList?ClientId=

export const CandidateListQuery = z.strictObject({
  ClientId: Id.describe('The client (spec §7 spells it ClientId); a positive integer'),
});
export type CandidateListQuery = z.input<typeof CandidateListQuery>;

const names = {
  candidateId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  preferredName: z.string().nullable().describe('The name the educator goes by, when it differs from firstName'),
  fullName: z.string().describe("'Preferred (or first) name Last name'"),
  headline: z.string().nullable().describe("e.g. 'Primary Teacher'"),
};

export const CandidateListItem = z
  .object({
    ...names,
    lastDateLocal: z.string().nullable().describe("Last past booking date at this client, local 'YYYY-MM-DD' (null: none yet)"),
    nextDateLocal: z.string().nullable().describe("Next booking date at this client from today, local 'YYYY-MM-DD' (null: none)"),
    bookingsCount: z.number().int().nonnegative().describe('Bookings of the educator at this client (not cancelled), past and upcoming'),
    isFavourite: z.boolean().describe('A favourite of this client'),
    isExcluded: z.boolean().describe('Excluded from this client: never assigned to its bookings'),
  })
  .meta({ id: 'CandidateListItem' });
export type CandidateListItem = z.infer<typeof CandidateListItem>;

/** Favourites first, then by last name and first name. */
export const CandidateListResponse = z.array(CandidateListItem).meta({ id: 'CandidateListResponse' });
export type CandidateListResponse = z.infer<typeof CandidateListResponse>;

// GET /v1/candidate/{id}/details

export const CandidateIdParams = z.strictObject({ id: Id.describe('Id of the educator') });

export const CandidateQualification = z
  .object({
    name: z.string().describe("e.g. 'Bachelor of Education (Primary)'"),
    issuer: z.string().nullable(),
    year: z.number().int().nullable().describe('Year obtained'),
  })
  .meta({ id: 'CandidateQualification' });
export type CandidateQualification = z.infer<typeof CandidateQualification>;

export const CandidateComplianceCheck = z
  .object({
    name: z.string().describe("e.g. 'Working with Children Check'"),
    reference: z.string().nullable().describe('Number of the check or registration'),
    expiresOn: z.string().nullable().describe("Expiry, 'YYYY-MM-DD' (null: does not expire)"),
    status: z.enum(COMPLIANCE_STATUSES).describe(`On today's date; 'expiring' within ${COMPLIANCE_EXPIRING_DAYS} days of expiry`),
  })
  .meta({ id: 'CandidateComplianceCheck' });
export type CandidateComplianceCheck = z.infer<typeof CandidateComplianceCheck>;

/** One of the caller's clients where the educator is known. */
export const CandidateClient = z
  .object({
    clientId: z.number().int(),
    clientName: z.string(),
    isFavourite: z.boolean(),
    canSetFavourite: z.boolean().describe('The caller may mark or unmark the favourite here (booking create or modify)'),
    isExcluded: z.boolean().describe('Excluded here: never assigned to this client’s bookings (the same callers may set it)'),
    exclusionReason: z.string().nullable(),
    bookingsCount: z.number().int().nonnegative(),
  })
  .meta({ id: 'CandidateClient' });
export type CandidateClient = z.infer<typeof CandidateClient>;

export const CandidateBooking = z
  .object({
    bookingId: z.number().int(),
    clientId: z.number().int(),
    clientName: z.string(),
    locationId: z.number().int(),
    locationName: z.string(),
    dateLocal: z.string().describe("'YYYY-MM-DD' at the location"),
    startTime: z.string().describe("'HH:mm' local"),
    endTime: z.string().describe("'HH:mm' local"),
    status: z.enum(BOOKING_STATUSES),
    classification: z.string().nullable().describe('Online title of the classification'),
  })
  .meta({ id: 'CandidateBooking' });
export type CandidateBooking = z.infer<typeof CandidateBooking>;

export const CandidateDetailsResponse = z
  .object({
    ...names,
    summary: z.string().nullable(),
    qualifications: z.array(CandidateQualification),
    complianceChecks: z.array(CandidateComplianceCheck).describe('Soonest expiry first'),
    clients: z.array(CandidateClient).describe("The caller's clients (where it may see educators) that know the educator"),
    pastBookings: z
      .array(CandidateBooking)
      .describe(`At the caller's clients, most recent first, at most ${MAX_DETAIL_BOOKINGS}; cancelled ones left out`),
    upcomingBookings: z
      .array(CandidateBooking)
      .describe(`From today, soonest first, at most ${MAX_DETAIL_BOOKINGS}; cancelled ones left out`),
    pastBookingsCount: z.number().int().nonnegative(),
    upcomingBookingsCount: z.number().int().nonnegative(),
  })
  .meta({ id: 'CandidateDetailsResponse' });
export type CandidateDetailsResponse = z.infer<typeof CandidateDetailsResponse>;

// GET /v1/candidate/profile-image/{id}

export const CandidateImageParams = z.strictObject({
  id: CandidateImageId.describe('Id of the educator, a non-negative integer (spec §5)'),
});

export const CandidateProfileImageResponse = z
  .object({
    base64ProfileImg: z.string().describe('The picture, base64 (no data: prefix)'),
    contentType: z.string().describe("e.g. 'image/svg+xml' for a generated avatar, 'image/jpeg' for an uploaded photo"),
  })
  .meta({ id: 'CandidateProfileImageResponse' });
export type CandidateProfileImageResponse = z.infer<typeof CandidateProfileImageResponse>;

// PUT / DELETE /v1/candidate/{id}/favourite?clientId=

export const FavouriteQuery = z.strictObject({ clientId: Id.describe('The client (school) whose favourite it is') });
export type FavouriteQuery = z.input<typeof FavouriteQuery>;

export const FavouriteResponse = z
  .object({ candidateId: z.number().int(), clientId: z.number().int(), isFavourite: z.boolean() })
  .meta({ id: 'FavouriteResponse' });
export type FavouriteResponse = z.infer<typeof FavouriteResponse>;

/** 'Preferred (or first) name Last name', as every list shows an educator. */
export function candidateFullName(c: { firstName: string; lastName: string; preferredName?: string | null }): string {
  return `${c.preferredName?.trim() || c.firstName} ${c.lastName}`.trim();
}

// PUT and DELETE /v1/candidate/{id}/exclusion?clientId=

export const MAX_EXCLUSION_REASON_LENGTH = 500;

export const ExclusionQuery = z.strictObject({ clientId: Id.describe('The client (school) the educator is excluded from') });
export type ExclusionQuery = z.input<typeof ExclusionQuery>;

export const ExclusionBody = z
  .strictObject({
    reason: z
      .string()
      .trim()
      .max(MAX_EXCLUSION_REASON_LENGTH)
      .optional()
      .describe(`Why (optional, at most ${MAX_EXCLUSION_REASON_LENGTH} characters); kept with the exclusion and in the audit log`),
  })
  .meta({ id: 'ExclusionBody' });
export type ExclusionBody = z.infer<typeof ExclusionBody>;

export const ExclusionResponse = z
  .object({
    candidateId: z.number().int(),
    clientId: z.number().int(),
    isExcluded: z.boolean(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'ExclusionResponse' });
export type ExclusionResponse = z.infer<typeof ExclusionResponse>;
