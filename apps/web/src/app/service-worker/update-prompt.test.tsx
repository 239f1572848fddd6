import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { showUpdatePrompt, UpdatePrompt } from './update-prompt';

describe('the new-version prompt', () => {
  it('offers Reload, which applies the waiting version once', async () => {
    const reload = vi.fn();
    render(<UpdatePrompt reload={reload} />);
    expect(screen.getByRole('status')).toHaveTextContent('A new version is available');
    const button = screen.getByRole('button', { name: 'Reload' });
    await userEvent.click(button);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(button).toBeDisabled();
  });

  it('can be dismissed (the new version then applies on the next visit)', async () => {
    const reload = vi.fn();
    render(<UpdatePrompt reload={reload} />);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('shows beside the app, once however often the worker reports', async () => {
    await act(async () => {
      showUpdatePrompt(() => {});
      showUpdatePrompt(() => {});
    });
    expect(document.querySelectorAll('#portal-update-prompt')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeVisible();
    document.getElementById('portal-update-prompt')?.remove();
  });
});
