import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionForTests, startSession } from '../../../lib/session';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { RequestCancellationDialog } from './request-cancellation-dialog';

const booking = { id: 41, dateLocal: '2026-12-07', location: { name: 'Harbourside Primary School' } };

describe('Cancel and request-cancellation dialogs', { timeout: 60_000 }, () => {
  beforeEach(() => {
    resetSessionForTests();
    startSession({ accessToken: 'token', expiresIn: 1800, tokenType: 'Bearer' });
  });
  afterEach(() => vi.restoreAllMocks());

  it("cancel asks for a reason, sends it trimmed once, and shows the server's refusal", async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () =>
        jsonResponse(422, { title: 'Unprocessable', status: 422, detail: 'An educator is assigned to this booking' }),
      );
    const onClose = vi.fn();
    renderWithProviders(<CancelBookingDialog booking={booking} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(within(dialog).getByText(/Harbourside Primary School will be cancelled/)).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(within(dialog).getByText('Please give a reason for cancelling this booking')).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason for cancelling/ }), ' Closed for snow ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('An educator is assigned to this booking'));
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toContain('/bookings/41/cancel');
    expect(JSON.parse(String(init?.body))).toEqual({ cancelReason: 'Closed for snow' });
    expect(new Headers(init?.headers).get('Idempotency-Key')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('request cancellation sends the reason and hands the answer back', async () => {
    const sent = { bookingId: 41, sentTo: 'office@example.test', phone: '020 7946 0000', sentAt: '2026-12-01T09:00:00Z' };
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, sent));
    const onSent = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<RequestCancellationDialog booking={booking} onClose={onClose} onSent={onSent} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ask us to cancel this booking' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason for cancelling/ }), 'Trip moved');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toEqual({ reason: 'Trip moved' });
    expect(onSent).toHaveBeenCalledWith(sent);
  });
});
