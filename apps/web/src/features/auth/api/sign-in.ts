import type { LoginBody } from '@portal/contract/auth';
import type { LoginResponse } from '@portal/contract/second-step';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

/**
 * POST /v1/auth/login: anonymous, JSON in, the access token out (schemas from the contract). The schema is a
 * dynamic import, fetched alongside the request, so zod stays off the sign-in page until the form is sent.
 */
export async function signIn(body: LoginBody): Promise<LoginResponse> {
  const contract = import('@portal/contract/second-step');
  const answer = await apiRequest('auth/login', { method: 'POST', body, anonymous: true });
  return (await contract).LoginResponse.parse(answer);
}

/** Provider codes with their own text (spec §8). */
const AUTH_CODE_MESSAGES = {
  'auth/wrong-password': 'errors.wrongPassword',
  'auth/user-not-found': 'errors.userNotFound',
  'auth/sso-required': 'errors.ssoRequired',
} as const;

export type SignInErrorMessage =
  | { key: (typeof AUTH_CODE_MESSAGES)[keyof typeof AUTH_CODE_MESSAGES] | 'errors.authentication' | 'errors.tooManyAttempts' }
  | { key: 'api.generic' | 'api.noServerResponse' | 'pages.accountLockedError.description'; ns: 'errors' }
  | { text: string };

/**
 * What the sign-in form says about a failure (spec §8): the two known provider codes get their own text; a
 * locked account gets the ActionLocked text; other authentication refusals (an unknown pair of e-mail and
 * password, too many attempts) show the server's message or a text of ours; anything else, such as a missing
 * endpoint or a server fault, shows the generic API text.
 */
export function describeSignInError(error: unknown): SignInErrorMessage {
  if (!(error instanceof ApiError)) return { key: 'api.generic', ns: 'errors' };
  if (error.noResponse) return { key: 'api.noServerResponse', ns: 'errors' };
  if (error.code && error.code in AUTH_CODE_MESSAGES) {
    return { key: AUTH_CODE_MESSAGES[error.code as keyof typeof AUTH_CODE_MESSAGES] };
  }
  if (error.code === 'auth/account-locked') return { key: 'pages.accountLockedError.description', ns: 'errors' };
  if (error.status === 429 || error.code === 'auth/too-many-attempts') {
    return error.serverMessage ? { text: error.serverMessage } : { key: 'errors.tooManyAttempts' };
  }
  const isAuthRefusal = [401, 403, 423].includes(error.status) || error.code?.startsWith('auth/') === true;
  if (isAuthRefusal) return error.serverMessage ? { text: error.serverMessage } : { key: 'errors.authentication' };
  return { key: 'api.generic', ns: 'errors' };
}
