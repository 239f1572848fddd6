import { desc, sql } from 'drizzle-orm';
import { outboxMessages } from '@portal/db/schema';
import type { DbOrTx } from '@portal/db/client';

/** The demo outbox, newest first, optionally only the messages to one address (case-insensitive). */
export function listOutboxMessages(db: DbOrTx, to: string | undefined, take: number) {
  return db
    .select()
    .from(outboxMessages)
    .where(to ? sql`lower(${outboxMessages.toAddress}) = ${to.trim().toLowerCase()}` : undefined)
    .orderBy(desc(outboxMessages.id))
    .limit(take);
}
