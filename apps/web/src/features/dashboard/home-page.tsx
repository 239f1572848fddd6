import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page';

export function HomePage() {
  const { t } = useTranslation('pages');
  return <PlaceholderPage title={t('home.title')} description={t('home.description')} />;
}
