import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CenteredCard } from '../../components/centered-card';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { LoginForm } from './components/login-form';

/** Only same-site paths are followed after sign-in, never another origin. */
function safeRedirect(target: string | null): string {
  return target && target.startsWith('/') && !target.startsWith('//') ? target : paths.home;
}

export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  usePageTitle(t('signIn.title'));

  return (
    <CenteredCard>
      <Typography variant="h1" sx={{ textAlign: 'center', mb: 1 }}>
        {t('signIn.heading')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', textAlign: 'center', mb: 4 }}>{t('signIn.intro')}</Typography>
      <LoginForm onSignedIn={() => void navigate(safeRedirect(searchParams.get('redirectTo')), { replace: true })} />
    </CenteredCard>
  );
}
