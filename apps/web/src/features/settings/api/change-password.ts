import { TokenResponse, type ChangePasswordBody } from '@portal/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { replaceAccessToken } from '../../../lib/session';

/**
 * POST /v1/auth/change-password: 200 with a new access token (the old one stops working, as do the contact's
 * other sign-ins); 400 with `errors.currentPassword` when the current password is wrong; 403 while impersonating.
 */
export function changePassword(body: ChangePasswordBody): Promise<TokenResponse> {
  return apiRequest('auth/change-password', { method: 'POST', body, schema: TokenResponse });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    // This sign-in goes on with the new token.
    onSuccess: (token) => replaceAccessToken(token),
  });
}
