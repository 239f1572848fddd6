import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { buildTestApp, type TestApp } from '../../../test/helpers';

/**
 * A password-reset request for a known and an unknown e-mail does the same database work and answers alike;
 * the mail waits in the queue, so an SMTP outage is never the requester's problem.
 */
const requestReset = (t: TestApp, email: string, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/v1/auth/password-reset', payload: { email }, remoteAddress });
const count = async (t: TestApp, query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(t.database.db, query))[0]!.n;

/** A loopback port that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('password reset for known and unknown e-mails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('queues one mail either way: a real one for a contact, a stand-in the worker drops for anyone else', async () => {
    // Held back, so the queue can be looked at before the worker sends.
    await t.app.mailer.stop();
    try {
      const known = await requestReset(t, 'finance@demo.test');
      const unknown = await requestReset(t, 'nobody@demo.test');
      expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
      expect(known.body).toBe(unknown.body);
      const rows = await queryRows<{ to_address: string; secret: boolean; noop: boolean; text_body: string }>(
        t.database.db,
        sql`select to_address, secret, noop, text_body from mail_queue order by id`,
      );
      expect(rows.map((r) => [r.to_address, r.secret, r.noop])).toEqual([
        ['finance@demo.test', true, false],
        ['nobody@demo.test', true, true],
      ]);
      // The link waits sealed: a copy of the database holds no usable token.
      for (const row of rows) {
        expect(row.text_body).toMatch(/^sealed:v2:[\w-]{8}:/);
        expect(row.text_body).not.toContain('token=');
      }
      expect(await count(t, sql`select count(*)::int as n from audit_log where action = 'auth.password-reset-requested'`)).toBe(2);
    } finally {
      t.app.mailer.start();
    }
    await t.app.mailer.drain();
    expect(await count(t, sql`select count(*)::int as n from mail_queue`)).toBe(0);
    expect(await count(t, sql`select count(*)::int as n from outbox_messages where to_address = 'finance@demo.test'`)).toBe(1);
    expect(await count(t, sql`select count(*)::int as n from outbox_messages where to_address = 'nobody@demo.test'`)).toBe(0);
  });

  it('runs the same SQL statements for both (PGlite)', async (ctx) => {
    const pglite = t.database.pglite;
    if (!pglite) return ctx.skip();
    await t.app.mailer.stop();
    try {
      const statements = async (email: string, remoteAddress: string) => {
        const spy = vi.spyOn(pglite, 'query');
        try {
          expect((await requestReset(t, email, remoteAddress)).statusCode).toBe(202);
          return spy.mock.calls.map(([text]) => String(text));
        } finally {
          spy.mockRestore();
        }
      };
      const known = await statements('bookings.viewer@demo.test', '10.40.0.1');
      const unknown = await statements('nobody-else@demo.test', '10.40.0.2');
      expect(known.length).toBeGreaterThan(3);
      expect(unknown).toEqual(known);
    } finally {
      t.app.mailer.start();
    }
    await t.app.mailer.drain();
  });
});

describe('an SMTP outage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('still answers 202, and the mail stays queued for a later try', async () => {
    const res = await requestReset(t, 'school.admin@demo.test');
    expect(res.statusCode).toBe(202);
    await t.app.mailer.drain();
    const rows = await queryRows<{
      attempts: number;
      last_error: string | null;
      failed_at: Date | null;
      text_body: string;
    }>(t.database.db, sql`select attempts, last_error, failed_at, text_body from mail_queue where to_address = 'school.admin@demo.test'`);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row!.attempts).toBe(1);
    expect(row!.last_error).toMatch(/ECONNREFUSED/);
    // Its job waits for the next try.
    expect((await t.app.jobs.depth()).mail).toBe(1);
    expect(row!.failed_at).toBeNull();
    expect(row!.text_body).not.toContain('token=');
    // With SMTP configured nothing is kept in the outbox, sent or not.
    expect(await count(t, sql`select count(*)::int as n from outbox_messages`)).toBe(0);
  });
});
