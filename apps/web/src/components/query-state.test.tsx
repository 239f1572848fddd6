import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ThemeProviders } from '../app/theme-providers';
import { initI18n } from '../lib/i18n';
import { EmptyState, ErrorState, LoadingState } from './query-state';

initI18n('en');
const wrap = (ui: React.ReactElement) => render(<ThemeProviders>{ui}</ThemeProviders>);

describe('query states', () => {
  it('loading is a polite status naming what loads', () => {
    wrap(<LoadingState label="Loading invoices" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading invoices');
  });

  it("a failure is an alert with 'Try again' that asks again", async () => {
    const onRetry = vi.fn();
    wrap(<ErrorState message="Cannot load bookings" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot load bookings');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('a failure that asking again cannot mend has no retry', () => {
    wrap(<ErrorState message="Not found" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Not found');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('nothing to show: title, help and a test id', () => {
    wrap(<EmptyState icon={<EventBusyOutlinedIcon aria-hidden="true" />} title="No bookings yet" body="Create one." testId="empty" />);
    expect(screen.getByTestId('empty')).toHaveTextContent('No bookings yetCreate one.');
    expect(screen.getByText('No bookings yet').tagName).toBe('P');
  });
});
