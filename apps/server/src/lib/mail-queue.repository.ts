import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
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

const claimable = () => and(isNull(mailQueue.failedAt), or(isNull(mailQueue.claimedUntil), lt(mailQueue.claimedUntil, sql`now()`)));

/**
 * Takes one row for a delivery attempt, if it is still waiting and nobody holds it, and counts the attempt. The
 * job queue gives each job to one worker; the claim also keeps the first attempt of `send()` and a retry that comes
 * due meanwhile from sending one mail twice.
 */
export async function claimOne(db: Db, id: number): Promise<QueuedMail | undefined> {
  const [row] = await db
    .update(mailQueue)
    .set({ claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`, attempts: sql`${mailQueue.attempts} + 1` })
    .where(and(eq(mailQueue.id, id), claimable()))
    .returning();
  return row;
}

/** Rows still to be sent, oldest first (the embedded queue offers them again at start). */
export async function waitingIds(db: Db): Promise<number[]> {
  const rows = await db.select({ id: mailQueue.id }).from(mailQueue).where(isNull(mailQueue.failedAt)).orderBy(asc(mailQueue.id));
  return rows.map((r) => r.id);
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

/** A failed attempt: the row waits for the job's next try. */
export async function release(db: Db, id: number, error: string): Promise<void> {
  await db.update(mailQueue).set({ claimedUntil: null, lastError: error }).where(eq(mailQueue.id, id));
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
