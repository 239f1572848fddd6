import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import { Outlet, Link as RouterLink } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { paths } from '../../lib/paths';
import { useProfile } from '../../lib/profile';
import { useImpersonation } from '../../lib/use-session';
import { ImpersonationBanner } from '../components/impersonation-banner';
import { UserMenu } from '../components/user-menu';

/**
 * The signed-in shell: for now the impersonation banner, a top bar with the product and the user menu, and the
 * page. The navigation drawer, client selector and service status banner arrive with their issues.
 */
export function AppLayout() {
  const profile = useProfile().data;
  const impersonating = useImpersonation() !== null || Boolean(profile?.impersonation);

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      {impersonating && <ImpersonationBanner profile={profile} />}
      <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 2 }}>
          <Box component={RouterLink} to={paths.home} sx={{ textDecoration: 'none', display: 'inline-flex', borderRadius: 1 }}>
            <BrandLogo size={32} />
          </Box>
          <Box sx={{ flex: 1 }} />
          {profile && <UserMenu contact={profile.contact} />}
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ flex: 1, py: { xs: 3, md: 5 } }}>
        <Outlet />
      </Container>
    </Box>
  );
}
