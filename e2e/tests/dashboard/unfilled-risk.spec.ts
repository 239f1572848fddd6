import { describe, expect, it } from 'vitest';
import { apiGet, apiTokenFor } from '../../support/api';
import { expectHeading, homeAfterClientOverview, signIn } from '../../support/auth';
import { expectNoPageErrors, expectNoSeriousA11yViolations, expectVisible, screenshot, useBrowser } from '../../support/browser';
import { journeyWidths } from '../../support/widths';

/**
 * Unfilled risk first as group.admin (only reads): Home lists the API's bookings at unfilled
 * risk with the time left, each a link to its booking, and the bookings list shows them first with the same chip.
 */
const ACCOUNT = 'group.admin@demo.test';

interface Row {
  id: number;
  unfilledRisk: { minutesLeft: number } | null;
}

describe('unfilled risk first', () => {
  const browser = useBrowser();

  for (const viewport of journeyWidths()) {
    it(`flags open bookings starting soon on Home and first in the list (${viewport})`, async () => {
      const token = await apiTokenFor(ACCOUNT);
      const atRisk = await apiGet<Row[]>(token, 'bookings?unfilledRisk=true&take=5');

      const page = await browser.newPage(viewport);
      await signIn(page, ACCOUNT, '/');
      await homeAfterClientOverview(page);
      const panel = page.getByRole('region', { name: 'Unfilled and starting soon' });
      await expectVisible(panel);
      if (atRisk.length === 0) {
        await expectVisible(panel.getByTestId('unfilled-risk-none'));
      } else {
        // The simulator may fill one meanwhile: every row shown is one the API flagged, with its chip.
        await expect.poll(() => panel.getByTestId('unfilled-risk-row').count()).toBeGreaterThan(0);
        const shown = await panel
          .getByTestId('unfilled-risk-row')
          .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-booking-id'))));
        const flagged = new Set((await apiGet<Row[]>(token, 'bookings?unfilledRisk=true&take=100')).map((r) => r.id));
        for (const id of shown) expect(flagged.has(id) || atRisk.some((r) => r.id === id)).toBe(true);
        await expectVisible(panel.getByTestId('unfilled-risk').first());
        expect(await panel.getByTestId('unfilled-risk').first().textContent()).toMatch(/^Unfilled – starts in \d+ (mins?|hrs?|days?)$/);
      }
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'dashboard-unfilled-risk');

      // The bookings list: rows at risk lead, with the same chip.
      await page.goto('/bookings');
      await expectHeading(page, 'Bookings');
      const rowSelector = viewport === 'desktop' ? 'booking-row' : 'booking-card';
      await expect.poll(() => page.getByTestId(rowSelector).count(), { timeout: 15_000 }).toBeGreaterThan(0);
      if (atRisk.length > 0) {
        const first = page.getByTestId(rowSelector).first();
        await expectVisible(first.getByTestId('unfilled-risk'));
        expect(await first.getByTestId('unfilled-risk').textContent()).toMatch(/^Unfilled – starts in /);
      }
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'bookings-unfilled-risk');
      expectNoPageErrors(page);
    }, 150_000);
  }
});
