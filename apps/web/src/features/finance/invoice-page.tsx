import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

export function InvoicePage() {
  const { t } = useTranslation('pages');
  const { invoiceNo = '' } = useParams();
  return <PlaceholderPage title={t('invoiceDetails.title')} description={t('invoiceDetails.description', { invoiceNo })} />;
}
