import type { FillReportResponse, FillRow, SpendReportResponse, SpendRow } from '@portal/contract/reports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { setSelectedClientIds } from '../../lib/selected-clients';
import { resetSessionForTests, startSession } from '../../lib/session';
import { jsonResponse, renderWithProviders } from '../../testing/render';
import { ReportsPage } from './reports-page';

// A fixed today: Tuesday 20 October 2026, in Term 4 of New South Wales.
vi.mock('../../lib/clock', () => ({
  now: () => new Date('2026-10-20T09:00:00'),
  nowMs: () => new Date('2026-10-20T09:00:00').getTime(),
}));

/*
 * jsdom draws no SVG layout, so the charts stand in as what they were given: their categories and series, which the
 * tests hold against the tables beside them.
 */
vi.mock('@mui/x-charts/BarChart', () => ({
  BarChart: (props: {
    layout?: string;
    xAxis: Array<{ data?: string[] }>;
    yAxis: Array<{ data?: string[] }>;
    series: Array<{ label: string; data: Array<number | null> }>;
  }) => (
    <div
      data-testid="chart-data"
      data-categories={JSON.stringify((props.layout === 'horizontal' ? props.yAxis : props.xAxis)[0]?.data)}
      data-series={JSON.stringify(props.series.map((series) => ({ label: series.label, data: series.data })))}
    />
  ),
}));
vi.mock('@mui/x-charts/LineChart', () => ({
  LineChart: (props: { xAxis: Array<{ data?: string[] }>; series: Array<{ label: string; data: Array<number | null> }> }) => (
    <div
      data-testid="chart-data"
      data-categories={JSON.stringify(props.xAxis[0]?.data)}
      data-series={JSON.stringify(props.series.map((series) => ({ label: series.label, data: series.data })))}
    />
  ),
}));

const location = (locationId: number, name: string) => ({
  locationId,
  locationName: name,
  timeZone: 'Australia/Sydney',
  tags: [],
  access: { permissions: [] },
});

const PROFILE = {
  contact: {
    id: 1,
    firstName: 'Alex',
    lastName: 'Ward',
    emailAddress: 'alex@example.test',
    language: 'en-AU',
    isClientGroupOverviewEnabled: false,
    standardBookings: [],
    lastUpdated: '2026-10-01T00:00:00Z',
  },
  links: {
    groups: [
      {
        groupId: 1,
        groupName: 'Harbour Schools',
        access: { permissions: ['accounts_all', 'booking_all'] },
        clients: [
          {
            clientId: 1,
            clientName: 'Bondi Public School',
            access: { permissions: ['accounts_all', 'booking_all'] },
            locations: [location(10, 'Bondi')],
          },
          {
            clientId: 2,
            clientName: 'Manly High School',
            access: { permissions: ['accounts_all', 'booking_all'] },
            locations: [location(20, 'Manly')],
          },
        ],
      },
    ],
    clients: [],
  },
  flags: {},
  features: { selfServiceShowBookingStatus: true, showBookingCardV2: true, enableExtendBooking: true },
  generalFiles: [],
  impersonation: null,
};

const TERMS = {
  terms: [
    { name: 'Term 3', firstDay: '2026-07-20', lastDay: '2026-09-25' },
    { name: 'Term 4', firstDay: '2026-10-12', lastDay: '2026-12-17' },
  ],
};

const spendRow = (key: string, label: string, amountMinor: number, days = 1): SpendRow => ({
  key,
  label,
  currency: 'AUD',
  amount: amountMinor / 100,
  amountMinor,
  days,
  hours: 0,
});

function spendAnswer(url: URL, rows: SpendRow[]): SpendReportResponse {
  const totalMinor = rows.reduce((sum, row) => sum + row.amountMinor, 0);
  return {
    from: url.searchParams.get('from')!,
    to: url.searchParams.get('to')!,
    groupBy: url.searchParams.get('groupBy') as SpendReportResponse['groupBy'],
    rows,
    totals: rows.length
      ? [
          {
            currency: 'AUD',
            amount: totalMinor / 100,
            amountMinor: totalMinor,
            days: rows.reduce((sum, row) => sum + row.days, 0),
            hours: 0,
          },
        ]
      : [],
  };
}

