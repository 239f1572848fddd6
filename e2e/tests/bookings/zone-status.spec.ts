import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { apiGet, apiTokenFor } from '../../support/api';
import { expectHeading, navigateInApp, signIn } from '../../support/auth';
import { listBookings, startOf, todayIn, type Detail, type ListItem } from '../../support/bookings';
import { expectNoPageErrors, expectNoSeriousA11yViolations, expectVisible, screenshot, useBrowser } from '../../support/browser';
import { journeyWidths } from '../../support/widths';

/**
 * At 02:05 in London, today's UK bookings starting 08:40 must not show 'Commenced' nor refuse cancellation as
 * started (as a clock read in another zone would have them). A booking's status and "has it started" follow its school's own zone: before the local start a filled
 * booking is Filled and an unfilled one can be cancelled. Only reads (uk.admin): nothing is changed.
 */
const UK = 'uk.admin@demo.test';

/** The first booking of a status, today or later, whose local start is still ahead (at least 10 minutes). */
async function notStartedYet(token: string, status: string): Promise<ListItem> {
  const from = todayIn('Europe/London');
  const to = DateTime.fromISO(from).plus({ days: 14 }).toISODate()!;
  const rows = await listBookings(token, `dateFromLocal=${from}&dateToLocal=${to}&status=${status}&take=200`);
  const soon = DateTime.now().plus({ minutes: 10 });
  const row = rows.find((b) => startOf(b) > soon);
  expect(row, `a ${status} UK booking still to start`).toBeDefined();
  return row!;
}

describe('booking status in the school’s own time zone (UK)', () => {
  const browser = useBrowser();

  for (const viewport of journeyWidths()) {
    it(`shows a booking that has not started at its school as Filled, and lets an unfilled one be cancelled (${viewport})`, async () => {
      const token = await apiTokenFor(UK);
      const filled = await notStartedYet(token, 'filled');
      // The server agrees: not commenced before its local start, whatever the time is elsewhere.
      expect(filled.status).toBe('filled');

      const page = await browser.newPage(viewport);
      await signIn(page, UK, `/bookings?from=${filled.dateLocal}&to=${filled.dateLocal}`);
      await expectHeading(page, 'Bookings');
      const row = page.locator(`[data-booking-id="${filled.id}"]`);
      await expectVisible(row);
      await expectVisible(row.getByText('Filled', { exact: true }));
      expect(await row.getByText('Commenced').count()).toBe(0);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'zone-status-list');

      const unfilled = await notStartedYet(token, 'unfilled');
      const detail = await apiGet<Detail>(token, `bookings/${unfilled.id}`);
      expect(detail.booking.actions.cancel).toBe(true);
      await navigateInApp(page, `/bookings/${unfilled.id}`);
      await expectVisible(page.getByRole('heading', { level: 1, name: /^Booking on / }));
      await expectVisible(page.getByRole('button', { name: 'Cancel booking' }));
      expect(await page.getByTestId('cancel-blocked').count()).toBe(0);
      await screenshot(page, 'zone-status-detail');
      expectNoPageErrors(page);
    }, 120_000);
  }
});
