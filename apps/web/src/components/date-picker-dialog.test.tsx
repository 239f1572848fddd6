import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeProviders } from '../app/theme-providers';
import { i18n, initI18n } from '../lib/i18n';
import { DatePickerDialog } from './date-picker-dialog';
import { DATE_ERROR_FLASH_MS, DATE_INPUT_DEBOUNCE_MS, isDaySelected, parseSelection, refusalOf, toggleDay } from './date-selection';

initI18n('en');

describe('date selection logic', () => {
  it('reads single, multiple and range input in the locale', () => {
    expect(parseSelection('04/03/2026', 'single', 'en-GB')).toEqual(['2026-03-04']);
    expect(parseSelection('03/04/2026', 'single', 'en-US')).toEqual(['2026-03-04']);
    expect(parseSelection('05/03/2026, 04/03/2026,04/03/2026', 'multiple', 'en-AU')).toEqual(['2026-03-04', '2026-03-05']);
    expect(parseSelection('2026-03-02 to 2026-03-06', 'range', 'en-NZ')).toEqual(['2026-03-02', '2026-03-06']);
    expect(parseSelection('2026-03-06 to 2026-03-02', 'range', 'en-NZ')).toBeUndefined();
    expect(parseSelection('31/02/2026', 'single', 'en-GB')).toBeUndefined();
    expect(parseSelection('', 'single', 'en-GB')).toEqual([]);
  });

  it('toggles calendar clicks per mode', () => {
    expect(toggleDay(['2026-03-04'], '2026-03-05', 'single')).toEqual(['2026-03-05']);
    expect(toggleDay(['2026-03-04'], '2026-03-04', 'multiple')).toEqual([]);
    expect(toggleDay(['2026-03-09'], '2026-03-04', 'range')).toEqual(['2026-03-04', '2026-03-09']);
    expect(isDaySelected(['2026-03-04', '2026-03-09'], '2026-03-06', 'range')).toBe(true);
  });
});

describe('refusing typed dates that cannot be chosen', () => {
  const weekend = (iso: string) => ([6, 0].includes(new Date(`${iso}T00:00:00Z`).getUTCDay()) ? 'Weekend' : undefined);
  it('names the first refused date; a range by its first and last weekdays', () => {
    expect(refusalOf(['2026-03-06', '2026-03-07'], 'multiple', weekend, 'en-GB')).toBe('7 Mar 2026: Weekend');
    expect(refusalOf(['2026-03-07', '2026-03-15'], 'range', weekend, 'en-GB')).toBeUndefined();
    expect(refusalOf(['2026-03-07', '2026-03-08'], 'range', weekend, 'en-GB')).toBeUndefined();
    expect(refusalOf(['2026-03-04'], 'single', undefined, 'en-GB')).toBeUndefined();
  });
});

