import { NewPassword, NewPasswordForm } from '@portal/contract/auth';
import { FORM_MESSAGES } from '@portal/contract/messages';
import { z } from 'zod';

/**
 * The contract's `NewPasswordForm` (spec §5 password rules, both passwords must match) with empty fields
 * answered by 'This field is required' first, as in every other form.
 */
const required = () => z.string().min(1, { error: FORM_MESSAGES.required });

export const NewPasswordFormValues = NewPasswordForm.safeExtend({
  newPassword: required().pipe(NewPassword),
  confirmPassword: required(),
});
export type NewPasswordFormValues = z.infer<typeof NewPasswordFormValues>;

export const ChangePasswordFormValues = NewPasswordFormValues.safeExtend({ currentPassword: required() });
export type ChangePasswordFormValues = z.infer<typeof ChangePasswordFormValues>;
