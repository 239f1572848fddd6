import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiGet, apiTokenFor } from '../../support/api';
import { expectHeading, signIn } from '../../support/auth';
import {
  expectNoPageErrors,
  expectNoSeriousA11yViolations,
  expectVisible,
  savedDownload,
  screenshot,
  useBrowser,
  type ViewportName,
} from '../../support/browser';

/**
 * Reports: group.admin@demo.test (accounts and bookings across an Australian group) opens Reports from the navigation,
 * reads spend and fill rates for this term, changes the period, sees each chart draw what its table lists and what the
 * API answers, exports a report as CSV, and prints the page. Read only.
 */
const JOURNEY_MS = 240_000;

interface SpendReport {
  from: string;
  to: string;
  rows: Array<{ key: string; label: string; currency: string; amount: number; amountMinor: number; days: number; hours: number }>;
  totals: Array<{ currency: string; amount: number }>;
}
interface FillReport {
  rows: Array<{ key: string; fillRatePercentage: number; bookings: number }>;
  totals: { bookings: number; filled: number; fillRatePercentage: number };
}

/** The next answer of a report call, with the query it was asked with. */
async function nextReport(page: Page, report: 'spend' | 'fill', groupBy: string, notFrom?: string): Promise<URL> {
  const response = await page.waitForResponse((candidate) => {
    const url = new URL(candidate.url());
    return (
      url.pathname === `/v1/reports/${report}` &&
      url.searchParams.get('groupBy') === groupBy &&
      url.searchParams.getAll('clientIds').length > 1 &&
      (notFrom === undefined || url.searchParams.get('from') !== notFrom)
    );
  });
  expect(response.status()).toBe(200);
  return new URL(response.url());
}

/** A table's body rows as text: the row header, then each cell. */
async function tableRows(page: Page, testId: string): Promise<string[][]> {
  return page
    .getByTestId(testId)
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').replace(/\u00a0/g, ' ').trim())),
    );
}

/**
 * The rows of one currency as the page lists them: classifications of one title (schools keep their own) read as
 * one, largest first.
 */
function byName(rows: SpendReport['rows'], currency: string): Array<[string, number]> {
  const sums = new Map<string, number>();
  for (const row of rows)
    if (row.currency === currency) sums.set(row.label || 'Not on record', (sums.get(row.label || 'Not on record') ?? 0) + row.amountMinor);
  return [...sums].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([label, minor]) => [label, minor / 100]);
}

/** Whether a chart's tick label is the table's (or the start of it, cut short with an ellipsis where it is long). */
function sameLabel(tick: string, label: string): boolean {
  return tick === label || (tick.endsWith('…') && label.startsWith(tick.slice(0, -1).trimEnd()));
}

/** The category labels a chart draws on its band axis (the SVG's tick labels), in order. */
async function chartCategories(page: Page, sectionId: string, axis: 'x' | 'y'): Promise<string[]> {
  return page
    .getByTestId(sectionId)
    .locator(`.MuiChartsAxis-direction${axis.toUpperCase()} .MuiChartsAxis-tickLabel`)
    .evaluateAll((labels) => labels.map((label) => (label.textContent ?? '').trim()));
}

/**
 * The top educators as the page should list them, from the API's spend by educator: days and hours added over
 * currencies, most days first (then hours, then name), the unknown and hourly-only educators left out, ten at most;
 * each row's amount in its own currency.
 */
function topByDays(rows: SpendReport['rows']): string[][] {
  const quantity = (value: number) => value.toLocaleString('en-AU', { maximumFractionDigits: 2 });
  const educators = new Map<string, { name: string; days: number; hours: number; minor: Map<string, number> }>();
  for (const row of rows) {
    if (row.key === 'unknown') continue;
    const seen = educators.get(row.key) ?? { name: row.label, days: 0, hours: 0, minor: new Map<string, number>() };
    seen.days += row.days;
    seen.hours += row.hours;
    seen.minor.set(row.currency, (seen.minor.get(row.currency) ?? 0) + row.amountMinor);
    educators.set(row.key, seen);
  }
  return [...educators.values()]
    .filter((each) => Math.round(each.days * 100) > 0)
    .sort((a, b) => b.days - a.days || b.hours - a.hours || a.name.localeCompare(b.name))
    .slice(0, 10)
    .map((each) => [
      each.name,
      quantity(Math.round(each.days * 100) / 100),
      quantity(Math.round(each.hours * 100) / 100),
      [...each.minor]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, minor]) => (minor / 100).toLocaleString('en-AU', { style: 'currency', currency }).replace(/\u00a0/g, ' '))
        .join(', '),
    ]);
}

