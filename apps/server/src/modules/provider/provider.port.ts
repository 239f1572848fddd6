import type { DbOrTx } from '@portal/db/client';
import { busyDates as workedDates } from './provider.repository';

/**
 * The provider module's door for an educator's days: another module that books an educator asks here; when it books,
 * on its own transaction under the educator's lock (candidate-lock.ts), so no other booking of theirs commits meanwhile.
 */
export function busyDates(tx: DbOrTx, candidateId: number, dates: readonly string[]): Promise<Set<string>> {
  return workedDates(tx, candidateId, dates);
}
