import { AUTH_ERRORS } from '@portal/contract/auth';
import { FORM_MESSAGES, PASSWORD_MESSAGES } from '@portal/contract/messages';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

type Translate = TFunction<['validation', 'auth']>;
type Rule = [match: string | RegExp, text: (t: Translate, found: RegExpExecArray | null) => string];

/**
 * Form messages arrive in three forms: a key of the validation texts (our own schemas), the spec's English text
 * (the contract's schemas, e.g. `NewPasswordForm`) or the server's field errors (the same texts). All are shown
 * through i18next; a text we do not know is shown as the server wrote it.
 */
const RULES: Rule[] = [
  [FORM_MESSAGES.required, (t) => t('validation:required')],
  [FORM_MESSAGES.email, (t) => t('validation:email')],
  [FORM_MESSAGES.number, (t) => t('validation:number')],
  [FORM_MESSAGES.date, (t) => t('validation:date')],
  [PASSWORD_MESSAGES.lowercase, (t) => t('validation:password.lowercase')],
  [PASSWORD_MESSAGES.uppercase, (t) => t('validation:password.uppercase')],
  [PASSWORD_MESSAGES.number, (t) => t('validation:password.number')],
  [PASSWORD_MESSAGES.special, (t) => t('validation:password.special')],
  [PASSWORD_MESSAGES.match, (t) => t('validation:password.match')],
  [/^Password requires minimum of (\d+) characters$/, (t, found) => t('validation:password.min', { min: Number(found?.[1]) })],
  [/^This field must be (\d+) characters or less$/, (t, found) => t('validation:max', { length: Number(found?.[1]) })],
  [AUTH_ERRORS['auth/wrong-current-password'].text, (t) => t('auth:errors.currentPasswordIncorrect')],
  [AUTH_ERRORS['auth/common-password'].text, (t) => t('auth:errors.commonPassword')],
];

const KEYS = new Set(['required', 'email', 'number', 'date']);

export function translateValidationMessage(t: Translate, message: string): string {
  if (KEYS.has(message)) return t(`validation:${message as 'required' | 'email' | 'number' | 'date'}`);
  for (const [match, text] of RULES) {
    if (typeof match === 'string') {
      if (match === message) return text(t, null);
    } else {
      const found = match.exec(message);
      if (found) return text(t, found);
    }
  }
  return message;
}

/** A function turning any form or server field message into the text to show in the current language. */
export function useValidationMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation(['validation', 'auth']);
  return useCallback((message: string | undefined) => (message ? translateValidationMessage(t, message) : undefined), [t]);
}

/** Every message of a react-hook-form field error (with `criteriaMode: 'all'`), first one first, no repeats. */
export function fieldMessages(error: { message?: string | undefined; types?: Record<string, unknown> } | undefined): string[] {
  if (!error) return [];
  const all = [error.message, ...Object.values(error.types ?? {}).flatMap((value) => (Array.isArray(value) ? value : [value]))];
  return [...new Set(all.filter((m): m is string => typeof m === 'string' && m !== ''))];
}
