import type { Db } from '@portal/db/client';
import { findStaff } from './identity.repository';

/** Who a provider staff user is (name and e-mail): the identity module's door for other modules. */
export class StaffDirectory {
  constructor(private readonly db: Db) {}

  find(staffUserId: number): Promise<{ id: number; email: string; name: string } | undefined> {
    return findStaff(this.db, staffUserId);
  }
}
