import type { TokenResponse } from '@portal/contract/auth';
import type { EnrolmentConfirmed, LoginResponse, TotpEnrolment } from '@portal/contract/second-step';
import { apiRequest } from '../../../lib/api-client';

/**
 * The second step of a password sign-in (POST /v1/auth/mfa/*): a code or a passkey against the challenge the password
 * answered, or, where the contact's group requires a second step, setting up an authenticator app with the
 * enrolment token. The contract's schemas and the WebAuthn browser package are loaded only when this step is shown.
 */

export type SecondStep = Exclude<LoginResponse, TokenResponse>;

export async function verifyCode(challenge: string, code: string): Promise<TokenResponse> {
  const contract = import('@portal/contract/auth');
  const answer = await apiRequest('auth/mfa/verify', { method: 'POST', body: { challenge, code }, anonymous: true });
  return (await contract).TokenResponse.parse(answer);
}

/** Asks the browser for a passkey of the contact and completes the sign-in with its assertion. */
export async function verifyWithPasskey(challenge: string): Promise<TokenResponse> {
  const [{ startAuthentication }, contract] = await Promise.all([import('@simplewebauthn/browser'), import('@portal/contract/auth')]);
  const optionsJSON = await apiRequest<Parameters<typeof startAuthentication>[0]['optionsJSON']>('auth/mfa/passkey/options', {
    method: 'POST',
    body: { challenge },
    anonymous: true,
  });
  const passkey = await startAuthentication({ optionsJSON });
  const answer = await apiRequest('auth/mfa/verify', { method: 'POST', body: { challenge, passkey }, anonymous: true });
  return contract.TokenResponse.parse(answer);
}

export async function startEnrolment(challenge: string): Promise<TotpEnrolment> {
  const { TotpEnrolment: schema } = await import('@portal/contract/second-step');
  return apiRequest('auth/mfa/enrolment/totp', { method: 'POST', body: { challenge }, anonymous: true, schema });
}

export async function confirmEnrolment(challenge: string, code: string): Promise<EnrolmentConfirmed> {
  const { EnrolmentConfirmed: schema } = await import('@portal/contract/second-step');
  return apiRequest('auth/mfa/enrolment/totp/confirm', { method: 'POST', body: { challenge, code }, anonymous: true, schema });
}
