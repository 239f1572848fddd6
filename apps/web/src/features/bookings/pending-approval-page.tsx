import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page';

export function PendingApprovalPage() {
  const { t } = useTranslation('pages');
  return <PlaceholderPage title={t('bookingsPendingApproval.title')} description={t('bookingsPendingApproval.description')} />;
}
