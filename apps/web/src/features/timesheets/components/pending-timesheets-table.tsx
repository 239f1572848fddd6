import type { TimesheetBooking } from '@portal/contract/timesheets';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatDay } from '../../../lib/locale-format';
import { UserAvatar } from '../../../components/user-avatar';
import { visuallyHidden } from '../../../components/visually-hidden';
import { educatorChangeOf, educatorName } from '../timesheet-format';
import { BilledDuration, BilledTimes } from './billed-hours';
import { useTimesheetsText } from '../use-timesheets-text';
import { DownloadButton } from './download-button';
import { EducatorChanges } from './educator-changes';

export interface PendingListProps {
  rows: TimesheetBooking[];
  caption: string;
  selected: ReadonlySet<number>;
  onToggle: (bookingId: number) => void;
  canDecide: (row: TimesheetBooking) => boolean;
  showClient: boolean;
}

/** Where a location is: the school, and the location when it is named differently (spec §3 displayName). */
export function placeOf(row: TimesheetBooking, showClient: boolean): string {
  return showClient && !row.locationName.includes(row.clientName) ? `${row.clientName} - ${row.locationName}` : row.locationName;
}

/** 'Select all shown': all decidable rows shown, some, or none. */
export function selectAllState(
  rows: readonly TimesheetBooking[],
  selected: ReadonlySet<number>,
  canDecide: (row: TimesheetBooking) => boolean,
) {
  const decidable = rows.filter(canDecide);
  const count = decidable.filter((row) => selected.has(row.bookingId)).length;
  return {
    disabled: decidable.length === 0,
    checked: decidable.length > 0 && count === decidable.length,
    indeterminate: count > 0 && count < decidable.length,
  };
}

/** Desktop: one row per timesheet pending approval, a checkbox to select it; the educator's changes highlighted. */
export function PendingTimesheetsTable({ rows, caption, selected, onToggle, canDecide, showClient }: PendingListProps) {
  const { t, locale } = useTimesheetsText();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 960, '& td, & th': { px: 1.5 } }}>
        <Box component="caption" sx={visuallyHidden}>
          {caption}
        </Box>
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>
            <TableCell padding="checkbox" sx={{ pl: '12px !important' }}>
              <Box component="span" sx={visuallyHidden}>
                {t('list.select')}
              </Box>
            </TableCell>
            <TableCell>{t('list.date')}</TableCell>
            <TableCell>{t('list.educator')}</TableCell>
            <TableCell>{t('list.location')}</TableCell>
            <TableCell>{t('list.times')}</TableCell>
            <TableCell>{t('list.toBill')}</TableCell>
            <TableCell>{t('list.changes')}</TableCell>
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                {t('list.download')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const name = educatorName(row);
            const day = formatDay(row.dateLocal, locale);
            const changed = educatorChangeOf(row).kind !== 'none';
            const decidable = canDecide(row);
            const isSelected = selected.has(row.bookingId);
            return (
              <TableRow
                key={row.bookingId}
                hover
                selected={isSelected}
                data-testid="timesheet-row"
                data-booking-id={row.bookingId}
                data-changed={changed || undefined}
                sx={
                  changed
                    ? (theme) => ({
                        '& > td:first-of-type': { boxShadow: `inset 4px 0 0 ${theme.palette.warning.main}` },
                        '&:not(.Mui-selected)': { backgroundColor: 'rgba(255, 167, 38, 0.07)' },
                      })
                    : undefined
                }
              >
                <TableCell padding="checkbox" sx={{ pl: '12px !important' }}>
                  {decidable ? (
                    <Checkbox
                      checked={isSelected}
                      onChange={() => onToggle(row.bookingId)}
                      slotProps={{ input: { 'aria-label': t('list.selectOne', { name, date: day }) } }}
                    />
                  ) : (
                    <Tooltip title={t('list.viewOnlyHelp')}>
                      <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }} tabIndex={0}>
                        {t('list.viewOnly')}
                      </Typography>
                    </Tooltip>
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>{day}</TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                    <UserAvatar name={row.candidateFullName} size="sm" />
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {name}
                    </Typography>
                  </Box>
                </TableCell>
                <TableCell>
                  <Typography variant="body2">{row.locationName}</Typography>
                  {showClient && !row.locationName.includes(row.clientName) && (
                    <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                      {row.clientName}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <BilledTimes row={row} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <BilledDuration row={row} />
                </TableCell>
                <TableCell sx={{ minWidth: 220 }}>
                  <EducatorChanges row={row} />
                </TableCell>
                <TableCell align="right">
                  <DownloadButton bookingId={row.bookingId} label={t('actions.downloadFor', { name, date: day })} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
