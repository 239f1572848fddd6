import type { Db } from '@portal/db/client';
import type { Locale } from '@portal/contract/domain';
import { AppError } from '../../lib/app-error';
import type { PrincipalCache } from '../identity/principal-cache';
import { updateContactLanguage } from './profile.repository';

/**
 * The contact's own language (spec §1: the locale follows the profile's language after sign-in). Staff acting as
 * the contact may change it too: it is the contact's display preference, and the impersonation audit records it.
 */
export async function changeLanguage(
  deps: { db: Db; principals: PrincipalCache | undefined; now: () => Date },
  contactId: number,
  language: Locale,
): Promise<void> {
  const updated = await updateContactLanguage(deps.db, contactId, language, deps.now());
  if (!updated) throw new AppError('not-found', { detail: "Couldn't load user profile" });
  // The cached contact would answer the old language to the next GET /v1/profile.
  deps.principals?.forget(contactId);
}
