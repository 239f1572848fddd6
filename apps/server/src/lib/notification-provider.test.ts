import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@portal/db/client';
import { createTestDatabase } from '../../test/helpers';
import { createMailer, NOTIFICATION_QUEUE } from './mailer';
import { InProcessJobQueue } from './jobs-in-process';
import { createTwilioProvider, PermanentDeliveryError } from './notification-provider';

const SID = 'AC0123456789abcdef';
const TOKEN = 'auth-token-that-must-stay-secret';
const FROM = '+61400000999';

interface Received {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

/**
 * A local stand-in for Twilio's documented REST API: it keeps every request and answers from a script (the status
 * of each next answer; 201 once the script is spent), with Twilio's JSON error body on a failure.
 */
function fakeTwilio() {
  const received: Received[] = [];
  const script: number[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        form: Object.fromEntries(new URLSearchParams(body)),
      });
      const status = script.shift() ?? 201;
      res.writeHead(status, { 'content-type': 'application/json' });
      if (status === 201) res.end(JSON.stringify({ sid: `SM${received.length}`, status: 'queued' }));
      else if (status === 400) res.end(JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number.", status }));
      else res.end(JSON.stringify({ code: 20503, message: 'Service unavailable', status }));
    });
  });
  return {
    received,
    script,
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const twilio = fakeTwilio();
let apiBase: string;
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  apiBase = await twilio.listen();
  ({ database, drop } = await createTestDatabase('migrated'));
});
afterAll(async () => {
  await twilio.close();
  await drop?.();
});
beforeEach(() => {
  twilio.received.length = 0;
  twilio.script.length = 0;
});

const outbox = () => queryRows<{ channel: string }>(database.db, sql`select channel from outbox_messages`);

/** A mailer whose notifications go to the fake Twilio, on an in-process queue whose waits are moved forward. */
async function start() {
  const lines: string[] = [];
  const log = {
    warn: (obj: object, msg: string) => lines.push(`${msg} ${JSON.stringify(obj)}`),
    error: (obj: object, msg: string) => lines.push(`${msg} ${JSON.stringify(obj)}`),
  };
  let offsetMs = 0;
  const jobs = new InProcessJobQueue({ monotonicMs: () => performance.now() + offsetMs });
  const failures: string[] = [];
  jobs.onFailure((queue, error) => failures.push(`${queue}: ${error.message}`));
  const mailer = createMailer({
    smtpUrl: undefined,
    from: 'portal@demo.test',
    portalOrigin: 'http://portal.test',
    db: database.db,
    secret: 'k'.repeat(40),
    jobs,
    log,
    retry: { retryLimit: 3, retryDelaySeconds: 30 },
    notifications: createTwilioProvider({ accountSid: SID, authToken: TOKEN, from: FROM, apiBase }),
  });
  await jobs.start();
  await mailer.start();
  return {
    mailer,
    lines,
    failures,
    /** Moves the queue's clock past the longest wait of the `n`-th retry and runs what came due. */
    async retry(n: number) {
      offsetMs += 30 * 2 ** n * 2 * 1000 + 1000;
      await mailer.drain();
    },
    close: async () => {
      await jobs.stop();
      await mailer.stop();
    },
  };
}

