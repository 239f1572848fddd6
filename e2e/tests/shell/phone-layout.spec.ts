import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiGet, apiTokenFor } from '../../support/api';
import { expectHeading, homeAfterClientOverview, navigateInApp, signIn } from '../../support/auth';
import { expectNoPageErrors, expectNoSeriousA11yViolations, expectVisible, screenshot, useBrowser, VIEWPORTS } from '../../support/browser';
import { journeyWidths } from '../../support/widths';

/**
 * What a school contact met on a phone: location names cut before the campus ("Blue Gum Colle…"), feedback cards
 * cut, a booking's When under three other cards, group overview rows naming the client twice ("Blue Gum College -
 * Blue Gum College – Junior Campus"), the map of the map layout screens down. And small targets on the group
 * overview (axe's target-size, which runs only when asked).
 */
const ACCOUNT = 'group.admin@demo.test';
const CAMPUS = 'Blue Gum College – Junior Campus';

interface Profile {
  links: { groups: Array<{ clients: Client[] }>; clients: Client[] };
}
interface Client {
  clientId: number;
  clientName: string;
  locations: Array<{ locationId: number; locationName: string }>;
}

async function locationNames(): Promise<string[]> {
  const profile = await apiGet<Profile>(await apiTokenFor(ACCOUNT), 'profile');
  const clients = [...profile.links.groups.flatMap((g) => g.clients), ...profile.links.clients];
  return clients.flatMap((c) => c.locations.map((l) => l.locationName));
}

/**
 * Elements in the main area whose text names a location and that do not show all of it: wider content than box
 * (scrollWidth > clientWidth) with the overflow hidden, or an ellipsis.
 */
async function cutNames(page: Page, names: string[]): Promise<string[]> {
  return page.locator('main').evaluate((main, names) => {
    const cut: string[] = [];
    for (const element of main.querySelectorAll<HTMLElement>('*')) {
      const own = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
      const text = element.textContent ?? '';
      if (!own || !names.some((name) => text.includes(name))) continue;
      const style = getComputedStyle(element);
      const hidden = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
      if (hidden && element.scrollWidth > element.clientWidth) cut.push(text.trim());
    }
    return cut;
  }, names);
}