describe('DatePickerDialog', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    void i18n.changeLanguage('en-GB');
  });
  afterEach(() => {
    vi.useRealTimers();
    void i18n.changeLanguage('en');
  });

  it('debounces typing 300 ms, flashes the error 800 ms, keeps OK disabled while invalid', async () => {
    const onConfirm = vi.fn();
    render(
      <ThemeProviders>
        <DatePickerDialog open mode="single" onClose={() => {}} onConfirm={onConfirm} />
      </ThemeProviders>,
    );
    const input = screen.getByRole('textbox', { name: 'Type a date' });
    const ok = screen.getByRole('button', { name: 'OK' });
    expect(ok).toBeDisabled();

    fireEvent.change(input, { target: { value: '31/02/2026' } });
    act(() => vi.advanceTimersByTime(DATE_INPUT_DEBOUNCE_MS - 50));
    expect(screen.queryByText('Please enter a valid date')).toBeNull();
    act(() => vi.advanceTimersByTime(60));
    expect(screen.getByText('Please enter a valid date')).toBeVisible();
    expect(ok).toBeDisabled();
    act(() => vi.advanceTimersByTime(DATE_ERROR_FLASH_MS + 10));
    expect(screen.queryByText('Please enter a valid date')).toBeNull();
    expect(ok).toBeDisabled();

    fireEvent.change(input, { target: { value: '04/03/2026' } });
    act(() => vi.advanceTimersByTime(DATE_INPUT_DEBOUNCE_MS + 10));
    expect(ok).toBeEnabled();
    expect(screen.getByTestId('date-selection')).toHaveTextContent('4/03/2026');
    fireEvent.click(ok);
    expect(onConfirm).toHaveBeenCalledWith(['2026-03-04']);
  });

  it('opens in "Type a date", and Enter there confirms a typed date at once (an invalid one flashes instead)', () => {
    const onConfirm = vi.fn();
    render(
      <ThemeProviders>
        <DatePickerDialog open mode="single" onClose={() => {}} onConfirm={onConfirm} />
      </ThemeProviders>,
    );
    const input = screen.getByRole('textbox', { name: 'Type a date' });
    expect(input).toHaveFocus();
    fireEvent.change(input, { target: { value: '31/02/2026' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByText('Please enter a valid date')).toBeVisible();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '04/03/2026' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onConfirm).toHaveBeenCalledWith(['2026-03-04']);
  });

  it('shows every chosen date selected, and greys out weekends with the reason', async () => {
    const onConfirm = vi.fn();
    const weekend = (iso: string) =>
      [6, 0].includes(new Date(`${iso}T00:00:00Z`).getUTCDay()) ? 'Bookings can only be made on weekdays' : undefined;
    render(
      <ThemeProviders>
        <DatePickerDialog
          open
          mode="multiple"
          initial={['2026-03-04']}
          unavailable={weekend}
          legend="Weekends are closed"
          onClose={() => {}}
          onConfirm={onConfirm}
        />
      </ThemeProviders>,
    );
    // The calendar is a lazy chunk: slow on a busy machine.
    const first = await screen.findByRole('gridcell', { name: '4 Mar 2026' }, { timeout: 20_000 });
    expect(first).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByRole('gridcell', { name: '2 Mar 2026' }));
    expect(screen.getByRole('gridcell', { name: '2 Mar 2026' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('gridcell', { name: '4 Mar 2026' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('date-selection')).toHaveTextContent('2 dates selected: 2/03/2026, 4/03/2026');
    const saturday = screen.getByRole('gridcell', { name: '7 Mar 2026: Bookings can only be made on weekdays' });
    expect(saturday).toBeDisabled();
    expect(screen.getByText('Weekends are closed')).toBeVisible();
    // Clicking a chosen date again takes it off.
    fireEvent.click(screen.getByRole('gridcell', { name: '4 Mar 2026' }));
    expect(screen.getByRole('gridcell', { name: '4 Mar 2026' })).toHaveAttribute('aria-selected', 'false');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onConfirm).toHaveBeenCalledWith(['2026-03-02']);
  }, 40_000);

  it('refuses a typed weekend with its reason and keeps OK disabled', async () => {
    const weekend = (iso: string) =>
      [6, 0].includes(new Date(`${iso}T00:00:00Z`).getUTCDay()) ? 'Bookings can only be made on weekdays' : undefined;
    render(
      <ThemeProviders>
        <DatePickerDialog open mode="single" unavailable={weekend} onClose={() => {}} onConfirm={() => {}} />
      </ThemeProviders>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Type a date' }), { target: { value: '07/03/2026' } });
    act(() => vi.advanceTimersByTime(DATE_INPUT_DEBOUNCE_MS + 10));
    expect(screen.getByText('7 Mar 2026: Bookings can only be made on weekdays')).toBeVisible();
    act(() => vi.advanceTimersByTime(DATE_ERROR_FLASH_MS + 10));
    expect(screen.getByText('7 Mar 2026: Bookings can only be made on weekdays')).toBeVisible();
    expect(screen.getByRole('button', { name: 'OK' })).toBeDisabled();
  }, 40_000);
});