const fillRow = (key: string, bookings: number, filled: number): FillRow => ({
  key,
  label: key,
  bookings,
  filled,
  unfilled: bookings - filled,
  cancelled: 0,
  fillRatePercentage: bookings ? Math.round((filled / bookings) * 100) : -1,
  medianHoursToFill: bookings ? 3.5 : null,
});

function fillAnswer(url: URL, rows: FillRow[]): FillReportResponse {
  const bookings = rows.reduce((sum, row) => sum + row.bookings, 0);
  const filled = rows.reduce((sum, row) => sum + row.filled, 0);
  return {
    from: url.searchParams.get('from')!,
    to: url.searchParams.get('to')!,
    groupBy: url.searchParams.get('groupBy') as FillReportResponse['groupBy'],
    rows,
    totals: { ...fillRow('all', bookings, filled) },
  };
}

/** What the stub answers; each test changes what it needs. */
let answers: {
  terms: () => Response;
  spend: (url: URL) => Response;
  fill: (url: URL) => Response;
};

function defaultAnswers(): typeof answers {
  return {
    terms: () => jsonResponse(200, TERMS),
    spend: (url) => {
      const groupBy = url.searchParams.get('groupBy');
      const client = url.searchParams.getAll('clientIds');
      if (groupBy === 'month') {
        const rows =
          client.length === 1 && client[0] === '1'
            ? [spendRow('2026-10', '2026-10', 120000, 3), spendRow('2026-11', '2026-11', 45050, 1)]
            : [spendRow('2026-10', '2026-10', 80000, 2)];
        return jsonResponse(200, spendAnswer(url, rows));
      }
      if (groupBy === 'classification')
        return jsonResponse(200, spendAnswer(url, [spendRow('3', 'Primary teacher', 150000, 4), spendRow('4', 'Teacher aide', 95050, 2)]));
      if (groupBy === 'educator')
        return jsonResponse(
          200,
          spendAnswer(url, [
            spendRow('31', 'Ava Chen', 90000, 2.5),
            spendRow('32', 'Ben Okafor', 155050, 3.5),
            spendRow('unknown', '', 0, 0),
          ]),
        );
      return jsonResponse(200, spendAnswer(url, [spendRow('sick leave cover', 'sick leave cover', 245050, 6)]));
    },
    fill: (url) =>
      url.searchParams.get('groupBy') === 'weekday'
        ? jsonResponse(200, fillAnswer(url, [fillRow('5', 4, 2), fillRow('1', 10, 9)]))
        : jsonResponse(200, fillAnswer(url, [fillRow('2026-10-12', 8, 6), fillRow('2026-10-19', 6, 5)])),
  };
}

let calls: URL[] = [];

function stubApi() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url);
    if (url.pathname === '/v1/profile') return jsonResponse(200, PROFILE);
    if (url.pathname === '/v1/locations/10/school-terms') return answers.terms();
    if (url.pathname === '/v1/reports/spend') return answers.spend(url);
    if (url.pathname === '/v1/reports/fill') return answers.fill(url);
    return jsonResponse(404, { title: 'Not Found', status: 404 });
  });
}

/** The from and to of every report call, by path and groupBy. */
const reportRanges = () =>
  calls
    .filter((url) => url.pathname.startsWith('/v1/reports/'))
    .map((url) => `${url.searchParams.get('from')}..${url.searchParams.get('to')}`);

/** A section's chart data and its table's rows (header cell, then the value cells). */
function sectionData(testId: string) {
  const section = screen.getByTestId(testId);
  const chart = within(section).getByTestId('chart-data');
  const categories = JSON.parse(chart.getAttribute('data-categories')!) as string[];
  const series = JSON.parse(chart.getAttribute('data-series')!) as Array<{ label: string; data: Array<number | null> }>;
  const table = within(section).getByRole('table');
  const bodyRows = within(table)
    .getAllByRole('row')
    .slice(1, 1 + categories.length);
  const rows = bodyRows.map((row) => [
    within(row).getByRole('rowheader').textContent,
    ...within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ]);
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
  return { categories, series, rows, headers };
}

