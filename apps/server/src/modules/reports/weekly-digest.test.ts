import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { ProblemDetails } from '@portal/contract/problems';
import { SpendReportResponse, WeeklyDigestSetting } from '@portal/contract/reports';
import { formatMinorAmount } from '@portal/contract/invoices';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';
import { digestWeekAt } from './weekly-digest.service';

/**
 * The weekly digest with an injected clock over the seeded world: subscribers get one e-mail a week however often
 * the job looks, on their own Monday morning, in their own locale; others get none.
 */
const TEST_NOW = inject('testNow');
let clock = new Date(TEST_NOW);
let t: TestApp;
const who: Record<string, SignedIn> = {};
const ACCOUNTS = ['group.admin', 'uk.admin', 'school.admin', 'finance', 'bookings.viewer'];

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
  for (const email of ACCOUNTS) who[email] = await signIn(t.app, `${email}@demo.test`);
});
afterAll(async () => {
  await t?.close();
});

const setting = (email: string, payload?: unknown) =>
  t.app.inject({
    method: payload === undefined ? 'GET' : 'PUT',
    url: '/v1/profile/weekly-digest',
    headers: who[email]?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function mailsTo(email: string) {
  await t.app.mailer.drain();
  return queryRows<{ subject: string; text_body: string; html_body: string | null }>(
    t.database.db,
    sql`select subject, text_body, html_body from outbox_messages where channel = 'email' and to_address = ${`${email}@demo.test`}
         and subject like 'Your week in%' order by id`,
  );
}

/** Last week's spend as GET /v1/reports/spend answers it for the contact, written as the mail writes it. */
async function reportedSpend(email: string, locale: string): Promise<string> {
  const monday = clock.toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${monday}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.parse(`${monday}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const res = await t.app.inject({ method: 'GET', url: `/v1/reports/spend?from=${from}&to=${to}`, headers: who[email]!.headers });
  const { totals } = SpendReportResponse.parse(res.json());
  expect(totals.length, `${email} spent something from ${from} to ${to}`).toBeGreaterThan(0);
  return totals.map((x) => formatMinorAmount(x.amountMinor, x.currency, locale)).join(' + ');
}

async function tickTwice() {
  await t.app.services.weeklyDigest.run();
  await t.app.services.weeklyDigest.run();
}

describe('weekly digest setting', () => {
  it('is off until the contact turns it on, and reads back as set', async () => {
    expect(WeeklyDigestSetting.parse((await setting('group.admin')).json())).toEqual({ weeklyDigest: false });
    const put = await setting('group.admin', { weeklyDigest: true });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ weeklyDigest: true });
    expect((await setting('group.admin')).json()).toEqual({ weeklyDigest: true });
  });

  it('refuses a body that is not a boolean, and a call without a token', async () => {
    const bad = await setting('group.admin', { weeklyDigest: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(ProblemDetails.parse(bad.json()).errors ?? {})).toContain('weeklyDigest');
    expect((await setting('nobody')).statusCode).toBe(401);
    expect((await setting('nobody', { weeklyDigest: true })).statusCode).toBe(401);
  });
});

describe('weekly digest job', () => {
  it('is due from 07:00 on Monday in the zone', () => {
    expect(digestWeekAt(new Date('2026-03-15T20:00:00Z'), 'Australia/Sydney')).toBe('2026-03-16');
    expect(digestWeekAt(new Date('2026-03-15T19:59:00Z'), 'Australia/Sydney')).toBeNull();
    expect(digestWeekAt(new Date('2026-03-16T01:00:00Z'), 'Europe/London')).toBeNull();
    expect(digestWeekAt(new Date('2026-03-17T08:00:00Z'), 'Europe/London')).toBeNull();
  });

  it('sends each subscriber one mail a week, on their Monday morning, in their locale; none to the others', async () => {
    for (const email of ['group.admin', 'uk.admin', 'finance']) expect((await setting(email, { weeklyDigest: true })).statusCode).toBe(200);
    expect((await setting('school.admin', { weeklyDigest: false })).statusCode).toBe(200);

    // Monday 16 February, 01:00 UTC: midday in Australia, 01:00 in London.
    clock = new Date('2026-02-16T01:00:00Z');
    await tickTwice();
    const au = await mailsTo('group.admin');
    expect(au).toHaveLength(1);
    expect(au[0]!.subject).toMatch(/^Your week in Chalkline Relief Portal/);
    expect(au[0]!.text_body).toContain('Hello Grace,');
    expect(au[0]!.text_body).toContain(`Spend invoiced (before tax): ${await reportedSpend('group.admin', 'en-AU')}`);
    expect(au[0]!.text_body).toMatch(/Spend invoiced \(before tax\): \$[\d,]+\.\d\d/);
    expect(au[0]!.text_body).toMatch(/Fill rate: \d+% \(/);
    expect(au[0]!.text_body).toContain('http://portal.test/reports');
    expect(await mailsTo('uk.admin')).toHaveLength(0);
    // Accounts view only: spend, no fill rate or bookings.
    const finance = await mailsTo('finance');
    expect(finance).toHaveLength(1);
    expect(finance[0]!.text_body).toContain('Spend invoiced (before tax)');
    expect(finance[0]!.text_body).not.toContain('Fill rate');
    expect(await mailsTo('school.admin')).toHaveLength(0);
    expect(await mailsTo('bookings.viewer')).toHaveLength(0);

    // 08:00 in London: the UK trust's digest, in British English and pounds; the others are not sent again.
    clock = new Date('2026-02-16T08:00:00Z');
    await tickTwice();
    const uk = await mailsTo('uk.admin');
    expect(uk).toHaveLength(1);
    expect(uk[0]!.subject).toMatch(/^Your week in Chalkline Supply Portal/);
    expect(uk[0]!.text_body).toContain('Hello Harriet,');
    expect(uk[0]!.text_body).toContain(`Spend invoiced (before tax): ${await reportedSpend('uk.admin', 'en-GB')}`);
    expect(uk[0]!.text_body).toMatch(/Spend invoiced \(before tax\): £[\d,]+\.\d\d/);
    expect(await mailsTo('group.admin')).toHaveLength(1);
    expect(await mailsTo('finance')).toHaveLength(1);

    // The rest of the week: nothing more.
    clock = new Date('2026-02-19T09:00:00Z');
    await tickTwice();
    expect(await mailsTo('group.admin')).toHaveLength(1);
    expect(await mailsTo('uk.admin')).toHaveLength(1);

    // Monday 16 March in Australia: one more, with the coming week's unfilled bookings, each linked.
    clock = new Date('2026-03-16T01:00:00Z');
    await tickTwice();
    const again = await mailsTo('group.admin');
    expect(again).toHaveLength(2);
    expect(again[1]!.subject).toMatch(/^Your week in Chalkline Relief Portal: \d+ unfilled bookings?$/);
    expect(again[1]!.text_body).toMatch(/http:\/\/portal\.test\/bookings\/\d+/);
    expect(await mailsTo('uk.admin')).toHaveLength(1);
    expect(await mailsTo('school.admin')).toHaveLength(0);
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from weekly_digest_sends`);
    expect(n).toBe(5);
  });
});
