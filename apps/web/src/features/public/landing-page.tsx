import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { CenteredCard } from '../../components/centered-card';
import { i18n, SUPPORTED_LOCALES } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { consumeSignOutResult, type SignOutResult } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * The path's language (e.g. en-au) becomes the page's, when it is one we ship. Also reads, once, whether the
 * visitor just signed out (a loader runs once per visit; a component may render twice).
 */
export async function landingLoader({ params }: LoaderFunctionArgs): Promise<{ signOut: SignOutResult | null }> {
  const locale = SUPPORTED_LOCALES.find((candidate) => candidate.toLowerCase() === params.lang?.toLowerCase());
  if (locale && i18n.language !== locale) await i18n.changeLanguage(locale);
  return { signOut: consumeSignOutResult() ?? null };
}

/** Spec §2: a language-prefixed landing page where users arrive without a session and after signing out. */
export function LandingPage() {
  const { t } = useTranslation(['pages', 'common', 'auth']);
  usePageTitle(t('landing.title'));
  const { signOut } = useLoaderData<typeof landingLoader>();
  const signedOut = signOut !== null;
  // Spec §8: a failed sign-out shows an error toast (spec §9: 5000 ms at bottom centre).
  const [signOutFailed, setSignOutFailed] = useState(signOut === 'failed');
  const points = ['bookings', 'timesheets', 'invoices'] as const;

  return (
    <CenteredCard maxWidth={520}>
      <Box sx={{ textAlign: 'center' }}>
        {signedOut && (
          <Alert severity="success" variant="outlined" sx={{ mb: 3, textAlign: 'left' }}>
            {t('landing.signedOut')}
          </Alert>
        )}
        <Typography variant="h1" sx={{ mb: 1.5 }}>
          {t('landing.heading', { appName: t('common:appName') })}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('landing.description')}</Typography>
      </Box>
      <List sx={{ my: 2 }}>
        {points.map((point) => (
          <ListItem key={point} disableGutters sx={{ py: 0.5 }}>
            <ListItemIcon sx={{ minWidth: 36, color: 'primary.dark' }}>
              <CheckCircleOutlineIcon aria-hidden="true" fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t(`landing.points.${point}`)} />
          </ListItem>
        ))}
      </List>
      <Button component={RouterLink} to={paths.login} variant="contained" size="large" fullWidth>
        {t('common:actions.signIn')}
      </Button>
      <Snackbar
        open={signOutFailed}
        autoHideDuration={5000}
        onClose={() => setSignOutFailed(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="error" variant="filled" onClose={() => setSignOutFailed(false)}>
          {t('auth:signOut.failed')}
        </Alert>
      </Snackbar>
    </CenteredCard>
  );
}
