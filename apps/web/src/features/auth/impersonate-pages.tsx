import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CenteredCard } from '../../components/centered-card';
import { usePageTitle } from '../../lib/use-page-title';

/** Impersonation (provider staff signing in as a contact) arrives with the enterprise-login issue. */
export function ImpersonateLoginPage() {
  const { t } = useTranslation('auth');
  const { contactId = '' } = useParams();
  usePageTitle(t('impersonate.loginTitle'));
  return (
    <CenteredCard>
      <Typography variant="h1" sx={{ mb: 1.5, textAlign: 'center' }}>
        {t('impersonate.loginTitle')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', textAlign: 'center' }}>{t('impersonate.loginBody', { contactId })}</Typography>
    </CenteredCard>
  );
}

export function ImpersonateLogoutPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('impersonate.logoutTitle'));
  return (
    <CenteredCard>
      <Typography variant="h1" sx={{ mb: 1.5, textAlign: 'center' }}>
        {t('impersonate.logoutTitle')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', textAlign: 'center' }}>{t('impersonate.logoutBody')}</Typography>
    </CenteredCard>
  );
}
