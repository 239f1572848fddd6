import type { Db } from '@portal/db/client';
import type { RetentionSteps } from '../../lib/retention';
import { pruneSignInCounters } from './attempt-counters.repository';
import { pruneAuditLog, pruneRefreshTokens } from './identity.repository';

/** What the retention job (lib/retention.ts) removes of identity's tables: its periods, its deletes. */
export const IDENTITY_RETENTION_STEPS: RetentionSteps = {
  refreshTokensDays: (db: Db, before: Date) => pruneRefreshTokens(db, before),
  signInCountersDays: (db: Db, before: Date) => pruneSignInCounters(db, before),
  auditLogDays: (db: Db, before: Date) => pruneAuditLog(db, before),
};
