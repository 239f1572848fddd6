import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@portal/db/client';
import { createTestDatabase } from '../../test/helpers';
import { createMailer, DEFAULT_RETRY, retryDelaySeconds, type Mailer, type RetryPolicy } from './mailer';

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

const rows = () =>
  queryRows<{
    id: number;
    attempts: number;
    text_body: string;
    html_body: string | null;
    last_error: string | null;
    failed: boolean;
    wait: number;
  }>(
    database.db,
    sql`select id, attempts, text_body, html_body, last_error, failed_at is not null as failed,
        round(extract(epoch from (next_attempt_at - now())))::int as wait from mail_queue order by id`,
  );
const outbox = () =>
  queryRows<{ to_address: string; text_body: string }>(database.db, sql`select to_address, text_body from outbox_messages order by id`);
const makeDue = () => database.db.execute(sql`update mail_queue set next_attempt_at = now()`);
const message = {
  to: 'someone@demo.test',
  subject: 'Your link',
  text: 'Follow https://portal.test/unlock?token=secret-123',
  html: '<a href="x">link</a>',
};

describe('the retry policy', () => {
  it('doubles the wait from 30 seconds up to an hour', () => {
    expect([1, 2, 3, 4, 8, 20].map((n) => retryDelaySeconds(DEFAULT_RETRY, n))).toEqual([30, 60, 120, 240, 3600, 3600]);
  });
});

describe('the mail queue in demo mode (no SMTP)', () => {
  let mailer: Mailer;
  beforeAll(() => {
    mailer = createMailer({
      smtpUrl: undefined,
      from: 'portal@demo.test',
      portalOrigin: 'http://portal.test',
      db: database.db,
      secret: 'k'.repeat(40),
    });
  });
  afterAll(async () => {
    await mailer.stop();
  });

  it('send() delivers to the outbox before it returns', async () => {
    await mailer.send(message);
    expect((await outbox()).map((m) => m.to_address)).toEqual(['someone@demo.test']);
    expect(await rows()).toEqual([]);
  });

  it('queue() leaves the sending to the worker; drain() waits for it; a stand-in is dropped unsent', async () => {
    await mailer.queue(message, { secret: true });
    await mailer.queue({ ...message, to: 'nobody@demo.test' }, { secret: true, noop: true });
    await mailer.drain();
    const sent = await outbox();
    expect(sent.map((m) => m.to_address)).toEqual(['someone@demo.test']);
    // The demo outbox shows the mail as sent, its link readable.
    expect(sent[0]!.text_body).toContain('token=secret-123');
    expect(await rows()).toEqual([]);
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
  const make = (retry: RetryPolicy = DEFAULT_RETRY) =>
    createMailer({
      smtpUrl: url,
      from: 'portal@demo.test',
      portalOrigin: 'http://portal.test',
      db: database.db,
      secret: 'k'.repeat(40),
      retry,
    });

  it('keeps a mail through an outage, retries with a growing backoff, and keeps nothing once it is sent', async () => {
    smtp.state.failing = true;
    const mailer = make();
    try {
      // An outage does not reach the caller, not even of send().
      await expect(mailer.send({ ...message, to: 'plain@demo.test' })).resolves.toBeUndefined();
      await mailer.queue(message, { secret: true });
      await mailer.drain();
      let queued = await rows();
      expect(queued.map((r) => r.attempts)).toEqual([1, 1]);
      expect(queued.every((r) => r.last_error !== null && !r.failed)).toBe(true);
      for (const r of queued) expect(r.wait).toBeGreaterThanOrEqual(DEFAULT_RETRY.firstDelaySeconds - 1);
      // Not due yet: draining again does not try.
      await mailer.drain();
      expect((await rows()).map((r) => r.attempts)).toEqual([1, 1]);

      await makeDue();
      await mailer.drain();
      queued = await rows();
      expect(queued.map((r) => r.attempts)).toEqual([2, 2]);
      for (const r of queued) expect(r.wait).toBeGreaterThanOrEqual(2 * DEFAULT_RETRY.firstDelaySeconds - 1);
      // The secret mail is still sealed while it waits.
      expect(queued[1]!.text_body).not.toContain('secret-123');

      smtp.state.failing = false;
      await makeDue();
      await mailer.drain();
      expect(await rows()).toEqual([]);
      expect(await outbox()).toEqual([]);
      expect(smtp.received).toHaveLength(2);
      expect(smtp.received.join('\n')).toContain('secret-123');
    } finally {
      await mailer.stop();
      smtp.received.length = 0;
    }
  });

  it('gives up after the last try and wipes a secret link', async () => {
    smtp.state.failing = true;
    const mailer = make({ firstDelaySeconds: 1, maxDelaySeconds: 1, maxAttempts: 2 });
    try {
      await mailer.queue(message, { secret: true });
      await mailer.drain();
      await makeDue();
      await mailer.drain();
      const [row] = await rows();
      expect(row).toMatchObject({ attempts: 2, failed: true, text_body: '', html_body: null });
      await makeDue();
      await mailer.drain();
      expect((await rows())[0]!.attempts).toBe(2);
    } finally {
      await mailer.stop();
    }
  });

  it('the started worker picks up retries that come due', async () => {
    smtp.state.failing = false;
    const mailer = createMailer({
      smtpUrl: url,
      from: 'portal@demo.test',
      portalOrigin: 'http://portal.test',
      db: database.db,
      secret: 'k'.repeat(40),
      pollMs: 20,
    });
    try {
      await database.db.execute(
        sql`insert into mail_queue (to_address, subject, text_body, attempts, next_attempt_at) values ('later@demo.test', 'Hi', 'Hello', 1, now() + interval '300 milliseconds')`,
      );
      mailer.start();
      await vi.waitFor(async () => expect(await rows()).toEqual([]), { timeout: 10_000, interval: 50 });
      expect(smtp.received.join('\n')).toContain('later@demo.test');
    } finally {
      await mailer.stop();
    }
  });
});
