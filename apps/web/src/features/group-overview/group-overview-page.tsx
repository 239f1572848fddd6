import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page';

export function GroupOverviewPage() {
  const { t } = useTranslation('pages');
  return <PlaceholderPage title={t('groupOverview.title')} description={t('groupOverview.description')} />;
}
