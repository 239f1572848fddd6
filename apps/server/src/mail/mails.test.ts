import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../lib/mailer';
import { bookingSubject, datesInBrief, extensionOfferText } from './booking-words';
import {
  approvalRequestMail,
  bookingUpdateMail,
  cancellationRequestMail,
  extensionOfferMail,
  passwordResetMail,
  signInSlowedMail,
  weeklyDigestMail,
} from './mails';

/**
 * Every template, rendered for an en-AU and an en-US reader with a hostile value in every field a person typed:
 * both parts, the region's names, the reader's date and time formats, a link into the portal, and markup never
 * taken from a name.
 */

const ORIGIN = 'https://portal.example';
const EVIL = '<img src=x onerror=alert(1)>';
const ESCAPED = '&lt;img src=x onerror=alert(1)&gt;';

function kinds(locale: string): Array<[string, () => Promise<MailMessage>, string | null]> {
  const days = [
    { id: 41, dateLocal: '2026-04-06', start: '08:30:00', end: '15:30:00', status: 'filled', educator: `Mia ${EVIL}` },
    { id: 42, dateLocal: '2026-04-07', start: '08:30:00', end: '15:30:00', status: 'unfilled', educator: null },
  ];
  return [
    [
      'booking update',
      () =>
        bookingUpdateMail({
          to: 'a@school.test',
          locale,
          origin: ORIGIN,
          event: 'cancelled',
          recipientName: EVIL,
          school: `Kōwhai ${EVIL}`,
          reference: 'BLK-0000041',
          days,
          reason: EVIL,
        }),
      `${ORIGIN}/bookings/41`,
    ],
    [
      'approval request',
      () =>
        approvalRequestMail({
          to: 'a@school.test',
          locale,
          origin: ORIGIN,
          firstName: EVIL,
          school: `Kōwhai ${EVIL}`,
          clientName: EVIL,
          dates: ['2026-04-07', '2026-04-06'],
          startTime: '08:30',
          endTime: '15:30',
          classification: EVIL,
          requestedBy: EVIL,
          reference: 'BLK-0000041',
          approveUrl: `${ORIGIN}/email-action/approve-secret`,
          rejectUrl: `${ORIGIN}/email-action/reject-secret`,
          linkHours: 72,
        }),
      `${ORIGIN}/bookings/pending-approval`,
    ],
    [
      'password reset',
      () =>
        passwordResetMail({
          to: 'a@school.test',
          locale,
          origin: ORIGIN,
          firstName: EVIL,
          resetUrl: `${ORIGIN}/reset-password?token=abc`,
          minutes: 60,
        }),
      `${ORIGIN}/reset-password?token=abc`,
    ],
    [
      'sign-in slowed',
      () =>
        signInSlowedMail({
          to: 'a@school.test',
          locale,
          origin: ORIGIN,
          firstName: EVIL,
          unlockUrl: `${ORIGIN}/unlock?token=abc`,
          hours: 24,
        }),
      `${ORIGIN}/unlock?token=abc`,
    ],
    [
      'cancellation request',
      () =>
        cancellationRequestMail({
          to: 'office@provider.test',
          locale,
          origin: ORIGIN,
          requester: { name: EVIL, email: 'a@school.test' },
          clientName: EVIL,
          school: `Kōwhai ${EVIL}`,
          dateLocal: '2026-04-06',
          start: '08:30:00',
          end: '15:30:00',
          timeZone: locale === 'en-US' ? 'America/New_York' : 'Australia/Sydney',
          educator: EVIL,
          status: 'filled',
          series: { reference: 'BLK-0000041', position: 1, total: 2 },
          reason: EVIL,
          bookingUrl: `${ORIGIN}/bookings/41`,
        }),
      `${ORIGIN}/bookings/41`,
    ],
    [
      'extension offer',
      () =>
        extensionOfferMail({
          to: 'educator@example.test',
          locale,
          origin: ORIGIN,
          firstName: EVIL,
          school: `Kōwhai ${EVIL}`,
          days: days.map(({ dateLocal, start, end }) => ({ dateLocal, start, end })),
        }),
      // Educators do not sign in to the client portal: no link to it.
      null,
    ],
    [
      'weekly digest',
      () =>
        weeklyDigestMail({
          to: 'a@school.test',
          locale,
          origin: ORIGIN,
          firstName: EVIL,
          lastWeek: { from: '2026-03-30', to: '2026-04-05' },
          comingWeek: { from: '2026-04-06', to: '2026-04-12' },
          spend: [{ currency: locale === 'en-US' ? 'USD' : 'AUD', amountMinor: 123450 }],
          fill: { bookings: 9, filled: 8, fillRatePercentage: 89 },
          unfilled: {
            total: 3,
            bookings: days.map(({ id, dateLocal, start, end }) => ({
              id,
              dateLocal,
              startTime: start,
              endTime: end,
              school: `Kōwhai ${EVIL}`,
              role: EVIL,
            })),
          },
        }),
      `${ORIGIN}/bookings/41`,
    ],
  ];
}

