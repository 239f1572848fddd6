import type { FastifyReply } from 'fastify';

/** The refresh token: in an httpOnly, SameSite=Strict cookie that only the sign-in calls (/v1/auth) receive. */
export const REFRESH_COOKIE = 'portal_rt';
export const REFRESH_COOKIE_PATH = '/v1/auth';

/**
 * Beside the refresh cookie, for as long as it lives: a cookie holding only `1` that the web app's first script
 * (apps/web/boot-paint.js, inline in index.html) can read. It says this browser has a sign-in, so a signed-in page's
 * frame (its bar, heading and intro) may show before the app has loaded; a browser without one sees the loading view.
 * It carries nothing the refresh cookie's presence does not say, and opens nothing.
 */
export const SIGNED_IN_HINT_COOKIE = 'portal_signed_in';

/**
 * A contact's first-page token (page-tokens.ts): httpOnly, sent with the requests for the app's pages, so that the
 * server can draw the contact's Home into the HTML of a cold start (modules/first-page). It opens no API call.
 */
export const PAGE_COOKIE = 'portal_page';

/**
 * Sets a sign-in's refresh cookie and its hint (secure on an https origin; both end with the sign-in's lifetime), and
 * a contact's first-page token when the session has one (a staff sign-in has none: an earlier one is ended).
 */
export function setSessionCookies(
  reply: FastifyReply,
  refreshToken: string,
  options: { secure: boolean; maxAge: number; pageToken?: string | undefined },
): void {
  reply.setCookie(REFRESH_COOKIE, refreshToken, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: options.secure,
    maxAge: options.maxAge,
  });
  reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', {
    path: '/',
    httpOnly: false,
    sameSite: 'strict',
    secure: options.secure,
    maxAge: options.maxAge,
  });
  if (options.pageToken) {
    setPageCookie(reply, options.pageToken, options);
  } else {
    reply.clearCookie(PAGE_COOKIE, { path: '/' });
  }
}

/** Sets a contact's first-page token alone: the same sign-in under a new token version (a password change). */
export function setPageCookie(reply: FastifyReply, pageToken: string, options: { secure: boolean; maxAge: number }): void {
  reply.setCookie(PAGE_COOKIE, pageToken, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: options.secure,
    maxAge: options.maxAge,
  });
}

/** Ends the cookies (signed out, or the refresh token refused). */
export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/' });
  reply.clearCookie(PAGE_COOKIE, { path: '/' });
}
