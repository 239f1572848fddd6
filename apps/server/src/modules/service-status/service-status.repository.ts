import { desc, eq, ne, and } from 'drizzle-orm';
import { serviceStatus } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';
import type { ServiceStatusBody } from '@portal/contract/service-status';

export type ServiceStatusRow = typeof serviceStatus.$inferSelect;

/** The active status (the newest, should there ever be two). Served by service_status_active_idx. */
export async function findActiveStatus(db: DbOrTx): Promise<ServiceStatusRow | undefined> {
  const [row] = await db
    .select()
    .from(serviceStatus)
    .where(eq(serviceStatus.active, true))
    .orderBy(desc(serviceStatus.updatedAt), desc(serviceStatus.id))
    .limit(1);
  return row;
}

/**
 * Sets the one current status: the newest row is overwritten (a first one is inserted) and every other row is
 * deactivated, so what was saved is exactly what shows (or, when inactive, that nothing does). History is kept in
 * the audit log. Run it in a transaction.
 */
export async function saveStatus(tx: DbOrTx, body: ServiceStatusBody, staffUserId: number | null, at: Date): Promise<ServiceStatusRow> {
  const values = { ...body, updatedAt: at, updatedByStaffUserId: staffUserId };
  const [current] = await tx.select({ id: serviceStatus.id }).from(serviceStatus).orderBy(desc(serviceStatus.id)).limit(1).for('update');
  const [saved] = current
    ? await tx.update(serviceStatus).set(values).where(eq(serviceStatus.id, current.id)).returning()
    : await tx.insert(serviceStatus).values(values).returning();
  await tx
    .update(serviceStatus)
    .set({ active: false })
    .where(and(ne(serviceStatus.id, saved!.id), eq(serviceStatus.active, true)));
  return saved!;
}

/** Hides the banner: every status becomes inactive. Returns how many were active. */
export async function deactivateStatuses(db: DbOrTx, staffUserId: number | null, at: Date): Promise<number> {
  const rows = await db
    .update(serviceStatus)
    .set({ active: false, updatedAt: at, updatedByStaffUserId: staffUserId })
    .where(eq(serviceStatus.active, true))
    .returning({ id: serviceStatus.id });
  return rows.length;
}
