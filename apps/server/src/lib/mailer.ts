import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, DbOrTx } from '@portal/db/client';
import { openSecret, sealSecret, secretKeys } from './mail-secret';
import * as queue from './mail-queue.repository';
import type { JobContext, JobQueue, RetryPolicy } from './jobs';
import type { ServerKeys } from './secrets';
import { PermanentDeliveryError, type NotificationChannel, type NotificationProvider } from './notification-provider';

/**
 * Every e-mail goes through the mail queue table and a job of the job queue (lib/jobs.ts), then nodemailer. With
 * SMTP_URL it is sent; without it (demo mode) nodemailer still builds the message and it is kept in the outbox
 * table, where a person (/dev/outbox) and the tests can read it. A failed send stays queued and its job is retried
 * with exponential backoff, so an SMTP outage never fails the request that asked for the mail. SMS, voice and push
 * go through `notify`: a job of their own, with the same retries, that hands them to the notification provider
 * (lib/notification-provider.ts; the demo's records them in the outbox). A channel without a provider is not sent,
 * and nothing pretends it was.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface QueueOptions {
  /** The mail carries a secret link: encrypted while it waits, and never kept once sent. */
  secret?: boolean;
  /** Queue a stand-in that is never sent, doing the same database work as a real mail (see password reset). */
  noop?: boolean;
  /** Queue it in this transaction: the mail (and its job, on PostgreSQL) exists only if the caller's write commits. */
  tx?: DbOrTx;
}

