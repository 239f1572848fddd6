import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { importJWK, jwtVerify } from 'jose';
import webpush from 'web-push';
import { queryRows, type Database } from '@portal/db/client';
import { createTestDatabase } from '../../../test/helpers';
import { browserKeys, decrypt, fakePushService } from '../../../test/web-push-receiver';
import { InProcessJobQueue } from '../../lib/jobs-in-process';
import { createWebPushDelivery } from './web-push-delivery';
import { pruneExpiredSubscriptions, saveSubscription, subscriptionsOf } from './push.repository';

/**
 * Web Push end to end on this machine: the provider encrypts and signs with the `web-push` library and POSTs to a
 * local push service started here; the test holds the browser's keys, so it decrypts what arrived as RFC 8291 says
 * and verifies the VAPID JWT (RFC 8292) with the server's public key.
 */

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@portal.test' };
const service = fakePushService();
let origin: string;
let database: Database;
let drop: () => Promise<void>;
let contactId: number;
let otherContactId: number;
beforeAll(async () => {
  origin = await service.listen();
  ({ database, drop } = await createTestDatabase('seeded'));
  const rows = await queryRows<{ id: number }>(database.db, sql`select id from contacts order by id limit 2`);
  [contactId, otherContactId] = rows.map((r) => r.id) as [number, number];
});
afterAll(async () => {
  await service.close();
  await drop?.();
});
beforeEach(async () => {
  service.received.length = 0;
  service.script.length = 0;
  await database.db.execute(sql`delete from push_subscriptions`);
});

const NOW = new Date('2026-03-16T09:00:00Z');

async function start() {
  const lines: string[] = [];
  const log = {
    info: (obj: object, msg: string) => lines.push(`${msg} ${JSON.stringify(obj)}`),
    warn: (obj: object, msg: string) => lines.push(`${msg} ${JSON.stringify(obj)}`),
    error: (obj: object, msg: string) => lines.push(`${msg} ${JSON.stringify(obj)}`),
  };
  let offsetMs = 0;
  const jobs = new InProcessJobQueue({ monotonicMs: () => performance.now() + offsetMs });
  const delivery = createWebPushDelivery({
    db: database.db,
    vapid,
    jobs,
    retry: { retryLimit: 3, retryDelaySeconds: 30 },
    now: () => NOW,
    log,
  });
  await jobs.start();
  return {
    delivery,
    lines,
    drain: () => jobs.drain(),
    /** Moves the queue's clock past the longest wait of the `n`-th retry and runs what came due. */
    async retry(n: number) {
      offsetMs += 30 * 2 ** n * 2 * 1000 + 1000;
      await jobs.drain();
    },
    close: () => jobs.stop(),
  };
}

/** A subscription at the local push service (the routes refuse http and loopback; the provider is tested here). */
async function subscribe(owner: number, name: string) {
  const browser = browserKeys();
  const endpoint = `${origin}/push/${name}`;
  await saveSubscription(
    database.db,
    {
      contactId: owner,
      endpoint,
      p256dh: browser.ecdh.getPublicKey().toString('base64url'),
      auth: browser.auth.toString('base64url'),
      now: NOW,
    },
    10,
  );
  return { browser, endpoint };
}

