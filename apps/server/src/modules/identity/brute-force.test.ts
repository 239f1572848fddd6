import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { DEMO_PASSWORD } from '../../../test/auth-client';
import { LIMITS, slowDownMs } from './auth.service';
import { pause } from './slow-down';

// The slow-downs are counted, not waited out: tests never depend on wall-clock time.
vi.mock('./slow-down', () => ({ pause: vi.fn(async () => undefined) }));
const waits = vi.mocked(pause);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  waits.mockClear();
});

const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password }, remoteAddress });
/** A distinct address for each of many attempts. */
const address = (block: number, i: number) => `10.${block}.${Math.floor(i / 250)}.${(i % 250) + 1}`;

async function outboxLink(to: string, path: string): Promise<string> {
  await t.app.mailer.drain();
  const res = await t.app.inject({ method: 'GET', url: `/v1/dev/outbox?to=${encodeURIComponent(to)}` });
  const message = (res.json() as Array<{ text: string }>).find((m) => m.text.includes(path));
  if (!message) throw new Error(`no ${path} link for ${to}`);
  return new URL(/(https?:\/\/\S+)/.exec(message.text)![1]!).searchParams.get('token')!;
}

describe('the slow-down', () => {
  it('grows with the failures of the pair and of the account, each up to its cap', () => {
    expect(slowDownMs(0, 0)).toBe(0);
    expect(slowDownMs(LIMITS.pairSlowAfter - 1, LIMITS.accountSlowAfter - 1)).toBe(0);
    expect(slowDownMs(LIMITS.pairSlowAfter, 0)).toBe(LIMITS.slowDownStepMs);
    expect(slowDownMs(LIMITS.pairSlowAfter + 1, 0)).toBe(2 * LIMITS.slowDownStepMs);
    expect(slowDownMs(1000, 0)).toBe(LIMITS.slowDownMaxMs);
    expect(slowDownMs(0, LIMITS.accountSlowAfter)).toBe(LIMITS.accountStepMs);
    expect(slowDownMs(0, LIMITS.accountSlowAfter + 9)).toBe(10 * LIMITS.accountStepMs);
    expect(slowDownMs(0, 100_000)).toBe(LIMITS.accountMaxDelayMs);
    expect(slowDownMs(LIMITS.pairSlowAfter, LIMITS.accountSlowAfter + 9)).toBe(10 * LIMITS.accountStepMs);
    expect(slowDownMs(0, 0, LIMITS.addressSlowAfter - 1)).toBe(0);
    expect(slowDownMs(0, 0, LIMITS.addressSlowAfter)).toBe(LIMITS.addressStepMs);
    expect(slowDownMs(0, 0, 100_000)).toBe(LIMITS.addressMaxDelayMs);
  });
});

describe('brute force', () => {
  it('slows, then locks an account and IP pair for 15 minutes after 10 failures, without locking others out', async () => {
    const email = 'group.admin@demo.test';
    const ip = '10.66.0.1';
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) answers.push((await login(email, `Wrong#${i}`, ip)).statusCode);
    expect(answers.slice(0, 9).every((s) => s === 401)).toBe(true);
    expect(answers[9]).toBe(429);
    // From the 6th attempt on, each waited a step longer.
    expect(waits.mock.calls.map(([ms]) => ms)).toEqual([400, 800, 1200, 1600, 2000]);
    const locked = await login(email, DEMO_PASSWORD, ip);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    expect(locked.json().code).toBe('auth/too-many-attempts');
    // The real user, from elsewhere, still gets in.
    expect((await login(email, DEMO_PASSWORD, '10.66.0.2')).statusCode).toBe(200);
  }, 60_000);

  it('never locks a contact out after 100+ failures from many addresses: a growing delay, and the right password gets in', async () => {
    const email = 'teacher@demo.test';
    const failures = 120;
    for (let i = 0; i < failures; i++) {
      const res = await login(email, `Wrong#${i}`, address(77, i));
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('auth/invalid-credential');
    }
    const delays = waits.mock.calls.map(([ms]) => ms);
    // No wait before the 20th failure, then a little more for each one, up to the cap.
    expect(delays).toHaveLength(failures - LIMITS.accountSlowAfter);
    expect(delays[0]).toBe(LIMITS.accountStepMs);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(Math.max(...delays)).toBe(LIMITS.accountMaxDelayMs);

    waits.mockClear();
    const ok = await login(email, DEMO_PASSWORD, '10.78.0.1');
    expect(ok.statusCode).toBe(200);
    expect(waits.mock.calls.map(([ms]) => ms)).toEqual([LIMITS.accountMaxDelayMs]);

    // The contact was told once, with a link that ends the slow-down at once.
    await t.app.mailer.drain();
    const notices = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from outbox_messages where to_address = ${email} and text_body like '%/unlock?token=%'`,
    );
    expect(notices[0]!.n).toBe(1);
    const token = await outboxLink(email, '/unlock?token=');
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/unlock', payload: { token } })).statusCode).toBe(204);
    waits.mockClear();
    expect((await login(email, DEMO_PASSWORD, '10.78.0.2')).statusCode).toBe(200);
    expect(waits).not.toHaveBeenCalled();
  }, 120_000);

  it('treats an unknown e-mail the same way, without mail', async () => {
    const email = 'nobody-here@demo.test';
    for (let i = 0; i < LIMITS.accountNoticeAfter; i++) expect((await login(email, `Wrong#${i}`, address(79, i))).statusCode).toBe(401);
    expect(waits).toHaveBeenCalledTimes(LIMITS.accountNoticeAfter - LIMITS.accountSlowAfter);
    await t.app.mailer.drain();
    const sent = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from outbox_messages where to_address = ${email}`,
    );
    expect(sent[0]!.n).toBe(0);
    const queued = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from mail_queue`);
    expect(queued[0]!.n).toBe(0);
  }, 120_000);

  it('keeps its counters where every server process sees them', async () => {
    const rows = await queryRows<{ key: string }>(t.database.db, sql`select key from auth_counters where key like 'login:10.66.0.1:%'`);
    expect(rows.length).toBe(1);
  });
});
