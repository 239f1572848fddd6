import Checkbox from '@mui/material/Checkbox';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useId } from 'react';

export interface CheckboxListItem<T extends string | number> {
  id: T;
  label: string;
  secondary?: string;
}

/** Spec §2: a list of checkboxes that emits the selected ids (in the list's order). */
export function CheckboxList<T extends string | number>({
  items,
  selected,
  onChange,
  label,
}: {
  items: readonly CheckboxListItem<T>[];
  selected: readonly T[];
  onChange: (ids: T[]) => void;
  label: string;
}) {
  const id = useId();
  const toggle = (itemId: T) => {
    const next = selected.includes(itemId) ? selected.filter((value) => value !== itemId) : [...selected, itemId];
    onChange(items.map((item) => item.id).filter((value) => next.includes(value)));
  };
  return (
    <List aria-label={label} dense>
      {items.map((item) => {
        const labelId = `${id}-${String(item.id)}`;
        return (
          <ListItem key={String(item.id)} disablePadding>
            <ListItemButton onClick={() => toggle(item.id)} dense>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <Checkbox
                  edge="start"
                  checked={selected.includes(item.id)}
                  tabIndex={-1}
                  disableRipple
                  slotProps={{ input: { 'aria-labelledby': labelId } }}
                />
              </ListItemIcon>
              <ListItemText id={labelId} primary={item.label} secondary={item.secondary} />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
