import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import { BookingLocationListResponse, type BookingLocation } from '@portal/contract/booking-reference';
import { CreatedBooking } from '@portal/contract/bookings';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { TEST_NOW } from '../../test/global-setup';
import { signIn, type SignedIn } from '../../test/auth-client';
import { bookingRequestAt } from '../../test/booking-request';
import { flushBookingNotifications } from '../modules/bookings/booking-notifications';

/**
 * The e-mails as their readers get them, through HTTP on the seeded world and read back from the demo outbox: in
 * the recipient's locale (dates, 12/24-hour times), with the region's product name, a text and an HTML part, a
 * link into the portal, names escaped in the HTML, and no reference the portal does not show.
 */

const ORIGIN = 'http://portal.test';
const HOSTILE = '<img src=x onerror=alert(1)>';
const ISO_DATE = /\d{4}-\d{2}-\d{2}/;

let t: TestApp;
const who: Record<'au' | 'pending' | 'uk' | 'us', SignedIn> = {} as never;

interface OutboxMail {
  channel: string;
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
}

const rows = <T>(query: SQL) => queryRows<T>(t.database.db, query);
const get = (url: string, as: SignedIn) => t.app.inject({ method: 'GET', url, headers: as.headers });

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(TEST_NOW) });
  await rows(sql`delete from location_restrictions`);
  const [au, pending, uk, us] = await Promise.all(
    ['group.admin', 'pending.booker', 'uk.admin', 'us.admin'].map((name) => signIn(t.app, `${name}@demo.test`)),
  );
  Object.assign(who, { au, pending, uk, us });
});
afterAll(async () => {
  await flushBookingNotifications();
  await t?.close();
});

