import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '@portal/db/client';
import { openSecret, sealSecret, secretKeys } from './mail-secret';
import * as queue from './mail-queue.repository';
import type { ServerKeys } from './secrets';

/**
 * Every e-mail goes through a queue table and then nodemailer. With SMTP_URL it is sent; without it (demo mode)
 * nodemailer still builds the message and it is kept in the outbox table, where a person (/dev/outbox) and the
 * tests can read it. A failed send stays queued and is retried with a growing backoff, so an SMTP outage never
 * fails the request that asked for the mail. SMS, voice and push go through `notify`, recorded in the outbox.
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
}

export interface Mailer {
  /** The portal's public origin, which the links in our mails point to. */
  readonly portalOrigin: string;
  /** Queues the mail and makes its first delivery attempt before returning; a failure leaves it queued. */
  send(message: MailMessage): Promise<void>;
  /** Queues the mail and returns at once; the worker sends it. */
  queue(message: MailMessage, options?: QueueOptions): Promise<void>;
  notify(channel: 'sms' | 'voice' | 'push', to: string, text: string): Promise<void>;
  /** Sends every mail that is due now (tests await it before they read the outbox). */
  drain(): Promise<void>;
  /** Starts polling for retries that come due. */
  start(): void;
  /** Stops polling and waits for the delivery under way. */
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
  retry?: RetryPolicy;
  /** How often the worker looks for retries that came due. */
  pollMs?: number;
}

export interface RetryPolicy {
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  maxAttempts: number;
}

/** 30 s, 1 min, 2 min, … up to an hour between tries; after 12 tries (about 7 hours) the mail is given up. */
export const DEFAULT_RETRY: RetryPolicy = { firstDelaySeconds: 30, maxDelaySeconds: 3600, maxAttempts: 12 };

export function retryDelaySeconds(policy: RetryPolicy, attempts: number): number {
  return Math.min(policy.firstDelaySeconds * 2 ** Math.max(0, attempts - 1), policy.maxDelaySeconds);
}

const BATCH = 20;

export function createMailer(options: MailerOptions): Mailer {
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
    : nodemailer.createTransport({ jsonTransport: true });
  const keys = secretKeys(options.secret);
  const retry = options.retry ?? DEFAULT_RETRY;
  const db = options.db;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function deliver(row: queue.QueuedMail): Promise<void> {
    try {
      if (row.noop) return await queue.remove(db, row.id);
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
    } catch (error) {
      // The error text of SMTP names the server and the reply, never the message body.
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      try {
        if (row.attempts >= retry.maxAttempts) {
          options.log?.error({ mailId: row.id, attempts: row.attempts, reason }, 'mail given up');
          await queue.giveUp(db, row.id, reason, row.secret);
        } else {
          const delay = retryDelaySeconds(retry, row.attempts);
          options.log?.warn({ mailId: row.id, attempts: row.attempts, retryInSeconds: delay, reason }, 'mail not sent; will retry');
          await queue.retryLater(db, row.id, delay, reason);
        }
      } catch (bookkeeping) {
        // The claim expires on its own and the row is tried again: nothing is lost.
        options.log?.error({ mailId: row.id, err: bookkeeping }, 'mail queue bookkeeping failed');
      }
    }
  }

  async function loop(): Promise<void> {
    do {
      again = false;
      for (;;) {
        const rows = await queue.claimDue(db, BATCH);
        if (rows.length === 0) break;
        for (const row of rows) await deliver(row);
        if (stopped) break;
      }
    } while (again && !stopped);
  }

  function kick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = loop()
      .catch((err: unknown) => options.log?.error({ err }, 'mail queue failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  async function enqueue(message: MailMessage, opts: QueueOptions): Promise<number> {
    const seal = (v: string) => (opts.secret ? sealSecret(keys[0], v) : v);
    return queue.enqueue(db, {
      toAddress: message.to,
      subject: message.subject,
      textBody: seal(message.text),
      htmlBody: message.html === undefined ? null : seal(message.html),
      secret: opts.secret === true,
      noop: opts.noop === true,
    });
  }

  return {
    portalOrigin: options.portalOrigin,
    async send(message) {
      const id = await enqueue(message, {});
      const row = await queue.claimOne(db, id);
      if (row) await deliver(row);
    },
    async queue(message, opts = {}) {
      await enqueue(message, opts);
      if (!stopped) void kick();
    },
    async notify(channel, to, text) {
      await queue.recordNotification(db, channel, to, text);
    },
    async drain() {
      while (running) await running;
      await kick();
    },
    start() {
      stopped = false;
      timer ??= setInterval(() => void kick(), options.pollMs ?? 15_000);
      timer.unref();
      void kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      while (running) await running;
      transport.close();
    },
  };
}
