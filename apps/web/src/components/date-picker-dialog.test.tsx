import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeProviders } from '../app/theme-providers';
import { i18n, initI18n } from '../lib/i18n';
import { DatePickerDialog } from './date-picker-dialog';
import { schoolDayOf, termsBetween } from './school-calendar';
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
    const saturday = screen.getByRole('gridcell', { name: '7 Mar 2026, unavailable: Bookings can only be made on weekdays' });
    expect(saturday).toHaveAttribute('aria-disabled', 'true');
    // Pressing it says why, and chooses nothing.
    fireEvent.click(saturday);
    expect(screen.getByTestId('date-day-reason')).toHaveTextContent('Sat 7 Mar 2026: Bookings can only be made on weekdays');
    expect(saturday).toHaveAttribute('aria-selected', 'false');
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

  it('marks school holidays and public holidays with a legend, and says why a day is unavailable', async () => {
    const onConfirm = vi.fn();
    const holidays = new Map([
      ['2026-12-25', 'Christmas Day'],
      ['2026-12-28', 'Boxing Day'],
    ]);
    const unavailable = (iso: string) =>
      [6, 0].includes(new Date(`${iso}T00:00:00Z`).getUTCDay())
        ? 'Bookings can only be made on weekdays'
        : holidays.has(iso)
          ? `${holidays.get(iso)} is a public holiday at this school, so no educator can be booked that day`
          : undefined;
    render(
      <ThemeProviders>
        <DatePickerDialog
          open
          mode="single"
          initial={['2026-12-14']}
          unavailable={unavailable}
          holidays={holidays}
          terms={[
            { name: 'Term 4', firstDay: '2026-10-12', lastDay: '2026-12-17' },
            { name: 'Term 1', firstDay: '2027-02-01', lastDay: '2027-04-09' },
          ]}
          onClose={() => {}}
          onConfirm={onConfirm}
        />
      </ThemeProviders>,
    );
    const christmas = await screen.findByRole(
      'gridcell',
      { name: '25 Dec 2026, Christmas Day, public holiday, School holidays, unavailable' },
      { timeout: 20_000 },
    );
    expect(christmas).toHaveAttribute('aria-disabled', 'true');
    expect(christmas).toHaveAttribute('data-holiday', 'true');
    // Terms only inform: a school-holiday weekday can be chosen, a term day is named after its term.
    const holidayWeekday = screen.getByRole('gridcell', { name: '21 Dec 2026, School holidays' });
    expect(holidayWeekday).not.toHaveAttribute('aria-disabled');
    expect(holidayWeekday).toHaveAttribute('data-school-holidays', 'true');
    expect(screen.getByRole('gridcell', { name: '16 Dec 2026, Term 4' })).not.toHaveAttribute('data-school-holidays');

    const legend = screen.getByRole('list', { name: 'What the marked days are' });
    expect(legend).toHaveTextContent('Term 4: 12 Oct 2026 – 17 Dec 2026');
    expect(legend).toHaveTextContent('School holidays');
    expect(legend).toHaveTextContent('Christmas Day, Fri 25 Dec 2026');
    expect(legend).toHaveTextContent('Boxing Day, Mon 28 Dec 2026');
    expect(legend).not.toHaveTextContent('Term 1');

    // Before any day is pressed: how to find out why; then the pressed day's reason, or what a day is.
    expect(screen.getByTestId('date-day-reason')).toHaveTextContent("Tap or focus a struck-through day to see why it can't be chosen.");
    fireEvent.click(christmas);
    expect(screen.getByTestId('date-day-reason')).toHaveTextContent(
      'Fri 25 Dec 2026: Christmas Day is a public holiday at this school, so no educator can be booked that day',
    );
    fireEvent.click(screen.getByRole('gridcell', { name: '5 Dec 2026, Term 4, unavailable: Bookings can only be made on weekdays' }));
    expect(screen.getByTestId('date-day-reason')).toHaveTextContent('Sat 5 Dec 2026: Bookings can only be made on weekdays');
    fireEvent.click(holidayWeekday);
    expect(screen.getByTestId('date-day-reason')).toHaveTextContent('Mon 21 Dec 2026: School holidays');
    expect(holidayWeekday).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onConfirm).toHaveBeenCalledWith(['2026-12-21']);
  }, 40_000);

  it('shows no term legend or hint without terms, holidays or unavailable days', async () => {
    render(
      <ThemeProviders>
        <DatePickerDialog open mode="single" initial={['2026-12-14']} onClose={() => {}} onConfirm={() => {}} />
      </ThemeProviders>,
    );
    await screen.findByRole('gridcell', { name: '14 Dec 2026' }, { timeout: 20_000 });
    expect(screen.queryByTestId('date-picker-school-legend')).toBeNull();
    expect(screen.queryByTestId('date-day-reason')).toBeNull();
  }, 40_000);
});

describe('where a day falls in the school year', () => {
  const terms = [
    { name: 'Term 4', firstDay: '2026-10-12', lastDay: '2026-12-17' },
    { name: 'Term 1', firstDay: '2027-02-01', lastDay: '2027-04-09' },
  ];
  it('is a term, the school holidays between two terms, or unknown outside the terms known', () => {
    expect(schoolDayOf(terms, '2026-12-17')).toEqual({ kind: 'term', name: 'Term 4' });
    expect(schoolDayOf(terms, '2026-12-18')).toEqual({ kind: 'holidays' });
    expect(schoolDayOf(terms, '2027-02-01')).toEqual({ kind: 'term', name: 'Term 1' });
    expect(schoolDayOf(terms, '2026-10-09')).toBeUndefined();
    expect(schoolDayOf(terms, '2027-04-12')).toBeUndefined();
    expect(schoolDayOf([], '2026-12-18')).toBeUndefined();
    expect(termsBetween(terms, '2027-01-01', '2027-01-31')).toEqual([]);
    expect(termsBetween(terms, '2026-12-01', '2026-12-31')).toEqual([terms[0]]);
  });
});
