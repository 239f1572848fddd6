import { zodResolver } from '@hookform/resolvers/zod';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { CenteredCard } from '../../components/centered-card';
import { ApiError } from '../../lib/api-error';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { useValidationMessage } from '../../lib/validation-message';
import { useRequestPasswordReset } from './api/request-password-reset';
import { TextInput } from '../../components/text-input';

const ForgotPasswordValues = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: 'required', abort: true })
    .pipe(z.email({ error: 'email' })),
});
type ForgotPasswordValues = z.infer<typeof ForgotPasswordValues>;

/** Spec §8: a reset e-mail is requested; the page says it was sent (or that the account does not exist, when the server reveals it). */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const message = useValidationMessage();
  const reset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordValues>({ resolver: zodResolver(ForgotPasswordValues), defaultValues: { email: '' } });
  usePageTitle(reset.isSuccess ? t('forgotPassword.sentTitle') : t('forgotPassword.title'));

  const onSubmit = handleSubmit(async (values) => {
    await reset.mutateAsync(values).catch(() => undefined);
  });

  if (reset.isSuccess) {
    return (
      <CenteredCard>
        <Box sx={{ textAlign: 'center' }}>
          <MarkEmailReadOutlinedIcon aria-hidden="true" sx={{ fontSize: 48, color: 'primary.dark', mb: 1 }} />
          <Typography variant="h1" sx={{ mb: 1.5 }}>
            {t('forgotPassword.sentHeading')}
          </Typography>
          <Alert severity="success" variant="outlined" sx={{ textAlign: 'left', mb: 2 }}>
            {t('forgotPassword.sentBody', { email: getValues('email').trim() })}
          </Alert>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
            {t('forgotPassword.sentHint')}
          </Typography>
          <Stack spacing={1.5}>
            <Button component={RouterLink} to={paths.login} variant="contained" size="large" fullWidth>
              {t('forgotPassword.backToSignIn')}
            </Button>
            <Button variant="text" size="large" fullWidth onClick={() => reset.reset()}>
              {t('forgotPassword.sendAgain')}
            </Button>
          </Stack>
        </Box>
      </CenteredCard>
    );
  }

  let failure: string | undefined;
  if (reset.error) {
    const error = reset.error;
    if (error instanceof ApiError && error.code === 'auth/user-not-found') failure = t('errors.userNotFound');
    else if (error instanceof ApiError && error.noResponse) failure = t('errors:api.noServerResponse');
    // Too many requests from this address: the server's text says to wait.
    else if (error instanceof ApiError && error.status === 429) failure = error.serverMessage ?? t('errors.tooManyAttempts');
    else if (error instanceof ApiError && error.status === 400 && error.fieldErrors?.email?.[0])
      failure = message(error.fieldErrors.email[0]);
    else failure = t('errors:api.generic');
  }

  return (
    <CenteredCard>
      <Typography variant="h1" sx={{ textAlign: 'center', mb: 1 }}>
        {t('forgotPassword.heading')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', textAlign: 'center', mb: 4 }}>{t('forgotPassword.intro')}</Typography>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          {failure && (
            <Alert severity="error" variant="outlined">
              {failure}
            </Alert>
          )}
          <TextInput
            {...register('email')}
            id="forgot-password-email"
            label={t('forgotPassword.email')}
            type="email"
            autoComplete="username"
            required
            fullWidth
            error={Boolean(errors.email)}
            helperText={message(errors.email?.message)}
          />
          <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
            {t('forgotPassword.submit')}
          </Button>
          <Box sx={{ textAlign: 'center' }}>
            <Link component={RouterLink} to={paths.login} variant="body2" sx={{ fontWeight: 500 }}>
              {t('forgotPassword.backToSignIn')}
            </Link>
          </Box>
        </Stack>
      </Box>
    </CenteredCard>
  );
}
