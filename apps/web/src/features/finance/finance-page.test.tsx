import type { InvoiceDetailsResponse, InvoiceSummary } from '@portal/contract/invoices';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootPaintHeld } from '../../lib/boot-paint-hold';
import { i18n } from '../../lib/i18n';
import { saveBlob } from '../../lib/save-file';
import { setSelectedClientIds } from '../../lib/selected-clients';
import { resetSessionForTests, startSession } from '../../lib/session';
import { jsonResponse, renderWithProviders } from '../../testing/render';
import { FinancePage } from './finance-page';
import { InvoicePage } from './invoice-page';

vi.mock('../../lib/save-file', () => ({ saveBlob: vi.fn() }));

const PROFILE = {
  contact: {
    id: 1,
    firstName: 'Sam',
    lastName: 'Hart',
    emailAddress: 'sam@example.test',
    language: 'en-GB',
    isClientGroupOverviewEnabled: false,
    standardBookings: [],
    lastUpdated: '2026-11-01T00:00:00Z',
  },
  links: {
    groups: [],
    clients: [
      {
        clientId: 5,
        clientName: 'Thames Primary Academy',
        access: { permissions: ['accounts_view'] },
        locations: [
          {
            locationId: 50,
            locationName: 'Thames Primary Academy',
            timeZone: 'Europe/London',
            tags: [],
            access: { permissions: ['accounts_view'] },
          },
        ],
      },
    ],
  },
  flags: {},
  features: { selfServiceShowBookingStatus: true, showBookingCardV2: true, enableExtendBooking: true },
  generalFiles: [],
  impersonation: null,
};

function invoice(id: number, overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    id,
    invoiceNo: `INV-${String(id).padStart(6, '0')}`,
    clientId: 5,
    clientName: 'Thames Primary Academy',
    locale: 'en-GB',
    issueDate: '2026-11-01',
    dueDate: '2026-11-15',
    periodStart: '2026-10-01',
    periodEnd: '2026-10-31',
    currency: 'GBP',
    taxLabel: 'VAT',
    subtotal: 1000,
    tax: 200,
    total: 1200,
    subtotalMinor: 100000,
    taxMinor: 20000,
    totalMinor: 120000,
    isPaid: false,
    paidAt: null,
    isOverdue: true,
    daysOverdue: 9,
    status: 'overdue',
    ...overrides,
  };
}

const ALL = Array.from({ length: 30 }, (_, index) =>
  invoice(
    100 + index,
    index % 3 === 0 ? { isPaid: true, paidAt: '2026-11-10T10:00:00Z', isOverdue: false, daysOverdue: 0, status: 'paid' } : {},
  ),
);

const DETAILS: InvoiceDetailsResponse = {
  ...invoice(101),
  taxRatePercent: 20,
  lines: [
    {
      id: 1,
      candidateId: 11,
      candidateName: 'Mia Chen',
      description: 'Supply Teacher',
      serviceDates: ['2026-10-05', '2026-10-06', '2026-10-07', '2026-10-09'],
      quantity: 4,
      unit: 'day',
      unitPrice: 250,
      amount: 1000,
      tax: 200,
      unitPriceMinor: 25000,
      amountMinor: 100000,
      taxMinor: 20000,
    },
  ],
  paymentDetails: {
    accountName: 'Provider UK Ltd',
    bank: 'Thameside Bank plc',
    sortCode: '20-32-06',
    accountNumber: '53814209',
  },
};

/** A US invoice: no tax charged, so no tax line and no tax column; hours and half days in words. */
const US_DETAILS: InvoiceDetailsResponse = {
  ...invoice(102, { locale: 'en-US', currency: 'USD', taxLabel: 'Tax', tax: 0, taxMinor: 0, total: 1000, totalMinor: 100000 }),
  isPaid: true,
  paidAt: '2026-11-10T10:00:00Z',
  isOverdue: false,
  daysOverdue: 0,
  status: 'paid',
  taxRatePercent: 0,
  lines: [
    { ...detailsLine('hour'), id: 2, quantity: 7.5, unitPriceMinor: 2200, amountMinor: 16500, taxMinor: 0 },
    { ...detailsLine('half_day'), id: 3, quantity: 3, unitPriceMinor: 8000, amountMinor: 24000, taxMinor: 0 },
  ],
  paymentDetails: null,
};

function detailsLine(unit: 'hour' | 'half_day'): InvoiceDetailsResponse['lines'][number] {
  return { ...DETAILS.lines[0]!, unit, serviceDates: ['2026-10-05'] };
}

type Handler = (url: URL) => Response | undefined;

/** The page reads its invoice number from the route, as the app's router gives it. */
const invoiceRoute = (
  <Routes>
    <Route path="/finance/invoices/:invoiceNo" element={<InvoicePage />} />
    <Route path="*" element={null} />
  </Routes>
);

