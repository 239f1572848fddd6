import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { ApiError } from '../../../lib/api-error';
import { ChangePasswordFormValues } from '../../../lib/password-form';
import { fieldMessages, useValidationMessage } from '../../../lib/validation-message';
import { useChangePassword } from '../api/change-password';
import { formLevelError, setServerFieldErrors } from '../../../lib/form-server-errors';

const EMPTY: ChangePasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS = ['currentPassword', 'newPassword'] as const;

/** Current, new and confirmed password (spec §5 rules); disabled while provider staff impersonate the contact. */
export function ChangePasswordForm({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation(['pages', 'errors']);
  const message = useValidationMessage();
  const change = useChangePassword();
  const [updated, setUpdated] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordFormValues>({ resolver: zodResolver(ChangePasswordFormValues), criteriaMode: 'all', defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    setUpdated(false);
    try {
      await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
    } catch (error) {
      setServerFieldErrors(error, setError, FIELDS);
      return;
    }
    reset(EMPTY);
    setUpdated(true);
  });

  const error = formLevelError(change.error, FIELDS);
  let failure: string | undefined;
  if (error) {
    if (error instanceof ApiError && error.noResponse) failure = t('errors:api.noServerResponse');
    else if (error instanceof ApiError && error.code === 'auth/impersonation-forbidden') failure = t('pages:changePassword.impersonating');
    else failure = t('errors:api.generic');
  }
  const translate = (messages: string[]) => messages.map((m) => message(m) ?? m);

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.5} component="fieldset" disabled={disabled} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
        {updated && (
          <Alert severity="success" variant="outlined">
            <AlertTitle sx={{ mb: 0.25 }}>{t('changePassword.updated')}</AlertTitle>
            {t('changePassword.updatedBody')}
          </Alert>
        )}
        {failure && (
          <Alert severity="error" variant="outlined">
            {failure}
          </Alert>
        )}
        <PasswordField
          {...register('currentPassword')}
          id="change-current-password"
          label={t('changePassword.currentPassword')}
          autoComplete="current-password"
          required
          disabled={disabled}
          messages={translate(fieldMessages(errors.currentPassword).slice(0, 1))}
        />
        <PasswordField
          {...register('newPassword')}
          id="change-new-password"
          label={t('changePassword.newPassword')}
          autoComplete="new-password"
          required
          disabled={disabled}
          messages={translate(fieldMessages(errors.newPassword))}
        />
        <PasswordField
          {...register('confirmPassword')}
          id="change-confirm-password"
          label={t('changePassword.confirmPassword')}
          autoComplete="new-password"
          required
          disabled={disabled}
          messages={translate(fieldMessages(errors.confirmPassword).slice(0, 1))}
        />
        <Box>
          <Button type="submit" variant="contained" size="large" loading={isSubmitting} disabled={disabled} sx={{ minWidth: { sm: 220 } }}>
            {t('changePassword.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
