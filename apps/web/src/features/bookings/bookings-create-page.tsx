import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page';

export function BookingsCreatePage() {
  const { t } = useTranslation('pages');
  return <PlaceholderPage title={t('bookingsCreate.title')} description={t('bookingsCreate.description')} />;
}
