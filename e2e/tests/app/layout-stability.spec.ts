import { describe, expect, it } from 'vitest';
import { expectHeading, signIn } from '../../support/auth';
import { expectNoPageErrors, useBrowser } from '../../support/browser';

/**
 * Nothing jumps as a page loads: what arrives late (an answer, a card drawn once its data is there) takes a place kept
 * for it. Each page is loaded afresh, as a phone opening it from a link does, and the layout shifts the browser reports
 * (the Layout Instability API, the figure Lighthouse calls CLS) are added up until the page has settled.
 */
describe('layout stability', () => {
  const browser = useBrowser();

  it('mobile: Home, Bookings, Timesheets and Finance load without shifting (cumulative shift under 0.1)', async () => {
    const page = await browser.newPage('mobile');
    await page.addInitScript(() => {
      const shifts: Array<{ value: number; nodes: string[] }> = [];
      Object.assign(window, { __layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node?: Node }> }
        >) {
          if (entry.hadRecentInput) continue;
          shifts.push({
            value: entry.value,
            nodes: entry.sources.map((source) => (source.node instanceof Element ? source.node.outerHTML.slice(0, 120) : '?')),
          });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await signIn(page, 'school.admin@demo.test');
    // The first load's refresh must have come back before the next load: a load that aborts it would present the
    // cookie it had just rotated (refused within the grace window: "sign in again").
    await expectHeading(page, 'Home');
    for (const [path, heading] of [
      ['/', 'Home'],
      ['/bookings', 'Bookings'],
      ['/timesheets', 'Timesheets'],
      ['/finance', 'Finance'],
    ] as const) {
      await page.goto(path);
      await expectHeading(page, heading);
      await page.waitForLoadState('networkidle');
      // Answers are drawn in a deferred render after they arrive; give the page a moment to finish drawing.
      await page.waitForTimeout(1000);
      const shifts = await page.evaluate(
        () => (window as unknown as { __layoutShifts: Array<{ value: number; nodes: string[] }> }).__layoutShifts,
      );
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
      expect({ path, total: Number(total.toFixed(3)), shifts: total < 0.1 ? [] : shifts }).toEqual({
        path,
        total: expect.any(Number),
        shifts: [],
      });
      expect(total, `${path}: ${JSON.stringify(shifts)}`).toBeLessThan(0.1);
    }
    expectNoPageErrors(page);
  });
});
