import { asc, eq } from 'drizzle-orm';
import { generalFiles } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';

const withData = { name: generalFiles.name, contentType: generalFiles.contentType, data: generalFiles.data };

export async function findGeneralFileByPath(db: DbOrTx, filePath: string) {
  const [row] = await db.select(withData).from(generalFiles).where(eq(generalFiles.filePath, filePath)).limit(1);
  return row;
}

export async function findGeneralFileById(db: DbOrTx, id: number) {
  const [row] = await db.select(withData).from(generalFiles).where(eq(generalFiles.id, id)).limit(1);
  return row;
}

export async function generalFileExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: generalFiles.id }).from(generalFiles).where(eq(generalFiles.id, id)).limit(1);
  return rows.length > 0;
}

/** Every help file (without its data), by name: the profile lists them. */
export function listGeneralFiles(db: DbOrTx) {
  return db
    .select({
      id: generalFiles.id,
      name: generalFiles.name,
      filePath: generalFiles.filePath,
      contentType: generalFiles.contentType,
      sizeBytes: generalFiles.sizeBytes,
    })
    .from(generalFiles)
    .orderBy(asc(generalFiles.name));
}
