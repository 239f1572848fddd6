import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page';

export function CandidatesPage() {
  const { t } = useTranslation('pages');
  return <PlaceholderPage title={t('candidates.title')} description={t('candidates.description')} />;
}
