import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A link shown only while it has keyboard focus, jumping past controls (a list's filters) to a target further
 * down; the target needs an id and tabIndex -1.
 */
export function SkipLink({ target, children }: { target: string; children: ReactNode }) {
  return (
    <Box
      component="a"
      href={`#${target}`}
      onClick={(event: React.MouseEvent<HTMLAnchorElement>) => {
        // Focus the target without changing the address (the list's filters live in it).
        event.preventDefault();
        const element = document.getElementById(target);
        element?.focus();
        element?.scrollIntoView({ block: 'start' });
      }}
      sx={{
        position: 'absolute',
        width: '1px',
        height: '1px',
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
        whiteSpace: 'nowrap',
        '&:focus': {
          position: 'static',
          width: 'auto',
          height: 'auto',
          clip: 'auto',
          display: 'inline-block',
          bgcolor: 'background.paper',
          color: 'primary.dark',
          fontWeight: 600,
          px: 1.5,
          py: 0.75,
          borderRadius: 1,
          outline: '2px solid',
          outlineColor: 'primary.dark',
        },
      }}
    >
      {children}
    </Box>
  );
}
