import type { SsoDiscoverResponse } from '@portal/contract/school-sso';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /v1/auth/sso/discover: anonymous. The start URL of the school's single sign-on for this address, or null
 * (the same answer for a domain without it and an unknown one). A URL that is not this portal's own start URL is
 * ignored: the browser is sent nowhere the server did not mean.
 */
export async function discoverSso(email: string, signal?: AbortSignal): Promise<string | null> {
  const answer = await apiRequest<SsoDiscoverResponse>('auth/sso/discover', { method: 'POST', body: { email }, anonymous: true, signal });
  return ownStartUrl(answer?.ssoUrl ?? null);
}

export function ownStartUrl(ssoUrl: string | null, origin = window.location.origin): string | null {
  if (!ssoUrl) return null;
  try {
    const url = new URL(ssoUrl, origin);
    return url.origin === origin && url.pathname === '/v1/auth/sso/start' ? url.href : null;
  } catch {
    return null;
  }
}
