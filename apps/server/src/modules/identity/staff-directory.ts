import type { Db } from '@portal/db/client';
import { audit, findStaff, isFamilyActive, type AuditEntry } from './identity.repository';

/**
 * Provider staff as the identity module answers for them to the rest of the server: who a staff user is (name and
 * e-mail), whether a staff sign-in still holds, and the trail staff leave.
 */
export class StaffDirectory {
  constructor(private readonly db: Db) {}

  find(staffUserId: number): Promise<{ id: number; email: string; name: string } | undefined> {
    return findStaff(this.db, staffUserId);
  }

  /** Whether the sign-in (its refresh family) is still going: read each time, not cached. */
  sessionActive(familyId: string): Promise<boolean> {
    return isFamilyActive(this.db, familyId);
  }

  /** An entry of the audit trail, written on its own (not on the transaction of a change). */
  audit(entry: AuditEntry): Promise<void> {
    return audit(this.db, entry);
  }
}
