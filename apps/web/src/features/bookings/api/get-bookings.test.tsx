import type { BookingDetail, BookingListRow } from '@portal/contract/bookings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { BookingsListQuery } from '../list/list-params';
import { bookingsKey, bookingsQueryOptions, useBookings } from './get-bookings';

const query: BookingsListQuery = { clientIds: [1], sort: 'date', skip: 0, take: 25 };
const detailKey = [...bookingsKey, 'detail', 7];

function row(status: string): BookingListRow {
  return { id: 7, status, candidate: null } as unknown as BookingListRow;
}

function detail(status: string): BookingDetail {
  return { booking: row(status), bookings: [row(status)] } as unknown as BookingDetail;
}

/** A list page and a booking's detail in the cache, each read at the given time; the list is not asked again. */
function cached({ listReadAt, detailReadAt }: { listReadAt: number; detailReadAt: number }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(
    bookingsQueryOptions(query).queryKey,
    { bookings: [row('filled')], pagination: { total: 1, skip: 0, take: 25 } },
    {
      updatedAt: listReadAt,
    },
  );
  queryClient.setQueryData(detailKey, detail('open'), { updatedAt: detailReadAt });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  renderHook(() => useBookings(query, false), { wrapper });
  return queryClient;
}

describe('the bookings list and a cached booking', () => {
  it('shows a booking as a list page read after its detail has it, and reads the detail again', async () => {
    // The route asks for the list before the page mounts: such a page is still newer than the detail.
    const queryClient = cached({ listReadAt: 2_000, detailReadAt: 1_000 });
    await waitFor(() => expect(queryClient.getQueryData<BookingDetail>(detailKey)?.booking.status).toBe('filled'));
    expect(queryClient.getQueryState(detailKey)?.isInvalidated).toBe(true);
  });

  it('leaves a detail read after the list page alone', () => {
    // renderHook has run the hook's effects by the time it returns.
    const queryClient = cached({ listReadAt: 1_000, detailReadAt: 2_000 });
    expect(queryClient.getQueryData<BookingDetail>(detailKey)?.booking.status).toBe('open');
    expect(queryClient.getQueryState(detailKey)?.isInvalidated).toBe(false);
  });
});
