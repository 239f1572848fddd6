import type { DbOrTx } from '@portal/db/client';
import * as repo from './identity.repository';

/** What the enterprise identity provider says about the person who signed in (ID token and userinfo claims). */
export interface ProviderIdentity {
  sub?: unknown;
  email?: unknown;
  email_verified?: unknown;
}

/**
 * Which staff user an enterprise sign-in is. The provider's subject (`sub`) is the stable identifier and wins; an
 * e-mail is trusted only when the provider says it verified it, and only once: that first match stores the subject,
 * and a staff user already bound to another subject is never taken over by e-mail.
 */
export async function matchStaff(db: DbOrTx, identity: ProviderIdentity) {
  const { sub, email } = identity;
  if (typeof sub !== 'string' || sub.length === 0) return undefined;
  const bySubject = await repo.findStaffBySubject(db, sub);
  if (bySubject) return bySubject;
  if (identity.email_verified !== true || typeof email !== 'string') return undefined;
  const byEmail = await repo.findStaffByEmail(db, email);
  if (!byEmail || byEmail.oidcSubject !== null) return undefined;
  return (await repo.linkStaffSubject(db, byEmail.id, sub)) ? { ...byEmail, oidcSubject: sub } : undefined;
}
