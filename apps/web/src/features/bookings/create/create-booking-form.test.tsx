import type { BookingLocation } from '@portal/contract/booking-reference';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateTime } from 'luxon';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { nextWeekday } from '../../../lib/locale-format';
import { resetSessionForTests, startSession } from '../../../lib/session';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { nextSchoolDayToBook } from '@portal/contract/next-school-day';
import { CreateBookingForm } from './create-booking-form';

const LOCATION: BookingLocation = {
  locationId: 7,
  locationName: 'Harbourside Primary School',
  clientId: 3,
  clientName: 'Harbourside Primary School',
  clientTypeInt: 1,
  clientGroupId: null,
  clientGroupName: null,
  startTime: '08:30',
  endTime: '15:30',
  locationLunchBreakMinutes: 30,
  submittedByTemplateRequired: false,
  addressLine1: '1 Harbour St',
  addressLine2: null,
  suburb: 'Manly',
  postcode: '2095',
  state: 'NSW',
  country: 'AU',
  timeZone: 'Australia/Sydney',
  locationType: 'school',
  tags: [],
  canCreateBooking: true,
  canCreatePendingBooking: true,
  rules: {
    minBookingsPerDay: 1,
    maxBookingsPerDay: 5,
    maxBookingsAllowed: 60,
    sameDayCutoff: '08:00',
    maxExtensionDays: 60,
    maxAdvanceDays: 365,
    policiesMarkdown: 'Be **kind**.',
    policiesVersion: 'v1',
    policiesAcceptedAt: null,
  },
};

const DATE = nextWeekday(DateTime.now().plus({ days: 14 })).toISODate()!;

/** The reference data by path; POST /v1/bookings answered by `onCreate`. */
function stubApi(onCreate: (init: RequestInit) => Promise<Response>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/pay-classes'))
      return jsonResponse(200, [
        {
          id: 11,
          onlineTitle: 'Primary teacher',
          rateUnitType: 'daily',
          extraValidation: { minimumDurationInMins: 60, earliestEndTime24hr: null, defaultBreakInMins: 30, shouldShowBreaks: false },
        },
      ]);
    if (url.includes('/grades')) return jsonResponse(200, []);
    if (url.includes('/certifications')) return jsonResponse(200, [{ id: 1, name: 'First Aid', isLocationDefault: true }]);
    if (url.includes('booking-contacts'))
      return jsonResponse(200, [
        {
          id: 21,
          name: 'Pat Lee',
          email: 'pat@example.test',
          mobile: null,
          methods: { email: true, sms: false, voice: false, push: false },
          isCurrentUser: true,
          isOffice: false,
        },
      ]);
    if (url.includes('booking-blocks')) return new Response(null, { status: 204 });
    if (url.includes('/public-holidays')) return jsonResponse(200, { locationId: 7, openOnPublicHolidays: false, holidays: [] });
    if (url.endsWith('/v1/bookings') && init?.method === 'POST') return onCreate(init);
    return jsonResponse(404, { title: 'Not found', status: 404 });
  });
}

/** DATE through the date dialog, and the policies agreed. */
async function addDateAndAgree(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'One day' }));
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByRole('textbox'), DATE);
  const ok = within(dialog).getByRole('button', { name: 'OK' });
  await waitFor(() => expect(ok).toBeEnabled(), { timeout: 2000 });
  await user.click(ok);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await user.click(screen.getByRole('checkbox', { name: 'I agree to the booking policies' }));
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() => expect(screen.getByLabelText(/^Classification/, { selector: 'select' })).toHaveValue('11'));
  await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Confirm with Pat Lee' })).toBeChecked());
  await addDateAndAgree(user);
  await user.click(screen.getByRole('button', { name: 'Create booking' }));
}

