import type { PasswordResetBody } from '@portal/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /v1/auth/password-reset: e-mails a reset link; 202 whether or not the account exists (by default). */
export async function requestPasswordReset(body: PasswordResetBody): Promise<void> {
  await apiRequest('auth/password-reset', { method: 'POST', body, anonymous: true });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
