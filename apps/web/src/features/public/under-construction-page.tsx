import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CenteredCard } from '../../components/centered-card';
import { usePageTitle } from '../../lib/use-page-title';

export function UnderConstructionPage() {
  const { t } = useTranslation('pages');
  usePageTitle(t('underConstruction.title'));
  return (
    <CenteredCard>
      <Typography variant="h1" sx={{ mb: 1.5, textAlign: 'center' }}>
        {t('underConstruction.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', textAlign: 'center' }}>{t('underConstruction.description')}</Typography>
    </CenteredCard>
  );
}
