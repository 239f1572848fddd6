import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useId, useState, type ReactNode } from 'react';

export interface DropdownMenuItem {
  key: string;
  label: string;
  icon?: ReactNode;
  disabled?: boolean;
  onSelect: () => void;
}

/** Spec §2 dropdown menu: a button that opens a list of actions; choosing one runs it and closes the menu. */
export function DropdownMenu({
  label,
  items,
  variant = 'outlined',
}: {
  label: string;
  items: readonly DropdownMenuItem[];
  variant?: 'text' | 'outlined' | 'contained';
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const open = anchor !== null;
  return (
    <>
      <Button
        id={`${id}-button`}
        variant={variant}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        endIcon={<ExpandMoreIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {label}
      </Button>
      <Menu
        id={`${id}-menu`}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': `${id}-button` } }}
      >
        {items.map((item) => (
          <MenuItem
            key={item.key}
            disabled={item.disabled ?? false}
            onClick={() => {
              setAnchor(null);
              item.onSelect();
            }}
          >
            {item.icon && <ListItemIcon>{item.icon}</ListItemIcon>}
            {item.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
