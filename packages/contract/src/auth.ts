import { z } from 'zod';
import { PASSWORD_MESSAGES } from './messages';
import { PASSWORD_MAX_LENGTH, passwordIssues } from './passwords';

/** Sign-in, tokens and passwords: identity and access. */

const Email = z.email().max(254).describe('E-mail address of the contact');

export const NewPassword = z
  .string()
  .max(PASSWORD_MAX_LENGTH)
  .superRefine((value, ctx) => {
    for (const message of passwordIssues(value)) ctx.addIssue({ code: 'custom', message });
  })
  .describe('A new password: 8+ characters with a lowercase letter, an uppercase letter, a number and a special character');

export const LoginBody = z
  .strictObject({ email: Email, password: z.string().min(1).max(1024).describe('The password') })
  .meta({ id: 'LoginBody' });
export type LoginBody = z.infer<typeof LoginBody>;

export const TokenResponse = z
  .object({
    accessToken: z.string().describe('Bearer token (JWT) for the API'),
    expiresIn: z.number().int().describe('Seconds until the access token expires'),
    tokenType: z.literal('Bearer'),
  })
  .meta({ id: 'TokenResponse' });
export type TokenResponse = z.infer<typeof TokenResponse>;

export const PasswordResetBody = z.strictObject({ email: Email }).meta({ id: 'PasswordResetBody' });
export type PasswordResetBody = z.infer<typeof PasswordResetBody>;

export const PasswordResetConfirmBody = z
  .strictObject({ token: z.string().min(1).max(200).describe('The token of the e-mailed link'), newPassword: NewPassword })
  .meta({ id: 'PasswordResetConfirmBody' });
export type PasswordResetConfirmBody = z.infer<typeof PasswordResetConfirmBody>;

export const ChangePasswordBody = z
  .strictObject({ currentPassword: z.string().min(1).max(1024), newPassword: NewPassword })
  .meta({ id: 'ChangePasswordBody' });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const UnlockBody = z.strictObject({ token: z.string().min(1).max(200) }).meta({ id: 'UnlockBody' });

/** The form variant adds the confirmation field; the server never sees it. */
export const NewPasswordForm = z
  .object({ newPassword: NewPassword, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { message: PASSWORD_MESSAGES.match, path: ['confirmPassword'] });

/** Spec §8 authentication texts, by the problem code the server answers with. */
export const AUTH_ERRORS = {
  'auth/wrong-password': { status: 401, title: 'Wrong password', text: 'Sorry, that password is incorrect...' },
  'auth/user-not-found': { status: 401, title: 'Unknown account', text: "Sorry, we couldn't find an account with that username." },
  'auth/invalid-credential': {
    status: 401,
    title: 'Wrong e-mail or password',
    text: "Sorry, that e-mail address and password don't match an account.",
  },
  'auth/too-many-attempts': {
    status: 429,
    title: 'Too many attempts',
    text: 'Too many attempts to sign in. Even the best students need a break: please wait a few minutes and try again.',
  },
  'auth/too-many-requests': {
    status: 429,
    title: 'Too many requests',
    text: 'Too many requests from your network. Please wait a few minutes and try again.',
  },
  'auth/account-locked': {
    status: 401,
    title: 'Account locked',
    text: 'This action has been locked. Please verify your email address and try again.',
  },
  'auth/link-expired': {
    status: 410,
    title: 'Link expired',
    text: 'This link has expired or has already been used. Please ask for a new one.',
  },
  'auth/wrong-current-password': { status: 400, title: 'Current password is incorrect', text: 'Current password is incorrect' },
  'auth/common-password': { status: 400, title: 'Password too common', text: 'This password is too common. Please choose another one.' },
  'auth/impersonation-forbidden': {
    status: 403,
    title: 'Not while impersonating',
    text: 'Staff cannot change a contact\u2019s password while impersonating.',
  },
  'auth/sso-required': {
    status: 403,
    title: 'Sign in with your school account',
    text: "Your school signs you in with its own account: choose 'Continue with your school account' under your e-mail address.",
  },
  'auth/other': { status: 401, title: 'Authentication failed', text: 'There was an error authenticating your credentials' },
} as const;
export type AuthErrorCode = keyof typeof AUTH_ERRORS;