/** Every mail to an address, newest first, once the queue and the confirmations sent after replies are through. */
async function outbox(to: string): Promise<OutboxMail[]> {
  await flushBookingNotifications();
  await t.app.mailer.drain();
  const res = await t.app.inject({ method: 'GET', url: `/v1/dev/outbox?to=${encodeURIComponent(to)}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as OutboxMail[]).filter((m) => m.channel === 'email');
}

/** A mail's words without its addresses (a link may carry anything) nor its markup's attributes. */
function wordsOf(mail: OutboxMail): string {
  const html = (mail.html ?? '').replace(/\s(href|src|style)="[^"]*"/g, '');
  return [mail.subject ?? '', mail.text, html].join('\n').replace(/https?:\/\/\S+/g, '');
}

/** What every mail must have: both parts, a link into the portal in each, no ISO date outside addresses. */
function expectReadable(mail: OutboxMail, portalPath: string | RegExp) {
  expect(mail.subject).toBeTruthy();
  expect(mail.text.length).toBeGreaterThan(50);
  expect(mail.html).toMatch(/^<!DOCTYPE html/i);
  const path = typeof portalPath === 'string' ? portalPath.replace(/[?.]/g, '\\$&') : portalPath.source;
  expect(mail.text).toMatch(new RegExp(`${ORIGIN}${path}`));
  expect(mail.html).toMatch(new RegExp(`href="${ORIGIN}${path}`));
  expect(wordsOf(mail)).not.toMatch(ISO_DATE);
  expect(wordsOf(mail)).not.toContain('Client Portal');
}

/**
 * A booking on `dates`, 08:30–15:00, at the caller's first school in `zone` (that `pick` accepts), confirmed by
 * e-mail to its first contact with an address; `prepare` may change that contact first.
 */
async function book(
  as: SignedIn,
  zone: string,
  dates: string[],
  pick: (l: BookingLocation) => boolean = () => true,
  prepare?: (bookingContactId: number) => Promise<void>,
) {
  const { location, contacts, body } = await bookingRequestAt(t.app, as, zone, pick);
  const contact = contacts.find((c) => c.id === body.confirmations[0]!.bookingContactId)!;
  await prepare?.(contact.id);
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/bookings',
    headers: as.headers,
    payload: { ...body, dates, startTime: '08:30', endTime: '15:00' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const created = CreatedBooking.parse(res.json());
  // The locale the contact reads: their portal account's language, else the school's.
  const [reader] = await rows<{ locale: string }>(
    sql`select coalesce(ct.language, c.locale)::text as locale from booking_contacts bc
        join locations l on l.id = bc.location_id join clients c on c.id = l.client_id
        left join contacts ct on ct.id = bc.contact_id where bc.id = ${contact.id}`,
  );
  return { location, contact, created, locale: reader!.locale };
}

describe('a booking confirmation', () => {
  it('to an en-AU contact: no ISO date, the region’s product name, day-first dates, 24-hour times, a link to the booking', async () => {
    const { location, contact, created, locale } = await book(who.au, 'Australia/Sydney', ['2026-04-07', '2026-04-08', '2026-04-09']);
    expect(locale).toBe('en-AU');
    const mail = (await outbox(contact.email!)).find((m) => m.subject?.endsWith(` · ${created.seriesReference}`));
    expect(mail, 'the confirmation of the new block').toBeDefined();
    expectReadable(mail!, `/bookings/${created.bookings[0]!.id}`);
    expect(mail!.subject).toBe(`Booking received: ${location.locationName}, 7 Apr 2026 – 9 Apr 2026 (3 days) · ${created.seriesReference}`);
    expect(mail!.text).toContain('Chalkline Relief Portal');
    expect(mail!.html).toContain('Chalkline Relief Portal');
    // (Not Easter Monday, 6 April: a public holiday in New South Wales.)
    expect(mail!.text).toContain('Tue 7 Apr 2026');
    expect(mail!.text).toContain('Times: 08:30–15:00');
    // Named by school, dates and times: the request's number appears nowhere in the portal, so nowhere here.
    expect(wordsOf(mail!)).not.toContain(`#${created.requestId}`);
  });

  it('to an en-US contact: month-first dates and 12-hour times, the US product name', async () => {
    const { contact, created, locale } = await book(who.us, 'America/New_York', ['2026-04-06', '2026-04-07']);
    expect(locale).toBe('en-US');
    const mail = (await outbox(contact.email!)).find((m) => m.subject?.endsWith(` · ${created.seriesReference}`))!;
    expectReadable(mail, `/bookings/${created.bookings[0]!.id}`);
    expect(mail.subject).toContain('Apr 6, 2026 – Apr 7, 2026 (2 days)');
    expect(mail.text).toContain('Mon Apr 6, 2026');
    expect(mail.text).toContain('Times: 8:30 AM–3:00 PM');
    expect(mail.text).not.toMatch(/\b(0\d|1\d|2[0-3]):\d{2}\b(?! ?[AP]M)/);
    expect(mail.text).toContain('Chalkline Substitute Portal');
    expect(mail.text).toContain('Chalkline Education USA');
  });

  it('to an en-GB contact: day-first dates and the 24-hour clock, the UK product and company names', async () => {
    const { contact, created, locale } = await book(who.uk, 'Europe/London', ['2026-04-13']);
    expect(locale).toBe('en-GB');
    const mail = (await outbox(contact.email!)).find((m) => m.text.includes(`/bookings/${created.bookings[0]!.id}`))!;
    expectReadable(mail, `/bookings/${created.bookings[0]!.id}`);
    expect(mail.text).toContain('Date: Mon 13 Apr 2026');
    expect(mail.text).toContain('Times: 08:30–15:00');
    expect(mail.text).not.toMatch(/[AP]M\b/);
    expect(mail.text).toContain('Chalkline Supply Portal');
    expect(mail.text).toContain('Chalkline Education UK');
  });

  it('escapes a hostile contact name in the HTML part', async () => {
    const { contact, created } = await book(who.au, 'Australia/Sydney', ['2026-04-20'], undefined, async (id) => {
      await rows(sql`update booking_contacts set name = ${HOSTILE} where id = ${id}`);
    });
    const mail = (await outbox(contact.email!)).find((m) => m.text.includes(`/bookings/${created.bookings[0]!.id}`))!;
    expectReadable(mail, `/bookings/${created.bookings[0]!.id}`);
    expect(mail.text).toContain(`Hello ${HOSTILE},`);
    expect(mail.html).toContain('Hello &lt;img src=x onerror=alert(1)&gt;,');
    expect(mail.html).not.toContain('<img');
  });
});

describe('the approval request', () => {
  it('tells the en-AU approver in their locale, with their Approve and Reject links and a link to pending approval', async () => {
    const locations = BookingLocationListResponse.parse((await get('/v1/locations/booking-location-list', who.pending)).json());
    const place = locations.find((l) => !l.canCreateBooking && l.canCreatePendingBooking)!;
    const { created } = await book(who.pending, place.timeZone, ['2026-04-14', '2026-04-15'], (l) => l.locationId === place.locationId);
    expect(created.status).toBe('pending_approval');
    const mail = (await outbox('group.admin@demo.test')).find(
      (m) => m.subject?.startsWith('Booking waiting for your approval') && m.subject.endsWith(` · ${created.seriesReference}`),
    )!;
    expectReadable(mail, '/bookings/pending-approval');
    expect(mail.text).toMatch(/^Approve: http:\/\/portal\.test\/email-action\/[\w-]{43}$/m);
    expect(mail.text).toMatch(/^Reject: http:\/\/portal\.test\/email-action\/[\w-]{43}$/m);
    expect(mail.text).toContain('Tue 14 Apr 2026');
    expect(mail.text).toContain('Chalkline Relief Portal');
  });
});

describe('the password reset', () => {
  it('escapes a hostile first name, names the region’s product and links the reset page first', async () => {
    await rows(sql`update contacts set first_name = ${HOSTILE} where email = 'uk.admin@demo.test'`);
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/password-reset', payload: { email: 'uk.admin@demo.test' } });
    expect(res.statusCode).toBe(202);
    const [mail] = await outbox('uk.admin@demo.test');
    expectReadable(mail!, /\/reset-password\?token=[\w%-]+/);
    expect(mail!.subject).toBe('Reset your Chalkline Supply Portal password');
    // The link is the first address of the text part (the e2e helpers and the tests take the first one).
    expect(/(https?:\/\/\S+)/.exec(mail!.text)![1]).toMatch(/\/reset-password\?token=/);
    expect(mail!.html).toContain('Hello &lt;img src=x onerror=alert(1)&gt;,');
    expect(mail!.html).not.toContain('<img');
  });
});

describe('the cancellation request to the provider office', () => {
  it('is written in the office’s region, names the booking as the portal does and links to it', async () => {
    const [booking] = await rows<{ id: number; date_local: string }>(
      sql`select b.id, b.date_local::text from bookings b join clients c on c.id = b.client_id
          where c.country = 'GB' and b.status = 'filled' and b.date_local > '2026-03-17' order by b.date_local, b.id limit 1`,
    );
    const reason = `Trip cancelled ${booking!.id}`;
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/bookings/${booking!.id}/cancellation-request`,
      headers: who.uk.headers,
      payload: { reason },
    });
    expect(res.statusCode, res.body).toBe(202);
    const mail = (await outbox('bookings.uk@provider.test')).find((m) => m.text.includes(reason))!;
    expectReadable(mail, `/bookings/${booking!.id}`);
    expect(mail.subject).toMatch(/^Cancellation request: .+, \w+day, \d{1,2} \w{3} 2026$/);
    expect(mail.text).toMatch(/Times: \d{2}:\d{2}–\d{2}:\d{2} \((GMT|BST)\)/);
    expect(mail.text).toContain(`Reason: ${reason}`);
    expect(wordsOf(mail)).not.toMatch(new RegExp(`Booking: ${booking!.id}\\b`));
  });
});