describe('Web Push delivery', () => {
  it('sends the text encrypted for the browser (aes128gcm) with a VAPID signature, to every browser of the contact', async () => {
    const t = await start();
    try {
      const phone = await subscribe(contactId, 'phone');
      const laptop = await subscribe(contactId, 'laptop');
      await subscribe(otherContactId, 'someone-else');
      const text = 'Booking confirmed: Harbour Primary, Mon 23 Mar 2026';
      await t.delivery.push(`contact:${contactId}`, text);
      await t.drain();
      expect(service.received.map((r) => r.path).sort()).toEqual(['/push/laptop', '/push/phone']);
      for (const [who, { browser }] of [
        ['phone', phone],
        ['laptop', laptop],
      ] as const) {
        const request = service.received.find((r) => r.path === `/push/${who}`)!;
        expect(request.headers['content-encoding']).toBe('aes128gcm');
        expect(Number(request.headers.ttl)).toBeGreaterThan(0);
        expect(JSON.parse(decrypt(request.body, browser))).toEqual({ title: text, url: '/' });
        // Authorization: vapid t=<JWT>, k=<the server's public key> (RFC 8292 §3).
        const match = /^vapid t=([^,]+), k=([A-Za-z0-9_-]+)$/.exec(request.headers.authorization ?? '');
        expect(match).not.toBeNull();
        expect(match![2]).toBe(vapid.publicKey);
        const raw = Buffer.from(vapid.publicKey, 'base64url');
        const key = await importJWK(
          { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
          'ES256',
        );
        const { payload, protectedHeader } = await jwtVerify(match![1]!, key, { algorithms: ['ES256'], audience: origin });
        expect(protectedHeader.alg).toBe('ES256');
        expect(payload.sub).toBe(vapid.subject);
        expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
      }
      // Each accepted push is noted on its subscription.
      const kept = await subscriptionsOf(database.db, contactId);
      expect(kept.map((s) => s.lastUsedAt?.toISOString())).toEqual([NOW.toISOString(), NOW.toISOString()]);
    } finally {
      await t.close();
    }
  });

  it('marks a subscription the push service no longer knows (410, 404) expired, sends it nothing more, and keeps it until its period ends', async () => {
    const t = await start();
    try {
      await subscribe(contactId, 'gone');
      await subscribe(contactId, 'unknown');
      service.script.push(410, 404);
      await t.delivery.push(`contact:${contactId}`, 'Booking filled');
      await t.drain();
      expect(service.received).toHaveLength(2);
      expect(t.lines.filter((l) => l.startsWith('push subscription expired'))).toHaveLength(2);
      // Kept, marked: the browser's renewal of it can still be handed over (push-renewal.ts on the web side).
      const kept = await subscriptionsOf(database.db, contactId);
      expect(kept.map((s) => s.expiredAt?.toISOString())).toEqual([NOW.toISOString(), NOW.toISOString()]);
      expect(await subscriptionsOf(database.db, contactId, { live: true })).toEqual([]);
      await t.delivery.push(`contact:${contactId}`, 'Booking cancelled');
      await t.drain();
      expect(service.received).toHaveLength(2);

      // The same browser subscribing again is live again.
      await subscribe(contactId, 'gone');
      expect((await subscriptionsOf(database.db, contactId, { live: true })).map((s) => s.endpoint)).toEqual([`${origin}/push/gone`]);

      // The retention job removes an expired one once its period has passed, and nothing younger.
      expect(await pruneExpiredSubscriptions(database.db, NOW)).toBe(0);
      expect(await pruneExpiredSubscriptions(database.db, new Date(NOW.getTime() + 1))).toBe(1);
      expect((await subscriptionsOf(database.db, contactId)).map((s) => s.endpoint)).toEqual([`${origin}/push/gone`]);
    } finally {
      await t.close();
    }
  });

  it('retries a 500 or 429 through the job queue, that browser alone, and keeps the subscription', async () => {
    const t = await start();
    try {
      const flaky = await subscribe(contactId, 'flaky');
      await subscribe(contactId, 'fine');
      // The first request (either browser) fails with 500; then the flaky one's retry meets 429 once more.
      service.script.push(500);
      await t.delivery.push(`contact:${contactId}`, 'Booking cancelled');
      await t.drain();
      expect(service.received).toHaveLength(2);
      const failed = service.received[0]!.path;
      expect(t.lines.some((l) => l.startsWith('push notification not sent; will retry'))).toBe(true);
      service.script.push(429);
      await t.retry(0);
      expect(service.received.map((r) => r.path).slice(2)).toEqual([failed]);
      await t.retry(1);
      expect(service.received.map((r) => r.path).slice(2)).toEqual([failed, failed]);
      const last = service.received.at(-1)!;
      if (failed === '/push/flaky') expect(JSON.parse(decrypt(last.body, flaky.browser))).toMatchObject({ title: 'Booking cancelled' });
      const kept = await subscriptionsOf(database.db, contactId);
      expect(kept).toHaveLength(2);
      expect(kept.every((s) => s.lastUsedAt !== null)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('gives up at once on another refusal (400, 403), keeping the subscription', async () => {
    const t = await start();
    try {
      await subscribe(contactId, 'refused');
      service.script.push(403);
      await t.delivery.push(`contact:${contactId}`, 'Booking approved');
      await t.drain();
      await t.retry(0);
      expect(service.received).toHaveLength(1);
      expect(t.lines.some((l) => l.startsWith('push notification given up') && l.includes('"status":403'))).toBe(true);
      expect(await subscriptionsOf(database.db, contactId)).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('sends nothing to a contact without subscriptions, and refuses an address that is not a contact', async () => {
    const t = await start();
    try {
      await t.delivery.push(`contact:${contactId}`, 'Booking received');
      await t.drain();
      expect(service.received).toEqual([]);
      await expect(t.delivery.push('someone@school.test', 'Booking received')).rejects.toThrow(/not a push address/);
    } finally {
      await t.close();
    }
  });
});
