import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverAnswers } from '../lib/page-load';
import { ActionButton } from './action-button';
import { Spinner } from './spinner';
import './page-timeout-view.css';

/** @mui/icons-material's WifiOffOutlined. */
const WIFI_OFF =
  'm21 11 2-2c-3.73-3.73-8.87-5.15-13.7-4.31l2.58 2.58c3.3-.02 6.61 1.22 9.12 3.73m-2 2c-1.08-1.08-2.36-1.85-3.72-2.33l3.02 3.02zM9 17l3 3 3-3c-1.65-1.66-4.34-1.66-6 0M3.41 1.64 2 3.05 5.05 6.1C3.59 6.83 2.22 7.79 1 9l2 2c1.23-1.23 2.65-2.16 4.17-2.78l2.24 2.24C7.79 10.89 6.27 11.74 5 13l2 2c1.35-1.35 3.11-2.04 4.89-2.06l7.08 7.08 1.41-1.41z';

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
          <svg className="portal-icon portal-timeout__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d={WIFI_OFF} />
          </svg>
          <h1>{t('pageLoad.timeoutTitle')}</h1>
          <p className="portal-timeout__body">{t('pageLoad.timeoutBody')}</p>
          <ActionButton onClick={reload}>{t('pageLoad.retry')}</ActionButton>
        </>
      )}
    </div>
  );
}
