import { z } from 'zod';
import { GENERIC_API_ERROR } from './messages';

/** One broken rule: its stable code, the body path it concerns (none for the whole request) and its parameters. */
export const RuleViolation = z
  .object({
    code: z.string().describe('Stable code of the rule, e.g. methodUnavailable'),
    field: z.string().optional().describe('Body path, dot-separated (e.g. dates.0)'),
    params: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .describe('The values the rule’s text names'),
  })
  .meta({ id: 'RuleViolation' });
export type RuleViolation = z.infer<typeof RuleViolation>;

/**
 * RFC 9457 problem details as the API sends them. `code` is stable and machine-readable; `detail` is the text a
 * user may be shown; `errors` maps a field path (dot-separated, e.g. `dates.0`) to its messages; `violations` gives the same as codes
 * with parameters where an operation's rules are a pipeline of the contract (the web app renders those through i18n).
 */
export const ProblemDetails = z
  .object({
    type: z.string().describe('URI reference naming the kind of problem'),
    title: z.string().describe('Short, human-readable summary of the kind of problem'),
    status: z.number().int().describe('HTTP status code'),
    detail: z.string().optional().describe('What went wrong in this occurrence, fit to show a user'),
    code: z.string().describe('Stable machine-readable code'),
    traceId: z.string().describe('Request id, to find the server log'),
    errors: z.record(z.string(), z.array(z.string())).optional().describe('Field path → messages'),
    violations: z
      .array(RuleViolation)
      .optional()
      .describe('The rules the request broke, each with its stable code and parameters (the texts of `errors`, as data)'),
  })
  .meta({ id: 'ProblemDetails' });
export type ProblemDetails = z.infer<typeof ProblemDetails>;

interface ProblemKind {
  readonly status: number;
  readonly title: string;
}

/** Every problem code the API can answer with. Add new ones here, never inline. */
export const PROBLEMS = {
  validation: { status: 400, title: 'The request has invalid fields' },
  'bad-request': { status: 400, title: 'Bad request' },
  'unsupported-version': { status: 400, title: 'Unsupported API version' },
  unauthorized: { status: 401, title: 'Authentication required' },
  forbidden: { status: 403, title: 'Forbidden' },
  'not-found': { status: 404, title: 'Not found' },
  'method-not-allowed': { status: 405, title: 'Method not allowed' },
  conflict: { status: 409, title: 'Conflict' },
  'idempotency-key-reused': { status: 422, title: 'Idempotency key reused with a different request' },
  expired: { status: 410, title: 'Expired' },
  'payload-too-large': { status: 413, title: 'Payload too large' },
  'unsupported-media-type': { status: 415, title: 'Unsupported media type' },
  'rule-violation': { status: 422, title: 'The request breaks a business rule' },
  'rate-limited': { status: 429, title: 'Too many requests' },
  internal: { status: 500, title: 'Internal server error' },
  'service-unavailable': { status: 503, title: 'Service unavailable' },
} as const satisfies Record<string, ProblemKind>;
export type ProblemCode = keyof typeof PROBLEMS;

export function problemType(code: string): string {
  return `/problems/${code.replace(/[^a-z0-9-]+/gi, '-')}`;
}

/**
 * Spec §8 'API error normalising': the body is read in two shapes (problem details; or type/code/message/param),
 * else the generic text. Returns the message to show.
 */
export function messageFromErrorBody(body: unknown): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    if (typeof b.detail === 'string' && b.detail) return b.detail;
    if (b.errors && typeof b.errors === 'object') {
      const first = Object.values(b.errors as Record<string, unknown>).flat()[0];
      if (typeof first === 'string') return first;
    }
    if (typeof b.message === 'string' && b.message) return b.message;
    if (typeof b.title === 'string' && b.title) return b.title;
  }
  return GENERIC_API_ERROR;
}
