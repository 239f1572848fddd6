import type { z } from 'zod';
import { ApiError, apiErrorFromResponse } from './api-error';
import { apiUrl, baseHeaders, type QueryValue } from './api-url';
import { getSession, impersonationHeaders, isTokenStale, refreshSession } from './session';
import { yieldToMain } from './yield-to-main';

export { apiUrl };

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Validates (and types) the answer. */
  schema?: z.ZodType<T>;
  /** Calls that need no session (sign-in, password reset): no Authorization or impersonation header, no refresh. */
  anonymous?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

const unauthorized = () => new ApiError({ status: 401, kind: 'security' });

/**
 * The one way the app calls the API: versioned URL, Accept-Version, bearer token, the Impersonated-Contact
 * header while impersonating, JSON in and out, and every failure turned into an ApiError.
 *
 * Spec §7 and §9: a token older than 30 minutes is refreshed before the call; on a 401 the token is refreshed
 * and the call retried once. Concurrent 401s share one refresh, and a call whose token was replaced while it
 * was in flight simply retries with the new one.
 */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  return (await apiRequestWithHeaders(path, options)).data;
}

/** As apiRequest, also answering the response headers (e.g. `x-pagination` of a paged list). */
export async function apiRequestWithHeaders<T = unknown>(
  path: string,
  options: ApiRequestOptions<T> = {},
): Promise<{ data: T; headers: Headers }> {
  const response = await authorisedResponse(path, options);
  if (!response.ok) throw await apiErrorFromResponse(response);

  const raw = response.status === 204 ? '' : await response.text();
  const data: unknown = raw ? JSON.parse(raw) : undefined;
  return { data: options.schema ? options.schema.parse(data) : (data as T), headers: response.headers };
}

export interface ApiBlob {
  blob: Blob;
  /** The file name of the answer's Content-Disposition, when it names one. */
  fileName: string | undefined;
}

/**
 * The blob (binary answer) variant of spec §7, e.g. a timesheet or invoice PDF: the same token, refresh and
 * retry as apiRequest; a failure is read as an ApiError from the problem body like any other call.
 */
export async function apiRequestBlob(path: string, options: Omit<ApiRequestOptions<never>, 'schema'> = {}): Promise<ApiBlob> {
  const response = await authorisedResponse(path, {
    ...options,
    headers: { Accept: 'application/pdf, application/octet-stream, application/problem+json', ...options.headers },
  });
  if (!response.ok) throw await apiErrorFromResponse(response);
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
}

/** `attachment; filename="a.pdf"` or RFC 6266's `filename*=UTF-8''a%20b.pdf` → the name, without any path. */
export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)?.[1];
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*"([^"]*)"/.exec(disposition)?.[1] ?? /filename\s*=\s*([^;\s]+)/.exec(disposition)?.[1];
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : undefined;
}

/** Sends the call with the session's token (unless anonymous), refreshing first when stale and once on a 401. */
async function authorisedResponse(path: string, options: ApiRequestOptions<unknown>): Promise<Response> {
  // A call starts in a task of its own: the queries of a page start as it mounts, inside React's commit of that
  // page, and building and sending some five requests there made that one task longer by some 40 ms at a phone's
  // 4× slower CPU. The request leaves a moment later; nothing waits for it meanwhile.
  await yieldToMain();
  const send = (token: string | undefined) => {
    const headers: Record<string, string> = { ...baseHeaders(), ...options.headers };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (!options.anonymous) {
      if (token) headers.Authorization = `Bearer ${token}`;
      Object.assign(headers, impersonationHeaders());
    }
    return sendRequest(path, options, headers);
  };

  if (options.anonymous) return send(undefined);
  let session = getSession();
  if (session && isTokenStale(session)) {
    const outcome = await refreshSession();
    if (outcome === 'rejected') throw unauthorized();
    session = getSession();
  }
  const usedToken = session?.accessToken;
  let response = await send(usedToken);
  if (response.status === 401) {
    const current = getSession();
    let retryToken: string | undefined;
    if (current && current.accessToken !== usedToken) retryToken = current.accessToken;
    else if ((await refreshSession()) === 'refreshed') retryToken = getSession()?.accessToken;
    if (retryToken) response = await send(retryToken);
  }
  return response;
}

async function sendRequest(path: string, options: ApiRequestOptions<unknown>, headers: Record<string, string>): Promise<Response> {
  try {
    return await fetch(apiUrl(path, options.query), {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal ?? null,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw ApiError.noResponse(cause);
  }
}