describe('SMS and voice through a Twilio-compatible API', () => {
  it('sends an SMS as a form to Messages.json with basic authentication, and a call with TwiML to Calls.json', async () => {
    const t = await start();
    try {
      await t.mailer.notify('sms', '+61400000001', 'Booking 12 is confirmed');
      await t.mailer.notify('voice', '+61400000002', 'Booking <12> & more');
      await t.mailer.drain();
      expect(twilio.received).toHaveLength(2);
      const [sms, call] = twilio.received;
      expect(sms).toMatchObject({
        method: 'POST',
        path: `/2010-04-01/Accounts/${SID}/Messages.json`,
        authorization: `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`,
        contentType: 'application/x-www-form-urlencoded',
        form: { To: '+61400000001', From: FROM, Body: 'Booking 12 is confirmed' },
      });
      expect(call).toMatchObject({
        path: `/2010-04-01/Accounts/${SID}/Calls.json`,
        form: { To: '+61400000002', From: FROM, Twiml: '<Response><Say>Booking &lt;12&gt; &amp; more</Say></Response>' },
      });
      // A real provider: nothing is written to the demo's outbox.
      expect(await outbox()).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('retries through two 503s with the backoff and sends the message exactly once', async () => {
    const t = await start();
    try {
      twilio.script.push(503, 503);
      await t.mailer.notify('sms', '+61400000001', 'Booking 13 is confirmed');
      await t.mailer.drain();
      expect(twilio.received).toHaveLength(1);
      // Not due again before its wait.
      await t.mailer.drain();
      expect(twilio.received).toHaveLength(1);
      await t.retry(0);
      expect(twilio.received).toHaveLength(2);
      await t.retry(1);
      expect(twilio.received).toHaveLength(3);
      await t.retry(2);
      await t.retry(3);
      expect(twilio.received).toHaveLength(3);
      expect(t.failures).toHaveLength(2);
      expect(t.failures[0]).toMatch(new RegExp(`^${NOTIFICATION_QUEUE}: Messages answered 503`));
      expect(t.lines.filter((l) => l.startsWith('notification not sent; will retry'))).toHaveLength(2);
    } finally {
      await t.close();
    }
  });

  it('gives up at once on a permanent 400 (an invalid number), and records it', async () => {
    const t = await start();
    try {
      twilio.script.push(400);
      await t.mailer.notify('sms', 'not-a-number', 'Booking 14 is confirmed');
      await t.mailer.drain();
      for (let n = 0; n < 4; n++) await t.retry(n);
      expect(twilio.received).toHaveLength(1);
      const given = t.lines.filter((l) => l.startsWith('notification given up'));
      expect(given).toHaveLength(1);
      expect(given[0]).toContain('"status":400');
      expect(given[0]).toContain('"code":"21211"');
    } finally {
      await t.close();
    }
  });

  it('never logs the auth token', async () => {
    const t = await start();
    try {
      twilio.script.push(503, 400);
      await t.mailer.notify('sms', '+61400000001', 'Booking 15 is confirmed');
      await t.mailer.drain();
      await t.retry(0);
      expect(t.lines.length).toBeGreaterThanOrEqual(2);
      const everything = [...t.lines, ...t.failures].join('\n');
      expect(everything).not.toContain(TOKEN);
      expect(everything).not.toContain(Buffer.from(`${SID}:${TOKEN}`).toString('base64'));
    } finally {
      await t.close();
    }
  });

  it('classifies answers: 429 and 5xx may pass, other 4xx never will; the error names no secret', async () => {
    const provider = createTwilioProvider({ accountSid: SID, authToken: TOKEN, from: FROM, apiBase });
    twilio.script.push(429, 500, 401);
    await expect(provider.sms!('+61400000001', 'x')).rejects.not.toBeInstanceOf(PermanentDeliveryError);
    await expect(provider.sms!('+61400000001', 'x')).rejects.not.toBeInstanceOf(PermanentDeliveryError);
    const refused = await provider.sms!('+61400000001', 'x').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PermanentDeliveryError);
    expect(String((refused as Error).message)).not.toContain(TOKEN);
  });
});

describe('without a provider', () => {
  it('sends nothing and writes nothing to the outbox', async () => {
    const lines: string[] = [];
    const jobs = new InProcessJobQueue({ monotonicMs: () => performance.now() });
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'portal@demo.test',
      portalOrigin: 'http://portal.test',
      db: database.db,
      secret: 'k'.repeat(40),
      jobs,
      log: { warn: (_obj, msg) => lines.push(msg), error: (_obj, msg) => lines.push(msg) },
    });
    await jobs.start();
    await mailer.start();
    try {
      await mailer.notify('sms', '+61400000001', 'Booking 16 is confirmed');
      await mailer.drain();
      expect(await outbox()).toEqual([]);
      expect(lines).toEqual(['notification not sent: no provider for its channel']);
    } finally {
      await jobs.stop();
      await mailer.stop();
    }
  });
});
