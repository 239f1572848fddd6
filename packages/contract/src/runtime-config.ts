import { z } from 'zod';
import { LOCALES } from './domain';

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
    appStoreLinks: z.record(z.string(), z.object({ ios: z.string().optional(), android: z.string().optional() })),
    environment: z.enum(['development', 'production', 'test']),
    demo: z.boolean(),
    appVersion: z.string(),
  })
  .meta({ id: 'RuntimeConfig' });
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;
