import type { z } from 'zod';
import { ApiError, apiErrorFromResponse } from './api-error';
import { getRuntimeConfig } from './runtime-config';
import { getSession } from './session';

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined>;
  /** Validates (and types) the answer. */
  schema?: z.ZodType<T>;
  /** Calls that need no session (sign-in, password reset): no Authorization header. */
  anonymous?: boolean;
  signal?: AbortSignal;
}

/** `path` is relative to the versioned API root: `auth/login` → `/v1/auth/login` (spec §7). */
export function apiUrl(path: string, query?: ApiRequestOptions<unknown>['query']): string {
  const { apiBaseUrl, apiVersion } = getRuntimeConfig();
  const base = apiBaseUrl.endsWith('/') ? apiBaseUrl : `${apiBaseUrl}/`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const qs = search.toString();
  return `${base}v${apiVersion}/${path.replace(/^\/+/, '')}${qs ? `?${qs}` : ''}`;
}

/**
 * The one way the app calls the API: versioned URL, Accept-Version, bearer token, JSON in and out, and every
 * failure turned into an ApiError. (Refresh-and-retry on 401 and impersonation headers come with the session.)
 */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const { apiVersion } = getRuntimeConfig();
  const headers: Record<string, string> = {
    Accept: 'application/json, application/problem+json',
    'Accept-Version': apiVersion,
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const session = getSession();
  if (!options.anonymous && session) headers.Authorization = `Bearer ${session.accessToken}`;

  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
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
  if (!response.ok) throw await apiErrorFromResponse(response);

  const raw = response.status === 204 ? '' : await response.text();
  const data: unknown = raw ? JSON.parse(raw) : undefined;
  return options.schema ? options.schema.parse(data) : (data as T);
}