const money = (amount: number) => `$${amount.toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function openReports(viewport: ViewportName, browser: ReturnType<typeof useBrowser>) {
  const page = await browser.newPage(viewport);
  await signIn(page, 'group.admin@demo.test', '/reports');
  await expectHeading(page, 'Reports');
  return page;
}

describe('reports', () => {
  const browser = useBrowser();

  it(
    'group.admin opens Reports, changes the period, sees charts and tables agree with the API, and exports a CSV (1366 px)',
    async () => {
      const token = await apiTokenFor('group.admin@demo.test');
      const page = await browser.newPage('desktop');
      await signIn(page, 'group.admin@demo.test', '/');
      await expectVisible(page.getByRole('link', { name: 'Reports', exact: true }));
      const firstSpend = nextReport(page, 'spend', 'classification');
      const firstFill = nextReport(page, 'fill', 'weekday');
      await page.getByRole('link', { name: 'Reports', exact: true }).click();
      await expectHeading(page, 'Reports');
      expect(await page.title()).toMatch(/^Reports \| /);

      // This term, as the period line says it.
      const asked = await firstSpend;
      await firstFill;
      const from = asked.searchParams.get('from')!;
      await expectVisible(page.getByTestId('spend-by-classification-table'));
      await expectVisible(page.getByTestId('fill-by-weekday-table'));
      await expect
        .poll(() => page.getByTestId('report-range').textContent())
        .toMatch(/^Showing (Term \d, )?\d{1,2} \w{3} \d{4} to \d{1,2} \w{3} \d{4}$/);

      // The table lists what the API answers, and the chart draws the table's categories in its order.
      const spend = await apiGet<SpendReport>(token, `reports/spend?${asked.searchParams.toString()}`);
      const aud = byName(spend.rows, 'AUD');
      expect(aud.length, 'the demo group has spend this term').toBeGreaterThan(0);
      const rows = await tableRows(page, 'spend-by-classification-table');
      expect(rows.map((row) => [row[0], row[1]])).toEqual(aud.map(([label, amount]) => [label, money(amount)]));
      const ticks = await chartCategories(page, 'spend-by-classification', 'y');
      expect(ticks.length).toBe(rows.length);
      ticks.forEach((tick, index) => expect(sameLabel(tick, rows[index]![0]!), `${tick} / ${rows[index]![0]}`).toBe(true));
      const total = spend.totals.find((each) => each.currency === 'AUD')!;
      await expect.poll(() => page.getByTestId('summary-spend').textContent()).toBe(money(total.amount));
      await expectVisible(page.getByText('Amounts exclude GST.'));

      // Spend by month, stacked by school: the group has more schools than the term has months, so the table has a
      // row per school and a column per month (the chart's months), then the total.
      const monthHeaders = (await page.getByTestId('spend-by-month-table').locator('thead th').allTextContents()).map((text) =>
        text.trim(),
      );
      expect(monthHeaders[0]).toBe('School');
      expect(monthHeaders.at(-1)).toBe('Total');
      await expect.poll(() => chartCategories(page, 'spend-by-month', 'x')).toEqual(monthHeaders.slice(1, -1));
      const monthFooter = await page.getByTestId('spend-by-month-table').locator('tfoot td').allTextContents();
      expect(monthFooter.at(-1)?.replace(/\u00a0/g, ' ')).toBe(money(total.amount));

      // Fill by weekday: Monday first (en-AU), the API's bookings in the total row.
      const weekdayAsked = new URL(asked);
      weekdayAsked.searchParams.set('groupBy', 'weekday');
      const fill = await apiGet<FillReport>(token, `reports/fill?${weekdayAsked.searchParams.toString()}`);
      const weekdayRows = await tableRows(page, 'fill-by-weekday-table');
      expect(weekdayRows[0]?.[0]).toBe('Monday');
      expect(weekdayRows.length).toBe(fill.rows.length);
      await expect.poll(() => chartCategories(page, 'fill-by-weekday', 'x')).toEqual(weekdayRows.map((row) => row[0]));
      const footer = await page.getByTestId('fill-by-weekday-table').locator('tfoot th, tfoot td').allTextContents();
      expect(footer[2]).toBe(fill.totals.bookings.toLocaleString('en-AU'));

      // Top educators by days: the table lists the API's educators with the most days, and the chart draws them.
      const educatorAsked = new URL(asked);
      educatorAsked.searchParams.set('groupBy', 'educator');
      const byEducator = await apiGet<SpendReport>(token, `reports/spend?${educatorAsked.searchParams.toString()}`);
      const top = topByDays(byEducator.rows);
      expect(top.length, 'the demo group has educators with days this term').toBeGreaterThan(0);
      await expect.poll(() => tableRows(page, 'top-educators-table')).toEqual(top);
      expect((await page.getByTestId('top-educators-table').locator('thead th').allTextContents()).map((text) => text.trim())).toEqual([
        'Educator',
        'Days',
        'Hours',
        'Spend',
      ]);
      const educatorTicks = await chartCategories(page, 'top-educators', 'y');
      expect(educatorTicks.length).toBe(top.length);
      educatorTicks.forEach((tick, index) => expect(sameLabel(tick, top[index]![0]!), `${tick} / ${top[index]![0]}`).toBe(true));
      await expectVisible(page.getByTestId('top-educators').getByRole('button', { name: 'Export CSV' }));

      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'reports');

      // Another period: this year asks again with the year's dates.
      const yearSpend = nextReport(page, 'spend', 'classification', from);
      await page.getByRole('combobox', { name: 'Period' }).click();
      await page.getByRole('option', { name: 'This year' }).click();
      const year = await yearSpend;
      const thisYear = new Date().getFullYear();
      expect([year.searchParams.get('from'), year.searchParams.get('to')]).toEqual([`${thisYear}-01-01`, `${thisYear}-12-31`]);
      const yearReport = await apiGet<SpendReport>(token, `reports/spend?${year.searchParams.toString()}`);
      await expect
        .poll(async () => (await tableRows(page, 'spend-by-classification-table')).map((row) => row[1]))
        .toEqual(byName(yearReport.rows, 'AUD').map(([, amount]) => money(amount)));
      await expect.poll(() => page.getByTestId('report-range').textContent()).toBe(`Showing 1 Jan ${thisYear} to 31 Dec ${thisYear}`);

      // Export CSV: the file holds the table's rows.
      const download = page.waitForEvent('download');
      await page.getByTestId('spend-by-classification').getByRole('button', { name: 'Export CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/\.csv$/);
      const lines = readFileSync(await savedDownload(file), 'utf8')
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toBe('Key,Label,Currency,Amount,Days,Hours');
      expect(lines.length - 1).toBe(yearReport.rows.length);
      const labels = lines.slice(1).map((line) => line.split(',')[1]!.replace(/^"|"$/g, ''));
      const tableLabels = (await tableRows(page, 'spend-by-classification-table')).map((row) => row[0]);
      expect(new Set(labels.map((label) => label || 'Not on record'))).toEqual(new Set(tableLabels));

      // On paper: no navigation or controls, the reports one under another.
      await page.emulateMedia({ media: 'print' });
      await expectVisible(page.getByTestId('spend-by-month-table'));
      expect(await page.locator('header.MuiAppBar-root').isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
      // Each chart drawn at the paper's width, not shrunk from the screen's.
      await expect
        .poll(() =>
          page
            .locator('[data-testid="report-chart"] svg')
            .evaluateAll((svgs) =>
              svgs.filter((svg) => svg.getBoundingClientRect().width > 100).map((svg) => Math.round(svg.getBoundingClientRect().width)),
            ),
        )
        .toEqual([660, 660, 660, 660, 660, 660]);
      await screenshot(page, 'reports-print');
      await page.emulateMedia({ media: 'screen' });
      expectNoPageErrors(page);
    },
    JOURNEY_MS,
  );

  it(
    'on a phone (375 px) the reports read one above the other, with no serious accessibility violation',
    async () => {
      const page = await openReports('mobile', browser);
      await expectVisible(page.getByTestId('spend-by-month-table'));
      await expectVisible(page.getByTestId('fill-over-time-table'));
      await expectVisible(page.getByTestId('top-educators-table'));
      await expect.poll(() => page.getByTestId('report-chart').count()).toBe(6);
      // Nothing wider than the screen but the tables' own scrolling regions.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'reports');
      expectNoPageErrors(page);
    },
    JOURNEY_MS,
  );

  it('group.admin subscribes to the weekly digest in Settings, and it is kept', async () => {
    const token = await apiTokenFor('group.admin@demo.test');
    const before = await apiGet<{ weeklyDigest: boolean }>(token, 'profile/weekly-digest');
    for (const viewport of ['desktop', 'mobile'] as const) {
      const page = await browser.newPage(viewport);
      await signIn(page, 'group.admin@demo.test', '/settings');
      await expectHeading(page, 'Settings');
      const toggle = page.getByRole('switch', { name: 'Weekly digest' });
      await expectVisible(toggle);
      expect(await toggle.isChecked()).toBe(viewport === 'desktop' ? before.weeklyDigest : !before.weeklyDigest);
      if (viewport === 'desktop') {
        await toggle.click();
        await expectVisible(
          page.getByText(
            before.weeklyDigest ? "You won't get the weekly digest any more." : "You'll get the weekly digest on Monday mornings.",
          ),
        );
        await expect
          .poll(async () => (await apiGet<{ weeklyDigest: boolean }>(token, 'profile/weekly-digest')).weeklyDigest)
          .toBe(!before.weeklyDigest);
      }
      await page.getByRole('heading', { name: 'E-mail digest' }).scrollIntoViewIfNeeded();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'settings-digest');
      expectNoPageErrors(page);
    }
  });

  it('a contact who sees neither spend nor bookings is not offered Reports and is refused it', async () => {
    const page = await browser.newPage('desktop');
    await signIn(page, 'teacher@demo.test', '/reports');
    await page.waitForURL((url) => url.pathname === '/403');
    expect(await page.getByRole('link', { name: 'Reports', exact: true }).count()).toBe(0);
  });
});
