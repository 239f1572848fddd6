import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ThemeProviders } from '../app/theme-providers';
import { initI18n } from '../lib/i18n';
import { setRuntimeConfig } from '../lib/runtime-config';
import { testRuntimeConfig } from '../testing/render';
import { REASON_MAX, ReasonDialog } from './reason-dialog';

initI18n('en');
setRuntimeConfig(testRuntimeConfig);
const wrap = (ui: React.ReactElement) => render(<ThemeProviders>{ui}</ThemeProviders>);
const reason = { label: 'Reason', requiredMessage: 'Please give a reason', help: 'The school sees it' };

describe('ReasonDialog', () => {
  it('focuses the reason, asks for one before confirming and sends it trimmed', async () => {
    const onConfirm = vi.fn();
    wrap(
      <ReasonDialog
        title="Cancel booking"
        intro="Monday at Oak"
        reason={reason}
        confirmLabel="Cancel it"
        busy={false}
        onConfirm={onConfirm}
        onClose={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel booking' });
    const field = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(field).toHaveFocus();
    expect(field).toBeRequired();
    expect(within(dialog).getByText('Monday at Oak')).toBeVisible();
    expect(within(dialog).getByText('The school sees it')).toBeVisible();

    await userEvent.type(field, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel it' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(within(dialog).getByText('Please give a reason')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(field, 'Closed for snow ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel it' }));
    expect(onConfirm).toHaveBeenCalledWith('Closed for snow');
  });

  it('cuts the reason at its maximum', () => {
    wrap(
      <ReasonDialog
        title="T"
        intro="i"
        reason={{ ...reason, maxLength: 5 }}
        confirmLabel="OK"
        busy={false}
        onConfirm={() => {}}
        onClose={() => {}}
      />,
    );
    const field = screen.getByRole('textbox', { name: 'Reason' });
    fireEvent.change(field, { target: { value: 'abcdefgh' } });
    expect(field).toHaveValue('abcde');
    expect(REASON_MAX).toBe(500);
  });

  it('has its own way out instead of Cancel and shows the refusal as an alert', async () => {
    const onClose = vi.fn();
    wrap(
      <ReasonDialog
        title="Cancel booking"
        intro="i"
        reason={reason}
        confirmLabel="Cancel it"
        dismissLabel="Keep booking"
        busy={false}
        failure="An educator is assigned"
        onConfirm={() => {}}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('An educator is assigned');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('without a reason field it confirms at once; while busy it stays open and does not confirm twice', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    const { rerender } = wrap(
      <ReasonDialog title="Withdraw" intro="i" confirmLabel="Withdraw request" busy={false} onConfirm={onConfirm} onClose={onClose} />,
    );
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw request' }));
    expect(onConfirm).toHaveBeenCalledWith('');

    rerender(
      <ThemeProviders>
        <ReasonDialog title="Withdraw" intro="i" confirmLabel="Withdraw request" busy onConfirm={onConfirm} onClose={onClose} />
      </ThemeProviders>,
    );
    expect(screen.getByRole('button', { name: /Withdraw request/ })).toBeDisabled();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
