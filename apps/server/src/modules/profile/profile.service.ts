import { LRUCache } from 'lru-cache';
import type { Db } from '@portal/db/client';
import type { Locale } from '@portal/contract/domain';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { FilesService } from '../files/files.service';
import type { PrincipalCache } from '../identity/principal-cache';
import type { StaffDirectory } from '../identity/staff-directory';
import { updateContactLanguage } from './profile.repository';

type FileRow = { id: number; name: string; filePath: string; contentType: string; sizeBytes: number };

/**
 * The contact's own profile: the help files it lists, the staff user acting as the contact, and the contact's
 * language (spec §1: the locale follows the profile's language after sign-in).
 */
export class ProfileService {
  // Help files change with a deploy, not per request: a minute's cache saves a query on every sign-in.
  private readonly filesCache = new LRUCache<'all', FileRow[]>({ max: 1, ttl: 60_000 });

  constructor(
    private readonly db: Db,
    private readonly files: FilesService,
    private readonly staff: StaffDirectory,
    /** Forgets a contact whose record changed. */
    private readonly principals: PrincipalCache,
    /** The app's clock (tests fix it). */
    private readonly now: Clock,
  ) {}

  /** The general files, the same list (the same array) for a minute. */
  async generalFiles(): Promise<FileRow[]> {
    const cached = this.filesCache.get('all');
    if (cached) return cached;
    const rows = await this.files.list();
    this.filesCache.set('all', rows);
    return rows;
  }

  /** The staff user acting as the contact, if any. */
  async impersonator(staffUserId: number | undefined) {
    return staffUserId ? this.staff.find(staffUserId) : undefined;
  }

  /**
   * Staff acting as the contact may change the language too: it is the contact's display preference, and the
   * impersonation audit records it.
   */
  async changeLanguage(contactId: number, language: Locale): Promise<void> {
    const updated = await updateContactLanguage(this.db, contactId, language, this.now());
    if (!updated) throw new AppError('not-found', { detail: "Couldn't load user profile" });
    // The cached contact would answer the old language to the next GET /v1/profile.
    this.principals.forget(contactId);
  }
}
