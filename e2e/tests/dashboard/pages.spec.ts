import { describe, expect, it } from 'vitest';
import { apiGet, apiTokenFor, nextWeekdayIso } from '../../support/api';
import { expectHeading, navigateInApp, signInWithForm } from '../../support/auth';
import { expectNoPageErrors, expectNoSeriousA11yViolations, expectVisible, screenshot, useBrowser } from '../../support/browser';
import { journeyWidths } from '../../support/widths';

/** Client overview, group overview, help and under construction as group.admin (en-AU, several schools, the flag). */
const ACCOUNT = 'group.admin@demo.test';

interface Row {
  locationId: number;
  clientName: string;
  locationName: string;
  displayName: string;
  fillRatePercentage: number;
  filledBookings: number;
  totalBookings: number;
}

describe('overview, group overview, help', () => {
  const browser = useBrowser();

  for (const viewport of journeyWidths()) {
    it(`every page reads well and passes axe (${viewport})`, async () => {
      const token = await apiTokenFor(ACCOUNT);
      const profile = await apiGet<{
        links: { groups: Array<{ groupId: number; clients: Array<{ clientName: string }> }> };
        generalFiles: Array<{ name: string }>;
      }>(token, 'profile');
      const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      const rows = await apiGet<Row[]>(
        token,
        `client-groups/${profile.links.groups[0]!.groupId}/overview?filterDate=${nextWeekdayIso()}&timeZone=${encodeURIComponent(timeZone)}`,
      );

      const page = await browser.newPage(viewport);
      await signInWithForm(page, ACCOUNT);
      await page.waitForURL((url) => url.pathname === '/overview');
      await expectHeading(page, 'Overview');
      for (const client of profile.links.groups[0]!.clients) await expectVisible(page.getByRole('heading', { name: client.clientName }));
      await expect.poll(() => page.getByText(/^Next 4 weeks: \d+$/).count()).toBe(profile.links.groups[0]!.clients.length);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'client-overview');

      await navigateInApp(page, '/group-overview');
      await expectHeading(page, 'Group overview');
      await expectVisible(page.getByRole('table', { name: 'Fill rates by location' }));
      for (const row of rows) {
        await expect
          .poll(() => page.getByTestId(`fill-rate-${row.locationId}`).textContent())
          .toBe(row.fillRatePercentage < 0 ? '—' : `${row.fillRatePercentage}%`);
      }
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'group-overview');
      // Sorting by fill rate puts the highest first.
      await page.getByRole('button', { name: 'Fill rate' }).click();
      // The table names a location once: its own name when it starts with the client's ("Blue Gum College – Junior Campus").
      const shown = (row: Row) =>
        row.locationName.startsWith(row.clientName) ? row.locationName : `${row.clientName} – ${row.locationName}`;
      const best = [...rows].sort((a, b) => b.fillRatePercentage - a.fillRatePercentage || shown(a).localeCompare(shown(b)))[0]!;
      // The row header holds the school's link (and, on a phone, its counts under it).
      expect(await page.getByRole('table').locator('tbody tr').first().getByRole('rowheader').locator('a').textContent()).toBe(shown(best));

      await navigateInApp(page, '/help');
      await expectHeading(page, 'Help');
      if (profile.generalFiles.length === 0) await expectVisible(page.getByText('There are no files available yet.'));
      else {
        await expectVisible(page.getByText(profile.generalFiles[0]!.name, { exact: true }));
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: `Download ${profile.generalFiles[0]!.name}` }).click();
        expect((await download).suggestedFilename()).toBeTruthy();
      }
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'help');

      await navigateInApp(page, '/settings');
      await expectHeading(page, 'Settings');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'settings-extended');

      await page.goto('/under-construction');
      await expectHeading(page, 'Under construction');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'under-construction');
      expectNoPageErrors(page);
    });
  }
});
