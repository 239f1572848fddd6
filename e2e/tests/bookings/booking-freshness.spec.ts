import { describe, expect, it } from 'vitest';
import { apiGet, apiTokenFor } from '../../support/api';
import { expectHeading, navigateInApp, signIn } from '../../support/auth';
import { createBooking, schoolDaysInOneWeek, type Detail } from '../../support/bookings';
import {
  expectNoPageErrors,
  expectNoSeriousA11yViolations,
  expectVisible,
  screenshot,
  useBrowser,
  type ViewportName,
} from '../../support/browser';
import { useWorld } from '../../support/world';

/**
 * The list and the detail agree: a booking the list shows Filled (educator named) must not open, seconds later, as
 * Unfilled, 'No educator assigned' and a Cancel button that then fails (a stale detail). Here the detail is opened while the
 * booking is unfilled, the provider (the demo simulator) fills it, the list shows it Filled, and opening it again
 * shows it Filled at once, never with Cancel. Adds one booking per run at one of uk.admin's schools.
 */
const UK = 'uk.admin@demo.test';

// The provider's moves are what this journey is about: the simulator ticks every 3 s (the demo's default is 20 s).
useWorld({ simulatorSeconds: 3 });

describe('list and detail agree after the provider fills a booking', () => {
  const browser = useBrowser();

  for (const [index, viewport] of (['desktop', 'mobile'] as ViewportName[]).entries()) {
    it(`opens a booking the list shows Filled as Filled, without Cancel (${viewport})`, async () => {
      const token = await apiTokenFor(UK);
      const [booking] = await createBooking(token, (locationId) => schoolDaysInOneWeek(token, locationId, 5 + index, 1), 'fresh');
      const id = booking!.id;

      const page = await browser.newPage(viewport);
      await signIn(page, UK, `/bookings/${id}`);
      await expectVisible(page.getByRole('heading', { level: 1, name: /^Booking on / }));

      // The provider puts an educator on it (the simulator takes new requests first).
      await expect
        .poll(async () => (await apiGet<Detail>(token, `bookings/${id}`)).booking.status, { timeout: 90_000, interval: 2_000 })
        .toBe('filled');

      await navigateInApp(page, `/bookings?from=${booking!.dateLocal}&to=${booking!.dateLocal}`);
      await expectHeading(page, 'Bookings');
      const row = page.locator(`[data-booking-id="${id}"]`);
      await expectVisible(row.getByText('Filled', { exact: true }));
      await row.getByRole('link').first().click();

      // From the first frame: Filled with the educator, and no Cancel the server would refuse.
      await expectVisible(page.getByRole('heading', { level: 1, name: /^Booking on / }));
      for (let look = 0; look < 5; look++) {
        expect(await page.getByText('No educator assigned').count()).toBe(0);
        expect(await page.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
        await page.waitForTimeout(200);
      }
      await expectVisible(page.getByTestId('detail-educator'));
      await expectVisible(page.getByTestId('cancel-blocked'));
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'booking-freshness-detail');
      expectNoPageErrors(page);
    }, 150_000);
  }
});
