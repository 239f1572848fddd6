import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { locationLabel } from '@portal/contract/format/location-name';
import type { GroupOverviewRow } from '@portal/contract/group-overview';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { bookingsListHref } from '../../lib/bookings-link';

export type SortKey = 'displayName' | 'filledBookings' | 'totalBookings' | 'fillRatePercentage';

/** A row's location as the table names it: once, without the client's name twice. */
export function rowName(row: GroupOverviewRow): string {
  return locationLabel(row.clientName, row.locationName);
}

export function sortRows(rows: readonly GroupOverviewRow[], key: SortKey, direction: 'asc' | 'desc'): GroupOverviewRow[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const byName = rowName(a).localeCompare(rowName(b));
    const result = key === 'displayName' ? byName : a[key] - b[key];
    return result === 0 ? byName : result * sign;
  });
}

/** Spec §3: -1 (no bookings) shows as a dash. */
export function fillRateText(value: number): string {
  return value < 0 ? '—' : `${value}%`;
}

/** The fill rates by location; each school opens the bookings list of its location on the day shown. */
export function GroupOverviewTable({ rows, date }: { rows: readonly GroupOverviewRow[]; date: string }) {
  const { t } = useTranslation('pages');
  const [sortKey, setSortKey] = useState<SortKey>('displayName');
  const [direction, setDirection] = useState<'asc' | 'desc'>('asc');
  const sorted = useMemo(() => sortRows(rows, sortKey, direction), [rows, sortKey, direction]);
  // On a phone the counts fold under the school's name, so the fill rate stays in view.
  const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;
  const header = (key: SortKey, label: string, numeric = false, hideOnPhone = false) => (
    <TableCell align={numeric ? 'right' : 'left'} sortDirection={sortKey === key ? direction : false} sx={hideOnPhone ? wide : undefined}>
      <TableSortLabel
        active={sortKey === key}
        direction={sortKey === key ? direction : 'asc'}
        onClick={() => {
          if (sortKey === key) setDirection(direction === 'asc' ? 'desc' : 'asc');
          else {
            setSortKey(key);
            setDirection(numeric ? 'desc' : 'asc');
          }
        }}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );
  return (
    <TableContainer>
      <Table aria-label={t('groupOverview.tableLabel')} size="small">
        <TableHead>
          <TableRow>
            {header('displayName', t('groupOverview.school'))}
            {header('filledBookings', t('groupOverview.filled'), true, true)}
            {header('totalBookings', t('groupOverview.total'), true, true)}
            {header('fillRatePercentage', t('groupOverview.fillRate'), true)}
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.map((row) => (
            <TableRow key={row.locationId} data-location-id={row.locationId}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                <Link
                  component={RouterLink}
                  to={bookingsListHref({ from: date, to: date, locationId: row.locationId })}
                  aria-label={t('groupOverview.openBookings', { name: rowName(row) })}
                  sx={{ fontWeight: 500 }}
                >
                  {rowName(row)}
                </Link>
                <Typography variant="body2" sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary' }}>
                  {t('groupOverview.summary', { filled: row.filledBookings, total: row.totalBookings })}
                </Typography>
              </TableCell>
              <TableCell align="right" sx={wide}>
                {row.filledBookings}
              </TableCell>
              <TableCell align="right" sx={wide}>
                {row.totalBookings}
              </TableCell>
              <TableCell align="right" data-testid={`fill-rate-${row.locationId}`}>
                <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1 }}>
                  {row.fillRatePercentage >= 0 && (
                    <LinearProgress
                      variant="determinate"
                      value={row.fillRatePercentage}
                      aria-hidden="true"
                      sx={{ width: 56, height: 6, borderRadius: 3, display: { xs: 'none', sm: 'block' } }}
                    />
                  )}
                  <Box component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {fillRateText(row.fillRatePercentage)}
                  </Box>
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
