import * as Sentry from '@sentry/react';

/**
 * Spec §8: uncaught errors and unhandled rejections go to the error-reporting service in production. Loaded with
 * a dynamic import only when the runtime configuration names a DSN, so nothing is sent (or downloaded) without one.
 */
let started = false;

export function startErrorReporting(options: { dsn: string; environment: string; release: string }): void {
  if (started) return;
  started = true;
  Sentry.init({ dsn: options.dsn, environment: options.environment, release: options.release });
}

/** Spec §3 'Log context': user id, e-mail and the impersonation flag. */
export function setErrorReportingUser(user: { id: number; email: string; impersonating: boolean } | null): void {
  if (!user) {
    Sentry.setUser(null);
    return;
  }
  Sentry.setUser({ id: String(user.id), email: user.email });
  Sentry.setTag('impersonating', String(user.impersonating));
}
