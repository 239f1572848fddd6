import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the document title as 'page title | app name' (spec §2). */
export function usePageTitle(pageTitle: string | undefined): void {
  const { t } = useTranslation();
  const appName = t('appName');
  useEffect(() => {
    document.title = pageTitle ? t('pageTitle', { page: pageTitle, appName }) : appName;
  }, [pageTitle, appName, t]);
}
