import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { DebugBar } from '../../components/debug-bar';
import { InShellContext } from '../../components/in-shell';
import { LiveEventsProvider } from '../../components/live-events-provider';
import { ServiceStatusBanner } from '../../features/service-status/components/service-status-banner';
import { paths } from '../../lib/paths';
import { useProfile } from '../../lib/profile';
import { usePushRenewal } from '../../lib/push-renewal';
import { UI_KEYS, useBooleanPreference } from '../../lib/ui-preferences';
import { useLaterRender } from '../../lib/use-later-render';
import { markAppStarted } from '../../lib/use-sliced-answer';
import { useImpersonation } from '../../lib/use-session';
import { useBootPaintUntilPage } from '../boot-paint';
import { ClientDetailsLoader } from '../components/client-details-loader';
import { ClientSelector } from '../components/client-selector';
import { DarkModeToggle } from '../components/dark-mode-toggle';
import { ImpersonationBanner } from '../components/impersonation-banner';
import { NavList } from '../components/nav-drawer';
import { ToastProvider } from '../toast-provider';
import { UserMenu } from '../components/user-menu';
import { useErrorReporting } from '../use-error-reporting';
import { useFocusMainHeading } from './use-focus-main-heading';

const DRAWER_WIDTH = 264;

type Profile = NonNullable<ReturnType<typeof useProfile>['data']>;

/** The first stop for the keyboard: straight to the page, past the bar and the navigation. */
function SkipLink() {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href="#main"
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 2000,
        bgcolor: 'background.paper',
        color: 'text.primary',
        px: 2,
        py: 1,
        borderRadius: 1,
        '&:focus': { top: 8 },
      }}
    >
      {t('shell.skipToContent')}
    </Box>
  );
}

/** The app bar: the navigation's toggle, the product, the client selector (from md), dark mode and the user menu. */
function ShellAppBar({
  profile,
  desktop,
  open,
  onToggle,
}: {
  profile: Profile | undefined;
  desktop: boolean;
  open: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', zIndex: (th) => (desktop ? th.zIndex.drawer + 1 : th.zIndex.appBar) }}
    >
      <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
        <IconButton
          edge="start"
          aria-label={open ? t('shell.closeNavigation') : t('shell.openNavigation')}
          aria-expanded={open}
          aria-controls="app-navigation"
          onClick={onToggle}
        >
          <MenuIcon />
        </IconButton>
        <Box
          component={RouterLink}
          to={paths.home}
          sx={{ textDecoration: 'none', display: 'inline-flex', borderRadius: 1, minWidth: 0, flexShrink: 1 }}
        >
          <BrandLogo size={32} compact />
        </Box>
        <Box sx={{ flex: 1 }} />
        {profile && <ClientSelector profile={profile} sx={{ display: { xs: 'none', md: 'inline-flex' }, width: 260 }} />}
        <DarkModeToggle />
        {profile && <UserMenu contact={profile.contact} />}
      </Toolbar>
    </AppBar>
  );
}

/** The navigation's links; on a phone or tablet with the product and the client selector above them. */
function DrawerContent({ profile, desktop, onNavigate }: { profile: Profile; desktop: boolean; onNavigate: () => void }) {
  return (
    <NavList
      profile={profile}
      onNavigate={desktop ? undefined : onNavigate}
      header={
        !desktop && (
          <>
            <Box sx={{ px: 2, pt: 1, pb: 2 }}>
              <BrandLogo size={32} />
            </Box>
            <Box sx={{ px: 2, pb: 2, display: { xs: 'block', md: 'none' } }}>
              <ClientSelector profile={profile} sx={{ width: '100%' }} />
            </Box>
            <Divider />
          </>
        )
      }
    />
  );
}

/** The navigation drawer: beside the page from lg (open or closed), else over it until a link or outside is chosen. */
function NavigationDrawer({
  desktop,
  drawerOpen,
  mobileOpen,
  onCloseMobile,
  children,
}: {
  desktop: boolean;
  drawerOpen: boolean;
  mobileOpen: boolean;
  onCloseMobile: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  return desktop ? (
    <Drawer
      id="app-navigation"
      variant="persistent"
      open={drawerOpen}
      sx={{
        width: drawerOpen ? DRAWER_WIDTH : 0,
        flexShrink: 0,
        transition: theme.transitions.create('width'),
        '& .MuiDrawer-paper': {
          width: DRAWER_WIDTH,
          top: 64,
          position: 'sticky',
          height: 'calc(100dvh - 64px)',
          borderRight: 1,
          borderColor: 'divider',
        },
      }}
    >
      {children}
    </Drawer>
  ) : (
    <Drawer
      id="app-navigation"
      variant="temporary"
      open={mobileOpen}
      onClose={onCloseMobile}
      ModalProps={{ keepMounted: false }}
      slotProps={{ paper: { 'aria-label': t('shell.navigation') } }}
      sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
    >
      {children}
    </Drawer>
  );
}

/**
 * The signed-in shell (spec §2): impersonation banner, app bar (drawer toggle, product, client selector, dark
 * mode, user menu), service status banner, navigation drawer (permanent from lg, temporary on mobile = xs–md,
 * its desktop open state persisted as `drawerOpen`) and the page.
 */
export function AppLayout() {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const profile = useProfile().data;
  const impersonating = useImpersonation() !== null || Boolean(profile?.impersonation);
  const [drawerOpen, setDrawerOpen] = useBooleanPreference(UI_KEYS.drawerOpen, true);
  const [mobileOpen, setMobileOpen] = useState(false);
  useErrorReporting(profile, impersonating);
  usePushRenewal(profile !== undefined && !impersonating);
  useFocusMainHeading();
  // On the app's first screen the shell commits first and the page in the next commit (a transition): a commit is
  // one task that nothing interrupts (every new style is inserted in it), and the two halves each block a phone's
  // main thread for less than the whole did. Later pages draw in the shell at once.
  const pageReady = useLaterRender();
  // index.html's frame of this page (its heading and intro) stays over the shell until the page itself has rendered.
  useBootPaintUntilPage(pageReady);
  useEffect(() => {
    if (pageReady) markAppStarted();
  }, [pageReady]);

  const open = desktop ? drawerOpen : mobileOpen;
  const toggle = () => (desktop ? setDrawerOpen(!drawerOpen) : setMobileOpen(!mobileOpen));
  const closeMobile = () => setMobileOpen(false);

  return (
    <ToastProvider>
      <ClientDetailsLoader />
      <LiveEventsProvider />
      <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
        <SkipLink />
        {impersonating && <ImpersonationBanner profile={profile} />}
        <ShellAppBar profile={profile} desktop={desktop} open={open} onToggle={toggle} />
        <Box sx={{ display: 'flex', flex: 1 }}>
          <NavigationDrawer desktop={desktop} drawerOpen={drawerOpen} mobileOpen={mobileOpen} onCloseMobile={closeMobile}>
            {profile && <DrawerContent profile={profile} desktop={desktop} onNavigate={closeMobile} />}
          </NavigationDrawer>
          <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
            <ServiceStatusBanner />
            <Container component="main" id="main" tabIndex={-1} maxWidth="lg" sx={{ flex: 1, py: { xs: 3, md: 4 }, outline: 'none' }}>
              {pageReady && (
                <InShellContext.Provider value>
                  <Outlet />
                </InShellContext.Provider>
              )}
            </Container>
          </Box>
        </Box>
        <DebugBar />
      </Box>
    </ToastProvider>
  );
}
