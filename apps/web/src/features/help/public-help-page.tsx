import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { HelpContactSection } from './help-page';

/**
 * Help for a visitor who is not signed in (the footer of the sign-in and error pages links here): how to reach
 * the provider, and a way to sign in for the documents, which come with the profile.
 */
export function PublicHelpPage() {
  const { t, i18n } = useTranslation('pages');
  usePageTitle(t('help.title'));
  return (
    <Stack spacing={3} sx={{ maxWidth: 640, mx: 'auto' }}>
      <div>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('help.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('help.description')}</Typography>
      </div>
      <HelpContactSection region={i18n.language} />
      <Paper variant="outlined" component="section" aria-labelledby="help-files" sx={{ borderRadius: '16px', p: { xs: 2.5, sm: 3 } }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <LockOutlinedIcon aria-hidden="true" sx={{ color: 'primary.dark', fontSize: 32 }} />
          <div>
            <Typography variant="h2" id="help-files" sx={{ fontSize: '1.125rem', mb: 0.5 }}>
              {t('help.filesHeading')}
            </Typography>
            <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('help.signedOutFiles')}</Typography>
            <Button component={RouterLink} to={paths.login} variant="contained">
              {t('help.signIn')}
            </Button>
          </div>
        </Box>
      </Paper>
    </Stack>
  );
}
