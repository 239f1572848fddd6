import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths';
import { useProfile } from '../../lib/profile';
import { usePageTitle } from '../../lib/use-page-title';
import { useImpersonation } from '../../lib/use-session';
import { ChangePasswordForm } from './components/change-password-form';

export function ChangePasswordPage() {
  const { t } = useTranslation('pages');
  usePageTitle(t('changePassword.title'));
  const profile = useProfile();
  // Staff acting as a contact may not change the contact's password (the server refuses too).
  const impersonating = useImpersonation() !== null || Boolean(profile.data?.impersonation);

  return (
    <>
      <Button component={RouterLink} to={paths.settings} startIcon={<ArrowBackIcon />} sx={{ mb: 2, ml: -1 }}>
        {t('changePassword.backToSettings')}
      </Button>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: '16px', maxWidth: 560 }}>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('changePassword.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('changePassword.intro')}</Typography>
        {impersonating && (
          <Alert severity="info" variant="outlined" sx={{ mb: 3 }}>
            {t('changePassword.impersonating')}
          </Alert>
        )}
        <ChangePasswordForm disabled={impersonating} />
      </Paper>
    </>
  );
}
