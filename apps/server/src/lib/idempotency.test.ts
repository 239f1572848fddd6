import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '@portal/db/client';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { signIn, type SignedIn } from '../../test/auth-client';
import { requirePrincipal } from '../plugins/authenticate';
import { AppError } from './app-error';
import { idempotentWrite } from './idempotency';

/** The Idempotency-Key route helper on a test route whose effects are counted, and whose write can fail or wait. */
let effects = 0;
let release: (() => void) | undefined;

function testRoutes(app: FastifyInstance) {
  app.post(
    '/v1/test/idempotent',
    { schema: { body: z.strictObject({ value: z.number().int(), mode: z.enum(['ok', 'fail', 'slow']).default('ok') }) } },
    async (request, reply) => {
      const { value, mode } = request.body as { value: number; mode: 'ok' | 'fail' | 'slow' };
      return idempotentWrite(request, reply, requirePrincipal(request).contactId, async () => {
        if (mode === 'fail') throw new AppError('rule-violation', { detail: 'Refused on purpose' });
        if (mode === 'slow') await new Promise<void>((resolve) => (release = resolve));
        effects += 1;
        return { status: 201, body: { effect: effects, value } };
      });
    },
  );
}

let t: TestApp;
let user: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  t = await buildTestApp({ routes: testRoutes });
  user = await signIn(t.app, 'school.admin@demo.test');
  other = await signIn(t.app, 'uk.admin@demo.test');
});
afterAll(async () => {
  await t?.close();
});

const post = (who: SignedIn, key: string | undefined, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/test/idempotent',
    headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });

describe('Idempotency-Key', () => {
  it('runs a keyed write once and answers the repeat with the first answer', async () => {
    const before = effects;
    const first = await post(user, 'key-aaaaaaaa', { value: 1 });
    const second = await post(user, 'key-aaaaaaaa', { value: 1 });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(effects).toBe(before + 1);
  });

  it('runs every write without a key', async () => {
    const before = effects;
    await post(user, undefined, { value: 2 });
    await post(user, undefined, { value: 2 });
    expect(effects).toBe(before + 2);
  });

  it('refuses the same key with a different request (422)', async () => {
    await post(user, 'key-bbbbbbbb', { value: 3 });
    const res = await post(user, 'key-bbbbbbbb', { value: 4 });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('idempotency-key-reused');
  });

  it('keeps keys apart per contact', async () => {
    const before = effects;
    await post(user, 'key-cccccccc', { value: 5 });
    const res = await post(other, 'key-cccccccc', { value: 5 });
    expect(res.statusCode).toBe(201);
    expect(effects).toBe(before + 2);
  });

  it('frees the key when the first request fails, so a retry can succeed', async () => {
    const failed = await post(user, 'key-dddddddd', { value: 6, mode: 'fail' });
    expect(failed.statusCode).toBe(422);
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from idempotency_keys where key = 'key-dddddddd'`,
    );
    expect(rows[0]!.n).toBe(0);
    const retried = await post(user, 'key-dddddddd', { value: 6, mode: 'fail' });
    expect(retried.statusCode).toBe(422);
  });

  it('answers 409 with Retry-After while the first request is still running', async () => {
    const before = effects;
    expect((await post(user, 'key-eeeeeeee', { value: 7 })).statusCode).toBe(201);
    // The key as the first request leaves it while its write runs: claimed, no answer yet. (Set here: on the embedded
    // database a second request waits for the first one's transaction to end, so it never sees this state.)
    await queryRows(t.database.db, sql`update idempotency_keys set status_code = null, response_body = null where key = 'key-eeeeeeee'`);
    const second = await post(user, 'key-eeeeeeee', { value: 7 });
    expect(second.statusCode).toBe(409);
    expect(second.headers['retry-after']).toBe('1');
    expect(effects).toBe(before + 1);
  });

  it('makes one effect for a repeat sent while the first request still runs', async () => {
    const before = effects;
    release = undefined;
    const first = post(user, 'key-ffffffff', { value: 9, mode: 'slow' });
    await expect.poll(() => release !== undefined).toBe(true);
    const second = post(user, 'key-ffffffff', { value: 9, mode: 'slow' });
    release!();
    const [a, b] = await Promise.all([first, second]);
    expect(a.statusCode).toBe(201);
    // 409 when the repeat reads the claim while the first runs; the stored answer when it waits for the first's commit.
    if (b.statusCode === 409) expect(b.headers['retry-after']).toBe('1');
    else {
      expect(b.statusCode).toBe(201);
      expect(b.headers['idempotent-replayed']).toBe('true');
      expect(b.json()).toEqual(a.json());
    }
    expect(effects).toBe(before + 1);
  });

  it('refuses a malformed key with a 400 naming the header', async () => {
    const res = await post(user, 'short', { value: 8 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['Idempotency-Key']).toBeDefined();
  });
});