export interface Mailer {
  /** The portal's public origin, which the links in our mails point to. */
  readonly portalOrigin: string;
  /** Queues the mail and makes its first delivery attempt before returning; a failure leaves it queued. */
  send(message: MailMessage): Promise<void>;
  /** Queues the mail and returns at once; the worker sends it. */
  queue(message: MailMessage, options?: QueueOptions): Promise<void>;
  notify(channel: 'sms' | 'voice' | 'push', to: string, text: string): Promise<void>;
  /** Sends every mail and notification that is due now (tests await it before they read the outbox). */
  drain(): Promise<void>;
  /**
   * Sends again after `stop()` (this server takes mail jobs); on the embedded database, also offers the mail still
   * waiting from before a restart to the job queue again.
   */
  start(): Promise<void>;
  /** Holds the sending back on this server (the mail waits in the queue) and waits for the delivery under way. */
  stop(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /** The portal's public origin (PUBLIC_ORIGIN): mails link to it. */
  portalOrigin: string;
  db: Db;
  /** Key material for the bodies of secret mail while they wait (the server's secrets, lib/secrets.ts). */
  secret: ServerKeys | string;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Where the sending happens: the mailer declares its queues on it (before it starts). */
  jobs: JobQueue;
  retry?: RetryPolicy;
  /** Who delivers SMS, voice and push: the outbox in the demo, an SMS provider, or none (not sent). */
  notifications?: NotificationProvider;
}

/** The demo's provider: every channel is "delivered" into the outbox, where a person and the tests read it. */
export function outboxProvider(db: Db): NotificationProvider {
  return {
    name: 'outbox',
    sms: (to, text) => queue.recordNotification(db, 'sms', to, text),
    voice: (to, text) => queue.recordNotification(db, 'voice', to, text),
    push: (to, text) => queue.recordNotification(db, 'push', to, text),
  };
}

/**
 * Retries of a mail or a notification: 9 more tries, the n-th after 30 s·2ⁿ to twice that (30–60 s, 1–2 min, …,
 * the last after 2–4 hours): given up 4 to 8 hours after the first try.
 */
export const DEFAULT_RETRY: RetryPolicy = { retryLimit: 9, retryDelaySeconds: 30 };

export const MAIL_QUEUE = 'mail';
export const NOTIFICATION_QUEUE = 'notification';

interface MailJob {
  mailId: number;
}

interface NotificationJob {
  channel: NotificationChannel;
  to: string;
  text: string;
}

export function createMailer(options: MailerOptions): Mailer {
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
    : nodemailer.createTransport({ jsonTransport: true });
  const keys = secretKeys(options.secret);
  const retry = options.retry ?? DEFAULT_RETRY;
  const { db, jobs } = options;

  /**
   * One delivery attempt of a queued mail. A row already sent or given up, or held by another attempt, is left
   * alone. A failure is recorded on the row and thrown, so that the job is retried; on the last try (of the job,
   * or the row's last allowed attempt) the mail is given up.
   */
  async function deliver(mailId: number, job: Pick<JobContext, 'retryCount' | 'retryLimit'>): Promise<boolean> {
    const row = await queue.claimOne(db, mailId);
    if (!row) return false;
    try {
      if (row.noop) {
        await queue.remove(db, row.id);
        return true;
      }
      const open = (v: string) => (row.secret ? openSecret(keys, v) : v);
      const message = {
        to: row.toAddress,
        subject: row.subject,
        text: open(row.textBody),
        html: row.htmlBody === null ? null : open(row.htmlBody),
      };
      await transport.sendMail({ from: options.from, ...message, html: message.html ?? undefined });
      // Sent mail is not kept: its links (password reset, unlock) must live only in the recipient's mailbox.
      if (options.smtpUrl) await queue.remove(db, row.id);
      else await queue.moveToOutbox(db, row.id, message);
      return true;
    } catch (error) {
      // The error text of SMTP names the server and the reply, never the message body.
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const last = job.retryCount >= job.retryLimit || row.attempts > retry.retryLimit;
      try {
        if (last) {
          options.log?.error({ mailId: row.id, attempts: row.attempts, reason }, 'mail given up');
          await queue.giveUp(db, row.id, reason, row.secret);
        } else {
          options.log?.warn({ mailId: row.id, attempts: row.attempts, reason }, 'mail not sent; will retry');
          await queue.release(db, row.id, reason);
        }
      } catch (bookkeeping) {
        // The claim expires on its own and the next try takes the row again: nothing is lost.
        options.log?.error({ mailId: row.id, err: bookkeeping }, 'mail queue bookkeeping failed');
      }
      throw error;
    }
  }

  jobs.define<MailJob>(MAIL_QUEUE, retry, async ({ mailId }, job) => void (await deliver(mailId, job)));
  jobs.define<NotificationJob>(NOTIFICATION_QUEUE, retry, async ({ channel, to, text }, job) => {
    const deliverTo = options.notifications?.[channel];
    if (!deliverTo) {
      options.log?.warn({ channel, jobId: job.id }, 'notification not sent: no provider for its channel');
      return;
    }
    try {
      await deliverTo.call(options.notifications, to, text);
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const provider = options.notifications?.name;
      if (error instanceof PermanentDeliveryError) {
        // Refused for good (an invalid number): recorded, not retried.
        options.log?.error({ channel, provider, jobId: job.id, status: error.status, code: error.code, reason }, 'notification given up');
        return;
      }
      const last = job.retryCount >= job.retryLimit;
      const fields = { channel, provider, jobId: job.id, retryCount: job.retryCount, reason };
      if (last) options.log?.error(fields, 'notification given up after its last try');
      else options.log?.warn(fields, 'notification not sent; will retry');
      throw error;
    }
  });

  /** The row and its job, in one transaction: a job is never about a mail that is not there, nor the reverse. */
  async function enqueue(
    message: MailMessage,
    opts: QueueOptions,
    startAfterSeconds?: number,
  ): Promise<{ mailId: number; jobId: string | null }> {
    const seal = (v: string) => (opts.secret ? sealSecret(keys[0], v) : v);
    const within = async (tx: DbOrTx) => {
      const mailId = await queue.enqueue(tx, {
        toAddress: message.to,
        subject: message.subject,
        textBody: seal(message.text),
        htmlBody: message.html === undefined ? null : seal(message.html),
        secret: opts.secret === true,
        noop: opts.noop === true,
      });
      const jobId = await jobs.send<MailJob>(MAIL_QUEUE, { mailId }, { tx, startAfterSeconds });
      return { mailId, jobId };
    };
    return opts.tx ? within(opts.tx) : db.transaction(within);
  }

  return {
    portalOrigin: options.portalOrigin,
    async send(message) {
      // The job is the retry: it comes due after the first wait if this attempt did not send the mail (or the
      // process ended before it could say). Sent, the mail needs no retry, and its job is taken back rather than left
      // to come due and find nothing: under a steady flow of bookings those would be most of the queue's rows.
      const { mailId, jobId } = await enqueue(message, {}, retry.retryDelaySeconds);
      const sent = await deliver(mailId, { retryCount: 0, retryLimit: retry.retryLimit }).catch(() => false);
      if (sent && jobId) await jobs.remove(MAIL_QUEUE, jobId).catch(() => {});
    },
    async queue(message, opts = {}) {
      await enqueue(message, opts);
    },
    async notify(channel, to, text) {
      await jobs.send<NotificationJob>(NOTIFICATION_QUEUE, { channel, to, text });
    },
    async drain() {
      await jobs.drain();
    },
    async start() {
      await jobs.resume(MAIL_QUEUE);
      // pg-boss keeps its jobs in the database; the embedded queue keeps them in this process, so the mail that was
      // waiting when the server stopped is offered again (a row already sent is gone; a held one is left alone).
      if (jobs.kind !== 'in-process') return;
      for (const mailId of await queue.waitingIds(db)) await jobs.send<MailJob>(MAIL_QUEUE, { mailId });
    },
    async stop() {
      await jobs.pause(MAIL_QUEUE);
      transport.close();
    },
  };
}
