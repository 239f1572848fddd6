import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiGet, apiTokenFor } from '../../support/api';
import { expectHeading, navigateInApp, signIn } from '../../support/auth';
import { createBooking, schoolDaysInOneWeek, type Detail } from '../../support/bookings';
import { expectNoPageErrors, expectNoSeriousA11yViolations, expectVisible, screenshot, useBrowser } from '../../support/browser';
import { useWorld } from '../../support/world';

/**
 * Live updates: two windows of group.admin (desktop and 375 px) have the portal open; a booking
 * group.admin makes is filled by the provider (the demo simulator) and both windows show it filled, and say so in a
 * toast, without a reload. This file adds one single-day request of group.admin's about four weeks ahead (the
 * simulator fills it).
 */
const ADMIN = 'group.admin@demo.test';
const TOAST = /^Your booking at .+ on .+ was filled by .+$/;

// The provider's moves are what this journey is about: the simulator ticks every 3 s (the demo's default is 20 s).
useWorld({ simulatorSeconds: 3 });

describe('live updates', () => {
  const browser = useBrowser();

  it('a booking made by the user is filled by the provider: both open windows show it filled, with a toast, without a reload', async () => {
    const desktop = await browser.newPage('desktop', { live: true });
    const mobile = await browser.newPage('mobile', { live: true });
    const windows: Page[] = [desktop, mobile];
    for (const page of windows) {
      await signIn(page, ADMIN);
      await expectHeading(page, /./);
    }
    // The streams are open once the shell is: the booking is made after, so no event can pass before them.
    const token = await apiTokenFor(ADMIN);
    const [booking] = await createBooking(token, (locationId) => schoolDaysInOneWeek(token, locationId, 4, 1), 'live-updates');
    expect(booking!.status).toBe('unfilled');
    const loads: number[] = [];
    for (const page of windows) {
      page.on('load', () => loads.push(1));
      await navigateInApp(page, `/bookings/${booking!.id}`);
      await expectVisible(page.getByRole('heading', { level: 1, name: /^Booking on / }));
    }

    // The simulator fills requests made in the last hour first, one tick (20 s) or two.
    for (const page of windows) {
      await expectVisible(page.getByText(TOAST).first(), 90_000);
      await screenshot(page, 'live-updates-filled-toast');
      await expectVisible(page.getByText('Filled', { exact: true }).first(), 10_000);
    }
    expect(loads).toEqual([]);
    const detail = await apiGet<Detail>(token, `bookings/${booking!.id}`);
    expect(detail.booking.status).toBe('filled');
    const name = detail.booking.candidate!;
    for (const page of windows) {
      await expectVisible(page.getByText(name.preferredName ? `${name.preferredName} ${name.lastName}` : name.fullName).first());
      await expectNoSeriousA11yViolations(page);
      expectNoPageErrors(page);
    }
  }, 180_000);
});