describe('CreateBookingForm', () => {
  beforeEach(() => {
    resetSessionForTests();
    startSession({ accessToken: 'token', expiresIn: 1800, tokenType: 'Bearer' });
  });

  it('keeps the Idempotency-Key when the network failed, so a retry cannot book twice', { timeout: 30_000 }, async () => {
    const keys: string[] = [];
    const bodies: unknown[] = [];
    let calls = 0;
    stubApi(async (init) => {
      keys.push((init.headers as Record<string, string>)['Idempotency-Key']!);
      bodies.push(JSON.parse(String(init.body)));
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return jsonResponse(201, {
        requestId: 5,
        status: 'approved',
        seriesReference: null,
        bookings: [{ id: 44, dateLocal: DATE, status: 'unfilled' }],
      });
    });
    const { router } = renderWithProviders(<CreateBookingForm locations={[LOCATION]} />, { route: '/bookings/create' });
    const user = userEvent.setup();
    await fillAndSubmit(user);

    expect(await screen.findByText(/we don't know whether the booking was made/)).toBeInTheDocument();
    expect(screen.getByTestId('booking-total')).toHaveTextContent('1 date × 1 per day = 1 booking');
    await user.click(screen.getByRole('button', { name: 'Create booking' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookings/44'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(bodies[0]).toMatchObject({
      locationId: 7,
      classificationId: 11,
      certificationIds: [1],
      dates: [DATE],
      startTime: '08:30',
      endTime: '15:30',
      bookingsPerDay: 1,
      confirmations: [{ bookingContactId: 21, email: true, sms: false, voice: false, push: false }],
      policiesAgreed: true,
    });
    // The classification does not show breaks: its own (30 minutes) applies on the server, shown on the form.
    expect(bodies[0]).not.toHaveProperty('breakMinutes');
    expect(screen.getByTestId('booking-set-break')).toHaveTextContent('Includes a 30-minute unpaid break');
  });

  it(
    "puts the server's field errors on their fields (dates.0, endTime) and asks with a new key next time",
    { timeout: 30_000 },
    async () => {
      const keys: string[] = [];
      stubApi(async (init) => {
        keys.push((init.headers as Record<string, string>)['Idempotency-Key']!);
        return jsonResponse(422, {
          type: 'about:blank',
          title: 'Rule violation',
          status: 422,
          detail: 'The booking breaks a rule',
          errors: { 'dates.0': ['Bookings can only be made on weekdays'], endTime: ['End time cannot be earlier than 16:00'] },
        });
      });
      renderWithProviders(<CreateBookingForm locations={[LOCATION]} />, { route: '/bookings/create' });
      const user = userEvent.setup();
      await fillAndSubmit(user);

      expect(await screen.findByText(/: Bookings can only be made on weekdays$/)).toBeInTheDocument();
      const end = screen.getByLabelText(/^End time/, { selector: 'input' });
      expect(end).toHaveAccessibleDescription('End time cannot be earlier than 16:00');
      expect(end).toHaveAttribute('aria-invalid', 'true');
      await user.click(screen.getByRole('button', { name: 'Create booking' }));
      await waitFor(() => expect(keys).toHaveLength(2));
      expect(keys[1]).not.toBe(keys[0]);
    },
  );

  it('a refused submit moves the focus to the first missing field and the summary lists what is missing', { timeout: 30_000 }, async () => {
    const posted = vi.fn(async () => jsonResponse(500, {}));
    stubApi(posted);
    renderWithProviders(<CreateBookingForm locations={[LOCATION]} />, { route: '/bookings/create' });
    const user = userEvent.setup();
    const me = await screen.findByRole('checkbox', { name: 'Confirm with Pat Lee' });
    await waitFor(() => expect(me).toBeChecked());
    // Everything but the confirmation contact, which is unticked.
    await addDateAndAgree(user);
    await user.click(me);
    await user.click(screen.getByRole('button', { name: 'Create booking' }));

    const missing = await screen.findByTestId('booking-missing');
    expect(
      within(missing)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Confirmations']);
    await waitFor(() => expect(me).toHaveFocus());
    expect(posted).not.toHaveBeenCalled();

    // Fixed: the list goes, and the booking is asked for.
    await user.click(me);
    await waitFor(() => expect(screen.queryByTestId('booking-missing')).not.toBeInTheDocument());
  });

  it(
    'opened for the next school day by someone who agreed to these policies: the day chosen, the agreement dated, its version sent',
    {
      timeout: 30_000,
    },
    async () => {
      const bodies: Array<Record<string, unknown>> = [];
      stubApi(async (init) => {
        bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return jsonResponse(201, {
          requestId: 6,
          status: 'approved',
          seriesReference: null,
          bookings: [{ id: 45, dateLocal: DATE, status: 'unfilled' }],
        });
      });
      const accepted = { ...LOCATION, rules: { ...LOCATION.rules, policiesAcceptedAt: '2026-03-02T03:00:00.000Z' } };
      renderWithProviders(<CreateBookingForm locations={[accepted]} preset={{ nextSchoolDay: true }} />, { route: '/bookings/create' });
      const day = nextSchoolDayToBook({
        now: new Date(),
        timeZone: LOCATION.timeZone,
        sameDayCutoff: LOCATION.rules.sameDayCutoff,
        startTime: LOCATION.startTime,
        closedDates: new Set(),
        maxAdvanceDays: LOCATION.rules.maxAdvanceDays,
      });
      await waitFor(() => expect(document.querySelector(`[data-testid="booking-dates"] li[data-date="${day}"]`)).not.toBeNull());
      expect(screen.getByTestId('policies-accepted')).toHaveTextContent(/^You accepted these policies on .*2026/);
      expect(screen.getByRole('checkbox', { name: 'I agree to the booking policies' })).toBeChecked();
      // The text is folded away, one click from being read again.
      expect(screen.queryByText('kind')).toBeNull();
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Read the policies' }));
      expect(screen.getByText('kind').tagName).toBe('STRONG');

      await waitFor(() => expect(screen.getByLabelText(/^Classification/, { selector: 'select' })).toHaveValue('11'));
      await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Confirm with Pat Lee' })).toBeChecked());
      await user.click(screen.getByRole('button', { name: 'Create booking' }));
      await waitFor(() => expect(bodies).toHaveLength(1));
      expect(bodies[0]).toMatchObject({ dates: [day], policiesAgreed: true, policiesVersion: 'v1', startTime: '08:30', endTime: '15:30' });
    },
  );

  it('asks for a reason for absence, marked required, once someone is named as away; no choice looks made', async () => {
    stubApi(async () => jsonResponse(500, {}));
    renderWithProviders(<CreateBookingForm locations={[LOCATION]} />, { route: '/bookings/create' });
    const user = userEvent.setup();
    const reason = await screen.findByRole('combobox', { name: /^Reason for absence/ });
    expect(reason).not.toBeRequired();
    // A prompt, not a reason: "Not given" beside "Not provided" read as two answers.
    const options = within(reason)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options[0]).toBe('Choose a reason');
    expect(options.filter((text) => /^Not (given|provided)$/.test(text ?? ''))).toEqual(['Not provided']);
    await user.type(screen.getByLabelText(/^Name of the person away/), 'Sam Jones');
    expect(reason).toBeRequired();
    // The visible '*' (hidden from screen readers, which hear "required").
    expect(document.querySelector('label[for="booking-covering-reason"]')?.textContent).toMatch(/^Reason for absence\s*\*$/);
  });
});
