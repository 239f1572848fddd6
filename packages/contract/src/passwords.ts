import { PASSWORD_MESSAGES } from './messages';

/** Spec §5 password policy, shared by the forms and the server. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** The allowed special characters. */
export const PASSWORD_SPECIALS = `!@#$%^&*()_+-=[]{};':"\\|,.<>/?~\``;

/** Every rule the password breaks, in the spec's words; empty when it passes. */
export function passwordIssues(password: string, min = PASSWORD_MIN_LENGTH): string[] {
  const issues: string[] = [];
  if (password.length < min) issues.push(PASSWORD_MESSAGES.min(min));
  if (!/[a-z]/.test(password)) issues.push(PASSWORD_MESSAGES.lowercase);
  if (!/[A-Z]/.test(password)) issues.push(PASSWORD_MESSAGES.uppercase);
  if (!/[0-9]/.test(password)) issues.push(PASSWORD_MESSAGES.number);
  if (![...password].some((ch) => PASSWORD_SPECIALS.includes(ch))) issues.push(PASSWORD_MESSAGES.special);
  return issues;
}
