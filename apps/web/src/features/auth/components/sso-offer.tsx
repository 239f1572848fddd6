import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
// Types only: the sign-in page loads no zod (the contract's schemas).
import type { SsoFailure } from '@portal/contract/school-sso';
import { ErrorAlert } from '../../../components/error-alert';
import { discoverSso } from '../api/discover-sso';
import '../../../components/action-button.css';
import './sso-offer.css';

/** The pause after the last keystroke before the address is looked up (one call per address typed, not per key). */
const DISCOVERY_PAUSE_MS = 400;
/** Enough of an address to be worth asking about; the server judges it fully. */
const LOOKS_LIKE_EMAIL = /^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$/;

/**
 * 'Continue with your school account' under the e-mail field when the address's school group signs in with its own
 * provider (single sign-on). Announced politely when it appears; nothing is shown otherwise, whatever the reason.
 */
export function SsoOffer({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const [found, setFound] = useState<{ email: string; url: string } | null>(null);
  const address = email.trim();

  useEffect(() => {
    if (!LOOKS_LIKE_EMAIL.test(address)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      discoverSso(address, controller.signal).then(
        (url) => setFound(url ? { email: address, url } : null),
        () => setFound(null),
      );
    }, DISCOVERY_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [address]);

  // An answer for an address since changed is not shown.
  const url = found && found.email === address ? found.url : null;
  return (
    <div aria-live="polite" className="portal-sso-offer__live">
      {url && (
        <div className="portal-sso-offer">
          <p className="portal-sso-offer__hint">{t('sso.hint')}</p>
          <a className="portal-button-base portal-button portal-button--large portal-button--full" href={url}>
            {t('sso.continue')}
          </a>
        </div>
      )}
    </div>
  );
}

/** The text of each reason the callback gives (typed by the contract's list, so a new reason needs its text). */
const FAILURE_TEXTS: Record<SsoFailure, 'sso.failed' | 'sso.unverified' | 'sso.noAccount'> = {
  failed: 'sso.failed',
  unverified: 'sso.unverified',
  'no-account': 'sso.noAccount',
};

const isFailure = (value: string | null): value is SsoFailure => value !== null && Object.hasOwn(FAILURE_TEXTS, value);

/** Why the return from the school's provider did not sign in (the callback's `sso` parameter), if it did not. */
export function SsoReturnNotice() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const failure = searchParams.get('sso');
  if (!isFailure(failure)) return null;
  return (
    <div className="portal-sign-in__notice">
      <ErrorAlert>{t(FAILURE_TEXTS[failure])}</ErrorAlert>
    </div>
  );
}
