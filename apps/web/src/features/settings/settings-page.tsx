import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page';

export function SettingsPage() {
  const { t } = useTranslation('pages');
  return <PlaceholderPage title={t('settings.title')} description={t('settings.description')} />;
}
