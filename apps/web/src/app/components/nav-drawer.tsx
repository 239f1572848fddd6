import AccessTimeOutlinedIcon from '@mui/icons-material/AccessTimeOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import HelpOutlineOutlinedIcon from '@mui/icons-material/HelpOutlineOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import PendingActionsOutlinedIcon from '@mui/icons-material/PendingActionsOutlined';
import QueryStatsOutlinedIcon from '@mui/icons-material/QueryStatsOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { ProfileResponse } from '@portal/contract/profile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useSelectedClientIds } from '../../lib/use-selected-clients';
import { activeNavKey, navigationItems, type NavKey } from '../navigation-items';

const ICONS: Record<NavKey, ReactNode> = {
  home: <HomeOutlinedIcon />,
  overview: <DashboardOutlinedIcon />,
  groupOverview: <InsightsOutlinedIcon />,
  bookings: <EventNoteOutlinedIcon />,
  pendingApproval: <PendingActionsOutlinedIcon />,
  timesheets: <AccessTimeOutlinedIcon />,
  candidates: <SchoolOutlinedIcon />,
  finance: <ReceiptLongOutlinedIcon />,
  reports: <QueryStatsOutlinedIcon />,
  availability: <EventAvailableOutlinedIcon />,
  help: <HelpOutlineOutlinedIcon />,
};

/** The drawer's contents: the pages this user may open (spec §6), the current one marked. */
export function NavList({ profile, onNavigate, header }: { profile: ProfileResponse; onNavigate?: () => void; header?: ReactNode }) {
  const { t } = useTranslation();
  const selected = useSelectedClientIds();
  const { pathname } = useLocation();
  const items = navigationItems(profile, selected);
  const activeKey = activeNavKey(items, pathname);
  return (
    <Box component="nav" aria-label={t('shell.navigation')} sx={{ py: 1 }}>
      {header}
      <List>
        {items.map((item) => {
          const active = item.key === activeKey;
          return (
            <ListItem key={item.key} disablePadding sx={{ px: 1 }}>
              <ListItemButton
                component={NavLink}
                to={item.to}
                end
                onClick={onNavigate}
                selected={active}
                sx={{
                  borderRadius: 2,
                  // Brand tint with dark text: the cyan itself is too light for text on a tint.
                  '&.Mui-selected, &.Mui-selected:hover': {
                    bgcolor: 'rgba(0,172,239,0.14)',
                    '& .MuiListItemIcon-root': { color: 'primary.dark' },
                  },
                  // A keyboard user sees where they are: a ring, not only MUI's faint fill.
                  '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.dark', outlineOffset: '-2px' },
                }}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>{ICONS[item.key]}</ListItemIcon>
                <ListItemText primary={t(`shell.nav.${item.key}`)} slotProps={{ primary: { sx: { fontWeight: active ? 600 : 500 } } }} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