const withoutAddresses = (value: string) => value.replace(/\s(href|src)="[^"]*"/g, '').replace(/https?:\/\/\S+/g, '');

describe.each([
  ['en-AU', 'Chalkline Relief Portal', 'Chalkline Education', '6 Apr 2026', '08:30–15:30'],
  ['en-US', 'Chalkline Substitute Portal', 'Chalkline Education USA', 'Apr 6, 2026', '8:30 AM–3:30 PM'],
])('every mail to an %s reader', (locale, product, company, day, times) => {
  it.each(kinds(locale))('%s', async (kind, compose, link) => {
    const mail = await compose();
    expect(mail.subject.length).toBeGreaterThan(10);
    expect(mail.text.length).toBeGreaterThan(100);
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toContain(`lang="${locale}"`);

    // The region's names, never the generic one.
    expect(mail.text).toContain(product);
    expect(mail.html).toContain(product);
    expect(mail.html).toContain(company);
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toContain('Client Portal');

    // A person's text is text: escaped in the HTML, as typed in the plain text.
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain(ESCAPED);
    expect(mail.text).toContain(EVIL);

    // Dates and times as the reader writes them; no ISO date outside an address.
    for (const part of [mail.subject, mail.text, mail.html ?? '']) expect(withoutAddresses(part)).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    if (!/password|sign-in/.test(kind)) expect(mail.text).toContain(day);
    if (/booking update|approval|cancellation|digest/.test(kind)) expect(mail.text).toContain(times);

    if (link) {
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    } else {
      expect(mail.text).not.toContain(ORIGIN);
      expect(mail.html).not.toContain(ORIGIN);
    }
  });
});

describe('the plain-text part', () => {
  it('writes facts as "Label: value" and buttons as "Label: address", one a line', async () => {
    const mail = await approvalRequestMail({
      to: 'a@school.test',
      locale: 'en-GB',
      origin: ORIGIN,
      firstName: 'Ann',
      school: 'Oakfield Primary',
      clientName: null,
      dates: ['2026-04-06'],
      startTime: '08:30',
      endTime: '15:30',
      classification: 'Teacher',
      requestedBy: 'Sam Lee',
      reference: null,
      approveUrl: `${ORIGIN}/email-action/approve-secret`,
      rejectUrl: `${ORIGIN}/email-action/reject-secret`,
      linkHours: 72,
    });
    expect(mail.subject).toBe('Booking waiting for your approval: Oakfield Primary, Mon 6 Apr 2026');
    expect(mail.text).toMatch(/^School: Oakfield Primary$/m);
    expect(mail.text).toMatch(/^Times: 08:30–15:30$/m);
    expect(mail.text).toMatch(new RegExp(`^Approve: ${ORIGIN}/email-action/approve-secret$`, 'm'));
    expect(mail.text).toMatch(new RegExp(`^Reject: ${ORIGIN}/email-action/reject-secret$`, 'm'));
    expect(mail.text).toContain('within 72 hours');
    expect(mail.text).not.toMatch(/Series reference|#\d/);
  });

  it('puts a secret link first, before any other address (the reset page reads the first one)', async () => {
    const mail = await passwordResetMail({
      to: 'a@school.test',
      locale: 'en-NZ',
      origin: ORIGIN,
      firstName: 'Ann',
      resetUrl: `${ORIGIN}/reset-password?token=abc`,
      minutes: 60,
    });
    expect(/(https?:\/\/\S+)/.exec(mail.text)?.[1]).toBe(`${ORIGIN}/reset-password?token=abc`);
    expect(mail.html).toContain('Chalkline Education NZ');
  });
});

describe('short texts (SMS, voice, push)', () => {
  it('name a booking by school and localised dates, with the series reference last', () => {
    expect(bookingSubject('Educator confirmed', 'Oakfield Primary', ['2026-04-07', '2026-04-06'], 'BLK-7', 'en-GB')).toBe(
      'Educator confirmed: Oakfield Primary, 6 Apr 2026 – 7 Apr 2026 (2 days) · BLK-7',
    );
    expect(bookingSubject('Booking cancelled', 'Lincoln Elementary', ['2026-04-06'], null, 'en-US')).toBe(
      'Booking cancelled: Lincoln Elementary, Mon Apr 6, 2026',
    );
    expect(datesInBrief([], 'en-AU')).toBe('');
    expect(extensionOfferText('Mia', 'Oakfield Primary', ['2026-04-06', '2026-04-07'], 'en-CA')).toBe(
      'Hi Mia, Oakfield Primary would like you to stay on: you are tentatively booked on Mon Apr 6, 2026, Tue Apr 7, 2026. We will confirm shortly.',
    );
  });
});
