import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProviders } from '../../app/theme-providers';
import { PageTimeoutView } from '../../components/page-timeout-view';
import { PAGE_LOADING_DELAY_MS, PAGE_TIMEOUT_MS } from '../../lib/page-load';
import { useNavigationPhase } from './root-layout';

function Probe({ navigating }: { navigating: boolean }) {
  return <span data-testid="phase">{useNavigationPhase(navigating)}</span>;
}

describe('navigation phases (spec §2)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('quiet, then loading after 400 ms, then timeout after 10 s; idle when done', () => {
    vi.useFakeTimers();
    const { rerender } = render(<Probe navigating />);
    expect(screen.getByTestId('phase')).toHaveTextContent('quiet');
    act(() => vi.advanceTimersByTime(PAGE_LOADING_DELAY_MS));
    expect(screen.getByTestId('phase')).toHaveTextContent('loading');
    act(() => vi.advanceTimersByTime(PAGE_TIMEOUT_MS - PAGE_LOADING_DELAY_MS));
    expect(screen.getByTestId('phase')).toHaveTextContent('timeout');
    rerender(<Probe navigating={false} />);
    expect(screen.getByTestId('phase')).toHaveTextContent('idle');
    rerender(<Probe navigating />);
    expect(screen.getByTestId('phase')).toHaveTextContent('quiet');
  });

  it('the timeout view reloads when the server answers the ping', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(null, { status: 200 })));
    const reload = vi.fn();
    render(
      <ThemeProviders>
        <PageTimeoutView reload={reload} />
      </ThemeProviders>,
    );
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
  });

  it('otherwise asks whether the user is still connected', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    const reload = vi.fn();
    render(
      <ThemeProviders>
        <PageTimeoutView reload={reload} />
      </ThemeProviders>,
    );
    expect(await screen.findByText('The page timed out. Are you still connected to the internet?')).toBeVisible();
    expect(reload).not.toHaveBeenCalled();
  });
});
