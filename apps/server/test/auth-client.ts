import type { FastifyInstance } from 'fastify';

/** Signs in demo accounts over HTTP, as the web app does. */
export const DEMO_PASSWORD = 'Portal#2026demo';

export interface SignedIn {
  accessToken: string;
  refreshCookie: string;
  headers: Record<string, string>;
}

export function refreshCookieOf(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const cookie = all.find((c) => c.startsWith('portal_rt='));
  if (!cookie) throw new Error(`no refresh cookie in ${JSON.stringify(all)}`);
  return cookie.split(';')[0]!;
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
  remoteAddress = '127.0.0.1',
): Promise<SignedIn> {
  const res = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password }, remoteAddress });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  const accessToken = res.json().accessToken as string;
  return { accessToken, refreshCookie: refreshCookieOf(res.headers['set-cookie']), headers: { authorization: `Bearer ${accessToken}` } };
}
