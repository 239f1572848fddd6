import { AUTH_ERRORS, type AuthErrorCode } from '@portal/contract/auth';
import { AppError } from '../../lib/app-error';

/** An AppError for one of the spec's authentication answers, its text as `detail`. */
export function authError(code: AuthErrorCode, options: { headers?: Record<string, string>; field?: string } = {}): AppError {
  const kind = AUTH_ERRORS[code];
  return new AppError(
    { code, status: kind.status, title: kind.title },
    { detail: kind.text, headers: options.headers, errors: options.field ? { [options.field]: [kind.text] } : undefined },
  );
}
