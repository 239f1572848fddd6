import { z } from 'zod';
import { LOCALES } from './domain';

/** How to reach the provider's office of a region (a regional variant, spec §1): when a booking cannot be cancelled online. */
export const ProviderContact = z
  .object({
    phone: z.string().min(3).max(40).describe('Phone number as dialled in the region, e.g. 0800 123 456'),
    email: z.email().describe("The office's e-mail address; cancellation requests are sent there"),
  })
  .meta({ id: 'ProviderContact' });
export type ProviderContact = z.infer<typeof ProviderContact>;

export const ProviderContacts = z.partialRecord(z.enum(LOCALES), ProviderContact);
export type ProviderContacts = z.infer<typeof ProviderContacts>;

/** The mobile app's store pages per region (locale): https links only. */
export const AppStoreLinks = z.partialRecord(
  z.enum(LOCALES),
  z.strictObject({ ios: z.url({ protocol: /^https$/ }).optional(), android: z.url({ protocol: /^https$/ }).optional() }),
);
export type AppStoreLinks = z.infer<typeof AppStoreLinks>;

/** /config.runtime.json: what the web app needs to know before it renders (spec §7, §8). */
export const RuntimeConfig = z
  .object({
    apiBaseUrl: z.string().describe('Base URL of the API; paths are prefixed v{apiVersion}/'),
    apiVersion: z.string(),
    defaultLocale: z.enum(LOCALES),
    localeByOrigin: z.record(z.string(), z.enum(LOCALES)).describe('Page origin → default locale'),
    serviceStatusUrl: z.string().nullable(),
    mapTilesUrl: z.string().nullable().describe('Leaflet tile URL template; null shows markers without tiles'),
    errorReportingDsn: z.string().nullable(),
    providerContacts: ProviderContacts.describe(
      "The provider's phone and e-mail per region (locale; 'en' is the fallback): shown where a booking cannot be cancelled online, and on Help",
    ),
    appStoreLinks: AppStoreLinks.describe('The mobile app in the stores, per region (locale); none configured: nothing shown'),
    environment: z.enum(['development', 'production', 'test']),
    demo: z.boolean(),
    confirmationMethods: z
      .array(z.enum(['email', 'sms', 'voice', 'push']))
      .describe('The confirmation methods this deployment can deliver (always e-mail): the booking form offers only these'),
    pushPublicKey: z
      .string()
      .nullable()
      .describe("The server's VAPID public key (base64url) for browser notifications; null: this deployment sends none"),
    appVersion: z.string().describe("The product's version, shown in Settings (spec §9: 1.0.0)"),
    release: z.string().describe('The build the server runs (git describe): error reports on both sides carry it'),
  })
  .meta({ id: 'RuntimeConfig' });
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;
