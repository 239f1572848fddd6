import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export interface SummaryItem {
  key: string;
  label: string;
  /** undefined while loading. */
  value: string | undefined;
  icon: ReactNode;
  to?: string;
  accent?: string;
}

function TileBody({ item }: { item: SummaryItem }) {
  return (
    <Box sx={{ p: { xs: 1.75, sm: 2.5 }, display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <Box
        aria-hidden="true"
        sx={{
          display: { xs: 'none', sm: 'grid' },
          width: 44,
          height: 44,
          borderRadius: 3,
          placeItems: 'center',
          bgcolor: item.accent ?? 'rgba(0,172,239,0.12)',
          color: 'primary.dark',
          flexShrink: 0,
        }}
      >
        {item.icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ color: 'text.secondary', fontSize: '0.875rem', fontWeight: 500 }}>{item.label}</Typography>
        <Typography
          component="p"
          data-testid={`tile-${item.key}`}
          sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, fontWeight: 700, lineHeight: 1.2 }}
        >
          {item.value ?? <Skeleton width={48} />}
        </Typography>
      </Box>
    </Box>
  );
}

/** The dashboard counts as tiles (TILE layout) or as a list (LIST layout). */
export function SummaryTiles({ items, layout, label }: { items: SummaryItem[]; layout: 'tile' | 'list'; label: string }) {
  if (layout === 'list') {
    return (
      <Paper variant="outlined" sx={{ borderRadius: '16px' }}>
        <List aria-label={label} disablePadding>
          {items.map((item, index) => {
            const content = (
              <>
                <ListItemIcon sx={{ color: 'primary.dark' }}>{item.icon}</ListItemIcon>
                <ListItemText primary={item.label} />
                <Typography data-testid={`tile-${item.key}`} sx={{ fontWeight: 700, fontSize: '1.125rem' }}>
                  {item.value ?? <Skeleton width={32} />}
                </Typography>
              </>
            );
            return (
              <ListItem key={item.key} divider={index < items.length - 1} disablePadding={Boolean(item.to)}>
                {item.to ? (
                  <ListItemButton component={RouterLink} to={item.to}>
                    {content}
                  </ListItemButton>
                ) : (
                  content
                )}
              </ListItem>
            );
          })}
        </List>
      </Paper>
    );
  }
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}
    >
      {items.map((item) => (
        <li key={item.key}>
          <Card sx={{ height: '100%', borderRadius: '16px', boxShadow: 'none' }}>
            {item.to ? (
              <CardActionArea component={RouterLink} to={item.to} sx={{ height: '100%' }}>
                <TileBody item={item} />
              </CardActionArea>
            ) : (
              <TileBody item={item} />
            )}
          </Card>
        </li>
      ))}
    </Box>
  );
}
