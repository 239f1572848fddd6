import type { TimesheetBooking } from '@portal/contract/timesheets';
import Checkbox from '@mui/material/Checkbox';
import type { Theme } from '@mui/material/styles';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { educatorChangeOf } from '../timesheet-format';
import { useTimesheetsText } from '../use-timesheets-text';
import { EducatorChanges } from './educator-changes';
import {
  BilledCells,
  checkboxCellSx,
  DayCell,
  DownloadCell,
  EducatorCell,
  HiddenHeadCell,
  LocationCell,
  TimesheetTable,
  timesheetRowModel,
  type TimesheetRowModel,
} from './timesheet-row';

export interface PendingListProps {
  rows: TimesheetBooking[];
  caption: string;
  selected: ReadonlySet<number>;
  onToggle: (bookingId: number) => void;
  canDecide: (row: TimesheetBooking) => boolean;
  showClient: boolean;
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
  const head = (
    <>
      <HiddenHeadCell column="checkbox" label={t('list.select')} />
      <TableCell>{t('list.date')}</TableCell>
      <TableCell>{t('list.educator')}</TableCell>
      <TableCell>{t('list.location')}</TableCell>
      <TableCell>{t('list.times')}</TableCell>
      <TableCell>{t('list.toBill')}</TableCell>
      <TableCell>{t('list.changes')}</TableCell>
      <HiddenHeadCell column="download" label={t('list.download')} />
    </>
  );
  return (
    <TimesheetTable caption={caption} minWidth={960} cellPaddingX={1.5} head={head}>
      <TableBody>
        {rows.map((row) => (
          <PendingRow
            key={row.bookingId}
            model={timesheetRowModel(t, locale, row, showClient)}
            decidable={canDecide(row)}
            isSelected={selected.has(row.bookingId)}
            onToggle={onToggle}
          />
        ))}
      </TableBody>
    </TimesheetTable>
  );
}

const changedRowSx = (theme: Theme) => ({
  '& > td:first-of-type': { boxShadow: `inset 4px 0 0 ${theme.palette.warning.main}` },
  '&:not(.Mui-selected)': { backgroundColor: 'rgba(255, 167, 38, 0.07)' },
});

function PendingRow({
  model,
  decidable,
  isSelected,
  onToggle,
}: {
  model: TimesheetRowModel;
  decidable: boolean;
  isSelected: boolean;
  onToggle: (bookingId: number) => void;
}) {
  const { t } = useTimesheetsText();
  const { row } = model;
  const changed = educatorChangeOf(row).kind !== 'none';
  return (
    <TableRow
      hover
      selected={isSelected}
      data-testid="timesheet-row"
      data-booking-id={row.bookingId}
      data-changed={changed || undefined}
      sx={changed ? changedRowSx : undefined}
    >
      <TableCell padding="checkbox" sx={checkboxCellSx}>
        {decidable ? (
          <Checkbox
            checked={isSelected}
            onChange={() => onToggle(row.bookingId)}
            slotProps={{ input: { 'aria-label': t('list.selectOne', { name: model.name, date: model.day }) } }}
          />
        ) : (
          <Tooltip title={t('list.viewOnlyHelp')}>
            <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }} tabIndex={0}>
              {t('list.viewOnly')}
            </Typography>
          </Tooltip>
        )}
      </TableCell>
      <DayCell model={model} />
      <EducatorCell model={model} />
      <LocationCell model={model} />
      <BilledCells model={model} />
      <TableCell sx={{ minWidth: 220 }}>
        <EducatorChanges row={row} />
      </TableCell>
      <DownloadCell model={model} />
    </TableRow>
  );
}
