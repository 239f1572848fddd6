import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { fileAccessPath } from '@portal/contract/files';
import { redactUrl } from '../src/lib/log-redaction';
import { buildTestApp, type TestApp } from './helpers';
import { DEMO_PASSWORD, signIn } from './auth-client';

/**
 * Secrets never reach a log line: the captured log of a password reset, an unlock link, an enterprise
 * login return and a file download through an access key holds none of their tokens, in any spelling of the URL.
 */

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { LOG_LEVEL: 'trace' }, logStream: { write: (l: string) => void lines.push(l) } });
});
afterAll(async () => {
  await t?.close();
});

/** The newest link to `path` in the demo outbox for `to` (mail may be sent a moment after the answer). */
async function outboxToken(to: string, path: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const res = await t.app.inject({ method: 'GET', url: `/v1/dev/outbox?to=${encodeURIComponent(to)}` });
    const message = (res.json() as Array<{ text: string }>).find((m) => m.text.includes(path));
    if (message) return new URL(/(https?:\/\/\S+)/.exec(message.text)![1]!).searchParams.get('token')!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${path} link for ${to}`);
}

describe('request logs', () => {
  it('hold no reset token, unlock token, file key, authorisation code or password', async () => {
    const email = 'bookings.viewer@demo.test';
    const reset = await t.app.inject({ method: 'POST', url: '/v1/auth/password-reset', payload: { email } });
    expect(reset.statusCode).toBe(202);
    const token = await outboxToken(email, '/reset-password?token=');
    // The user opens the e-mailed link (the page, then the API call with the token in the body).
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${encodeURIComponent(token)}`, headers: { accept: 'text/html' } });
    await t.app.inject({ method: 'GET', url: `http://portal.test/reset-password?a=1&token=${encodeURIComponent(token)}` });
    const newPassword = 'Fresh#Passw0rd-2026';
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/password-reset/confirm',
      payload: { token, newPassword },
    });
    expect(confirm.statusCode).toBe(204);

    // An unlock link as e-mailed (its token is judged by the API; the log must not keep it either way).
    const unlockToken = 'UnlockSecret_0123456789abcdefghijklmnop';
    await t.app.inject({ method: 'GET', url: `/unlock?token=${unlockToken}`, headers: { accept: 'text/html' } });
    await t.app.inject({ method: 'POST', url: '/v1/auth/unlock', payload: { token: unlockToken } });

    // The enterprise login's return carries a code and state.
    const code = 'AuthCodeSecret_abcdefghijklmnopqrstuvwxyz';
    await t.app.inject({ method: 'GET', url: `/v1/auth/enterprise/callback?code=${code}&state=StateSecret_123456` });

    // A file through a five-minute access key.
    const contact = await signIn(t.app, 'teacher@demo.test', DEMO_PASSWORD);
    const [file] = await queryRows<{ id: number }>(t.database.db, sql`select id from general_files order by id limit 1`);
    const key = (await t.app.inject({ method: 'GET', url: `/v1/file/generateAccessToken/${file!.id}`, headers: contact.headers })).json()
      .accessKey as string;
    const download = await t.app.inject({ method: 'GET', url: `/v1/${fileAccessPath(key)}` });
    expect(download.statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: `/v1/file/%28${key}%29` });

    const log = lines.join('\n');
    expect(log).toContain('/reset-password?token=[redacted]');
    expect(log).toContain('/v1/file/[redacted]');
    for (const secret of [token, encodeURIComponent(token), unlockToken, code, 'StateSecret_123456', key, newPassword, DEMO_PASSWORD]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toContain(contact.accessToken);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/reset-password?token=abc', '/reset-password?token=[redacted]'],
    ['/unlock?x=1&token=abc&y=2', '/unlock?x=1&token=[redacted]&y=2'],
    ['/unlock?%74oken=abc', '/unlock?%74oken=[redacted]'],
    ['http://host/v1/file/(eyJabc.def.ghi)', 'http://host/v1/file/[redacted]'],
    ['/v1/file/%28eyJabc.def%29?x=1', '/v1/file/[redacted]?x=1'],
    ['/v1/auth/enterprise/callback?code=c&state=s&iss=x', '/v1/auth/enterprise/callback?code=[redacted]&state=[redacted]&iss=x'],
    ['/oidc/session/end?id_token_hint=eyJx', '/oidc/session/end?id_token_hint=[redacted]'],
    ['/v1/bookings?clientIds=1&take=50', '/v1/bookings?clientIds=1&take=50'],
    ['/v1/file/generateAccessToken/12', '/v1/file/generateAccessToken/12'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