describe('names, cards and maps at 375 px and 1366 px', { timeout: 180_000 }, () => {
  const browser = useBrowser();

  for (const viewport of journeyWidths(['mobile', 'desktop'])) {
    it(`location names whole and said once; group overview targets large enough; its map in view (${viewport})`, async () => {
      const names = await locationNames();
      expect(names).toContain(CAMPUS);
      const page = await browser.newPage(viewport);
      await signIn(page, ACCOUNT, '/');
      await homeAfterClientOverview(page);
      await expectVisible(page.getByRole('region', { name: 'Unfilled and starting soon' }));
      expect(await cutNames(page, names)).toEqual([]);

      // Bookings: the cards (phone) and rows name the campus in full, the client not twice.
      await navigateInApp(page, '/bookings?from=');
      await expectHeading(page, 'Bookings');
      const item = page.getByTestId(viewport === 'mobile' ? 'booking-card' : 'booking-row').first();
      await expectVisible(item);
      expect(await cutNames(page, names)).toEqual([]);
      expect(await page.locator('main').textContent()).not.toContain('Blue Gum College - Blue Gum College');

      // The feedback cards: names and places wrap rather than being cut.
      const feedback = page.getByRole('region', { name: 'Waiting for your feedback' });
      await expectVisible(feedback);
      const show = feedback.getByRole('button', { name: 'Show' });
      if (viewport === 'mobile') await show.click();
      const card = feedback.getByTestId('pending-feedback').first();
      await expectVisible(card);
      const texts = await card.evaluate((element) =>
        [...element.querySelectorAll<HTMLElement>('p, span')]
          .filter((e) => e.scrollWidth > e.clientWidth && getComputedStyle(e).overflowX === 'hidden')
          .map((e) => e.textContent),
      );
      expect(texts).toEqual([]);
      expect(await cutNames(page, names)).toEqual([]);
      await expectNoSeriousA11yViolations(page, { targetSize: true });
      await screenshot(page, 'phone-layout-feedback');

      // Group overview: each location named once, whole; the targets pass axe's target size.
      await navigateInApp(page, '/group-overview');
      await expectHeading(page, 'Group overview');
      const table = page.getByRole('table', { name: 'Fill rates by location' });
      await expectVisible(table);
      const rowNames = await table.locator('tbody th a').allTextContents();
      expect(rowNames).toContain(CAMPUS);
      for (const name of rowNames) expect(name, 'a row names its client once').not.toMatch(/^(.+) - \1/);
      expect(await cutNames(page, names)).toEqual([]);
      await expectNoSeriousA11yViolations(page, { targetSize: true });
      await screenshot(page, 'phone-layout-group-overview');

      // The map: beside the table on a wide screen; on a phone behind a toggle in the first screen.
      const map = page.getByRole('region', { name: "Map of the group's locations", exact: true });
      if (viewport === 'mobile') {
        const toggle = page.getByRole('button', { name: 'Map', exact: true });
        const box = await toggle.boundingBox();
        expect(box!.y + box!.height).toBeLessThanOrEqual(VIEWPORTS.mobile.height);
        await toggle.click();
        await expectVisible(map);
        expect(await table.isVisible()).toBe(false);
        await expectNoSeriousA11yViolations(page, { targetSize: true });
        await screenshot(page, 'phone-layout-group-map');
        await page.getByRole('button', { name: 'Table', exact: true }).click();
        await expectVisible(table);
      } else {
        await expectVisible(map);
        const mapBox = await map.boundingBox();
        expect(mapBox!.y).toBeLessThan(VIEWPORTS.desktop.height);
      }
      expectNoPageErrors(page);
    });

    it(`Home's map layout shows the map in the first screen (${viewport})`, async () => {
      const page = await browser.newPage(viewport);
      await signIn(page, ACCOUNT, '/');
      await homeAfterClientOverview(page);
      await page.getByRole('button', { name: 'Map' }).click();
      const map = page.getByRole('region', { name: 'Map of your locations', exact: true });
      await expectVisible(map);
      const box = await map.boundingBox();
      expect(box!.y, 'the map starts in the first screen').toBeLessThan(VIEWPORTS[viewport].height - 150);
      await expectNoSeriousA11yViolations(page, { targetSize: true });
      await screenshot(page, 'phone-layout-home-map');
      expectNoPageErrors(page);
    });

    it(`a booking's When comes first, and its place is named once (${viewport})`, async () => {
      const token = await apiTokenFor(ACCOUNT);
      const names = await locationNames();
      const page = await browser.newPage(viewport);
      // A booking at the campus: its name starts with the client's.
      const profile = await apiGet<Profile>(token, 'profile');
      const client = profile.links.groups.flatMap((g) => g.clients).find((c) => c.locations.some((l) => l.locationName === CAMPUS))!;
      const campus = client.locations.find((l) => l.locationName === CAMPUS)!;
      const [booking] = await apiGet<Array<{ id: number }>>(
        token,
        `bookings?clientIds=${client.clientId}&locationId=${campus.locationId}&sort=date&skip=0&take=1`,
      );
      expect(booking, 'a booking at the campus').toBeTruthy();
      await signIn(page, ACCOUNT, `/bookings/${booking!.id}`);
      await expectVisible(page.getByRole('heading', { level: 1, name: /^Booking on / }));
      const sections = page.getByTestId('booking-detail-sections');
      await expectVisible(sections);
      const order = await sections.evaluate((root) =>
        [...root.querySelectorAll('section h2')]
          .map((h) => ({ name: h.textContent, top: h.getBoundingClientRect().top, left: h.getBoundingClientRect().left }))
          .sort((a, b) => a.top - b.top || a.left - b.left)
          .map((h) => h.name),
      );
      expect(order[0], `the first card of ${order.join(', ')}`).toBe('When');
      if (viewport === 'mobile') expect(order[1]).toBe('Educator');
      const header = await page.locator('main').getByText(CAMPUS).first().textContent();
      expect(header).not.toContain('Blue Gum College - ');
      expect(await page.locator('main').textContent()).not.toMatch(/Junior Campus · Blue Gum College/);
      expect(await cutNames(page, names)).toEqual([]);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'phone-layout-booking-detail');
      expectNoPageErrors(page);
    });
  }
});
