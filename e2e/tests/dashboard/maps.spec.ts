import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHeading, navigateInApp, signInWithForm } from '../../support/auth';
import { expectNoPageErrors, expectNoSeriousA11yViolations, expectVisible, screenshot, useBrowser } from '../../support/browser';
import { journeyWidths } from '../../support/widths';

/**
 * the maps (dashboard MAP layout, group overview) draw the bundled basemap (land, coast and borders)
 * under the markers, so they are maps, not grey boxes, without a tile service (the demo has none).
 */
async function expectBasemap(page: Page, region: string): Promise<void> {
  const map = page.getByRole('region', { name: region, exact: true });
  await expectVisible(map);
  await expect.poll(() => map.locator('.leaflet-basemap-pane path').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  // The land is drawn where the map shows it: some basemap path has a visible box inside the map.
  await expect
    .poll(() =>
      map.locator('.leaflet-basemap-pane path').evaluateAll((paths) => paths.some((path) => (path.getAttribute('d') ?? '').length > 100)),
    )
    .toBe(true);
}

describe('maps with the bundled basemap', () => {
  const browser = useBrowser();

  for (const viewport of journeyWidths()) {
    it(`dashboard MAP layout and group overview (${viewport})`, async () => {
      const page = await browser.newPage(viewport);
      await signInWithForm(page, 'group.admin@demo.test');
      await page.waitForURL((url) => url.pathname === '/overview');

      await navigateInApp(page, '/');
      await expectHeading(page, 'Home');
      await page.getByRole('button', { name: 'Map' }).click();
      await expectBasemap(page, 'Map of your locations');
      await expect.poll(() => page.locator('.portal-map-marker').count()).toBeGreaterThan(0);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'map-dashboard');

      await navigateInApp(page, '/group-overview');
      await expectHeading(page, 'Group overview');
      // On a phone the table and the map share the space: the map is behind its toggle.
      if (viewport === 'mobile') await page.getByRole('button', { name: 'Map', exact: true }).click();
      await expectBasemap(page, "Map of the group's locations");
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'map-group-overview');
      expectNoPageErrors(page);
    });
  }
});
