import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page';

export function BookingsPage() {
  const { t } = useTranslation('pages');
  return <PlaceholderPage title={t('bookings.title')} description={t('bookings.description')} />;
}
