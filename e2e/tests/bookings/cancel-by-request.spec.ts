import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { apiTokenFor } from '../../support/api';
import { expectHeading, navigateInApp, signIn } from '../../support/auth';
import { listBookings, startOf, todayIn } from '../../support/bookings';
import { expectNoPageErrors, expectNoSeriousA11yViolations, expectVisible, screenshot, useBrowser } from '../../support/browser';
import { baseUrl } from '../../support/world';
import { journeyWidths } from '../../support/widths';

/**
 * A booking that cannot be cancelled online (an educator assigned, or started: spec §4) must not just say "Please
 * call us" without saying how: it shows the provider office of the school's region (runtime configuration) and
 * offers Request cancellation, which e-mails the office (the demo outbox) and says it was sent. Help shows the
 * office too, signed in and signed out (the signed-out Help link opened the welcome page), and the map never
 * shows a developer message. uk.admin sends one request per run; the booking itself is not changed.
 */
const UK = 'uk.admin@demo.test';
const UK_OFFICE = { phone: '020 7946 0958', email: 'bookings.uk@provider.test' };

interface OutboxMessage {
  subject: string | null;
  text: string;
}

async function outbox(to: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${baseUrl()}/v1/dev/outbox?to=${encodeURIComponent(to)}`, { headers: { 'accept-version': '1' } });
  return (await response.json()) as OutboxMessage[];
}

describe('what to do when a booking cannot be cancelled online', () => {
  const browser = useBrowser();

  for (const viewport of journeyWidths()) {
    it(`shows the UK office and sends a cancellation request (${viewport})`, async () => {
      const token = await apiTokenFor(UK);
      const from = todayIn('Europe/London');
      const to = DateTime.fromISO(from).plus({ days: 21 }).toISODate()!;
      const rows = await listBookings(token, `dateFromLocal=${from}&dateToLocal=${to}&status=filled&take=200`);
      const filled = rows.filter((b) => startOf(b) > DateTime.now())[viewport === 'desktop' ? 0 : 1]!;

      const page = await browser.newPage(viewport);
      await signIn(page, UK, `/bookings/${filled.id}`);
      const blocked = page.getByTestId('cancel-blocked');
      await expectVisible(blocked);
      expect(await page.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
      const contact = blocked.getByTestId('provider-contact');
      await expectVisible(contact.getByRole('link', { name: `Call ${UK_OFFICE.phone}` }));
      expect(await contact.getByRole('link', { name: `Call ${UK_OFFICE.phone}` }).getAttribute('href')).toBe('tel:02079460958');
      expect(await contact.getByRole('link', { name: `E-mail ${UK_OFFICE.email}` }).getAttribute('href')).toBe(`mailto:${UK_OFFICE.email}`);
      await screenshot(page, 'cancel-blocked-contact');

      await blocked.getByRole('button', { name: 'Request cancellation' }).click();
      const dialog = page.getByRole('dialog', { name: 'Ask us to cancel this booking' });
      await dialog.getByRole('button', { name: 'Send request' }).click();
      await expectVisible(dialog.getByText('Please give a reason for cancelling this booking'));
      const reason = `Year 9 trip moved (${viewport} ${Date.now()})`;
      await dialog.getByRole('textbox', { name: /Reason for cancelling/ }).fill(reason);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'cancel-request-dialog');
      await dialog.getByRole('button', { name: 'Send request' }).click();

      const sent = page.getByTestId('cancellation-request-sent');
      await expectVisible(sent, 30_000);
      await expectVisible(sent.getByText(new RegExp(`^Sent to ${UK_OFFICE.email.replace(/\./g, '\\.')} at `)));
      expect(await blocked.getByRole('button', { name: 'Request cancellation' }).count()).toBe(0);
      await expect
        .poll(async () =>
          (await outbox(UK_OFFICE.email)).some((m) => m.subject?.startsWith('Cancellation request:') && m.text.includes(reason)),
        )
        .toBe(true);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'cancel-request-sent');

      // Help shows the same office.
      await navigateInApp(page, '/help');
      await expectHeading(page, 'Help');
      await expectVisible(page.getByTestId('provider-contact').getByRole('link', { name: `Call ${UK_OFFICE.phone}` }));
      await screenshot(page, 'help-contact');

      // The dashboard's map says nothing about configuration.
      await navigateInApp(page, '/');
      await page.getByRole('button', { name: 'Map' }).click();
      await expectVisible(page.getByRole('region', { name: 'Your locations', exact: true }));
      expect(await page.getByText(/not configured/i).count()).toBe(0);
      await screenshot(page, 'dashboard-map-no-tiles');
      expectNoPageErrors(page);
    }, 90_000);

    it(`opens Help, not the welcome page, from the signed-out footer (${viewport})`, async () => {
      const page = await browser.newPage(viewport);
      await page.goto('/login');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Help' }).click();
      await expectHeading(page, 'Help');
      expect(new URL(page.url()).pathname).toBe('/help/contact');
      await expectVisible(page.getByTestId('provider-contact'));
      await expectVisible(page.getByRole('button', { name: 'Sign in' }).or(page.getByRole('link', { name: 'Sign in' })));
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'help-signed-out');
      expectNoPageErrors(page);
    });
  }
});
