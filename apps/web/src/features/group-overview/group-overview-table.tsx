import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { GroupOverviewRow } from '@portal/contract/group-overview';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type SortKey = 'displayName' | 'filledBookings' | 'totalBookings' | 'fillRatePercentage';

export function sortRows(rows: readonly GroupOverviewRow[], key: SortKey, direction: 'asc' | 'desc'): GroupOverviewRow[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const result = key === 'displayName' ? a.displayName.localeCompare(b.displayName) : a[key] - b[key];
    return result === 0 ? a.displayName.localeCompare(b.displayName) : result * sign;
  });
}

/** Spec §3: -1 (no bookings) shows as a dash. */
export function fillRateText(value: number): string {
  return value < 0 ? '—' : `${value}%`;
}

export function GroupOverviewTable({ rows }: { rows: readonly GroupOverviewRow[] }) {
  const { t } = useTranslation('pages');
  const [sortKey, setSortKey] = useState<SortKey>('displayName');
  const [direction, setDirection] = useState<'asc' | 'desc'>('asc');
  const sorted = useMemo(() => sortRows(rows, sortKey, direction), [rows, sortKey, direction]);
  const header = (key: SortKey, label: string, numeric = false) => (
    <TableCell align={numeric ? 'right' : 'left'} sortDirection={sortKey === key ? direction : false}>
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
            {header('filledBookings', t('groupOverview.filled'), true)}
            {header('totalBookings', t('groupOverview.total'), true)}
            {header('fillRatePercentage', t('groupOverview.fillRate'), true)}
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.map((row) => (
            <TableRow key={row.locationId} data-location-id={row.locationId}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                {row.displayName}
              </TableCell>
              <TableCell align="right">{row.filledBookings}</TableCell>
              <TableCell align="right">{row.totalBookings}</TableCell>
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
                  <span>{fillRateText(row.fillRatePercentage)}</span>
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
