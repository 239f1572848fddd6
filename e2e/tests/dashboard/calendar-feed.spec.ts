import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { expectHeading, signIn } from '../../support/auth';
import { expectNoPageErrors, expectNoSeriousA11yViolations, expectVisible, screenshot, useBrowser } from '../../support/browser';
import { journeyWidths } from '../../support/widths';

/**
 * The bookings calendar feed as bookings.viewer: settings → create the link → the link answers a
 * calendar that ical.js reads back → turn it off → the link answers 404. The account is left without a feed.
 */
const ACCOUNT = 'bookings.viewer@demo.test';

describe('bookings calendar feed in settings', () => {
  const browser = useBrowser();

  for (const viewport of journeyWidths()) {
    it(`makes a link a calendar app reads, and turns it off (${viewport})`, async () => {
      const page = await browser.newPage(viewport);
      await signIn(page, ACCOUNT, '/settings');
      await expectHeading(page, 'Settings');
      const section = page.getByRole('region', { name: 'Bookings calendar' });
      await expectVisible(section);
      await expectVisible(section.getByText('You have no calendar link yet.'));

      await section.getByRole('button', { name: 'Create calendar link' }).click();
      const field = section.getByTestId('calendar-feed-url');
      await expectVisible(field);
      const url = await field.inputValue();
      expect(url).toMatch(/\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      await expectVisible(section.getByText(/shown only once/));
      await expectVisible(section.getByText(/Your calendar link is on since/));
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'settings-calendar-feed');

      // The feed itself: no sign-in, text/calendar, and ical.js reads every event back.
      const feedPath = new URL(url).pathname;
      const response = await page.request.get(feedPath);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(/^text\/calendar/);
      expect(response.headers()['cache-control']).toBe('private, no-cache');
      expect(response.headers().etag).toMatch(/^"v\./);
      const calendar = new ICAL.Component(ICAL.parse(await response.text()));
      const zones = calendar.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid'));
      expect(zones.length).toBeGreaterThan(0);
      const vevents = calendar.getAllSubcomponents('vevent');
      expect(vevents.length).toBeGreaterThan(0);
      for (const vevent of vevents) {
        const event = new ICAL.Event(vevent);
        expect(event.uid).toMatch(/^booking-\d+@/);
        expect(event.summary).toMatch(/ – /);
        expect(event.location.length).toBeGreaterThan(3);
        // Times in the location's zone, which the file defines.
        expect(zones).toContain(vevent.getFirstProperty('dtstart')?.getParameter('tzid'));
        expect(['TENTATIVE', 'CONFIRMED', 'CANCELLED']).toContain(vevent.getFirstPropertyValue('status'));
      }

      // Turn it off: the same link is gone.
      await section.getByRole('button', { name: 'Turn off' }).click();
      await expectVisible(section.getByText('You have no calendar link yet.'));
      expect(await section.getByTestId('calendar-feed-url').count()).toBe(0);
      expect((await page.request.get(feedPath)).status()).toBe(404);
      await screenshot(page, 'settings-calendar-feed-off');
      expectNoPageErrors(page);
    }, 150_000);
  }
});
