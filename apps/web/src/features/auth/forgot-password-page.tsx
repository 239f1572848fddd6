import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CenteredCard } from '../../components/centered-card';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';

/** Password reset arrives with its own issue; until then this says so and leads back to sign-in. */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  usePageTitle(t('forgotPassword.title'));
  return (
    <CenteredCard>
      <Box sx={{ textAlign: 'center' }}>
        <Chip label={t('common:comingSoon')} size="small" sx={{ mb: 2, fontWeight: 600 }} />
        <Typography variant="h1" sx={{ mb: 1.5 }}>
          {t('forgotPassword.heading')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 4 }}>{t('forgotPassword.body')}</Typography>
        <Button component={RouterLink} to={paths.login} variant="contained" size="large" fullWidth>
          {t('forgotPassword.backToSignIn')}
        </Button>
      </Box>
    </CenteredCard>
  );
}
