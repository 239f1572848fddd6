import type { UpdateLanguageBody } from '@portal/contract/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { profileQueryOptions } from '../../../lib/profile';

/** PUT /v1/profile/language: 204; the contact's language, which the app switches to after every sign-in. */
export function updateLanguage(body: UpdateLanguageBody): Promise<void> {
  return apiRequest<void>('profile/language', { method: 'PUT', body });
}

export function useUpdateLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLanguage,
    // The cached profile still names the old language; the route guard would switch back to it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey }),
  });
}
