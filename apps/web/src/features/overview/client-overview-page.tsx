import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page';

export function ClientOverviewPage() {
  const { t } = useTranslation('pages');
  return <PlaceholderPage title={t('clientOverview.title')} description={t('clientOverview.description')} />;
}
