import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CenteredCard } from '../components/centered-card';
import { usePageTitle } from '../lib/use-page-title';

/**
 * Shown instead of the app when it cannot start, e.g. `/config.runtime.json` is missing or incomplete
 * (spec §8: the error names the configuration resource). Rendered outside the router.
 */
export function BootErrorScreen({ message }: { message: string }) {
  const { t } = useTranslation();
  usePageTitle(t('boot.title'));
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'flex', alignItems: 'center', px: 2, py: 4, bgcolor: 'background.default' }}>
      <CenteredCard maxWidth={560}>
        <Typography variant="h1" sx={{ textAlign: 'center', mb: 1.5 }}>
          {t('boot.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', textAlign: 'center', mb: 3 }}>
          {t('boot.description', { companyName: t('companyName') })}
        </Typography>
        <Alert severity="error" variant="outlined" sx={{ mb: 3, wordBreak: 'break-word' }}>
          <AlertTitle>{t('boot.details')}</AlertTitle>
          {message}
        </Alert>
        <Button variant="contained" size="large" fullWidth onClick={() => window.location.reload()}>
          {t('actions.reload')}
        </Button>
      </CenteredCard>
    </Box>
  );
}
