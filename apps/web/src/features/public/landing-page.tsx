import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CenteredCard } from '../../components/centered-card';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';

/** Where users land after signing out (spec §2: a language-prefixed path ending in /landing). */
export function LandingPage() {
  const { t } = useTranslation(['pages', 'common']);
  usePageTitle(t('landing.title'));
  return (
    <CenteredCard>
      <Box sx={{ textAlign: 'center' }}>
        <Typography variant="h1" sx={{ mb: 1.5 }}>
          {t('landing.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 4 }}>{t('landing.description')}</Typography>
        <Button component={RouterLink} to={paths.login} variant="contained" size="large" fullWidth>
          {t('common:actions.signIn')}
        </Button>
      </Box>
    </CenteredCard>
  );
}
