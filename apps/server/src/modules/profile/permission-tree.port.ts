import type { PermissionTree } from '@portal/contract/permissions';
import type { DbOrTx } from '@portal/db/client';
import { loadPermissionTree } from './permission-tree.repository';

/**
 * The profile module's door for a contact's permission tree as stored now, uncached: for the principal cache that
 * keeps it, and for those that must judge with the rights of this moment (an e-mailed approval link, a calendar
 * feed read without a sign-in).
 */
export function permissionTreeOf(db: DbOrTx, contactId: number): Promise<PermissionTree> {
  return loadPermissionTree(db, contactId);
}
