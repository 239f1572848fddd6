import LogoutIcon from '@mui/icons-material/Logout';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { Contact } from '@portal/contract/profile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths';

function initials(contact: Contact): string {
  return `${contact.firstName.charAt(0)}${contact.lastName.charAt(0)}`.toUpperCase();
}

/** The signed-in user's menu: who is signed in, Settings and Log out. */
export function UserMenu({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const open = anchor !== null;
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        id={buttonId}
        aria-label={t('userMenu.label')}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        onClick={(event) => setAnchor(event.currentTarget)}
        color="inherit"
        sx={{ color: 'text.primary', gap: 1, pl: 0.75, pr: { xs: 0.75, sm: 1.5 }, minWidth: 0 }}
      >
        <Avatar aria-hidden="true" sx={{ width: 32, height: 32, fontSize: '0.85rem', fontWeight: 700, bgcolor: 'secondary.main' }}>
          {initials(contact)}
        </Avatar>
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' }, fontWeight: 600 }}>
          {contact.firstName}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId }, paper: { sx: { minWidth: 240, mt: 0.5 } } }}
      >
        <Box sx={{ px: 2, pt: 1, pb: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }}>{`${contact.firstName} ${contact.lastName}`}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', wordBreak: 'break-word' }}>
            {contact.emailAddress}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to={paths.settings} onClick={close}>
          <ListItemIcon>
            <SettingsOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {t('userMenu.settings')}
        </MenuItem>
        <MenuItem component={RouterLink} to={paths.logout} onClick={close}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('userMenu.logOut')}
        </MenuItem>
      </Menu>
    </>
  );
}
