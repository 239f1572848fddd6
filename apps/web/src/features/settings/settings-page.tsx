import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import AlertTitle from '@mui/material/AlertTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '../../components/query-state';
import { paths } from '../../lib/paths';
import { useProfile } from '../../lib/profile';
import { usePageTitle } from '../../lib/use-page-title';
import { useDarkMode } from '../../lib/use-dark-mode';
import { hasPermission } from '@portal/contract/permissions';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { BrowserNotificationsSection } from './components/browser-notifications-section';
import { CalendarFeedSection } from './components/calendar-feed-section';
import { MfaSecuritySection } from './components/mfa-security-section';
import { WeeklyDigestSection } from './components/weekly-digest-section';
import { PreferencesSection } from './components/preferences-section';

export function SettingsPage() {
  const { t } = useTranslation(['pages', 'errors']);
  usePageTitle(t('settings.title'));
  const profileQuery = useProfile();
  const profile = profileQuery.data;
  const contact = profile?.contact;
  // The feed holds the bookings of the schools where the contact may view bookings (the server scopes it again).
  const viewsBookings = profile ? hasPermission(profile.links, { scope: 'booking', action: 'view' }) : false;
  // The digest tells spend (accounts view) and fill rates and unfilled bookings (booking view).
  const getsDigest = profile ? viewsBookings || hasPermission(profile.links, { scope: 'accounts', action: 'view' }) : false;
  const [darkMode, setDarkMode] = useDarkMode();
  // Browser notifications only where the server can send them (it publishes its VAPID key), and never while staff act
  // as the contact: their browser is not the contact's (the server refuses it too).
  const pushPublicKey = profile && !profile.impersonation ? getRuntimeConfig().pushPublicKey : null;

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <div>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('settings.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('settings.description')}</Typography>
      </div>
      {contact && (
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="settings-profile"
          sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: '16px' }}
        >
          <Typography variant="h2" id="settings-profile" sx={{ fontSize: '1.125rem', mb: 2 }}>
            {t('settings.profileHeading')}
          </Typography>
          <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
            <div>
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {t('settings.name')}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
                {`${contact.firstName} ${contact.lastName}`}
              </Typography>
            </div>
            <div>
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {t('settings.email')}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 500, wordBreak: 'break-word' }}>
                {contact.emailAddress}
              </Typography>
            </div>
          </Stack>
        </Paper>
      )}
      {!contact && profileQuery.isError && (
        <ErrorState
          message={
            <>
              <AlertTitle>{t('errors:profile.loadFailed')}</AlertTitle>
              {t('errors:profile.issues')}
            </>
          }
          onRetry={() => void profileQuery.refetch()}
        />
      )}
      <PreferencesSection darkMode={darkMode} onDarkModeChange={setDarkMode} />
      {viewsBookings && <CalendarFeedSection />}
      {getsDigest && <WeeklyDigestSection />}
      {pushPublicKey && <BrowserNotificationsSection publicKey={pushPublicKey} />}
      <Paper variant="outlined" component="section" aria-labelledby="settings-security" sx={{ borderRadius: '16px', overflow: 'hidden' }}>
        <Typography
          variant="h2"
          id="settings-security"
          sx={{ fontSize: '1.125rem', px: { xs: 2.5, sm: 3 }, pt: { xs: 2.5, sm: 3 }, pb: 1 }}
        >
          {t('settings.securityHeading')}
        </Typography>
        <List disablePadding>
          <ListItem disablePadding>
            <ListItemButton component={RouterLink} to={paths.changePassword} sx={{ px: { xs: 2.5, sm: 3 }, py: 1.5 }}>
              <ListItemIcon sx={{ minWidth: 40 }}>
                <LockOutlinedIcon />
              </ListItemIcon>
              <ListItemText primary={t('settings.changePassword')} secondary={t('settings.changePasswordHint')} />
              <ChevronRightIcon aria-hidden="true" sx={{ color: 'text.secondary' }} />
            </ListItemButton>
          </ListItem>
        </List>
      </Paper>
      <MfaSecuritySection />
    </Stack>
  );
}
