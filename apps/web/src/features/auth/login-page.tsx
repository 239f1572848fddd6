import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CenteredCard } from '../../components/centered-card';
import { ErrorAlert } from '../../components/error-alert';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { LoginForm } from './components/login-form';
import { SsoReturnNotice } from './components/sso-offer';
import { safeRedirect } from '../../lib/safe-redirect';
import type { SecondStep } from './api/mfa-second-step';
import type * as SecondStepModule from './components/mfa-second-step';
import './login-page.css';

// Only after the right password of a contact with a second step: kept off the first page's bundle. The sign-in
// button keeps spinning until it has loaded, so the second step's screen never shows its heading alone.
let secondStepModule: Promise<typeof SecondStepModule> | undefined;
const loadSecondStep = () => (secondStepModule ??= import('./components/mfa-second-step'));
const MfaSecondStep = lazy(() => loadSecondStep().then((m) => ({ default: m.MfaSecondStep })));

/** The sign-in page, the usual first page: drawn with CSS (login-page.css), it loads no MUI. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  usePageTitle(t('signIn.title'));
  // The enterprise login sends staff back here when its flow could not be resumed.
  const impersonationFailed = searchParams.get('impersonation') === 'failed';
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);

  /** After sign-in: the page asked for, else home, whose route guard sends a contact of several clients to choose one. */
  async function afterSignIn() {
    await navigate(safeRedirect(searchParams.get('redirectTo')) ?? paths.home, { replace: true });
  }

  if (secondStep) {
    return (
      <CenteredCard>
        <h1 className="portal-sign-in__heading" id="mfa-heading">
          {t('secondStep.heading')}
        </h1>
        <Suspense fallback={null}>
          <MfaSecondStep step={secondStep} onSignedIn={afterSignIn} onRestart={() => setSecondStep(null)} />
        </Suspense>
      </CenteredCard>
    );
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
      <SsoReturnNotice />
      <LoginForm
        onSignedIn={afterSignIn}
        onSecondStep={async (step) => {
          // A failed load still shows the step: its screen then waits in Suspense as before.
          await loadSecondStep().catch(() => undefined);
          setSecondStep(step);
        }}
      />
    </CenteredCard>
  );
}
