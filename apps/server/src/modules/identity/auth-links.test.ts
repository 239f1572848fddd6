import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { DEMO_PASSWORD, signIn } from '../../../test/auth-client';
import { newSecret, setUnlockToken } from './identity.repository';
import { hashPassword } from './passwords';
import type * as Passwords from './passwords';

// Counts password hashes: a dead link must not cost one.
vi.mock('./passwords', async (importOriginal) => {
  const original = await importOriginal<typeof Passwords>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});
const hashes = vi.mocked(hashPassword);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  hashes.mockClear();
});

const requestReset = (email: string) => t.app.inject({ method: 'POST', url: '/v1/auth/password-reset', payload: { email } });
const confirm = (token: string, newPassword: string) =>
  t.app.inject({ method: 'POST', url: '/v1/auth/password-reset/confirm', payload: { token, newPassword } });
const unlock = (token: string) => t.app.inject({ method: 'POST', url: '/v1/auth/unlock', payload: { token } });
const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query))[0]!;

/** The tokens of every reset link e-mailed to the address, newest first. */
async function resetTokens(to: string): Promise<string[]> {
  await t.app.mailer.drain();
  const res = await t.app.inject({ method: 'GET', url: `/v1/dev/outbox?to=${encodeURIComponent(to)}` });
  return (res.json() as Array<{ text: string }>)
    .filter((m) => m.text.includes('/reset-password?token='))
    .map((m) => new URL(/(https?:\/\/\S+)/.exec(m.text)![1]!).searchParams.get('token')!);
}

async function contactId(email: string): Promise<number> {
  return (await one<{ id: number }>(sql`select id from contacts where email = ${email}`)).id;
}

describe('reset links', () => {
  it('checks the link before it hashes the new password', async () => {
    const bad = await confirm('not-a-real-token', 'Fresh#Start2026');
    expect(bad.statusCode).toBe(410);
    expect(bad.json().code).toBe('auth/link-expired');
    expect(hashes).not.toHaveBeenCalled();

    const email = 'finance@demo.test';
    expect((await requestReset(email)).statusCode).toBe(202);
    const [token] = await resetTokens(email);
    await t.database.db.execute(sql`update password_reset_tokens set expires_at = now() - interval '1 minute'`);
    expect((await confirm(token!, 'Fresh#Start2026')).statusCode).toBe(410);
    expect(hashes).not.toHaveBeenCalled();
  });

  it('hashes once for a working link', async () => {
    const email = 'us.admin@demo.test';
    await requestReset(email);
    const [token] = await resetTokens(email);
    expect((await confirm(token!, 'Fresh#Start2026')).statusCode).toBe(204);
    expect(hashes).toHaveBeenCalledTimes(1);
  });

  it('a reset with one link ends every other outstanding link', async () => {
    const email = 'bookings.viewer@demo.test';
    await requestReset(email);
    await requestReset(email);
    const [b, a] = await resetTokens(email);
    expect(a).toBeDefined();
    expect(a).not.toBe(b);
    expect((await confirm(b!, 'Second#Link2026')).statusCode).toBe(204);
    const dead = await confirm(a!, 'First#Link2026');
    expect(dead.statusCode).toBe(410);
    expect(dead.json().code).toBe('auth/link-expired');
    const login = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password: 'Second#Link2026' } });
    expect(login.statusCode).toBe(200);
  });

  it('a password change ends every outstanding link', async () => {
    const email = 'school.admin@demo.test';
    await requestReset(email);
    const [token] = await resetTokens(email);
    const session = await signIn(t.app, email);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/change-password',
      headers: session.headers,
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'Changed#Here2026' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await confirm(token!, 'Attacker#Reset2026')).statusCode).toBe(410);
    const open = await one<{ n: number }>(
      sql`select count(*)::int as n from password_reset_tokens where contact_id = ${await contactId(email)} and used_at is null`,
    );
    expect(open.n).toBe(0);
  });
});

describe('unlock links', () => {
  it('are stored hashed and expire 24 hours after they are sent', async () => {
    const id = await contactId('uk.admin@demo.test');
    const { token, hash } = newSecret();
    await setUnlockToken(t.database.db, id, hash, 24);
    const row = await one<{ stored: string; hours: number }>(
      sql`select unlock_token_hash as stored, extract(epoch from (unlock_token_expires_at - now())) / 3600 as hours from contacts where id = ${id}`,
    );
    expect(row.stored).toBe(hash);
    expect(row.stored).not.toContain(token);
    expect(Number(row.hours)).toBeGreaterThan(23.9);
    expect(Number(row.hours)).toBeLessThanOrEqual(24);
    // A day later the link is dead.
    await t.database.db.execute(sql`update contacts set unlock_token_expires_at = now() - interval '1 second' where id = ${id}`);
    const late = await unlock(token);
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('auth/link-expired');
  });

  it('work once', async () => {
    const id = await contactId('ca.admin@demo.test');
    const { token, hash } = newSecret();
    await setUnlockToken(t.database.db, id, hash, 24);
    expect((await unlock(token)).statusCode).toBe(204);
    expect((await unlock(token)).statusCode).toBe(410);
    const row = await one<{ stored: string | null }>(sql`select unlock_token_hash as stored from contacts where id = ${id}`);
    expect(row.stored).toBeNull();
  });

  it('a newer link replaces an older one', async () => {
    const id = await contactId('group.admin@demo.test');
    const first = newSecret();
    const second = newSecret();
    await setUnlockToken(t.database.db, id, first.hash, 24);
    await setUnlockToken(t.database.db, id, second.hash, 24);
    expect((await unlock(first.token)).statusCode).toBe(410);
    expect((await unlock(second.token)).statusCode).toBe(204);
  });
});
