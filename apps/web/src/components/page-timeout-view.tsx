import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverAnswers } from '../lib/page-load';
import { ActionButton } from './action-button';
import { WifiOffIcon } from './icons';
import { Spinner } from './spinner';
import './page-timeout-view.css';

/**
 * Spec §2: a page that did not arrive in time. HEAD /api/ping: when the server answers the page reloads (a new
 * deployment or a lost chunk), otherwise the user is asked whether they are still connected. Drawn with CSS
 * (page-timeout-view.css): it shows when code failed to arrive, so it must not need more code (MUI) itself.
 */
export function PageTimeoutView({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'checking' | 'offline'>('checking');
  useEffect(() => {
    let cancelled = false;
    void serverAnswers().then((answers) => {
      if (cancelled) return;
      if (answers) reload();
      else setState('offline');
    });
    return () => {
      cancelled = true;
    };
  }, [reload]);

  return (
    <div role="alert" className="portal-timeout">
      {state === 'checking' ? (
        <>
          <Spinner />
          <p>{t('pageLoad.timeoutChecking')}</p>
        </>
      ) : (
        <>
          <WifiOffIcon className="portal-timeout__icon" />
          <h1>{t('pageLoad.timeoutTitle')}</h1>
          <p className="portal-timeout__body">{t('pageLoad.timeoutBody')}</p>
          <ActionButton onClick={reload}>{t('pageLoad.retry')}</ActionButton>
        </>
      )}
    </div>
  );
}
