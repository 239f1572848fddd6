import type { Db } from '@portal/db/client';
import type { RetentionSteps } from '../../lib/retention';
import { pruneExpiredSubscriptions } from './push.repository';

/** What the retention job (lib/retention.ts) removes of push's table: subscriptions expired longer than the period. */
export const PUSH_RETENTION_STEPS: RetentionSteps = {
  expiredPushDays: (db: Db, before: Date) => pruneExpiredSubscriptions(db, before),
};
