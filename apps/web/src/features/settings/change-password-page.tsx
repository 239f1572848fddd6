import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page';

export function ChangePasswordPage() {
  const { t } = useTranslation('pages');
  return <PlaceholderPage title={t('changePassword.title')} description={t('changePassword.description')} />;
}
