import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ProfileResponse } from '@portal/contract/profile';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { TextLink } from '../../components/text-link';
import { paths } from '../../lib/paths';
import { useCachedProfile } from '../../lib/profile-query';
import { useImpersonation, useSession } from '../../lib/use-session';
import { now } from '../../lib/clock';

/**
 * Only staff acting as a contact see the banner, so it is not part of the first page; a chunk that cannot load
 * (offline) leaves the page without it rather than failing the page.
 */
const ImpersonationBanner = lazy(async (): Promise<{ default: ComponentType<{ profile: ProfileResponse | undefined }> }> => {
  try {
    return { default: (await import('../components/impersonation-banner')).ImpersonationBanner };
  } catch {
    return { default: () => null };
  }
});

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
      {signedIn && impersonation?.status === 'active' && (
        <Suspense fallback={null}>
          <ImpersonationBanner profile={profile} />
        </Suspense>
      )}
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
        <TextLink to={signedIn ? paths.help : paths.publicHelp}>{t('footer.help')}</TextLink>
      </Box>
    </Box>
  );
}
