import { describe, expect, it } from 'vitest';
import { apiGet, apiTokenFor } from '../../support/api';
import { FORBIDDEN_TEXT, expectHeading, navigateInApp, signIn } from '../../support/auth';
import {
  expectNoPageErrors,
  expectNoSeriousA11yViolations,
  expectVisible,
  savedDownload,
  screenshot,
  useBrowser,
} from '../../support/browser';
import { journeyWidths } from '../../support/widths';

/**
 * Finance and View Invoice: finance@demo.test (accounts view only) pages its invoices, filters the
 * unpaid ones, opens one and downloads its PDF; uk.admin sees pounds and VAT, ca.admin CAD and Tax;
 * bookings.viewer is refused Finance. Read only.
 */
const JOURNEY_MS = 240_000;

interface Invoice {
  id: number;
  invoiceNo: string;
  status: 'paid' | 'unpaid' | 'overdue';
  currency: string;
  taxLabel: string;
}
interface InvoicesPage {
  invoices: Invoice[];
  total: number;
}
interface Profile {
  links: { groups: Array<{ clients: Array<{ clientId: number }> }>; clients: Array<{ clientId: number }> };
}

async function clientQuery(token: string): Promise<string> {
  const profile = await apiGet<Profile>(token, 'profile');
  return [...profile.links.groups.flatMap((g) => g.clients), ...profile.links.clients].map((c) => `clientIds=${c.clientId}`).join('&');
}

