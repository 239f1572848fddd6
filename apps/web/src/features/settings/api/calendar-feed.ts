import { CalendarFeedCreated, CalendarFeedStatus } from '@portal/contract/calendar-feed';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The contact's bookings calendar feed: whether it is on, make it (again), turn it off. */
export const calendarFeedKey = ['calendar-feed'] as const;

/** GET /v1/calendar-feed: whether a feed URL works (the URL itself is shown only when made). */
export function getCalendarFeed(signal?: AbortSignal): Promise<CalendarFeedStatus> {
  return apiRequest('calendar-feed', { schema: CalendarFeedStatus, ...(signal ? { signal } : {}) });
}

export function calendarFeedQueryOptions() {
  return queryOptions({ queryKey: calendarFeedKey, queryFn: ({ signal }) => getCalendarFeed(signal) });
}

export function useCalendarFeed(enabled: boolean) {
  return useQuery({ ...calendarFeedQueryOptions(), enabled });
}

/** POST /v1/calendar-feed: a new URL (the previous one stops working). */
export function createCalendarFeed(): Promise<CalendarFeedCreated> {
  return apiRequest('calendar-feed', { method: 'POST', schema: CalendarFeedCreated });
}

/** DELETE /v1/calendar-feed: 204; the URL answers 404 from now on. */
export function revokeCalendarFeed(): Promise<void> {
  return apiRequest<void>('calendar-feed', { method: 'DELETE' });
}

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCalendarFeed, onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarFeedKey }) });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeCalendarFeed, onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarFeedKey }) });
}
