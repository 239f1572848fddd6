import type { RuleViolation } from '@portal/contract/problems';

/**
 * One error type for every failed API call. The body is read in the shapes the spec names (§8): RFC 9457
 * problem details (`type`, `title`, `status`, `detail`, `traceId`, `errors`, plus our stable `code`) and the
 * older `{ type, code, message, param }`. Anything else becomes a generic error with no server message.
 */
export type ApiErrorKind = 'unknown' | 'api' | 'validation' | 'security' | 'notFound';

export interface ApiErrorInit {
  status: number;
  kind: ApiErrorKind;
  /** The server's message for people (`detail`, else `message`, else `title`); absent when there was none. */
  serverMessage?: string | undefined;
  title?: string | undefined;
  code?: string | undefined;
  traceId?: string | undefined;
  fieldErrors?: Record<string, string[]> | undefined;
  /** The rules broken as codes with parameters (`violations`), where the operation's rules are a contract pipeline. */
  violations?: RuleViolation[] | undefined;
  /** True when no answer arrived at all (network down, server unreachable). */
  noResponse?: boolean;
}

export class ApiError extends Error {
  readonly status: number;
  readonly kind: ApiErrorKind;
  readonly serverMessage: string | undefined;
  readonly title: string | undefined;
  readonly code: string | undefined;
  readonly traceId: string | undefined;
  readonly fieldErrors: Record<string, string[]> | undefined;
  readonly violations: RuleViolation[] | undefined;
  readonly noResponse: boolean;

  constructor(init: ApiErrorInit) {
    super(init.serverMessage ?? init.title ?? `Request failed with status ${init.status}`);
    this.name = 'ApiError';
    this.status = init.status;
    this.kind = init.kind;
    this.serverMessage = init.serverMessage;
    this.title = init.title;
    this.code = init.code;
    this.traceId = init.traceId;
    this.fieldErrors = init.fieldErrors;
    this.violations = init.violations;
    this.noResponse = init.noResponse ?? false;
  }

  static noResponse(cause?: unknown): ApiError {
    const error = new ApiError({ status: 0, kind: 'unknown', noResponse: true });
    if (cause !== undefined) Object.defineProperty(error, 'cause', { value: cause });
    return error;
  }
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function fieldErrorsOf(value: unknown): Record<string, string[]> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const result: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(value)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter((m): m is string => typeof m === 'string');
    if (list.length > 0) result[field] = list;
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

function kindOf(status: number, hasFieldErrors: boolean): ApiErrorKind {
  if (hasFieldErrors || status === 422) return 'validation';
  if (status === 401 || status === 403) return 'security';
  if (status === 404) return 'notFound';
  return 'api';
}

/** Builds an ApiError from a status and an already-parsed body (which may be anything). */
export function normaliseApiError(status: number, body: unknown): ApiError {
  if (!body || typeof body !== 'object') return new ApiError({ status, kind: status ? 'api' : 'unknown' });
  const record = body as Record<string, unknown>;
  const fieldErrors = fieldErrorsOf(record.errors);
  const isProblem = 'title' in record || 'detail' in record || 'traceId' in record || 'errors' in record;
  const isShapeTwo = 'message' in record || 'param' in record;
  if (!isProblem && !isShapeTwo) return new ApiError({ status, kind: kindOf(status, false) });
  return new ApiError({
    status,
    kind: kindOf(status, fieldErrors !== undefined),
    serverMessage: text(record.detail) ?? text(record.message),
    title: text(record.title),
    code: text(record.code),
    traceId: text(record.traceId),
    fieldErrors,
    violations: violationsOf(record.violations),
  });
}

/** The problem's `violations`, each kept only when it has the contract's shape (read by hand: this file is on the first page, zod is not). */
function violationsOf(value: unknown): RuleViolation[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const list = value.flatMap((v): RuleViolation[] => {
    if (!v || typeof v !== 'object') return [];
    const { code, field, params } = v as Record<string, unknown>;
    if (typeof code !== 'string' || (field !== undefined && typeof field !== 'string')) return [];
    const values = params && typeof params === 'object' && !Array.isArray(params) ? Object.entries(params) : [];
    const kept = values.filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number');
    return [{ code, ...(field !== undefined ? { field } : {}), ...(kept.length > 0 ? { params: Object.fromEntries(kept) } : {}) }];
  });
  return list.length > 0 ? list : undefined;
}

/** Reads a failed response's body (JSON or not) into an ApiError. */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    const raw = await response.text();
    body = raw ? JSON.parse(raw) : undefined;
  } catch {
    body = undefined;
  }
  return normaliseApiError(response.status, body);
}

/** What a failed request tells people (spec §8): the server's message when it sent one, else `fallback`. */
export function failureMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}
