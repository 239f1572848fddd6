import type { TimesheetBooking } from '@portal/contract/timesheets';
import { formatDuration } from '@portal/contract/format/duration';
import { billingOf, type TimesheetChange } from '@portal/contract/timesheets/decide';
import { DECIDE_EXAMPLES } from '@portal/contract/timesheets/decide.examples';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSelectedClientIds } from '../../lib/selected-clients';
import { resetSessionForTests, startSession } from '../../lib/session';
import { jsonResponse, renderWithProviders } from '../../testing/render';
import { ApproveDialog } from './components/approve-dialog';
import { TimesheetsPage } from './timesheets-page';

const PROFILE = {
  contact: {
    id: 1,
    firstName: 'Pat',
    lastName: 'Lee',
    emailAddress: 'pat@example.test',
    language: 'en',
    isClientGroupOverviewEnabled: false,
    standardBookings: [],
    lastUpdated: '2026-11-01T00:00:00Z',
  },
  links: {
    groups: [],
    clients: [
      {
        clientId: 3,
        clientName: 'Harbourside Primary School',
        access: { permissions: ['timesheets_all'] },
        locations: [
          {
            locationId: 7,
            locationName: 'Harbourside Primary School',
            timeZone: 'Australia/Sydney',
            tags: [],
            access: { permissions: ['timesheets_all'] },
          },
          {
            locationId: 8,
            locationName: 'Harbourside Annexe',
            timeZone: 'Australia/Sydney',
            tags: [],
            access: { permissions: ['timesheets_all'] },
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

/** What the server sends as `billing`: the contract's rule over the row's facts (the server runs the same). */
function withBilling(row: Omit<TimesheetBooking, 'billing'>): TimesheetBooking {
  const time = (local: string | null) => (local ?? '').slice(11, 16);
  const m = row.candidateBookingModifications;
  const educator: TimesheetChange | null = !m
    ? null
    : m.didNotHappen
      ? { didNotHappen: true, reason: m.reason }
      : { didNotHappen: false, startTime: time(m.startTimeLocal), endTime: time(m.endTimeLocal), breakMinutes: m.breakMinutes ?? 0 };
  const recorded = { startTime: time(row.startTimeLocal), endTime: time(row.endTimeLocal), breakMinutes: row.breakMinutes };
  return { ...row, billing: billingOf({ status: row.status, bookingStatus: row.bookingStatus, recorded, educator, school: null }) };
}

function timesheet(bookingId: number, overrides: Partial<TimesheetBooking> = {}): TimesheetBooking {
  return withBilling({
    bookingId,
    locationId: 7,
    locationName: 'Harbourside Primary School',
    locationTimeZone: 'Australia/Sydney',
    clientId: 3,
    clientName: 'Harbourside Primary School',
    clientGroupId: null,
    payOptionType: 'Daily rate',
    payOptionTypes: ['Daily rate'],
    unitType: 'day',
    startTimeLocal: '2026-11-16T08:30',
    endTimeLocal: '2026-11-16T15:30',
    startTimeUTC: '2026-11-15T21:30:00Z',
    endTimeUTC: '2026-11-16T04:30:00Z',
    candidateId: 40 + bookingId,
    candidateFirstName: 'Mia',
    candidateLastName: `Chen${bookingId}`,
    candidatePreferredName: null,
    candidateFullName: `Mia Chen${bookingId}`,
    breakMinutes: 30,
    isApprovedByCandidate: true,
    breaks: [],
    timesheetMethod: 'app',
    bookingStatus: 'completed',
    candidateBookingModifications: null,
    status: 'pending_approval',
    dateLocal: '2026-11-16',
    workedMinutes: 390,
    decision: null,
    decidedByName: null,
    decidedAt: null,
    clientModification: null,
    invoiceNo: null,
    ...overrides,
  });
}

const ROWS = [
  timesheet(101),
  timesheet(102, {
    isApprovedByCandidate: false,
    candidateBookingModifications: {
      didNotHappen: false,
      startTimeLocal: '2026-11-16T09:00',
      endTimeLocal: '2026-11-16T15:00',
      breakMinutes: 30,
      reason: null,
    },
  }),
  timesheet(103, {
    isApprovedByCandidate: false,
    candidateBookingModifications: {
      didNotHappen: true,
      startTimeLocal: null,
      endTimeLocal: null,
      breakMinutes: null,
      reason: 'Unwell on the day',
    },
  }),
];

const OVERVIEW = {
  totals: { approved: 12, pendingReview: 4, pendingApproval: 3 },
  clients: [
    {
      clientId: 3,
      clientName: 'Harbourside Primary School',
      approved: 12,
      pendingReview: 4,
      pendingApproval: 3,
      pendingApprovalWeeks: [
        { weekOf: '2026-11-16', pendingApproval: 2 },
        { weekOf: '2026-11-09', pendingApproval: 1 },
      ],
    },
  ],
  candidates: ROWS.map((r) => ({
    candidateId: r.candidateId,
    candidateName: r.candidateFullName,
    approved: 4,
    pendingReview: 1,
    pendingApproval: 1,
  })),
};

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response> | undefined;

function stubApi(onSubmit: Handler, extra: Handler = () => undefined) {
  let pending = [...ROWS];
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const answer = await extra(url, init);
    if (answer) return answer;
    if (url.pathname === '/v1/profile') return jsonResponse(200, PROFILE);
    if (url.pathname === '/v1/timesheets/overview') return jsonResponse(200, OVERVIEW);
    if (url.pathname === '/v1/timesheets/list') return jsonResponse(200, []);
    if (url.pathname === '/v1/timesheets' || url.pathname === '/v1/timesheets/candidate') {
      const candidateId = Number(url.searchParams.get('candidateId'));
      const list = candidateId ? pending.filter((r) => r.candidateId === candidateId) : pending;
      return new Response(JSON.stringify({ approvedCount: 12, pendingReviewCount: 4, pendingApprovalList: list }), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'x-pagination': JSON.stringify({ total: list.length, skip: 0, take: 25 }) },
      });
    }
    if (url.pathname === '/v1/timesheets/submit') {
      const response = await onSubmit(url, init);
      const body = JSON.parse(String(init.body)) as { timesheets: Array<{ bookingId: number }> };
      if (response && response.status < 300) pending = pending.filter((r) => !body.timesheets.some((t) => t.bookingId === r.bookingId));
      return response ?? jsonResponse(500, {});
    }
    return jsonResponse(404, { title: 'Not Found', status: 404 });
  });
}

const rowOf = (bookingId: number) => screen.getAllByTestId('timesheet-row').find((r) => r.dataset.bookingId === String(bookingId))!;

// Whole-page journeys with user-event: slower than the default 5 s on a busy machine.
describe('Timesheets page', { timeout: 60_000 }, () => {
  beforeEach(() => {
    resetSessionForTests();
    localStorage.clear();
    startSession({ accessToken: 'token', expiresIn: 1800, tokenType: 'Bearer' });
    setSelectedClientIds([3]);
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the summary and the list with the educator’s changes highlighted', async () => {
    stubApi(() => undefined);
    renderWithProviders(<TimesheetsPage />, { route: '/timesheets' });
    await waitFor(() => expect(screen.getByTestId('timesheets-total-pending-approval')).toHaveTextContent('3'));
    expect(screen.getByTestId('timesheets-total-approved')).toHaveTextContent('12');
    await waitFor(() => expect(screen.getAllByTestId('timesheet-row')).toHaveLength(3));
    expect(screen.getByTestId('timesheets-total')).toHaveTextContent('3 timesheets to approve');
    expect(within(rowOf(101)).getByText('No changes')).toBeInTheDocument();
    expect(within(rowOf(102)).getByText('Educator changed the times')).toBeInTheDocument();
    expect(within(rowOf(102)).getByText('Booked 08:30–15:30, 30 min break')).toBeInTheDocument();
    expect(within(rowOf(103)).getByText('Educator says it did not happen')).toBeInTheDocument();
    expect(within(rowOf(103)).getByText('Reason: Unwell on the day')).toBeInTheDocument();
    expect(rowOf(102)).toHaveAttribute('data-changed', 'true');
    expect(rowOf(101)).not.toHaveAttribute('data-changed');
  });

  it('shows what Approve will bill: the educator’s times where changed, the booked ones beside them, no charge where it did not happen', async () => {
    stubApi(() => undefined);
    renderWithProviders(<TimesheetsPage />, { route: '/timesheets' });
    await waitFor(() => expect(screen.getAllByTestId('timesheet-row')).toHaveLength(3));
    expect(screen.getByRole('columnheader', { name: 'To bill' })).toBeInTheDocument();
    expect(screen.getByText(/“To bill” is what Approve sends for invoicing/)).toBeInTheDocument();
    expect(within(rowOf(101)).getByTestId('timesheet-billed')).toHaveTextContent('6 h 30 min');
    expect(within(rowOf(101)).getByText('08:30–15:30')).toBeInTheDocument();
    expect(within(rowOf(102)).getByTestId('timesheet-billed')).toHaveTextContent('5 h 30 min');
    expect(within(rowOf(102)).getByText('09:00–15:00')).toBeInTheDocument();
    expect(within(rowOf(103)).getByTestId('timesheet-billed')).toHaveTextContent('No charge if approved');
  });

  it('renders every worked example of the contract with the example’s hours', async () => {
    const examples = DECIDE_EXAMPLES.filter((e) => e.facts.status === 'pending_approval');
    const rows = examples.map((example, i) => {
      const { recorded, educator } = example.facts;
      const at = (time: string) => `2026-11-16T${time}`;
      return timesheet(201 + i, {
        startTimeLocal: at(recorded.startTime),
        endTimeLocal: at(recorded.endTime),
        breakMinutes: recorded.breakMinutes,
        isApprovedByCandidate: educator === null,
        candidateBookingModifications: !educator
          ? null
          : educator.didNotHappen
            ? { didNotHappen: true, startTimeLocal: null, endTimeLocal: null, breakMinutes: null, reason: educator.reason }
            : {
                didNotHappen: false,
                startTimeLocal: at(educator.startTime),
                endTimeLocal: at(educator.endTime),
                breakMinutes: educator.breakMinutes,
                reason: null,
              },
      });
    });
    rows.forEach((row, i) => expect(row.billing).toEqual(examples[i]!.billing));
    stubApi(
      () => undefined,
      (url) =>
        url.pathname === '/v1/timesheets'
          ? new Response(JSON.stringify({ approvedCount: 0, pendingReviewCount: 0, pendingApprovalList: rows }), {
              status: 200,
              headers: { 'Content-Type': 'application/json', 'x-pagination': JSON.stringify({ total: rows.length, skip: 0, take: 25 }) },
            })
          : undefined,
    );
    renderWithProviders(<TimesheetsPage />, { route: '/timesheets' });
    await waitFor(() => expect(screen.getAllByTestId('timesheet-row')).toHaveLength(rows.length));
    examples.forEach((example, i) => {
      const billed = within(rowOf(201 + i)).getByTestId('timesheet-billed');
      expect(billed, example.name).toHaveTextContent(
        example.billing.kind === 'hours' ? formatDuration(example.billing.minutes, 'en') : 'No charge if approved',
      );
    });
  });

  it('asks once before approving a selection with changed or did-not-happen timesheets, naming them, then says No charge', async () => {
    const user = userEvent.setup({ delay: null });
    const bodies: unknown[] = [];
    stubApi((_, init) => {
      bodies.push(JSON.parse(String(init.body)));
      return jsonResponse(200, { submitted: [101, 102, 103], noCharge: [103], issues: [] });
    });
    renderWithProviders(<TimesheetsPage />, { route: '/timesheets' });
    await waitFor(() => expect(screen.getAllByTestId('timesheet-row')).toHaveLength(3));
    await user.click(screen.getByRole('checkbox', { name: 'Select all 3 shown' }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve 3 timesheets?' });
    expect(bodies).toEqual([]);
    expect(dialog).toHaveTextContent('Approving accepts each timesheet as the educator submitted it. 2 of them differ from the booking:');
    const differences = within(dialog).getAllByRole('listitem');
    expect(differences).toHaveLength(2);
    expect(differences[0]).toHaveTextContent(
      'Mia Chen102, Mon 16 Nov 2026: the educator’s 09:00–15:00, 30 min break (5 h 30 min) instead of the booked 08:30–15:30, 30 min break (6 h 30 min)',
    );
    expect(differences[1]).toHaveTextContent('Mia Chen103, Mon 16 Nov 2026: the educator says it did not happen');
    expect(differences[1]).toHaveTextContent('cancelled with no charge');
    await user.click(within(dialog).getByRole('button', { name: 'Approve 3' }));
    expect(
      await screen.findByText('3 timesheets approved. Mia Chen103, Mon 16 Nov 2026: no charge, the booking is cancelled.'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([{ decision: 'approved', timesheets: [{ bookingId: 101 }, { bookingId: 102 }, { bookingId: 103 }] }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('names a changed break in the confirmation, with the hours either way, when the times are as booked', async () => {
    const breakOnly = timesheet(105, {
      isApprovedByCandidate: false,
      candidateBookingModifications: {
        didNotHappen: false,
        startTimeLocal: '2026-11-16T08:30',
        endTimeLocal: '2026-11-16T15:30',
        breakMinutes: 0,
        reason: null,
      },
    });
    renderWithProviders(<ApproveDialog rows={[breakOnly]} pending={false} onClose={() => {}} onConfirm={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Approve this timesheet?' });
    expect(within(dialog).getByRole('listitem')).toHaveTextContent(
      'Mia Chen105, Mon 16 Nov 2026: the educator’s 08:30–15:30, no break (7 h) instead of the booked 08:30–15:30, 30 min break (6 h 30 min)',
    );
    expect(dialog).toHaveTextContent('To bill in all: 7 h');
  });

  it('approves a selection as booked at once, without asking', async () => {
    const user = userEvent.setup({ delay: null });
    const bodies: unknown[] = [];
    stubApi((_, init) => {
      bodies.push(JSON.parse(String(init.body)));
      return jsonResponse(200, { submitted: [101], noCharge: [], issues: [] });
    });
    renderWithProviders(<TimesheetsPage />, { route: '/timesheets' });
    await waitFor(() => expect(screen.getAllByTestId('timesheet-row')).toHaveLength(3));
    await user.click(within(rowOf(101)).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Timesheet approved.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodies).toHaveLength(1);
  });

  it('approves the selection with one Idempotency-Key and shows the success toast', async () => {
    const user = userEvent.setup({ delay: null });
    const bodies: unknown[] = [];
    const keys: string[] = [];
    stubApi((_, init) => {
      bodies.push(JSON.parse(String(init.body)));
      keys.push(new Headers(init.headers).get('Idempotency-Key') ?? '');
      return jsonResponse(200, { submitted: [101, 102], noCharge: [], issues: [] });
    });
    renderWithProviders(<TimesheetsPage />, { route: '/timesheets' });
    await waitFor(() => expect(screen.getAllByTestId('timesheet-row')).toHaveLength(3));
    const approve = within(screen.getByRole('toolbar', { name: 'Decide the selected timesheets' })).getByRole('button', {
      name: 'Approve',
    });
    expect(approve).toBeDisabled();
    await user.click(within(rowOf(101)).getByRole('checkbox'));
    await user.click(within(rowOf(102)).getByRole('checkbox'));
    expect(screen.getByTestId('timesheet-selection-count')).toHaveTextContent('2 selected');
    await user.click(approve);
    // 102's educator changed the times: one confirmation first.
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Approve 2 timesheets?' })).getByRole('button', { name: 'Approve 2' }),
    );
    expect(await screen.findByText('2 timesheets approved.')).toBeInTheDocument();
    expect(bodies).toEqual([{ decision: 'approved', timesheets: [{ bookingId: 101 }, { bookingId: 102 }] }]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.getAllByTestId('timesheet-row')).toHaveLength(1));
  });

  it('select-all ticks every row of the page, and clears', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi(() => undefined);
    renderWithProviders(<TimesheetsPage />, { route: '/timesheets' });
    await waitFor(() => expect(screen.getAllByTestId('timesheet-row')).toHaveLength(3));
    await user.click(screen.getByRole('checkbox', { name: 'Select all 3 shown' }));
    expect(screen.getByTestId('timesheet-selection-count')).toHaveTextContent('3 selected');
    await user.click(screen.getByRole('checkbox', { name: 'Select all 3 shown' }));
    expect(screen.getByTestId('timesheet-selection-count')).toHaveTextContent('Select timesheets to approve');
  });

  it('confirms approving several timesheets as booked, with the hours billed in all', async () => {
    const user = userEvent.setup({ delay: null });
    const bodies: unknown[] = [];
    const asBooked = [timesheet(101), timesheet(104)];
    stubApi(
      (_, init) => {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse(200, { submitted: [101, 104], noCharge: [], issues: [] });
      },
      (url) =>
        url.pathname === '/v1/timesheets'
          ? new Response(JSON.stringify({ approvedCount: 0, pendingReviewCount: 0, pendingApprovalList: bodies.length ? [] : asBooked }), {
              status: 200,
              headers: { 'Content-Type': 'application/json', 'x-pagination': JSON.stringify({ total: 2, skip: 0, take: 25 }) },
            })
          : undefined,
    );
    renderWithProviders(<TimesheetsPage />, { route: '/timesheets' });
    await waitFor(() => expect(screen.getAllByTestId('timesheet-row')).toHaveLength(2));
    await user.click(screen.getByRole('checkbox', { name: 'Select all 2 shown' }));
    await user.click(
      within(screen.getByRole('toolbar', { name: 'Decide the selected timesheets' })).getByRole('button', { name: 'Approve' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Approve 2 timesheets?' });
    expect(dialog).toHaveTextContent('All 2 are as booked.');
    expect(within(dialog).getByTestId('approve-total')).toHaveTextContent('To bill in all: 13 h');
    expect(bodies).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Approve 2' }));
    expect(await screen.findByText('2 timesheets approved.')).toBeInTheDocument();
    expect(bodies).toEqual([{ decision: 'approved', timesheets: [{ bookingId: 101 }, { bookingId: 104 }] }]);
  });

  it('"Approve all 3 shown" selects every timesheet shown and asks once, then approves them', async () => {
    const user = userEvent.setup({ delay: null });
    const bodies: unknown[] = [];
    stubApi((_, init) => {
      bodies.push(JSON.parse(String(init.body)));
      return jsonResponse(200, { submitted: [101, 102, 103], noCharge: [103], issues: [] });
    });
    renderWithProviders(<TimesheetsPage />, { route: '/timesheets' });
    await waitFor(() => expect(screen.getAllByTestId('timesheet-row')).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Approve all 3 shown' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve 3 timesheets?' });
    expect(screen.getByTestId('timesheet-selection-count')).toHaveTextContent('3 selected');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
    expect(within(dialog).getByTestId('approve-total')).toHaveTextContent('To bill in all: 12 h, and 1 with no charge');
    await user.click(within(dialog).getByRole('button', { name: 'Approve 3' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ decision: 'approved', timesheets: [{ bookingId: 101 }, { bookingId: 102 }, { bookingId: 103 }] });
  });

  it('filters by week from the address and the week picker (the weeks with timesheets to approve), and asks the server', async () => {
    const user = userEvent.setup({ delay: null });
    const spy = stubApi(() => undefined);
    const { router } = renderWithProviders(<TimesheetsPage />, { route: '/timesheets?week=2026-11-16' });
    await waitFor(() => expect(screen.getAllByTestId('timesheet-row')).toHaveLength(3));
    const listCalls = () =>
      spy.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((u) => u.pathname === '/v1/timesheets');
    expect(listCalls().at(-1)?.searchParams.get('weekOf')).toBe('2026-11-16');
    const week = screen.getByRole('combobox', { name: 'Week' });
    expect(week).toHaveValue('2026-11-16');
    expect(
      within(week)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All weeks', 'Week of 16 Nov 2026 (2)', 'Week of 9 Nov 2026 (1)']);
    await user.selectOptions(week, '2026-11-09');
    await waitFor(() => expect(router.state.location.search).toBe('?week=2026-11-09'));
    await waitFor(() => expect(listCalls().at(-1)?.searchParams.get('weekOf')).toBe('2026-11-09'));
    await user.selectOptions(week, '');
    await waitFor(() => expect(listCalls().at(-1)?.searchParams.has('weekOf')).toBe(false));
    // Back returns to the week chosen before.
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Week' })).toHaveValue('2026-11-09'));
    // The list is asked again before the test ends, so no late call reaches the next test's stub.
    await waitFor(() => expect(listCalls().at(-1)?.searchParams.get('weekOf')).toBe('2026-11-09'));
  });

  it('ignores a week that is not a Monday, and a school that is not selected', async () => {
    const spy = stubApi(() => undefined);
    renderWithProviders(<TimesheetsPage />, { route: '/timesheets?week=2026-11-17&school=99' });
    await waitFor(() => expect(screen.getAllByTestId('timesheet-row')).toHaveLength(3));
    const call = spy.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((u) => u.pathname === '/v1/timesheets')
      .at(-1)!;
    expect(call.searchParams.has('weekOf')).toBe(false);
    expect(call.searchParams.getAll('clientIds')).toEqual(['3']);
    expect(screen.getByRole('combobox', { name: 'Week' })).toHaveValue('');
  });

  it("a 207 shows 'submitted with issues' with each reason in words", async () => {
    const user = userEvent.setup({ delay: null });
    stubApi(() => jsonResponse(207, { submitted: [101], noCharge: [], issues: [{ bookingId: 103, reason: 'already_invoiced' }] }));
    renderWithProviders(<TimesheetsPage />, { route: '/timesheets' });
    await waitFor(() => expect(screen.getAllByTestId('timesheet-row')).toHaveLength(3));
    await user.click(within(rowOf(101)).getByRole('checkbox'));
    await user.click(within(rowOf(103)).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve 2' }));
    const issues = await screen.findByTestId('timesheet-submit-issues');
    expect(issues).toHaveTextContent('Timesheets submitted with issues');
    expect(issues).toHaveTextContent('1 timesheet was submitted.');
    expect(issues).toHaveTextContent('Mia Chen103, Mon 16 Nov 2026: already invoiced');
    expect(await screen.findByText('Timesheets submitted with issues: Mia Chen103, Mon 16 Nov 2026: already invoiced')).toBeInTheDocument();
  });

  it('keeps the Idempotency-Key when no answer arrived, so trying again cannot approve twice', async () => {
    const user = userEvent.setup({ delay: null });
    const keys: string[] = [];
    let calls = 0;
    stubApi((_, init) => {
      keys.push(new Headers(init.headers).get('Idempotency-Key') ?? '');
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return jsonResponse(200, { submitted: [101], noCharge: [], issues: [] });
    });
    renderWithProviders(<TimesheetsPage />, { route: '/timesheets' });
    await waitFor(() => expect(screen.getAllByTestId('timesheet-row')).toHaveLength(3));
    await user.click(within(rowOf(101)).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(/We could not reach the server/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Timesheet approved.')).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('modifies with the contract’s rules: the end after the start, the break inside the shift', async () => {
    const user = userEvent.setup({ delay: null });
    const bodies: unknown[] = [];
    stubApi((_, init) => {
      bodies.push(JSON.parse(String(init.body)));
      return jsonResponse(200, { submitted: [101], noCharge: [], issues: [] });
    });
    renderWithProviders(<TimesheetsPage />, { route: '/timesheets' });
    await waitFor(() => expect(screen.getAllByTestId('timesheet-row')).toHaveLength(3));
    await user.click(within(rowOf(101)).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Modify' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modify the timesheet' });
    const start = within(dialog).getByLabelText(/^Start/);
    const end = within(dialog).getByLabelText(/^End/);
    const breakField = within(dialog).getByLabelText(/^Break/);
    expect(start).toHaveValue('08:30');
    expect(end).toHaveValue('15:30');
    await user.click(within(dialog).getByRole('button', { name: 'Submit the change' }));
    expect(within(dialog).getByText(/These are the times already on the timesheet/)).toBeInTheDocument();
    await user.clear(end);
    await user.type(end, '08:00');
    await user.click(within(dialog).getByRole('button', { name: 'Submit the change' }));
    expect(within(dialog).getByText('End time cannot be earlier than the start time')).toBeInTheDocument();
    await user.clear(end);
    await user.type(end, '09:00');
    await user.clear(breakField);
    await user.type(breakField, '45');
    expect(within(dialog).getByText('The break must fit inside the shift')).toBeInTheDocument();
    await user.clear(breakField);
    await user.type(breakField, '15');
    await user.click(within(dialog).getByRole('button', { name: 'Submit the change' }));
    expect(await screen.findByText('Change submitted: we will check it with the educator.')).toBeInTheDocument();
    expect(bodies).toEqual([
      { decision: 'modified', timesheets: [{ bookingId: 101, startTimeLocal: '08:30', endTimeLocal: '09:00', breakMinutes: 15 }] },
    ]);
  });

  it('marks did not happen with a reason from the list and free text', async () => {
    const user = userEvent.setup({ delay: null });
    const bodies: unknown[] = [];
    stubApi((_, init) => {
      bodies.push(JSON.parse(String(init.body)));
      return jsonResponse(200, { submitted: [101], noCharge: [], issues: [] });
    });
    renderWithProviders(<TimesheetsPage />, { route: '/timesheets' });
    await waitFor(() => expect(screen.getAllByTestId('timesheet-row')).toHaveLength(3));
    await user.click(within(rowOf(101)).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Did not happen' }));
    const dialog = await screen.findByRole('dialog', { name: 'The booking did not happen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByText('This field is required')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText(/^Reason/), 'other');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByText('This field is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Details/), 'Class combined');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Marked as did not happen: we will check it with the educator.')).toBeInTheDocument();
    expect(bodies).toEqual([{ decision: 'did_not_happen', timesheets: [{ bookingId: 101, reason: 'other: Class combined' }] }]);
  });

  it("opens an educator's own list from the summary", async () => {
    const user = userEvent.setup({ delay: null });
    const spy = stubApi(() => undefined);
    renderWithProviders(<TimesheetsPage />, { route: '/timesheets' });
    await user.click(await screen.findByRole('button', { name: 'View timesheets of Mia Chen102' }));
    expect(await screen.findByRole('heading', { name: 'Timesheets of Mia Chen102' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('timesheet-row')).toHaveLength(1));
    const candidateCall = spy.mock.calls.map(([input]) => String(input)).find((url) => url.includes('/v1/timesheets/candidate'));
    expect(candidateCall).toContain('candidateId=142');
    expect(candidateCall).toContain('clientIds=3');
  });

  it("says the server's message, else 'Download Failed', when a PDF cannot be had", async () => {
    const user = userEvent.setup({ delay: null });
    stubApi(
      () => undefined,
      (url) => {
        if (url.pathname === '/v1/timesheets/download/101')
          return jsonResponse(404, { title: 'Not Found', status: 404, detail: 'No such timesheet' });
        if (url.pathname === '/v1/timesheets/download/102') return new Response('oops', { status: 500 });
        return undefined;
      },
    );
    renderWithProviders(<TimesheetsPage />, { route: '/timesheets' });
    await waitFor(() => expect(screen.getAllByTestId('timesheet-row')).toHaveLength(3));
    await user.click(within(rowOf(101)).getByRole('button', { name: /^Download the timesheet PDF/ }));
    expect(await screen.findByText('No such timesheet')).toBeInTheDocument();
    await user.click(within(rowOf(102)).getByRole('button', { name: /^Download the timesheet PDF/ }));
    expect(await screen.findByText('Download Failed')).toBeInTheDocument();
  });
});
