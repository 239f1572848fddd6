import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import { Outlet, Link as RouterLink } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { paths } from '../../lib/paths';

/**
 * The signed-in shell. For now a top bar and the page; the navigation drawer, client selector, service status
 * banner and user menu arrive with their issues.
 */
export function AppLayout() {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar>
          <Box component={RouterLink} to={paths.home} sx={{ textDecoration: 'none', display: 'inline-flex', borderRadius: 1 }}>
            <BrandLogo size={32} />
          </Box>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ flex: 1, py: { xs: 3, md: 5 } }}>
        <Outlet />
      </Container>
    </Box>
  );
}
