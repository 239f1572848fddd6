import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The create form's cards. */
export const card = { borderRadius: '16px', p: { xs: 2, sm: 3 } } as const;
export const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

/** One titled card of the create form. */
export function Section({ id, title, children, help }: { id: string; title: string; children: ReactNode; help?: string | undefined }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={card}>
      <Typography variant="h2" id={id} sx={{ fontSize: '1.125rem', mb: help ? 0.5 : 2 }}>
        {title}
      </Typography>
      {help && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {help}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
