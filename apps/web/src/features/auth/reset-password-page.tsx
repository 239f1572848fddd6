import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { CenteredCard } from '../../components/centered-card';
import { ErrorScreen } from '../../components/error-screen';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { useSession } from '../../lib/use-session';
import { ResetPasswordForm } from './components/reset-password-form';

/** The page of the e-mailed link (`/reset-password?token=…`): a new password, or the expired-link page. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [state, setState] = useState<'form' | 'updated' | 'expired'>(token ? 'form' : 'expired');
  const signedIn = useSession() !== null;

  if (state === 'expired') return <ExpiredLink signedIn={signedIn} />;
  if (state === 'updated') return <PasswordUpdated />;
  return <ResetForm token={token} onUpdated={() => setState('updated')} onExpired={() => setState('expired')} />;
}

function ResetForm({ token, onUpdated, onExpired }: { token: string; onUpdated: () => void; onExpired: () => void }) {
  const { t } = useTranslation('auth');
  usePageTitle(t('resetPassword.title'));
  return (
    <CenteredCard>
      <Typography variant="h1" sx={{ textAlign: 'center', mb: 1 }}>
        {t('resetPassword.heading')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', textAlign: 'center', mb: 4 }}>{t('resetPassword.intro')}</Typography>
      <ResetPasswordForm token={token} onUpdated={onUpdated} onExpired={onExpired} />
    </CenteredCard>
  );
}

function PasswordUpdated() {
  const { t } = useTranslation('auth');
  usePageTitle(t('resetPassword.updatedTitle'));
  return (
    <CenteredCard>
      <Box sx={{ textAlign: 'center' }} role="status">
        <CheckCircleOutlineIcon aria-hidden="true" sx={{ fontSize: 48, color: 'success.main', mb: 1 }} />
        <Typography variant="h1" sx={{ mb: 1.5 }}>
          {t('resetPassword.updatedTitle')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 4 }}>{t('resetPassword.updatedBody')}</Typography>
        <Button component={RouterLink} to={paths.login} variant="contained" size="large" fullWidth>
          {t('resetPassword.signIn')}
        </Button>
      </Box>
    </CenteredCard>
  );
}

function ExpiredLink({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <ErrorScreen type="expiredError" signedIn={signedIn}>
      <Button component={RouterLink} to={paths.forgotPassword} variant="outlined" size="large">
        {t('resetPassword.requestNewLink')}
      </Button>
    </ErrorScreen>
  );
}
