import { z } from 'zod';
import { LOCALES, PERMISSION_SCOPES } from './domain';
import { ACTIONS, PermissionTree } from './permissions';

/** GET /v1/profile (spec §3 'Profile response'). */

export const Contact = z
  .object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    emailAddress: z.string(),
    language: z.enum(LOCALES).describe('Locale of the contact; the web app switches to it after sign-in'),
    isClientGroupOverviewEnabled: z.boolean(),
    standardBookings: z.array(z.unknown()),
    lastUpdated: z.string().describe('ISO 8601 instant'),
  })
  .meta({ id: 'Contact' });
export type Contact = z.infer<typeof Contact>;

export const Features = z
  .object({
    selfServiceShowBookingStatus: z.boolean(),
    showBookingCardV2: z.boolean(),
    enableExtendBooking: z.boolean(),
  })
  .meta({ id: 'Features' });
export type Features = z.infer<typeof Features>;

/** The flags of a contact without settings of its own (contacts.features holds only where a contact differs). */
export const DEFAULT_FEATURES: Features = {
  selfServiceShowBookingStatus: true,
  showBookingCardV2: true,
  enableExtendBooking: true,
};

/**
 * A contact's feature flags: the defaults with the contact's own settings on top. Unknown keys and values that are
 * not booleans in the stored settings are ignored, so a stray entry can never switch a flag.
 */
export function contactFeatures(stored: Readonly<Record<string, unknown>> | null | undefined): Features {
  const features = { ...DEFAULT_FEATURES };
  for (const key of Object.keys(DEFAULT_FEATURES) as (keyof Features)[]) {
    const value = stored?.[key];
    if (typeof value === 'boolean') features[key] = value;
  }
  return features;
}

export const GeneralFile = z
  .object({ id: z.number().int(), name: z.string(), filePath: z.string(), contentType: z.string(), sizeBytes: z.number().int() })
  .meta({ id: 'GeneralFile' });

const Flags = z.object(Object.fromEntries(ACTIONS.map((a) => [a, z.boolean()])) as Record<(typeof ACTIONS)[number], z.ZodBoolean>);
/** view/create/modify/delete per scope, for each node id of the tree (`group:1`, `client:2`, `location:3`). */
export const PermissionFlags = z.record(
  z.string(),
  z.object(Object.fromEntries(PERMISSION_SCOPES.map((s) => [s, Flags])) as Record<(typeof PERMISSION_SCOPES)[number], typeof Flags>),
);

export const ProfileResponse = z
  .object({
    contact: Contact,
    links: PermissionTree,
    flags: PermissionFlags.describe('The permission strings of each node converted to flags per scope'),
    features: Features,
    generalFiles: z.array(GeneralFile),
    impersonation: z
      .object({ staffName: z.string(), staffEmail: z.string() })
      .nullable()
      .describe('Set while provider staff act as this contact'),
  })
  .meta({ id: 'ProfileResponse' });
export type ProfileResponse = z.infer<typeof ProfileResponse>;

/** PUT /v1/profile/language: the contact's language, kept for the next sign-in (204 No Content). */
export const UpdateLanguageBody = z
  .object({
    language: z.enum(LOCALES).describe('One of the supported locales; the web app switches to it after sign-in'),
  })
  .meta({ id: 'UpdateLanguageBody' });
export type UpdateLanguageBody = z.infer<typeof UpdateLanguageBody>;

/** GET /api/users/{username} (spec §7's older generic call): the caller's own record, by its username (e-mail). */
export const UserParams = z.strictObject({
  username: z.string().min(1).max(320).describe("The signed-in contact's username: their e-mail address (any case)"),
});
export type UserParams = z.infer<typeof UserParams>;

export const UserRecord = z
  .object({
    id: z.number().int(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    emailAddress: z.string(),
    language: z.enum(LOCALES),
  })
  .meta({ id: 'UserRecord' });
export type UserRecord = z.infer<typeof UserRecord>;
