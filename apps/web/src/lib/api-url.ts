import { getRuntimeConfig } from './runtime-config';

export type QueryValue = string | number | boolean | readonly (string | number)[] | undefined;

/** `path` is relative to the versioned API root: `auth/login` → `/v1/auth/login` (spec §7). */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
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

/** Headers every API call carries (spec §7). */
export function baseHeaders(): Record<string, string> {
  return { Accept: 'application/json, application/problem+json', 'Accept-Version': getRuntimeConfig().apiVersion };
}
