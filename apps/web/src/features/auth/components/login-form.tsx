import { zodResolver } from '@hookform/resolvers/zod';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { TextInput } from '../../../components/text-input';
import { paths } from '../../../lib/paths';
import type { TokenResponse } from '@portal/contract/auth';
import { describeSignInError, useSignIn } from '../api/sign-in';

// Messages are text keys of the validation namespace, translated when shown.
const LoginFormValues = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: 'required', abort: true })
    .pipe(z.email({ error: 'email' })),
  password: z.string().min(1, { error: 'required' }),
});
type LoginFormValues = z.infer<typeof LoginFormValues>;
type ValidationKey = 'required' | 'email';

/** `onSignedIn` may take its time (it loads the profile to choose the next page); the button spins meanwhile. */
export function LoginForm({ onSignedIn }: { onSignedIn: (result: TokenResponse) => void | Promise<void> }) {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const [showPassword, setShowPassword] = useState(false);
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues>({
    resolver: zodResolver(LoginFormValues),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    let result: TokenResponse;
    try {
      result = await signIn.mutateAsync(values);
    } catch {
      return; // shown from signIn.error
    }
    await onSignedIn(result);
  });
  const fieldError = (message: string | undefined) => (message ? t(message as ValidationKey, { ns: 'validation' }) : undefined);

  let failure: string | undefined;
  if (signIn.isError) {
    const described = describeSignInError(signIn.error);
    failure = 'text' in described ? described.text : 'ns' in described ? t(described.key, { ns: 'errors' }) : t(described.key);
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        {failure && (
          <Alert severity="error" variant="outlined">
            {failure}
          </Alert>
        )}
        <TextInput
          {...register('email')}
          id="login-email"
          label={t('signIn.email')}
          type="email"
          autoComplete="username"
          required
          fullWidth
          error={Boolean(errors.email)}
          helperText={fieldError(errors.email?.message)}
        />
        <Box>
          <TextInput
            {...register('password')}
            id="login-password"
            label={t('signIn.password')}
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            required
            fullWidth
            error={Boolean(errors.password)}
            helperText={fieldError(errors.password?.message)}
            endAdornment={
              <InputAdornment position="end">
                <IconButton
                  onClick={() => setShowPassword((shown) => !shown)}
                  edge="end"
                  aria-label={showPassword ? t('signIn.hidePassword') : t('signIn.showPassword')}
                  aria-pressed={showPassword}
                >
                  {showPassword ? <VisibilityOffIcon /> : <VisibilityIcon />}
                </IconButton>
              </InputAdornment>
            }
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
            <Link component={RouterLink} to={paths.forgotPassword} variant="body2" sx={{ fontWeight: 500 }}>
              {t('signIn.forgotPassword')}
            </Link>
          </Box>
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
          {t('signIn.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
