import { z } from 'zod';
import { FORM_MESSAGES } from './messages';

/**
 * Building blocks of query strings and path parameters shared by the list and aggregate endpoints. Query values
 * arrive as strings, so numbers are coerced; a repeated parameter arrives as an array and a single one as a string.
 */

/** Largest id a path or query may name (the columns are PostgreSQL integers). */
const MAX_ID = 2_147_483_647;

/**
 * A record's id: a positive integer in a JSON body, or its decimal digits in a path or query string. Nothing else
 * is read as a number: not `0x10`, `1e3`, ` 1`, `true` or `[5]`, which a plain coercion would take for an id.
 */
export const Id = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value),
  z.int().positive().max(MAX_ID),
);

/** `{id}` in a path. */
export const IdParams = z.strictObject({ id: Id.describe('Id of the record') });
export const ClientIdParams = z.strictObject({ clientId: Id.describe('Id of the client') });

/** A calendar date in a location's own time zone, 'YYYY-MM-DD', years 1900 to 2999. */
export const LocalDate = z.iso.date().refine(
  (value) => {
    const year = Number(value.slice(0, 4));
    return year >= 1900 && year <= 2999;
  },
  { message: FORM_MESSAGES.date },
);

/**
 * An IANA time zone name such as 'Australia/Sydney'. The server also checks that the zone exists (Luxon); here
 * only its shape, so the contract needs no time zone database.
 */
export const TimeZoneName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_+\-/]+$/, { message: 'Must be an IANA time zone such as Australia/Sydney' });

export const MAX_CLIENT_IDS = 500;

/**
 * How every endpoint taking `clientIds` treats them (data scoping). The same words are the parameter's
 * description in the OpenAPI.
 */
export const CLIENT_IDS_RULES =
  'Client ids, repeated (clientIds=1&clientIds=2; a single value is accepted), at most 500. Omitted: every client ' +
  "in the caller's permission tree. A client outside the caller's permission tree is refused with 403 (nothing is " +
  "answered). A client in the tree where the caller lacks the endpoint's view permission adds nothing; when no " +
  'requested client grants it (neither at the client nor at one of its locations), the answer is 403.';

export const ClientIds = z
  .preprocess((value) => (value === undefined || Array.isArray(value) ? value : [value]), z.array(Id).min(1).max(MAX_CLIENT_IDS))
  .optional()
  .describe(CLIENT_IDS_RULES);

/** Whole days from `from` to `to` ('YYYY-MM-DD' each): 0 for the same day, negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** `date` plus `days` days, 'YYYY-MM-DD'. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A date range may reach at most this many days past its first date (a leap year's 1 Jan to 1 Jan of the next year). */
export const MAX_RANGE_DAYS = 366;

/** Refinement of a query object with a from/to pair of local dates: in order, and at most `maxDays` apart. */
export function dateRange<K extends string>(fromKey: K, toKey: K, maxDays = MAX_RANGE_DAYS) {
  return (query: Partial<Record<K, unknown>>, ctx: z.RefinementCtx) => {
    const from = query[fromKey];
    const to = query[toKey];
    if (typeof from !== 'string' || typeof to !== 'string') return;
    const days = daysBetween(from, to);
    if (days < 0) ctx.addIssue({ code: 'custom', path: [toKey], message: FORM_MESSAGES.dateBefore(from) });
    else if (days > maxDays) ctx.addIssue({ code: 'custom', path: [toKey], message: `Must be at most ${maxDays} days after ${fromKey}` });
  };
}
