import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@portal/db/client';
import { createTestDatabase } from '../../test/helpers';
import { createMailer, DEFAULT_RETRY, MAIL_QUEUE, NOTIFICATION_QUEUE, outboxProvider, type MailerOptions } from './mailer';
import type { JobQueue, RetryPolicy } from './jobs';
import { InProcessJobQueue } from './jobs-in-process';
import { PgBossJobQueue } from './jobs-pg-boss';

/** A minimal SMTP server: it refuses every connection while `failing`, else accepts and keeps each message. */
function fakeSmtp() {
  const received: string[] = [];
  const state = { failing: true };
  const server: Server = createServer((socket) => {
    if (state.failing) return socket.end('421 Service not available\r\n');
    let buffer = '';
    let data: string[] | undefined;
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            received.push(data.join('\n'));
            data = undefined;
            socket.write('250 queued\r\n');
          } else data.push(line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'DATA') {
          data = [];
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return {
    received,
    state,
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * The mail queue on the job queue of its database: in process on PGlite, pg-boss on PostgreSQL (the PostgreSQL
 * pass, inject('postgresUrl')). Waits are moved forward, not slept through: the in-process queue's clock, or
 * pg-boss's start_after.
 */
const onPostgres = Boolean(inject('postgresUrl'));

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase('migrated'));
});
afterAll(async () => {
  await drop?.();
});
beforeEach(async () => {
  await database.db.execute(sql`delete from mail_queue`);
  await database.db.execute(sql`delete from outbox_messages`);
});

/** A job queue of the test's database, and a way to move its waits forward by some seconds. */
function jobQueue(): { jobs: JobQueue; advance(seconds: number): Promise<void> } {
  if (onPostgres) {
    const jobs = new PgBossJobQueue({ db: database.db, pollingIntervalSeconds: 0.5 });
    return {
      jobs,
      advance: async (seconds) => {
        await database.db.execute(
          sql`update pgboss.job set start_after = start_after - make_interval(secs => ${seconds})
              where name in (${MAIL_QUEUE}, ${NOTIFICATION_QUEUE}) and state in ('created', 'retry')`,
        );
      },
    };
  }
  let offsetMs = 0;
  const jobs = new InProcessJobQueue({ monotonicMs: () => performance.now() + offsetMs });
  return {
    jobs,
    advance: async (seconds) => {
      offsetMs += seconds * 1000;
    },
  };
}

const rows = () =>
  queryRows<{
    id: number;
    attempts: number;
    text_body: string;
    html_body: string | null;
    last_error: string | null;
    failed: boolean;
  }>(database.db, sql`select id, attempts, text_body, html_body, last_error, failed_at is not null as failed from mail_queue order by id`);
const outbox = () =>
  queryRows<{ channel: string; to_address: string; text_body: string }>(
    database.db,
    sql`select channel, to_address, text_body from outbox_messages order by id`,
  );
const message = {
  to: 'someone@demo.test',
  subject: 'Your link',
  text: 'Follow https://portal.test/unlock?token=secret-123',
  html: '<a href="x">link</a>',
};

/** A mailer on a started job queue of its own; `close` stops both. */
async function startMailer(options: Partial<MailerOptions> = {}) {
  const { jobs, advance } = jobQueue();
  const mailer = createMailer({
    smtpUrl: undefined,
    from: 'portal@demo.test',
    portalOrigin: 'http://portal.test',
    db: database.db,
    secret: 'k'.repeat(40),
    jobs,
    notifications: outboxProvider(database.db),
    ...options,
  });
  await jobs.start();
  await mailer.start();
  return {
    mailer,
    jobs,
    advance,
    close: async () => {
      await jobs.stop();
      await mailer.stop();
    },
  };
}

describe('the mail queue in demo mode (no SMTP)', () => {
  let t: Awaited<ReturnType<typeof startMailer>>;
  beforeAll(async () => {
    t = await startMailer();
  });
  afterAll(async () => {
    await t.close();
  });

  it('send() delivers to the outbox before it returns, and takes back the retry it no longer needs', async () => {
    await t.mailer.send(message);
    expect((await outbox()).map((m) => m.to_address)).toEqual(['someone@demo.test']);
    expect(await rows()).toEqual([]);
    // Its job, there to retry had this first try failed, is gone: nothing waits in the queue.
    expect((await t.jobs.depth())[MAIL_QUEUE]).toBe(0);
    await t.advance(3600);
    await t.mailer.drain();
    expect(await outbox()).toHaveLength(1);
  });

  it('queue() leaves the sending to the worker; drain() waits for it; a stand-in is dropped unsent', async () => {
    await t.mailer.queue(message, { secret: true });
    await t.mailer.queue({ ...message, to: 'nobody@demo.test' }, { secret: true, noop: true });
    await t.mailer.drain();
    const sent = await outbox();
    expect(sent.map((m) => m.to_address)).toEqual(['someone@demo.test']);
    // The demo outbox shows the mail as sent, its link readable.
    expect(sent[0]!.text_body).toContain('token=secret-123');
    expect(await rows()).toEqual([]);
  });

  it('SMS, voice and push are jobs too: recorded in the outbox when their job runs', async () => {
    await t.mailer.notify('sms', '+61400000000', 'Your booking is confirmed');
    await t.mailer.notify('push', 'contact:7', 'Booking filled');
    await t.mailer.drain();
    // Each channel's queue has its own worker: the two may finish in either order.
    expect((await outbox()).map((m) => [m.channel, m.to_address]).sort()).toEqual([
      ['push', 'contact:7'],
      ['sms', '+61400000000'],
    ]);
  });
});

describe('the mail queue with SMTP', () => {
  const smtp = fakeSmtp();
  let url: string;
  beforeAll(async () => {
    url = await smtp.listen();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('keeps a mail through an outage, retries with a growing backoff, and keeps nothing once it is sent', async () => {
    smtp.state.failing = true;
    const t = await startMailer({ smtpUrl: url });
    try {
      // An outage does not reach the caller, not even of send().
      await expect(t.mailer.send({ ...message, to: 'plain@demo.test' })).resolves.toBeUndefined();
      await t.mailer.queue(message, { secret: true });
      await t.mailer.drain();
      let queued = await rows();
      expect(queued.map((r) => r.attempts)).toEqual([1, 1]);
      expect(queued.every((r) => r.last_error !== null && !r.failed)).toBe(true);
      // The first retry waits 30 to 60 seconds (send()'s job is the retry of its own first try).
      await t.advance(DEFAULT_RETRY.retryDelaySeconds - 2);
      await t.mailer.drain();
      expect((await rows()).map((r) => r.attempts)).toEqual([1, 1]);
      await t.advance(DEFAULT_RETRY.retryDelaySeconds + 4);
      await t.mailer.drain();
      queued = await rows();
      expect(queued.map((r) => r.attempts)).toEqual([2, 2]);
      // The secret mail is still sealed while it waits.
      expect(queued[1]!.text_body).not.toContain('secret-123');
      // The next wait doubles: 60 to 120 seconds for the queued mail's job.
      await t.advance(2 * DEFAULT_RETRY.retryDelaySeconds - 2);
      await t.mailer.drain();
      expect((await rows())[1]!.attempts).toBe(2);

      smtp.state.failing = false;
      await t.advance(2 * DEFAULT_RETRY.retryDelaySeconds + 4);
      await t.mailer.drain();
      await t.advance(8 * DEFAULT_RETRY.retryDelaySeconds);
      await t.mailer.drain();
      expect(await rows()).toEqual([]);
      expect(await outbox()).toEqual([]);
      expect(smtp.received).toHaveLength(2);
      expect(smtp.received.join('\n')).toContain('secret-123');
    } finally {
      await t.close();
      smtp.received.length = 0;
    }
  });

  it('gives up after the last try and wipes a secret link', async () => {
    smtp.state.failing = true;
    const retry: RetryPolicy = { retryLimit: 1, retryDelaySeconds: 1 };
    const failures: string[] = [];
    const t = await startMailer({ smtpUrl: url, retry });
    t.jobs.onFailure((queue) => failures.push(queue));
    try {
      await t.mailer.queue(message, { secret: true });
      await t.mailer.drain();
      await t.advance(3);
      await t.mailer.drain();
      const [row] = await rows();
      expect(row).toMatchObject({ attempts: 2, failed: true, text_body: '', html_body: null });
      await t.advance(3600);
      await t.mailer.drain();
      expect((await rows())[0]!.attempts).toBe(2);
      // Each failed try is a job failure (the metrics count them).
      expect(failures).toEqual([MAIL_QUEUE, MAIL_QUEUE]);
    } finally {
      await t.close();
    }
  });

  it('the started worker picks up retries that come due', async () => {
    smtp.state.failing = true;
    const t = await startMailer({ smtpUrl: url, retry: { retryLimit: 3, retryDelaySeconds: 1 } });
    try {
      await t.mailer.queue({ ...message, to: 'later@demo.test' });
      await vi.waitFor(async () => expect((await rows())[0]?.attempts).toBe(1), { timeout: 10_000, interval: 50 });
      smtp.state.failing = false;
      await vi.waitFor(async () => expect(await rows()).toEqual([]), { timeout: 15_000, interval: 100 });
      expect(smtp.received.join('\n')).toContain('later@demo.test');
    } finally {
      await t.close();
      smtp.received.length = 0;
    }
  }, 30_000);
});

describe.runIf(!onPostgres)('the embedded queue after a restart', () => {
  it('offers the mail that was still waiting to the job queue again, and leaves a given-up one alone', async () => {
    await database.db.execute(
      sql`insert into mail_queue (to_address, subject, text_body, attempts) values ('waiting@demo.test', 'Hi', 'Hello', 1)`,
    );
    await database.db.execute(
      sql`insert into mail_queue (to_address, subject, text_body, attempts, failed_at) values ('gone@demo.test', 'Hi', 'Hello', 10, now())`,
    );
    const t = await startMailer();
    try {
      await t.mailer.drain();
      expect((await outbox()).map((m) => m.to_address)).toEqual(['waiting@demo.test']);
      expect((await rows()).map((r) => r.failed)).toEqual([true]);
    } finally {
      await t.close();
    }
  });
});
