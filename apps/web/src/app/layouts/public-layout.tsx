import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths';
import { useCachedProfile } from '../../lib/profile-query';
import { useImpersonation, useSession } from '../../lib/use-session';
import { ImpersonationBanner } from '../components/impersonation-banner';
import { now } from '../../lib/clock';

/** Pages seen without a session (sign-in, password reset, error pages): a centred column on a brand backdrop. */
export function PublicLayout() {
  return (
    <PublicLayoutFrame>
      <Outlet />
    </PublicLayoutFrame>
  );
}

/** The same frame around explicit children, for the route error boundary (which has no outlet). */
export function PublicLayoutFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const impersonation = useImpersonation();
  const signedIn = useSession() !== null;
  const profile = useCachedProfile();
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
        backgroundImage: {
          xs: 'linear-gradient(180deg, rgba(0,172,239,0.16) 0px, rgba(0,172,239,0) 260px)',
          sm: 'radial-gradient(1100px 520px at 15% -10%, rgba(0,172,239,0.20), transparent 60%), radial-gradient(900px 480px at 110% 110%, rgba(29,53,87,0.12), transparent 60%)',
        },
      }}
    >
      {/* Staff acting as a contact can stop from every page, error pages included. */}
      {signedIn && impersonation?.status === 'active' && <ImpersonationBanner profile={profile} />}
      <Box
        component="main"
        sx={{ flex: 1, display: 'flex', alignItems: { xs: 'flex-start', sm: 'center' }, px: 2, pt: { xs: 4, sm: 6 }, pb: 4 }}
      >
        <Box sx={{ width: '100%' }}>{children}</Box>
      </Box>
      <Box component="footer" sx={{ display: 'flex', justifyContent: 'center', gap: 3, py: 3, px: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('footer.copyright', { year: now().getFullYear(), companyName: t('companyName') })}
        </Typography>
        {/* Signed out, /help would send the visitor to the landing page: the public Help page answers instead. */}
        <Link component={RouterLink} to={signedIn ? paths.help : paths.publicHelp} variant="body2">
          {t('footer.help')}
        </Link>
      </Box>
    </Box>
  );
}
