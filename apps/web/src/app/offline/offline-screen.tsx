import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../components/action-button';
import { CenteredCard } from '../../components/centered-card';
import { WifiOffIcon } from '../../components/icons';
import { usePageTitle } from '../../lib/use-page-title';
import './offline-screen.css';

/**
 * Shown instead of the app when it starts without a connection (main.tsx): the service worker answers every
 * navigation with the cached app, but every page shows data the portal never caches. Drawn with CSS, no MUI, so it
 * needs nothing beyond what the sign-in page loads. Tries again by itself as soon as the browser is back online.
 */
export function OfflineScreen({ retry = () => window.location.reload() }: { retry?: () => void }) {
  const { t } = useTranslation();
  usePageTitle(t('offline.title'));
  useEffect(() => {
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [retry]);
  return (
    <main className="portal-offline">
      <CenteredCard maxWidth={480}>
        <div className="portal-offline__body">
          <WifiOffIcon className="portal-offline__icon" />
          <h1>{t('offline.title')}</h1>
          <p>{t('offline.description')}</p>
          <p className="portal-offline__retrying" role="status">
            {t('offline.automaticRetry')}
          </p>
          <ActionButton size="large" fullWidth onClick={retry}>
            {t('offline.retry')}
          </ActionButton>
        </div>
      </CenteredCard>
    </main>
  );
}
