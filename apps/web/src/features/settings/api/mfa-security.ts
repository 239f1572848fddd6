import { RecoveryCodes, SecondStepStatus, TotpEnrolment } from '@portal/contract/second-step';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The signed-in contact's second sign-in step (Settings → Security): status, authenticator app, passkeys. */
export const secondStepKey = ['second-step'] as const;

export function secondStepQueryOptions() {
  return queryOptions({
    queryKey: secondStepKey,
    queryFn: ({ signal }) => apiRequest('auth/mfa', { schema: SecondStepStatus, signal }),
  });
}

export function useSecondStep() {
  return useQuery(secondStepQueryOptions());
}

export function useRefreshSecondStep() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: secondStepKey });
}

export function enrolTotp(): Promise<TotpEnrolment> {
  return apiRequest('auth/mfa/totp/enrol', { method: 'POST', schema: TotpEnrolment });
}

export async function confirmTotp(code: string): Promise<string[]> {
  return (await apiRequest('auth/mfa/totp/confirm', { method: 'POST', body: { code }, schema: RecoveryCodes })).recoveryCodes;
}

export function removeTotp(password: string, code: string): Promise<void> {
  return apiRequest<void>('auth/mfa/totp/remove', { method: 'POST', body: { password, code } });
}

/** Asks the browser to make a passkey for this site and registers it under `name`. */
export async function registerPasskey(name: string): Promise<void> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const optionsJSON = await apiRequest<Parameters<typeof startRegistration>[0]['optionsJSON']>('auth/mfa/passkey/register/options', {
    method: 'POST',
  });
  const response = await startRegistration({ optionsJSON });
  await apiRequest<void>('auth/mfa/passkey/register', { method: 'POST', body: { name, response } });
}

export function removePasskey(id: string, password: string): Promise<void> {
  return apiRequest<void>(`auth/mfa/passkeys/${encodeURIComponent(id)}/remove`, { method: 'POST', body: { password } });
}
