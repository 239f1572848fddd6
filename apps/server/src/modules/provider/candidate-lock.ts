import type { DbOrTx } from '@portal/db/client';
import { lockForTransaction } from '../../lib/advisory-lock';

/**
 * Serialises the writers that book an educator (assigning, extending with the educator, a replace-me replacement):
 * each takes this lock inside its transaction before checking that the educator is free, so two of them cannot
 * both see a day free and both book it. Without a unique index, as the demo data may hold old double bookings.
 */
export function lockCandidate(tx: DbOrTx, candidateId: number): Promise<void> {
  return lockForTransaction(tx, 'candidateDays', candidateId);
}
