import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { queryRows } from '@portal/db/client';
import { CreatedBooking } from '@portal/contract/bookings';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';
import { bookingRequestAt } from '../../../test/booking-request';
import { browserKeys, decrypt, fakePushService } from '../../../test/web-push-receiver';
import { flushBookingNotifications } from '../bookings/booking-notifications';

/**
 * A booking's push confirmation, from the booking to the browser: a demo with VAPID keys records it in the outbox,
 * addressed to the portal contact behind the booking contact, and sends it to that contact's browsers.
 */

const vapid = webpush.generateVAPIDKeys();
const service = fakePushService();
let t: TestApp;
let admin: SignedIn;
let origin: string;
beforeAll(async () => {
  origin = await service.listen();
  t = await buildTestApp({
    now: () => new Date(inject('testNow')),
    env: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:ops@portal.test' },
  });
  await queryRows(t.database.db, sql`delete from location_restrictions`);
  admin = await signIn(t.app, 'group.admin@demo.test');
});
afterAll(async () => {
  await t?.close();
  await service.close();
});

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);

describe('push confirmations', () => {
  it('offers push and publishes the VAPID public key', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/config.runtime.json' })).json<{
      pushPublicKey: string;
      confirmationMethods: string[];
    }>();
    expect(config.pushPublicKey).toBe(vapid.publicKey);
    expect(config.confirmationMethods).toContain('push');
  });

  it('reach the browsers of the contact behind the booking contact, in the text the outbox shows', async () => {
    const { body, contacts } = await bookingRequestAt(t.app, admin, 'Australia/Sydney');
    const linked = contacts.find((c) => c.methods.push)!;
    const [{ contactId }] = (await rows<{ contactId: number }>(
      sql`select contact_id as "contactId" from booking_contacts where id = ${linked.id}`,
    )) as [{ contactId: number }];
    // The browser's subscription, at a push service on this machine (the routes refuse such an endpoint; the table does not).
    const browser = browserKeys();
    await rows(sql`insert into push_subscriptions (contact_id, endpoint, p256dh, auth)
      values (${contactId}, ${`${origin}/push/booking-test`}, ${browser.ecdh.getPublicKey().toString('base64url')}, ${browser.auth.toString('base64url')})`);
    const [before] = await rows<{ id: number }>(sql`select coalesce(max(id), 0)::int as id from outbox_messages`);

    body.dates = ['2026-03-23'];
    body.confirmations = [{ bookingContactId: linked.id, push: true }];
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/bookings',
      headers: { ...admin.headers, 'idempotency-key': `push-${Date.now()}` },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    CreatedBooking.parse(res.json());
    await flushBookingNotifications();
    await t.app.mailer.drain(); // the notification job, which queues a job per browser
    await t.app.mailer.drain(); // the push to each browser

    const recorded = await rows<{ to_address: string; text_body: string }>(
      sql`select to_address, text_body from outbox_messages where id > ${before!.id} and channel = 'push'`,
    );
    expect(recorded).toEqual([
      { to_address: `contact:${contactId}`, text_body: expect.stringMatching(/^Booking received: .+, Mon 23 Mar 2026$/) },
    ]);
    expect(service.received).toHaveLength(1);
    expect(JSON.parse(decrypt(service.received[0]!.body, browser))).toEqual({ title: recorded[0]!.text_body, url: '/' });
    const [kept] = await rows<{ last_used_at: Date | null }>(
      sql`select last_used_at from push_subscriptions where contact_id = ${contactId}`,
    );
    expect(kept!.last_used_at).not.toBeNull();
  });
});
