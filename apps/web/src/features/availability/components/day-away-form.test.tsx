import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { resetSessionForTests, startSession } from '../../../lib/session';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { DayAwayForm } from './day-away-form';
import { ReplaceMeOffer } from './replace-me-offer';

const TODAY = '2026-11-22';
const LOCATIONS = [
  { locationId: 7, label: 'Harbourside Primary School' },
  { locationId: 8, label: 'Bayview Campus' },
];

function setup(onAdded = vi.fn()) {
  renderWithProviders(<DayAwayForm today={TODAY} locations={LOCATIONS} onAdded={onAdded} />);
  return {
    user: userEvent.setup(),
    date: screen.getByLabelText(/^Date/, { selector: 'input' }),
    reason: screen.getByLabelText(/^Reason/, { selector: 'select' }),
    location: screen.getByLabelText(/^School/, { selector: 'select' }),
    note: screen.getByLabelText(/^Note for the school/, { selector: 'textarea' }),
    submit: screen.getByRole('button', { name: 'Add day away' }),
  };
}

describe('DayAwayForm', () => {
  beforeEach(() => {
    resetSessionForTests();
    startSession({ accessToken: 'token', expiresIn: 1800, tokenType: 'Bearer' });
  });

  it('asks for a date and a reason before calling the server', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const f = setup();
    expect(f.date).toHaveAttribute('min', TODAY);
    await f.user.click(f.submit);
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(f.date).toHaveAttribute('aria-invalid', 'true');
    expect(f.date).toHaveAccessibleDescription('This field is required');
    expect(f.reason).toHaveAccessibleDescription('This field is required');
    expect(f.location).toHaveAttribute('aria-invalid', 'false');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("refuses a day before today with 'Date cannot be in the past'", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const f = setup();
    fireEvent.change(f.date, { target: { value: '2026-11-21' } });
    await f.user.selectOptions(f.reason, 'sick leave cover');
    await f.user.click(f.submit);
    expect(await screen.findByText('Date cannot be in the past')).toBeInTheDocument();
    expect(f.date).toHaveAccessibleDescription('Date cannot be in the past');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('keeps the note to 500 characters', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const f = setup();
    fireEvent.change(f.date, { target: { value: TODAY } });
    await f.user.selectOptions(f.reason, 'other');
    await f.user.click(f.note);
    await f.user.paste('x'.repeat(501));
    expect(screen.getByText('501 / 500 characters')).toBeInTheDocument();
    await f.user.click(f.submit);
    expect(await screen.findByText('This field must be 500 characters or less')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("shows the server's field error under its field (already away that day)", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(409, {
        status: 409,
        title: 'Conflict',
        detail: 'You are already away that day.',
        errors: { dateLocal: ['You are already away that day'] },
      }),
    );
    const f = setup();
    fireEvent.change(f.date, { target: { value: TODAY } });
    await f.user.selectOptions(f.reason, 'other');
    await f.user.click(f.submit);
    expect(await screen.findByText('You are already away that day')).toBeInTheDocument();
    expect(f.date).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the problem's detail when no field is named", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(503, { status: 503, title: 'Unavailable', detail: 'The staff room is closed for a moment.' }),
    );
    const f = setup();
    fireEvent.change(f.date, { target: { value: TODAY } });
    await f.user.selectOptions(f.reason, 'other');
    await f.user.click(f.submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('The staff room is closed for a moment.');
  });

  it('sends the day, the reason, the school and the trimmed note, then clears the form', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      if (init?.method === 'POST')
        return jsonResponse(201, {
          id: 1,
          dateLocal: '2026-11-23',
          reason: 'sick leave cover',
          note: 'Flu',
          locationId: 8,
          locationName: 'Bayview Campus',
          replaceMe: { offered: false, selectedDay: null, isNextMonday: false, locationId: null, request: null },
        });
      return jsonResponse(200, { today: TODAY, daysAway: [] });
    });
    const onAdded = vi.fn();
    const f = setup(onAdded);
    fireEvent.change(f.date, { target: { value: '2026-11-23' } });
    await f.user.selectOptions(f.reason, 'sick leave cover');
    await f.user.selectOptions(f.location, '8');
    await f.user.type(f.note, '  Flu ');
    await f.user.click(f.submit);
    await waitFor(() => expect(f.date).toHaveValue(''));
    const post = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/v1/me/days-away');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      dateLocal: '2026-11-23',
      reason: 'sick leave cover',
      note: 'Flu',
      locationId: 8,
    });
    expect(f.location).toHaveValue('8');
    expect(f.reason).toHaveValue('');
    expect(onAdded).toHaveBeenCalledWith('Day away added for 23 Nov 2026');
  });

  it('reads the date as an en-AU user types it (DD/MM/YYYY), not in the browser’s format', async () => {
    await i18n.changeLanguage('en-AU');
    try {
      const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) =>
        init?.method === 'POST'
          ? jsonResponse(201, {
              id: 2,
              dateLocal: '2026-12-04',
              reason: 'sick leave cover',
              note: null,
              locationId: null,
              locationName: null,
              replaceMe: { offered: false, selectedDay: null, isNextMonday: false, locationId: null, request: null },
            })
          : jsonResponse(200, { today: TODAY, daysAway: [] }),
      );
      const f = setup();
      expect(f.date).toHaveAttribute('type', 'text');
      expect(f.date).toHaveAttribute('placeholder', 'DD/MM/YYYY');
      fireEvent.change(f.date, { target: { value: '04/12/2026' } });
      await f.user.selectOptions(f.reason, 'sick leave cover');
      await f.user.click(f.submit);
      await waitFor(() => expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
      const post = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST');
      expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ dateLocal: '2026-12-04' });
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('ReplaceMeOffer', () => {
  it('asks for a replacement next Monday: the offer’s day, isNextMonday and location, with an Idempotency-Key', async () => {
    resetSessionForTests();
    startSession({ accessToken: 'token', expiresIn: 1800, tokenType: 'Bearer' });
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(201, {
        id: 9,
        locationId: 7,
        locationName: 'Harbourside Primary School',
        selectedDay: '2026-11-23',
        isNextMonday: true,
        status: 'scheduled',
        bookingId: null,
        candidateName: null,
        createdAt: '2026-11-20T08:00:00.000Z',
      }),
    );
    renderWithProviders(
      <ReplaceMeOffer replaceMe={{ offered: true, selectedDay: 'tomorrow', isNextMonday: true, locationId: 7, request: null }} />,
    );
    const button = screen.getByRole('button', { name: 'Request a replacement for Next Monday' });
    expect(button).toBeEnabled();
    await userEvent.setup().click(button);
    expect(await screen.findByText(/^Replacement requested for Next Monday\./)).toBeInTheDocument();
    const [url, init] = fetchSpy.mock.calls.find(([target]) => String(target).includes('bookings/replaceMe'))!;
    expect(String(url)).toMatch(/\/v1\/bookings\/replaceMe$/);
    expect(JSON.parse(String(init?.body))).toEqual({ selectedDay: 'tomorrow', isNextMonday: true, locationId: 7 });
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows the server's message when the request is refused", async () => {
    resetSessionForTests();
    startSession({ accessToken: 'token', expiresIn: 1800, tokenType: 'Bearer' });
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(409, { title: 'Conflict', status: 409, detail: 'You have already asked for a replacement on this day' }),
    );
    renderWithProviders(
      <ReplaceMeOffer replaceMe={{ offered: true, selectedDay: 'today', isNextMonday: false, locationId: 7, request: null }} />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Request a replacement for Today' }));
    expect(await screen.findByText('You have already asked for a replacement on this day')).toBeInTheDocument();
  });

  it("shows a request's status instead of the offer", () => {
    renderWithProviders(
      <ReplaceMeOffer
        replaceMe={{
          offered: false,
          selectedDay: 'today',
          isNextMonday: false,
          locationId: 7,
          request: { id: 3, status: 'pending_approval' },
        }}
      />,
    );
    expect(screen.getByText('Replace-me request: Pending approval')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
