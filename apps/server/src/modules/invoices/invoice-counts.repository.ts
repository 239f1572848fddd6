import { and, inArray, isNull, sql } from 'drizzle-orm';
import { invoices } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';

/** Unpaid invoices of the clients: the partial index invoices_unpaid_client_id_idx answers it. */
export async function countUnpaidInvoices(db: DbOrTx, clientIds: number[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invoices)
    .where(and(inArray(invoices.clientId, clientIds), isNull(invoices.paidAt)));
  return row?.n ?? 0;
}
