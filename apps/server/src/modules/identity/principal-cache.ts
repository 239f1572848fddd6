import { LRUCache } from 'lru-cache';
import type { Db } from '@portal/db/client';
import type { PermissionTree } from '@portal/contract/permissions';
import { loadPermissionTree } from '../profile/permission-tree.repository';
import { findPrincipalContact, type ContactRecord } from './principal.repository';

export type { ContactRecord } from './principal.repository';

/**
 * Every authenticated request needs the caller's contact (its "not before" instant) and most need its
 * permission tree. Both are kept here for a couple of seconds, so a busy page's burst of calls costs no database
 * round trips. This process forgets a contact at once when its sign-ins end (sign-out, password change or
 * reset); other server processes notice within TTL_MS. Permission changes likewise show within TTL_MS.
 * See docs/decisions/003-hot-path-caching.md.
 */
export const TTL_MS = 2000;

const MISSING = Symbol('missing');

export class PrincipalCache {
  private readonly contacts = new LRUCache<number, ContactRecord | typeof MISSING>({ max: 50_000, ttl: TTL_MS });
  private readonly trees = new LRUCache<number, PermissionTree>({ max: 50_000, ttl: TTL_MS });

  constructor(private readonly db: Db) {}

  async contact(id: number): Promise<ContactRecord | undefined> {
    const cached = this.contacts.get(id);
    if (cached !== undefined) return cached === MISSING ? undefined : cached;
    const row = await findPrincipalContact(this.db, id);
    this.contacts.set(id, row ?? MISSING);
    return row;
  }

  async tree(contactId: number): Promise<PermissionTree> {
    const cached = this.trees.get(contactId);
    if (cached) return cached;
    const tree = await loadPermissionTree(this.db, contactId);
    this.trees.set(contactId, tree);
    return tree;
  }

  /** The contact changed (signed out, new password, new permissions): read it afresh next time. */
  forget(contactId: number): void {
    this.contacts.delete(contactId);
    this.trees.delete(contactId);
  }
}
