import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../lib/use-page-title';

/**
 * A page that is declared but not built yet: says what will be there, and shows no invented data.
 * Each feature replaces its placeholder once it is built.
 */
export function PlaceholderPage({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, borderRadius: '16px' }}>
      <Chip label={t('comingSoon')} size="small" sx={{ mb: 2, fontWeight: 600 }} />
      <Typography variant="h1" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: '60ch' }}>{description}</Typography>
    </Paper>
  );
}
