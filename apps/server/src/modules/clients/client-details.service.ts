import type { Db } from '@portal/db/client';
import type { PermissionTree } from '@portal/contract/permissions';
import { visibleClients } from '../data-scope/data-scope';
import { findAdditionalDetails } from './client-details.repository';

/** A client's additional details for bookers (spec §7), for any client in the caller's permission tree. */
export class ClientDetailsService {
  constructor(private readonly db: Db) {}

  /** The client's details, or null when it has none; a client outside the tree is refused (403). */
  async additionalDetails(tree: PermissionTree, clientId: number): Promise<Record<string, unknown> | null> {
    visibleClients(tree, [clientId]);
    return findAdditionalDetails(this.db, clientId);
  }
}
