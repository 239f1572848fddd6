import type { DbOrTx } from '@portal/db/client';
import { audit as insertAudit, type AuditEntry } from './identity.repository';

export type { AuditEntry } from './identity.repository';

/**
 * The identity module's door for the audit trail: a module writes its entry on the transaction of the change it
 * records, so the entry commits exactly when the change does.
 */
export function audit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  return insertAudit(tx, entry);
}
