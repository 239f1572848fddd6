import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useBookingsText } from '../list/use-bookings-text';

/** A titled card of the booking detail. */
export function DetailSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ borderRadius: '16px', p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id={id} sx={{ fontSize: '1.0625rem', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Label/value pairs as a description list. */
export function Facts({ items }: { items: Array<[label: string, value: ReactNode] | false | null | undefined> }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(140px, auto) minmax(0, 1fr)' },
        columnGap: 3,
        rowGap: { xs: 0.25, sm: 1.25 },
        '& dt': { color: 'text.secondary', fontSize: '0.875rem', mt: { xs: 1, sm: 0 } },
        '& dd': { m: 0, fontWeight: 500, overflowWrap: 'anywhere' },
      }}
    >
      {items
        .filter((item): item is [string, ReactNode] => !!item)
        .map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
    </Box>
  );
}

/** A fact the booking does not have ('None'), quieter than the facts it has. */
export function NoneText() {
  const { t } = useBookingsText();
  return (
    <Typography component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
      {t('detail.none')}
    </Typography>
  );
}
