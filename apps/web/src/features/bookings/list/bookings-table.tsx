import type { BookingListRow } from '@portal/contract/bookings';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { visuallyHidden } from '../../../components/visually-hidden';
import { BookingsTableRow } from './bookings-table-row';
import type { BookingSort } from './list-params';
import { useBookingsText } from './use-bookings-text';

const SORTABLE: Partial<Record<string, BookingSort>> = { date: 'date', status: 'status', location: 'location', educator: 'candidate' };

/** Desktop: one row per booking; the date opens the detail; column headers sort. */
export function BookingsTable({
  bookings,
  caption,
  sort,
  onSort,
  showClient,
}: {
  bookings: BookingListRow[];
  caption: string;
  sort: BookingSort;
  onSort: (sort: BookingSort) => void;
  showClient: boolean;
}) {
  const { t } = useBookingsText();
  const header = (key: 'date' | 'time' | 'location' | 'classification' | 'educator' | 'status' | 'block') => {
    const sortKey = SORTABLE[key];
    if (!sortKey) return <TableCell key={key}>{t(`list.${key}`)}</TableCell>;
    const active = sort === sortKey || (key === 'date' && sort === '-date');
    const direction = sort === '-date' ? 'desc' : 'asc';
    return (
      <TableCell key={key} sortDirection={active ? direction : false}>
        <TableSortLabel
          active={active}
          direction={active ? direction : 'asc'}
          onClick={() => onSort(key === 'date' && sort === 'date' ? '-date' : sortKey)}
        >
          {t(`list.${key}`)}
        </TableSortLabel>
      </TableCell>
    );
  };
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 880, '& td, & th': { px: 1.25 } }}>
        <Box component="caption" sx={visuallyHidden}>
          {caption}
        </Box>
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>
            {header('date')}
            {header('time')}
            {header('location')}
            {header('classification')}
            {header('educator')}
            {header('status')}
            {header('block')}
          </TableRow>
        </TableHead>
        <TableBody>
          {bookings.map((booking) => (
            <BookingsTableRow key={booking.id} booking={booking} showClient={showClient} />
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
