import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderWithProviders } from '../../../testing/render';
import { BookingsFilters } from './bookings-filters';
import type { ListState } from './list-params';

const STATE: ListState = {
  dateFrom: '2026-12-04',
  dateTo: undefined,
  statuses: [],
  locationId: undefined,
  candidateId: undefined,
  sort: 'date',
  page: 0,
  pageSize: 25,
};

describe('BookingsFilters for an en-AU user', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en-AU');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows and reads the dates day first (DD/MM/YYYY), not in the browser’s native format', () => {
    const onChange = vi.fn();
    renderWithProviders(<BookingsFilters state={STATE} onChange={onChange} onClear={vi.fn()} locations={[]} educators={[]} />);
    const [from, to] = screen.getAllByPlaceholderText('DD/MM/YYYY');
    expect(from).toHaveAttribute('type', 'text');
    expect(from).toHaveValue('04/12/2026');
    fireEvent.change(to!, { target: { value: '05/01/2027' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...STATE, dateTo: '2027-01-05', page: 0 });
    // Text that is not yet a date does not change the list.
    onChange.mockClear();
    fireEvent.change(to!, { target: { value: '05/01/2' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(to).toHaveAttribute('aria-invalid', 'true');
  });
});
