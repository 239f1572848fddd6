import { WeeklyDigestSetting } from '@portal/contract/reports';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const weeklyDigestKey = ['profile', 'weekly-digest'] as const;

/** GET /v1/profile/weekly-digest: whether the contact gets the weekly digest e-mail. */
export function getWeeklyDigest(signal?: AbortSignal): Promise<WeeklyDigestSetting> {
  return apiRequest('profile/weekly-digest', { schema: WeeklyDigestSetting, ...(signal ? { signal } : {}) });
}

export function weeklyDigestQueryOptions() {
  return queryOptions({ queryKey: weeklyDigestKey, queryFn: ({ signal }) => getWeeklyDigest(signal) });
}

export function useWeeklyDigest() {
  return useQuery(weeklyDigestQueryOptions());
}

/** PUT /v1/profile/weekly-digest: turns it on or off; the answer is the setting as kept. */
export function updateWeeklyDigest(body: WeeklyDigestSetting): Promise<WeeklyDigestSetting> {
  return apiRequest('profile/weekly-digest', { method: 'PUT', body, schema: WeeklyDigestSetting });
}

export function useUpdateWeeklyDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWeeklyDigest,
    // Shown switched at once; the server's answer (or the old value, on failure) settles it.
    onMutate: (body) => {
      const previous = queryClient.getQueryData<WeeklyDigestSetting>(weeklyDigestKey);
      queryClient.setQueryData(weeklyDigestKey, body);
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(weeklyDigestKey, context.previous);
    },
    onSuccess: (kept) => queryClient.setQueryData(weeklyDigestKey, kept),
  });
}
