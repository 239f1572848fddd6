import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { mailQueue, outboxMessages } from '@portal/db/schema';
import type { Db, DbOrTx } from '@portal/db/client';

/** Queries of the mail queue (see the mailQueue table for why mail waits in the database). */

export type QueuedMail = typeof mailQueue.$inferSelect;

export interface NewQueuedMail {
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  secret: boolean;
  noop: boolean;
}

/** How long a worker may hold a row before another one may take it (a crashed worker's mail is not lost). */
const CLAIM_SECONDS = 120;

export async function enqueue(db: DbOrTx, mail: NewQueuedMail): Promise<number> {
  const [row] = await db.insert(mailQueue).values(mail).returning({ id: mailQueue.id });
  return row!.id;
}

const claimable = () =>
  and(
    isNull(mailQueue.failedAt),
    lte(mailQueue.nextAttemptAt, sql`now()`),
    or(isNull(mailQueue.claimedUntil), lt(mailQueue.claimedUntil, sql`now()`)),
  );

/**
 * Takes up to `limit` due rows for this worker and counts the attempt. SKIP LOCKED lets several server processes
 * share the queue without sending a mail twice.
 */
export async function claimDue(db: Db, limit: number): Promise<QueuedMail[]> {
  const due = db
    .select({ id: mailQueue.id })
    .from(mailQueue)
    .where(claimable())
    .orderBy(asc(mailQueue.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailQueue)
    .set({ claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`, attempts: sql`${mailQueue.attempts} + 1` })
    .where(inArray(mailQueue.id, due))
    .returning();
}

/** Takes one given row, if it is due and nobody holds it. */
export async function claimOne(db: Db, id: number): Promise<QueuedMail | undefined> {
  const [row] = await db
    .update(mailQueue)
    .set({ claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`, attempts: sql`${mailQueue.attempts} + 1` })
    .where(and(eq(mailQueue.id, id), claimable()))
    .returning();
  return row;
}

export async function remove(db: DbOrTx, id: number): Promise<void> {
  await db.delete(mailQueue).where(eq(mailQueue.id, id));
}

/** Demo mode's "sending": the message moves to the outbox, where /dev/outbox and the tests read it. */
export async function moveToOutbox(db: Db, id: number, message: { to: string; subject: string; text: string; html: string | null }) {
  await db.transaction(async (tx) => {
    await tx.insert(outboxMessages).values({
      channel: 'email',
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
    });
    await remove(tx, id);
  });
}

export async function retryLater(db: Db, id: number, delaySeconds: number, error: string): Promise<void> {
  await db
    .update(mailQueue)
    .set({ claimedUntil: null, lastError: error, nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})` })
    .where(eq(mailQueue.id, id));
}

/** Gives up on a row; a secret link in it is wiped, since nobody will ever follow it. */
export async function giveUp(db: Db, id: number, error: string, wipe: boolean): Promise<void> {
  await db
    .update(mailQueue)
    .set({
      claimedUntil: null,
      lastError: error,
      failedAt: sql`now()`,
      ...(wipe ? { textBody: '', htmlBody: null } : {}),
    })
    .where(eq(mailQueue.id, id));
}

export async function recordNotification(db: Db, channel: 'sms' | 'voice' | 'push', to: string, text: string): Promise<void> {
  await db.insert(outboxMessages).values({ channel, toAddress: to, textBody: text });
}
