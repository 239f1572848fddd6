import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { RejectDialog } from './reject-dialog';
import { WithdrawDialog } from './withdraw-dialog';

const summary = { createdBy: 'Pat Lee', days: '2 days (7–8 Dec)', location: 'Harbourside Primary School' };

describe('Pending request dialogs', { timeout: 60_000 }, () => {
  it('reject needs a reason and hands it over trimmed', async () => {
    const onReject = vi.fn();
    renderWithProviders(<RejectDialog summary={summary} pending={false} onClose={() => {}} onReject={onReject} />);
    const dialog = await screen.findByRole('dialog', { name: 'Reject this request?' });
    expect(within(dialog).getByText(/Pat Lee asked for 2 days \(7–8 Dec\) at Harbourside Primary School/)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    expect(within(dialog).getByText('Please give a reason for rejecting this booking')).toBeVisible();
    expect(onReject).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason for rejecting/ }), ' No longer needed ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    expect(onReject).toHaveBeenCalledWith('No longer needed');
  });

  it('withdraw asks, without a reason, and confirms once', async () => {
    const onWithdraw = vi.fn();
    renderWithProviders(<WithdrawDialog summary={summary} pending={false} onClose={() => {}} onWithdraw={onWithdraw} />);
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this request?' });
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw request' }));
    expect(onWithdraw).toHaveBeenCalledTimes(1);
  });
});
