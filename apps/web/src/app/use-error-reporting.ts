import type { ProfileResponse } from '@portal/contract/profile';
import { useEffect } from 'react';
import { getRuntimeConfig } from '../lib/runtime-config';

/** Starts error reporting (only with a configured DSN) and tells it who is signed in. */
export function useErrorReporting(profile: ProfileResponse | undefined, impersonating: boolean): void {
  const dsn = getRuntimeConfig().errorReportingDsn;
  const id = profile?.contact.id;
  const email = profile?.contact.emailAddress;
  useEffect(() => {
    if (!dsn) return;
    const { environment, release } = getRuntimeConfig();
    void import('./error-reporting').then((reporting) => {
      reporting.startErrorReporting({ dsn, environment, release });
      reporting.setErrorReportingUser(id === undefined || !email ? null : { id, email, impersonating });
    });
  }, [dsn, id, email, impersonating]);
}
