import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page';

export function AvailabilityPage() {
  const { t } = useTranslation('pages');
  return <PlaceholderPage title={t('availability.title')} description={t('availability.description')} />;
}
