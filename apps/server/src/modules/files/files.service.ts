import type { Db } from '@portal/db/client';
import { FILE_ACCESS_KEY_TTL_SECONDS } from '@portal/contract/files';
import { AppError } from '../../lib/app-error';
import type { FileAccessKeys } from './file-access-keys';
import { findGeneralFileById, findGeneralFileByPath, generalFileExists, listGeneralFiles } from './files.repository';

/** A general file's name, type and bytes, as downloaded. */
export interface GeneralFile {
  name: string;
  contentType: string;
  data: Buffer;
}

const fileNotFound = () => new AppError('not-found', { detail: 'File not found' });

/**
 * General files (spec §7): help documents offered to every signed-in contact, so no client scoping applies. Read
 * by path with a bearer token, or by a 5-minute access key (the key is the credential).
 */
export class FilesService {
  constructor(
    private readonly db: Db,
    private readonly keys: FileAccessKeys,
  ) {}

  /** Every general file (the profile lists them). */
  list() {
    return listGeneralFiles(this.db);
  }

  async byPath(filePath: string): Promise<GeneralFile> {
    const file = await findGeneralFileByPath(this.db, filePath);
    if (!file) throw fileNotFound();
    return file;
  }

  /** A key for downloading file `fileId` without a bearer token; 404 for a file that does not exist. */
  async accessKey(fileId: number): Promise<{ accessKey: string; expiresIn: number }> {
    if (!(await generalFileExists(this.db, fileId))) throw fileNotFound();
    return { accessKey: await this.keys.sign(fileId), expiresIn: FILE_ACCESS_KEY_TTL_SECONDS };
  }

  /** The file an access key opens: 401 for a key that is not valid, 410 for an expired one. */
  async byAccessKey(accessKey: string): Promise<GeneralFile> {
    const check = await this.keys.verify(accessKey);
    if (!check.ok) {
      throw check.reason === 'expired'
        ? new AppError('expired', { detail: 'This download link has expired. Please try again.' })
        : new AppError('unauthorized', { detail: 'This download link is not valid.' });
    }
    const file = await findGeneralFileById(this.db, check.fileId);
    if (!file) throw fileNotFound();
    return file;
  }
}
