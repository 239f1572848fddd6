import { z } from 'zod';
import { SERVICE_STATUS_SEVERITIES } from './domain';

/**
 * The service status banner (spec §3, two readings). GET /v1/service-status answers the first reading (JSON with
 * the body already rendered to sanitised HTML); with `format=text`, the second reading: a first line of
 * `key:value` pairs joined by '|', then the markdown body. No active status: 204 either way.
 */

/** A banner value may hold neither '|' nor a line break, so the text reading's first line stays parseable. */
const OneLine = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^|\r\n]*$/, { message: "Must be one line without '|'" });

export const ServiceStatusQuery = z.strictObject({
  format: z.enum(['json', 'text']).optional().describe('json (default): the first reading; text: the second reading, text/plain'),
});

export const ServiceStatusResponse = z
  .object({
    bannerTitle: z.string(),
    severity: z.enum(SERVICE_STATUS_SEVERITIES),
    region: z.string().nullable().describe('Where the status applies, e.g. All regions'),
    html: z.string().describe('The body rendered from markdown and sanitised: no scripts, event handlers or javascript: links'),
  })
  .meta({ id: 'ServiceStatusResponse' });
export type ServiceStatusResponse = z.infer<typeof ServiceStatusResponse>;

/** PUT /v1/service-status (provider staff). */
export const ServiceStatusBody = z
  .strictObject({
    bannerTitle: OneLine(200).describe('Banner title; the web app truncates it to 60 characters on mobile'),
    severity: z.enum(SERVICE_STATUS_SEVERITIES),
    region: OneLine(100).nullable().describe('Where the status applies; null for nowhere in particular'),
    bodyMarkdown: z.string().trim().min(1).max(20_000).describe('The dialog body in markdown; raw HTML in it is sanitised away'),
    active: z.boolean().describe('Shown to users; at most one status is active'),
  })
  .meta({ id: 'ServiceStatusBody' });
export type ServiceStatusBody = z.infer<typeof ServiceStatusBody>;

export const ServiceStatusRecord = z
  .object({
    id: z.number().int(),
    bannerTitle: z.string(),
    severity: z.enum(SERVICE_STATUS_SEVERITIES),
    region: z.string().nullable(),
    bodyMarkdown: z.string(),
    html: z.string(),
    active: z.boolean(),
    updatedAt: z.string().describe('ISO 8601 instant'),
  })
  .meta({ id: 'ServiceStatusRecord' });
export type ServiceStatusRecord = z.infer<typeof ServiceStatusRecord>;

export interface ServiceStatusText {
  bannerTitle: string;
  severity: string;
  region: string | null;
  bodyMarkdown: string;
}

/** The second reading: `bannerTitle:…|severity:…|region:…`, a line break, then the markdown body. */
export function formatServiceStatusText(s: ServiceStatusText): string {
  return `bannerTitle:${s.bannerTitle}|severity:${s.severity}|region:${s.region ?? ''}\n${s.bodyMarkdown}`;
}

/** Reads the second reading back; undefined when the first line holds no bannerTitle. */
export function parseServiceStatusText(text: string): ServiceStatusText | undefined {
  const newline = text.indexOf('\n');
  const head = newline < 0 ? text : text.slice(0, newline);
  const fields: Record<string, string> = {};
  for (const pair of head.replace(/\r$/, '').split('|')) {
    const colon = pair.indexOf(':');
    if (colon > 0) fields[pair.slice(0, colon).trim()] = pair.slice(colon + 1).trim();
  }
  if (!fields.bannerTitle) return undefined;
  return {
    bannerTitle: fields.bannerTitle,
    severity: fields.severity ?? 'info',
    region: fields.region ? fields.region : null,
    bodyMarkdown: newline < 0 ? '' : text.slice(newline + 1),
  };
}
