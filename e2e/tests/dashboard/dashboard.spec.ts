import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiGet, apiTokenFor, localIsoDate } from '../../support/api';
import { expectHeading, signInWithForm } from '../../support/auth';
import { baseUrl } from '../../support/world';
import { expectNoPageErrors, expectNoSeriousA11yViolations, expectVisible, screenshot, useBrowser } from '../../support/browser';
import { journeyWidths } from '../../support/widths';

/**
 * The home dashboard (spec §2) as school.admin (one school, every permission): the counts it shows are
 * the API's, in the TILE, LIST and MAP layouts, and the chosen layout survives a reload.
 */
const ACCOUNT = 'school.admin@demo.test';

interface Counts {
  total: number;
  filled: number;
  commenced: number;
  completed: number;
  unfilled: number;
  pendingApproval: number;
  fillRatePercentage: number;
}
interface Summary {
  dateFromLocal: string;
  today: Counts;
  period: Counts;
}

async function tileText(page: Page, key: string): Promise<string> {
  const tile = page.getByTestId(`tile-${key}`);
  await expect.poll(async () => (await tile.textContent())?.trim() ?? '', { timeout: 10_000 }).toMatch(/\S/);
  return (await tile.textContent())!.trim();
}

async function expectCounts(page: Page, summary: Summary, outstanding: number, timesheetsPending: number, requestsPending: number) {
  expect(await tileText(page, 'today')).toBe(String(summary.today.total));
  expect(await tileText(page, 'filledToday')).toBe(String(summary.today.filled + summary.today.commenced + summary.today.completed));
  expect(await tileText(page, 'unfilledToday')).toBe(String(summary.today.unfilled));
  expect((await tileText(page, 'period')).replace(/,/g, '')).toBe(String(summary.period.total));
  expect(await tileText(page, 'fillRate')).toBe(summary.period.fillRatePercentage < 0 ? '—' : `${summary.period.fillRatePercentage}%`);
  // The requests the pending-approval page lists (not the per-day bookings of the summary).
  expect(await tileText(page, 'pendingApproval')).toBe(String(requestsPending));
  expect(await tileText(page, 'outstandingInvoices')).toBe(String(outstanding));
  expect(await tileText(page, 'timesheets')).toBe(String(timesheetsPending));
}

describe('home dashboard', () => {
  const browser = useBrowser();

  for (const viewport of journeyWidths()) {
    it(`shows the API's counts in the tile, list and map layouts (${viewport})`, async () => {
      const token = await apiTokenFor(ACCOUNT);
      const profile = await apiGet<{
        links: { groups: Array<{ clients: Array<{ clientId: number }> }>; clients: Array<{ clientId: number }> };
      }>(token, 'profile');
      const clientIds = [...profile.links.groups.flatMap((g) => g.clients), ...profile.links.clients].map((c) => c.clientId);
      const ids = clientIds.map((id) => `clientIds=${id}`).join('&');
      const today = localIsoDate();
      const summary = await apiGet<Summary>(token, `bookings/summary?${ids}&dateFromLocal=${today}`);
      const { outstandingInvoicesCount } = await apiGet<{ outstandingInvoicesCount: number }>(
        token,
        `invoices/outstanding-invoices-count?${ids}`,
      );
      const timesheets = await apiGet<{ totals: { pendingApproval: number } }>(token, `timesheets/overview?${ids}`);
      const pendingRequests = await fetch(`${baseUrl()}/v1/pending-bookings?${ids}&skip=0&take=1`, {
        headers: { authorization: `Bearer ${token}`, 'accept-version': '1' },
      });
      const requestsPending = (JSON.parse(pendingRequests.headers.get('x-pagination') ?? '{}') as { total: number }).total;
      const monthStart = `${today.slice(0, 8)}01`;
      const nextMonth = new Date(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 0);
      const overview = await apiGet<Array<{ dateLocal: string; totalBookingsCount: number }>>(
        token,
        `bookings/overview?${ids}&dateFromLocal=${monthStart}&dateToLocal=${localIsoDate(nextMonth)}`,
      );
      const locations = await apiGet<Array<{ locationName: string }>>(token, `locations?${ids}`);

      const page = await browser.newPage(viewport);
      await signInWithForm(page, ACCOUNT);
      await page.waitForURL((url) => url.pathname === '/');
      await expectHeading(page, 'Home');
      expect(await page.title()).toMatch(/^Home \| /);

      // TILE (the default)
      await expectCounts(page, summary, outstandingInvoicesCount, timesheets.totals.pendingApproval, requestsPending);
      // The calendar: every day with bookings carries the API's count.
      for (const entry of overview) {
        await expect
          .poll(() => page.locator(`[data-date="${entry.dateLocal}"]`).getAttribute('data-count'))
          .toBe(String(entry.totalBookingsCount));
      }
      await expectVisible(page.getByTestId('year-total'));
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'dashboard-tile');

      // LIST
      await page.getByRole('button', { name: 'List' }).click();
      await expectVisible(page.getByRole('list', { name: 'Next four weeks' }));
      await expectCounts(page, summary, outstandingInvoicesCount, timesheets.totals.pendingApproval, requestsPending);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'dashboard-list');

      // MAP: markers and the list of locations (no tiles in the demo).
      await page.getByRole('button', { name: 'Map' }).click();
      await expectVisible(page.getByRole('region', { name: 'Your locations', exact: true }));
      for (const location of locations)
        await expectVisible(page.getByTestId('location-list').getByText(location.locationName, { exact: true }));
      await expect.poll(() => page.locator('.leaflet-interactive').count()).toBe(locations.length);
      await expectCounts(page, summary, outstandingInvoicesCount, timesheets.totals.pendingApproval, requestsPending);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'dashboard-map');

      // The layout is remembered (localStorage dashboardLayout = 2).
      expect(await page.evaluate(() => localStorage.getItem('dashboardLayout'))).toBe('2');
      await page.reload();
      await expectVisible(page.getByRole('region', { name: 'Your locations', exact: true }));
      expectNoPageErrors(page);
    });
  }
});