function stubApi(extra: Handler = () => undefined) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const answer = extra(url);
    if (answer) return answer;
    if (url.pathname === '/v1/profile') return jsonResponse(200, PROFILE);
    if (url.pathname === '/v1/invoices') {
      const status = url.searchParams.get('status');
      const skip = Number(url.searchParams.get('skip'));
      const take = Number(url.searchParams.get('take'));
      const matching = status === 'unpaid' ? ALL.filter((i) => !i.isPaid) : status === 'paid' ? ALL.filter((i) => i.isPaid) : ALL;
      return new Response(
        JSON.stringify({ invoices: matching.slice(skip, skip + take), total: matching.length, currentPage: skip / take + 1 }),
        {
          status: 200,
          headers: { 'Content-Type': 'application/json', 'x-pagination': JSON.stringify({ total: matching.length, skip, take }) },
        },
      );
    }
    if (url.pathname === '/v1/invoices/ageing')
      return jsonResponse(200, {
        currencies: [
          {
            currency: 'GBP',
            notDue: 0,
            days1To30: 2400,
            days31To60: 0,
            days61To90: 0,
            over90: 0,
            total: 2400,
            notDueMinor: 0,
            days1To30Minor: 240000,
            days31To60Minor: 0,
            days61To90Minor: 0,
            over90Minor: 0,
            totalMinor: 240000,
            invoiceCount: 2,
          },
        ],
      });
    if (url.pathname === '/v1/invoices/GetInvoice/INV-000101') return jsonResponse(200, DETAILS);
    return jsonResponse(404, { title: 'Not Found', status: 404 });
  });
}

