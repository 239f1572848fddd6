import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CenteredCard } from '../../components/centered-card';
import { ErrorAlert } from '../../components/error-alert';
import { paths } from '../../lib/paths';
import { loadQueryClient } from '../../lib/app-query-client';
import { profileQueryOptions, reachableClientCount } from '../../lib/profile-query';
import { usePageTitle } from '../../lib/use-page-title';
import { LoginForm } from './components/login-form';
import { safeRedirect } from '../../lib/safe-redirect';
import './login-page.css';

/** The sign-in page, the usual first page: drawn with CSS (login-page.css), it loads no MUI. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  usePageTitle(t('signIn.title'));
  // The enterprise login sends staff back here when its flow could not be resumed.
  const impersonationFailed = searchParams.get('impersonation') === 'failed';

  /** Spec §2: after sign-in, the client overview when more than one client is reachable, else home. */
  async function afterSignIn() {
    const requested = safeRedirect(searchParams.get('redirectTo'));
    let target = requested ?? paths.home;
    if (!requested) {
      try {
        // The sign-in page runs without the query client; the next page needs it anyway.
        const profile = await (await loadQueryClient()).fetchQuery(profileQueryOptions());
        if ((await reachableClientCount(profile.links)) > 1) target = paths.clientOverview;
      } catch {
        // Home's route guard loads the profile again and shows the page for the failure.
      }
    }
    await navigate(target, { replace: true });
  }

  return (
    <CenteredCard>
      <h1 className="portal-sign-in__heading">{t('signIn.heading')}</h1>
      <p className="portal-sign-in__intro">{t('signIn.intro')}</p>
      {impersonationFailed && (
        <div className="portal-sign-in__notice">
          <ErrorAlert>{t('signIn.impersonationFailed')}</ErrorAlert>
        </div>
      )}
      <LoginForm onSignedIn={afterSignIn} />
    </CenteredCard>
  );
}
