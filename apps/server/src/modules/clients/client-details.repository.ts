import { eq } from 'drizzle-orm';
import { clients } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';

/** The client's additional details; null when it has none (or does not exist). */
export async function findAdditionalDetails(db: DbOrTx, clientId: number): Promise<Record<string, unknown> | null> {
  const [row] = await db.select({ details: clients.additionalDetails }).from(clients).where(eq(clients.id, clientId)).limit(1);
  return row?.details ?? null;
}
