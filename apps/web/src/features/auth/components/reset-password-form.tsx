import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { ApiError } from '../../../lib/api-error';
import { NewPasswordFormValues } from '../../../lib/password-form';
import { fieldMessages, useValidationMessage } from '../../../lib/validation-message';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { formLevelError, setServerFieldErrors } from '../../../lib/form-server-errors';

/** The fields a server problem may name. */
const FIELDS = ['newPassword'] as const;

interface ResetPasswordFormProps {
  token: string;
  onUpdated: () => void;
  /** 410: the link expired or was used already. */
  onExpired: () => void;
}

/** New password and its confirmation, checked with the contract's rules (spec §5), then sent with the link's token. */
export function ResetPasswordForm({ token, onUpdated, onExpired }: ResetPasswordFormProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const message = useValidationMessage();
  const confirm = useConfirmPasswordReset();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordFormValues>({
    resolver: zodResolver(NewPasswordFormValues),
    criteriaMode: 'all',
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await confirm.mutateAsync({ token, newPassword: values.newPassword });
    } catch (error) {
      if (error instanceof ApiError && error.status === 410) onExpired();
      else setServerFieldErrors(error, setError, FIELDS);
      return;
    }
    onUpdated();
  });

  const failed = confirm.error instanceof ApiError && confirm.error.status === 410 ? undefined : formLevelError(confirm.error, FIELDS);
  const translate = (messages: string[]) => messages.map((m) => message(m) ?? m);

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        {failed && (
          <Alert severity="error" variant="outlined">
            {failed instanceof ApiError && failed.noResponse
              ? t('errors:api.noServerResponse')
              : failed instanceof ApiError && failed.status === 429
                ? (failed.serverMessage ?? t('errors.tooManyAttempts'))
                : t('errors:api.generic')}
          </Alert>
        )}
        <PasswordField
          {...register('newPassword')}
          id="reset-new-password"
          label={t('resetPassword.newPassword')}
          autoComplete="new-password"
          required
          messages={translate(fieldMessages(errors.newPassword))}
        />
        <PasswordField
          {...register('confirmPassword')}
          id="reset-confirm-password"
          label={t('resetPassword.confirmPassword')}
          autoComplete="new-password"
          required
          messages={translate(fieldMessages(errors.confirmPassword).slice(0, 1))}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
          {t('resetPassword.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
