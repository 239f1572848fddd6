import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page';

export function HelpPage() {
  const { t } = useTranslation('pages');
  return <PlaceholderPage title={t('help.title')} description={t('help.description')} />;
}
