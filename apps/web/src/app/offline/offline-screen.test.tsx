import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OfflineScreen } from './offline-screen';

describe('OfflineScreen', () => {
  it('says the portal needs a connection and tries again from its button', async () => {
    const retry = vi.fn();
    render(<OfflineScreen retry={retry} />);
    expect(screen.getByRole('heading', { level: 1, name: 'You’re offline' })).toBeVisible();
    expect(screen.getByText(/needs an internet connection/)).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('as soon as you are back online');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(document.title).toContain('You’re offline');
  });

  it('tries again by itself when the browser is back online, and stops listening once gone', () => {
    const retry = vi.fn();
    const { unmount } = render(<OfflineScreen retry={retry} />);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(retry).toHaveBeenCalledTimes(1);
    unmount();
    window.dispatchEvent(new Event('online'));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
