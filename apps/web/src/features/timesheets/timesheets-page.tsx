import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page';

export function TimesheetsPage() {
  const { t } = useTranslation('pages');
  return <PlaceholderPage title={t('timesheets.title')} description={t('timesheets.description')} />;
}
