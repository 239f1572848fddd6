import type { PasswordResetConfirmBody } from '@portal/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /v1/auth/password-reset/confirm: 204; 400 with field errors; 410 when the link expired or was used. */
export async function confirmPasswordReset(body: PasswordResetConfirmBody): Promise<void> {
  await apiRequest('auth/password-reset/confirm', { method: 'POST', body, anonymous: true });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