describe('finance', () => {
  const browser = useBrowser();

  it(
    'finance@demo.test opens Finance from the dashboard, pages, filters unpaid, opens an invoice and downloads its PDF',
    async () => {
      const token = await apiTokenFor('finance@demo.test');
      const ids = await clientQuery(token);
      const all = await apiGet<InvoicesPage>(token, `invoices?${ids}&take=10`);
      const unpaid = await apiGet<InvoicesPage>(token, `invoices?${ids}&status=unpaid&take=10`);
      expect(all.total, 'enough invoices to page').toBeGreaterThan(10);

      const page = await browser.newPage('desktop');
      await signIn(page, 'finance@demo.test');
      await expectHeading(page, 'Home');
      // The outstanding-count tile is a link to the unpaid invoices.
      await page.getByRole('link', { name: /Outstanding invoices/ }).click();
      await expectHeading(page, 'Finance');
      expect(new URL(page.url()).searchParams.get('status')).toBe('unpaid');
      await expect
        .poll(() => page.getByTestId('invoices-total').textContent())
        .toBe(`${unpaid.total} ${unpaid.total === 1 ? 'invoice' : 'invoices'}`);

      await page.getByRole('button', { name: 'All', exact: true }).click();
      await expect.poll(() => page.getByTestId('invoices-total').textContent()).toBe(`${all.total} invoices`);
      await expectVisible(page.getByTestId('ageing-summary'));
      await expectVisible(page.getByRole('columnheader', { name: 'GST' }));
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'finance');

      // Ten a page, then the next page asks with skip 10.
      await page.getByLabel('Rows per page').selectOption('10');
      await expect.poll(() => page.getByTestId('invoice-row').count()).toBe(10);
      const firstOfPageOne = await page.getByTestId('invoice-row').first().getAttribute('data-invoice-no');
      const asked = page.waitForRequest(
        (request) => new URL(request.url()).pathname === '/v1/invoices' && new URL(request.url()).searchParams.get('skip') === '10',
      );
      await page.getByRole('button', { name: 'Go to next page' }).click();
      const request = new URL((await asked).url());
      expect(request.searchParams.get('take')).toBe('10');
      await expect.poll(() => page.getByTestId('invoice-row').first().getAttribute('data-invoice-no')).not.toBe(firstOfPageOne);
      expect(new URL(page.url()).searchParams.get('page')).toBe('2');

      // Unpaid only.
      await page.getByRole('button', { name: 'Unpaid', exact: true }).click();
      await expect
        .poll(() => page.getByTestId('invoices-total').textContent())
        .toBe(`${unpaid.total} ${unpaid.total === 1 ? 'invoice' : 'invoices'}`);
      const statuses = await page.getByTestId('invoice-row').evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.status));
      expect(statuses.length).toBeGreaterThan(0);
      expect(statuses.every((status) => status === 'unpaid' || status === 'overdue')).toBe(true);

      // Open the first unpaid invoice.
      const invoiceNo = (await page.getByTestId('invoice-row').first().getAttribute('data-invoice-no'))!;
      await page.getByRole('link', { name: invoiceNo, exact: true }).click();
      await expectHeading(page, 'View Invoice');
      expect(new URL(page.url()).pathname).toBe(`/finance/invoices/${invoiceNo}`);
      expect(await page.title()).toMatch(/^View Invoice \| /);
      await expectVisible(page.getByTestId('invoice-number'));
      await expect.poll(() => page.getByTestId('invoice-line').count()).toBeGreaterThan(0);
      await expectVisible(page.getByTestId('invoice-tax-label'));
      expect(await page.getByTestId('invoice-tax-label').textContent()).toMatch(/^GST \(\d+(\.\d+)?%\)$/);
      expect(await page.getByTestId('invoice-grand-total').textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'invoice');

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: `Download the PDF of invoice ${invoiceNo}` }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/\.pdf$/);
      const path = await savedDownload(file);
      expect(path).toBeTruthy();

      // Back to Finance.
      await page.getByRole('link', { name: 'Finance', exact: true }).last().click();
      await expectHeading(page, 'Finance');
      expectNoPageErrors(page);
    },
    JOURNEY_MS,
  );

  it('another client’s invoice goes back to Finance; an unknown one says so', async () => {
    const token = await apiTokenFor('uk.admin@demo.test');
    const ukInvoice = (await apiGet<InvoicesPage>(token, `invoices?${await clientQuery(token)}&take=1`)).invoices[0]!;
    const page = await browser.newPage('desktop');
    await signIn(page, 'finance@demo.test');
    await expectHeading(page, 'Home');
    await navigateInApp(page, `/finance/invoices/${ukInvoice.invoiceNo}`);
    await page.waitForURL((url) => url.pathname === '/finance');
    await expectHeading(page, 'Finance');
    await navigateInApp(page, '/finance/invoices/INV-999999');
    await expectHeading(page, 'View Invoice');
    await expectVisible(page.getByRole('main').getByText('Cannot load invoice'));
  });

  for (const [email, symbol, taxLabel, currency] of [
    ['uk.admin@demo.test', '£', 'VAT', 'GBP'],
    ['ca.admin@demo.test', '$', 'Tax', 'CAD'],
  ] as const) {
    it(`${email} sees ${currency} and ${taxLabel}`, async () => {
      const page = await browser.newPage('desktop');
      await signIn(page, email, '/finance');
      await expectHeading(page, 'Finance');
      await expectVisible(page.getByRole('columnheader', { name: taxLabel, exact: true }));
      await expect
        .poll(() => page.getByTestId('invoice-total').first().textContent())
        .toMatch(new RegExp(`^${symbol === '$' ? '\\$' : symbol}[\\d,]+\\.\\d{2}$`));
      await expectVisible(page.getByText(`Total outstanding (${currency})`));
      const invoiceNo = (await page.getByTestId('invoice-row').first().getAttribute('data-invoice-no'))!;
      await page.getByRole('link', { name: invoiceNo, exact: true }).click();
      await expectHeading(page, 'View Invoice');
      await expect.poll(() => page.getByTestId('invoice-currency').textContent()).toBe(currency);
      expect(await page.getByTestId('invoice-tax-label').textContent()).toMatch(new RegExp(`^${taxLabel} \\(`));
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `invoice-${currency.toLowerCase()}`);
      expectNoPageErrors(page);
    });
  }

  it('bookings.viewer@demo.test is refused Finance', async () => {
    const page = await browser.newPage('desktop');
    await signIn(page, 'bookings.viewer@demo.test');
    await expectHeading(page, 'Home');
    await expect.poll(() => page.getByRole('navigation').getByRole('link', { name: 'Finance' }).count()).toBe(0);
    await navigateInApp(page, '/finance');
    await page.waitForURL((url) => url.pathname === '/403');
    await expectVisible(page.getByText(FORBIDDEN_TEXT));
  });

  for (const viewport of journeyWidths()) {
    it(
      `Finance and View Invoice read well and pass axe (${viewport})`,
      async () => {
        const page = await browser.newPage(viewport);
        await signIn(page, 'finance@demo.test', '/finance');
        await expectHeading(page, 'Finance');
        const item = page.getByTestId(viewport === 'mobile' ? 'invoice-card' : 'invoice-row');
        await expect.poll(() => item.count()).toBeGreaterThan(0);
        await expectNoSeriousA11yViolations(page);
        await screenshot(page, 'finance-list');
        const invoiceNo = (await item.first().getAttribute('data-invoice-no'))!;
        await navigateInApp(page, `/finance/invoices/${invoiceNo}`);
        await expectHeading(page, 'View Invoice');
        await expect.poll(() => page.getByTestId('invoice-line').count()).toBeGreaterThan(0);
        await expectNoSeriousA11yViolations(page);
        await screenshot(page, 'invoice-view');
        expectNoPageErrors(page);
      },
      JOURNEY_MS,
    );
  }
});