async function choosePeriod(name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Period' }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('Reports', { timeout: 40_000 }, () => {
  beforeEach(async () => {
    resetSessionForTests();
    localStorage.clear();
    calls = [];
    answers = defaultAnswers();
    startSession({ accessToken: 'token', expiresIn: 1800, tokenType: 'Bearer' });
    setSelectedClientIds([1, 2]);
    await i18n.changeLanguage('en-AU');
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  it('asks for this term by default, then last term, this year and custom dates, as the period picker says', async () => {
    stubApi();
    renderWithProviders(<ReportsPage />, { route: '/reports' });
    expect(await screen.findByTestId('report-range')).toHaveTextContent('Showing Term 4, 12 Oct 2026 to 17 Dec 2026');
    expect(screen.getByTestId('report-basis')).toHaveTextContent('School terms of Bondi Public School');
    await waitFor(() => expect(reportRanges().length).toBeGreaterThanOrEqual(6));
    expect(new Set(reportRanges())).toEqual(new Set(['2026-10-12..2026-12-17']));

    calls = [];
    await choosePeriod('Last term');
    await waitFor(() => expect(new Set(reportRanges())).toEqual(new Set(['2026-07-20..2026-09-25'])));
    expect(screen.getByTestId('report-range')).toHaveTextContent('Term 3, 20 Jul 2026 to 25 Sep 2026');

    calls = [];
    await choosePeriod('This year');
    await waitFor(() => expect(new Set(reportRanges())).toEqual(new Set(['2026-01-01..2026-12-31'])));

    calls = [];
    await choosePeriod('Custom dates');
    await userEvent.type(screen.getByRole('textbox', { name: 'From' }), '01/09/2026');
    await userEvent.type(screen.getByRole('textbox', { name: 'To' }), '30/09/2026');
    await waitFor(() => expect(reportRanges()).toContain('2026-09-01..2026-09-30'));
    expect(new Set(reportRanges())).toEqual(new Set(['2026-09-01..2026-09-30']));

    // A range the API would refuse is not asked for; the field says why.
    calls = [];
    const to = screen.getByRole('textbox', { name: 'To' });
    await userEvent.clear(to);
    await userEvent.type(to, '31/08/2026');
    expect(await screen.findByText('Choose a first date on or before the last date.')).toBeInTheDocument();
    expect(reportRanges()).toEqual([]);
  });

  it('uses calendar quarters, and says so, where the school terms cannot be read', async () => {
    answers.terms = () => jsonResponse(403, { title: 'Forbidden', status: 403 });
    stubApi();
    renderWithProviders(<ReportsPage />, { route: '/reports' });
    expect(await screen.findByTestId('report-basis')).toHaveTextContent(
      "School terms aren't available for this school here, so calendar quarters are shown instead.",
    );
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveTextContent('This quarter');
    await waitFor(() => expect(reportRanges().length).toBeGreaterThanOrEqual(6));
    expect(new Set(reportRanges())).toEqual(new Set(['2026-10-01..2026-12-31']));
  });

  it('shows in each table the figures its chart draws (spend stacked by school, by classification, fill over time and by weekday)', async () => {
    stubApi();
    renderWithProviders(<ReportsPage />, { route: '/reports' });
    await screen.findByTestId('spend-by-month-table');

    const month = sectionData('spend-by-month');
    // Stacked by school: one series per school, and every month of the term (December without spend is 0).
    expect(month.series.map((series) => series.label)).toEqual(['Bondi Public School', 'Manly High School']);
    expect(month.categories).toEqual(['Oct 2026', 'Nov 2026', 'Dec 2026']);
    expect(month.headers).toEqual(['Month', 'Bondi Public School', 'Manly High School', 'Total']);
    month.rows.forEach((row, index) => {
      expect(row[0]).toBe(month.categories[index]);
      const values = month.series.map((series) => series.data[index] ?? 0);
      expect(row.slice(1, 3)).toEqual(values.map((value) => `$${value.toLocaleString('en-AU', { minimumFractionDigits: 2 })}`));
    });
    expect(month.rows[0]).toEqual(['Oct 2026', '$1,200.00', '$800.00', '$2,000.00']);

    const byClassification = sectionData('spend-by-classification');
    expect(byClassification.categories).toEqual(['Primary teacher', 'Teacher aide']);
    expect(byClassification.rows.map((row) => row[0])).toEqual(byClassification.categories);
    expect(byClassification.rows.map((row) => row[1])).toEqual(['$1,500.00', '$950.50']);
    expect(byClassification.series[0]!.data).toEqual([1500, 950.5]);

    const overTime = sectionData('fill-over-time');
    expect(overTime.categories).toEqual(['12 Oct', '19 Oct']);
    expect(overTime.series[0]!.data).toEqual([75, 83]);
    expect(overTime.rows.map((row) => row[1])).toEqual(['75%', '83%']);

    // Weekdays in the week's order (Monday first in Australia), whatever order the rows came in.
    const weekday = sectionData('fill-by-weekday');
    expect(weekday.categories).toEqual(['Monday', 'Friday']);
    expect(weekday.series[0]!.data).toEqual([90, 50]);
    expect(weekday.rows.map((row) => [row[0], row[1], row[2], row[3]])).toEqual([
      ['Monday', '90%', '10', '9'],
      ['Friday', '50%', '4', '2'],
    ]);

    // Top educators by days: most days first, the unknown left out; days, hours and the amount in the row's currency.
    const educators = sectionData('top-educators');
    expect(educators.categories).toEqual(['Ben Okafor', 'Ava Chen']);
    expect(educators.series).toEqual([{ label: 'Days', data: [3.5, 2.5] }]);
    expect(educators.headers).toEqual(['Educator', 'Days', 'Hours', 'Spend']);
    expect(educators.rows).toEqual([
      ['Ben Okafor', '3.5', '0', '$1,550.50'],
      ['Ava Chen', '2.5', '0', '$900.00'],
    ]);
    expect(screen.getByTestId('top-educators')).toHaveTextContent('The 2 educators with the most days billed in this period, most first.');
    expect(within(screen.getByTestId('top-educators')).getByTestId('export-csv')).toBeInTheDocument();
    expect(calls.some((url) => url.pathname === '/v1/reports/spend' && url.searchParams.get('groupBy') === 'educator')).toBe(true);

    // The summary and the tax label of the locale.
    expect(screen.getByTestId('summary-spend')).toHaveTextContent('$2,450.50');
    expect(screen.getByTestId('summary-fill-rate')).toHaveTextContent('79%');
    expect(screen.getByText('Amounts exclude GST.')).toBeInTheDocument();
  });

  it('shows the empty state for a period with nothing in it', async () => {
    answers.spend = (url) => jsonResponse(200, spendAnswer(url, []));
    answers.fill = (url) => jsonResponse(200, fillAnswer(url, []));
    stubApi();
    renderWithProviders(<ReportsPage />, { route: '/reports' });
    expect(await screen.findAllByText('No spend in this period')).toHaveLength(3);
    expect(await screen.findByText('No days billed in this period')).toBeInTheDocument();
    expect(await screen.findAllByText('No bookings in this period')).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByTestId('export-csv')).not.toBeInTheDocument();
    expect(screen.getByTestId('summary-spend')).toHaveTextContent('$0.00');
  });

  it('says so when the server refuses the spend (403), and still shows the bookings', async () => {
    answers.spend = () => jsonResponse(403, { title: 'Forbidden', status: 403, detail: 'You may not see these invoices.' });
    stubApi();
    renderWithProviders(<ReportsPage />, { route: '/reports' });
    expect(await screen.findAllByText("You don't have permission to see spend for the selected schools.")).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(await screen.findByTestId('fill-over-time-table')).toBeInTheDocument();
  });

  it('shows only the bookings reports to a contact without accounts view', async () => {
    const bookingsOnly = structuredClone(PROFILE);
    bookingsOnly.links.groups[0]!.access.permissions = ['booking_view'];
    for (const client of bookingsOnly.links.groups[0]!.clients) client.access.permissions = ['booking_view'];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url);
      if (url.pathname === '/v1/profile') return jsonResponse(200, bookingsOnly);
      if (url.pathname === '/v1/reports/fill') return answers.fill(url);
      return jsonResponse(403, { title: 'Forbidden', status: 403 });
    });
    renderWithProviders(<ReportsPage />, { route: '/reports' });
    expect(await screen.findByTestId('fill-by-weekday-table')).toBeInTheDocument();
    expect(screen.queryByTestId('spend-by-month')).not.toBeInTheDocument();
    expect(calls.some((url) => url.pathname === '/v1/reports/spend')).toBe(false);
    // No booking create: the terms are not asked for, and quarters stand in for them.
    expect(calls.some((url) => url.pathname.endsWith('/school-terms'))).toBe(false);
    expect(screen.getByTestId('report-basis')).toHaveTextContent('calendar quarters');
  });
});
