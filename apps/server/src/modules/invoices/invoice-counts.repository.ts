import { and, isNull, sql } from 'drizzle-orm';
import { invoices } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';
import { prepared } from '../../lib/prepared-statement';

/**
 * Unpaid invoices of the clients: the partial index invoices_unpaid_client_id_idx answers it. Prepared once: asked
 * on every dashboard load, it spent more time having Drizzle build its text than in the database.
 */
export async function countUnpaidInvoices(db: DbOrTx, clientIds: number[]): Promise<number> {
  if (clientIds.length === 0) return 0;
  const statement = prepared(db, 'count_unpaid_invoices', () =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoices)
      .where(and(sql`${invoices.clientId} = any(${sql.placeholder('clientIds')}::int[])`, isNull(invoices.paidAt)))
      .prepare('count_unpaid_invoices'),
  );
  const [row] = await statement.execute({ clientIds });
  return row?.n ?? 0;
}
