import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page';

export function FinancePage() {
  const { t } = useTranslation('pages');
  return <PlaceholderPage title={t('finance.title')} description={t('finance.description')} />;
}
