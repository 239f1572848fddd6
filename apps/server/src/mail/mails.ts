import type { MailMessage } from '../lib/mailer';
import type { ApprovalRequestMail } from './approval-request-mail';
import type { BookingUpdateMail } from './booking-update-mail';
import type { CancellationRequestMail } from './cancellation-request-mail';
import type { ExtensionOfferMail } from './extension-offer-mail';
import type { PasswordResetMail } from './password-reset-mail';
import type { SignInSlowedMail } from './sign-in-slowed-mail';
import type { WeeklyDigestMail } from './weekly-digest-mail';

/**
 * Every e-mail the server writes, one template each (React Email, *-mail.tsx beside this file). The templates load
 * with the first mail, not at start: React Email's components take about a second to import.
 */

/** A template's `compose`, imported on first use. */
function lazy<Mail>(load: () => Promise<{ compose(mail: Mail): Promise<MailMessage> }>): (mail: Mail) => Promise<MailMessage> {
  return async (mail) => (await load()).compose(mail);
}

export const bookingUpdateMail = lazy<BookingUpdateMail>(() => import('./booking-update-mail'));
export const approvalRequestMail = lazy<ApprovalRequestMail>(() => import('./approval-request-mail'));
export const passwordResetMail = lazy<PasswordResetMail>(() => import('./password-reset-mail'));
export const signInSlowedMail = lazy<SignInSlowedMail>(() => import('./sign-in-slowed-mail'));
export const cancellationRequestMail = lazy<CancellationRequestMail>(() => import('./cancellation-request-mail'));
export const extensionOfferMail = lazy<ExtensionOfferMail>(() => import('./extension-offer-mail'));
export const weeklyDigestMail = lazy<WeeklyDigestMail>(() => import('./weekly-digest-mail'));
