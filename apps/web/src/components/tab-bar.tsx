import ButtonBase from '@mui/material/ButtonBase';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useRef, type KeyboardEvent } from 'react';

export interface TabBarTab<T extends string> {
  value: T;
  label: string;
  /** The tab's id, which its panel's aria-labelledby names. */
  id: string;
  /** The panel's id. */
  controls: string;
}

const barSx = {
  display: 'flex',
  borderBottom: 1,
  borderColor: 'divider',
  '& .tab-bar__tab': {
    position: 'relative',
    minHeight: 48,
    px: 2,
    py: 1.5,
    typography: 'button',
    color: 'text.secondary',
    '&:hover': { color: 'text.primary' },
    '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.dark', outlineOffset: -2 },
  },
  '& .tab-bar__tab[aria-selected="true"]': {
    color: 'primary.dark',
    '&::after': { content: '""', position: 'absolute', left: 0, right: 0, bottom: 0, height: 2, bgcolor: 'primary.main' },
  },
  '&[data-full-width] .tab-bar__tab': { flex: 1 },
} as const;

/**
 * A row of tabs (WAI-ARIA tabs: a tablist of tabs, the arrow keys, Home and End move between them, Enter, Space or
 * a click chooses). The selected tab is marked by CSS alone: MUI's Tabs measures its tabs after each render to
 * place its indicator, a forced layout of the whole page inside the page's first commit.
 */
export function TabBar<T extends string>({
  value,
  onChange,
  label,
  tabs,
  fullWidth = false,
  sx,
}: {
  value: T;
  onChange: (value: T) => void;
  label: string;
  tabs: ReadonlyArray<TabBarTab<T>>;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}) {
  const bar = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(bar.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLElement);
    if (at === -1) return;
    const next =
      event.key === 'ArrowRight'
        ? (at + 1) % buttons.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + buttons.length) % buttons.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? buttons.length - 1
              : -1;
    if (next === -1) return;
    event.preventDefault();
    buttons[next]?.focus();
  };
  return (
    <Box
      ref={bar}
      role="tablist"
      aria-label={label}
      data-full-width={fullWidth || undefined}
      onKeyDown={onKeyDown}
      sx={[barSx, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {tabs.map((tab) => (
        <ButtonBase
          key={tab.value}
          className="tab-bar__tab"
          role="tab"
          id={tab.id}
          aria-controls={tab.controls}
          aria-selected={tab.value === value}
          tabIndex={tab.value === value ? 0 : -1}
          onClick={() => onChange(tab.value)}
        >
          {tab.label}
        </ButtonBase>
      ))}
    </Box>
  );
}
