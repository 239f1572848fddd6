import { LRUCache } from 'lru-cache';
import type { Db } from '@portal/db/client';
import type { PermissionTree } from '@portal/contract/permissions';
import type { Notifier } from '../../lib/notifier-shared';
import { permissionTreeOf } from '../profile/permission-tree.port';
import { isFamilyActive } from './identity.repository';
import { findPrincipalContact, type ContactRecord } from './principal.repository';

export type { ContactRecord } from './principal.repository';

/**
 * Every authenticated request needs the caller's contact (its "not before" instant) and most need its
 * permission tree. Both are kept here for a couple of seconds, so a busy page's burst of calls costs no database
 * round trips. A contact whose sign-ins end (sign-out, password change or reset) or whose permissions change is
 * forgotten at once by every server process: `forget` publishes the contact's id on the notifier (Redis pub/sub
 * or PostgreSQL NOTIFY, lib/notifier.ts) and each process drops its copy on receipt. TTL_MS stays as the safety
 * net should a message be lost. See docs/decisions/003-hot-path-caching.md.
 */
export const TTL_MS = 2000;

/** The notifier channel of "contact N changed": the message is the contact's id. */
export const PRINCIPAL_CHANGED = 'principal-changed';
/** The notifier channel of "this sign-in (refresh family) ended": the message is the family's id. */
export const FAMILY_ENDED = 'family-ended';

const MISSING = Symbol('missing');

export class PrincipalCache {
  private readonly contacts = new LRUCache<number, ContactRecord | typeof MISSING>({ max: 50_000, ttl: TTL_MS });
  private readonly trees = new LRUCache<number, PermissionTree>({ max: 50_000, ttl: TTL_MS });
  /** Whether a sign-in (refresh family) still holds: an access token is good only while its sign-in is. */
  private readonly families = new LRUCache<string, boolean>({ max: 100_000, ttl: TTL_MS });
  /** Counts forgets, so that a read which overlapped one does not store what may be the old value. */
  private drops = 0;

  constructor(
    private readonly db: Db,
    private readonly notifier?: Notifier,
    private readonly onError: (err: Error) => void = () => {},
  ) {
    notifier?.subscribe(PRINCIPAL_CHANGED, (message) => {
      const id = Number(message);
      if (Number.isSafeInteger(id)) this.drop(id);
    });
    notifier?.subscribe(FAMILY_ENDED, (familyId) => {
      this.drops++;
      this.families.delete(familyId);
    });
  }

  /** Whether the sign-in an access token came from still holds (not signed out, not ended by a reused refresh). */
  async familyActive(familyId: string): Promise<boolean> {
    const cached = this.families.get(familyId);
    if (cached !== undefined) return cached;
    const drops = this.drops;
    const active = await isFamilyActive(this.db, familyId);
    if (drops === this.drops) this.families.set(familyId, active);
    return active;
  }

  /** The sign-in ended: its access tokens stop working here at once, in the other processes when the message arrives. */
  forgetFamily(familyId: string): void {
    this.drops++;
    this.families.delete(familyId);
    this.notifier?.publish(FAMILY_ENDED, familyId).catch((err: unknown) => {
      this.onError(err instanceof Error ? err : new Error(String(err)));
    });
  }

  async contact(id: number): Promise<ContactRecord | undefined> {
    const cached = this.contacts.get(id);
    if (cached !== undefined) return cached === MISSING ? undefined : cached;
    const drops = this.drops;
    const row = await findPrincipalContact(this.db, id);
    // A contact forgotten while this read was under way may have been read before the change: not kept.
    if (drops === this.drops) this.contacts.set(id, row ?? MISSING);
    return row;
  }

  async tree(contactId: number): Promise<PermissionTree> {
    const cached = this.trees.get(contactId);
    if (cached) return cached;
    const drops = this.drops;
    const tree = await permissionTreeOf(this.db, contactId);
    if (drops === this.drops) this.trees.set(contactId, tree);
    return tree;
  }

  /**
   * The contact changed (signed out, new password, new permissions): every server process reads it afresh next
   * time. This one at once; the others when the message arrives (milliseconds), or after TTL_MS at the latest.
   */
  forget(contactId: number): void {
    this.drop(contactId);
    this.notifier?.publish(PRINCIPAL_CHANGED, String(contactId)).catch((err: unknown) => {
      this.onError(err instanceof Error ? err : new Error(String(err)));
    });
  }

  private drop(contactId: number): void {
    this.drops++;
    this.contacts.delete(contactId);
    this.trees.delete(contactId);
  }
}