describe('Finance', { timeout: 40_000 }, () => {
  beforeEach(async () => {
    resetSessionForTests();
    localStorage.clear();
    startSession({ accessToken: 'token', expiresIn: 1800, tokenType: 'Bearer' });
    setSelectedClientIds([5]);
    await i18n.changeLanguage('en-GB');
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  it('pages with skip and take, filters unpaid, shows £ and VAT, and the ageing', async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = stubApi();
    renderWithProviders(<FinancePage />, { route: '/finance' });
    await waitFor(() => expect(screen.getAllByTestId('invoice-row')).toHaveLength(25), { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Finance' })).toBeInTheDocument();
    expect(screen.getByTestId('invoices-total')).toHaveTextContent('30 invoices');
    expect(screen.getByRole('columnheader', { name: 'VAT' })).toBeInTheDocument();
    expect(within(screen.getAllByTestId('invoice-row')[1]!).getByTestId('invoice-total')).toHaveTextContent('£1,200.00');
    expect(within(screen.getAllByTestId('invoice-row')[1]!).getByRole('link', { name: 'INV-000101' })).toHaveAttribute(
      'href',
      '/finance/invoices/INV-000101',
    );
    await waitFor(() => expect(screen.getByTestId('ageing-total')).toHaveTextContent('£2,400.00'));
    expect(screen.getByText('1–30 days overdue')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(screen.getAllByTestId('invoice-row')).toHaveLength(5));
    const asked = () =>
      fetch.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((u) => u.pathname === '/v1/invoices');
    expect(asked().at(-1)!.searchParams.get('skip')).toBe('25');
    expect(asked().at(-1)!.searchParams.get('take')).toBe('25');

    await user.click(screen.getByRole('button', { name: 'Unpaid' }));
    await waitFor(() => expect(screen.getByTestId('invoices-total')).toHaveTextContent('20 invoices'));
    expect(asked().at(-1)!.searchParams.get('status')).toBe('unpaid');
    expect(asked().at(-1)!.searchParams.get('skip')).toBe('0');
    expect(screen.getAllByTestId('invoice-row').every((row) => row.dataset.status !== 'paid')).toBe(true);
  });

  it('View Invoice: lines, totals with VAT, overdue state, and the PDF', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi((url) =>
      url.pathname === '/v1/invoices/101/file'
        ? new Response('%PDF-1.4', {
            status: 200,
            headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="INV-000101.pdf"' },
          })
        : undefined,
    );
    renderWithProviders(invoiceRoute, { route: '/finance/invoices/INV-000101' });
    expect(await screen.findByTestId('invoice-grand-total', {}, { timeout: 5000 })).toHaveTextContent('£1,200.00');
    expect(screen.getByRole('heading', { level: 1, name: 'View Invoice' })).toBeInTheDocument();
    expect(screen.getByTestId('invoice-number')).toHaveTextContent('VAT invoice INV-000101');
    expect(screen.getByTestId('invoice-tax-label')).toHaveTextContent('VAT (20%)');
    expect(screen.getByTestId('invoice-line-dates')).toHaveTextContent('5–7, 9 Oct 2026');
    const pay = screen.getByRole('region', { name: 'How to pay' });
    expect(pay).toHaveTextContent('Sort code20-32-06');
    expect(pay).toHaveTextContent('quoting reference INV-000101');
    expect(screen.getByTestId('invoice-overdue')).toHaveTextContent('This invoice is 9 days overdue.');
    expect(screen.getAllByTestId('invoice-line')).toHaveLength(1);
    expect(screen.getByText('4 days')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download the PDF of invoice INV-000101' }));
    await waitFor(() => expect(vi.mocked(saveBlob)).toHaveBeenCalledWith(expect.anything(), 'INV-000101.pdf'));
  });

  it('View Invoice of a US school: titled Invoice, no tax line where none is charged, hours and half days in words', async () => {
    stubApi((url) => (url.pathname === '/v1/invoices/GetInvoice/INV-000102' ? jsonResponse(200, US_DETAILS) : undefined));
    renderWithProviders(invoiceRoute, { route: '/finance/invoices/INV-000102' });
    expect(await screen.findByTestId('invoice-grand-total', {}, { timeout: 5000 })).toHaveTextContent('$1,000.00');
    expect(screen.getByTestId('invoice-number')).toHaveTextContent(/^Invoice INV-000102$/);
    expect(screen.queryByTestId('invoice-tax-label')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Tax' })).toBeNull();
    expect(screen.getByText('7 h 30 min')).toBeInTheDocument();
    expect(screen.getByText('3 half days')).toBeInTheDocument();
    // Paid, and no account configured: nothing about how to pay.
    expect(screen.queryByRole('region', { name: 'How to pay' })).toBeNull();
  });

  it("goes back to Finance without a toast on 403, and says 'Cannot load invoice' otherwise", async () => {
    stubApi((url) =>
      url.pathname === '/v1/invoices/GetInvoice/INV-000999'
        ? jsonResponse(403, { title: 'Forbidden', status: 403 })
        : url.pathname === '/v1/invoices/GetInvoice/INV-000500'
          ? jsonResponse(500, { title: 'Oops', status: 500 })
          : undefined,
    );
    const refused = renderWithProviders(invoiceRoute, { route: '/finance/invoices/INV-000999' });
    await waitFor(() => expect(refused.router.state.location.pathname).toBe('/finance'), { timeout: 5000 });
    expect(screen.queryByText('Cannot load invoice')).toBeNull();
    refused.unmount();

    renderWithProviders(invoiceRoute, { route: '/finance/invoices/INV-000500' });
    expect((await screen.findAllByText('Cannot load invoice', {}, { timeout: 5000 })).length).toBeGreaterThan(0);
  });

  it("keeps index.html's first screen of the invoice over the page until the invoice, or its failure, is there", async () => {
    stubApi((url) =>
      url.pathname === '/v1/invoices/GetInvoice/INV-000999' ? jsonResponse(403, { title: 'Forbidden', status: 403 }) : undefined,
    );
    // As boot-paint.js leaves <html> when the server drew the invoice.
    const showFrame = () => document.documentElement.classList.add('boot-frame', 'boot-frame--invoice');
    try {
      showFrame();
      const shown = renderWithProviders(invoiceRoute, { route: '/finance/invoices/INV-000101' });
      expect(bootPaintHeld()).toBe(true);
      await screen.findByTestId('invoice-grand-total', {}, { timeout: 5000 });
      expect(bootPaintHeld()).toBe(false);
      shown.unmount();

      // Not found: the page says so.
      const missing = renderWithProviders(invoiceRoute, { route: '/finance/invoices/INV-000404' });
      expect(bootPaintHeld()).toBe(true);
      expect((await screen.findAllByText('Cannot load invoice', {}, { timeout: 5000 })).length).toBeGreaterThan(0);
      expect(bootPaintHeld()).toBe(false);
      missing.unmount();

      // Refused: it goes as the page leaves for Finance.
      const refused = renderWithProviders(invoiceRoute, { route: '/finance/invoices/INV-000999' });
      expect(bootPaintHeld()).toBe(true);
      await waitFor(() => expect(refused.router.state.location.pathname).toBe('/finance'), { timeout: 5000 });
      expect(bootPaintHeld()).toBe(false);
    } finally {
      document.documentElement.classList.remove('boot-frame', 'boot-frame--invoice');
    }
  });

  it("says 'Download Failed', or the server's message, when the PDF fails", async () => {
    const user = userEvent.setup({ delay: null });
    let failures = 0;
    stubApi((url) => {
      if (url.pathname !== '/v1/invoices/101/file') return undefined;
      failures += 1;
      return failures === 1
        ? jsonResponse(404, { title: 'Not Found', status: 404, detail: 'The PDF of this invoice is not ready yet.' })
        : new Response('oops', { status: 500 });
    });
    renderWithProviders(invoiceRoute, { route: '/finance/invoices/INV-000101' });
    await user.click(await screen.findByRole('button', { name: 'Download the PDF of invoice INV-000101' }, { timeout: 5000 }));
    expect(await screen.findByText('The PDF of this invoice is not ready yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download the PDF of invoice INV-000101' }));
    expect(await screen.findByText('Download Failed')).toBeInTheDocument();
  });
});
