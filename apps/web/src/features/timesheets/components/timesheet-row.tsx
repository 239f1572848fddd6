import type { TimesheetBooking } from '@portal/contract/timesheets';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Table from '@mui/material/Table';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { UserAvatar } from '../../../components/user-avatar';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatDay } from '../../../lib/locale-format';
import { educatorName } from '../timesheet-format';
import type { TimesheetsTranslate } from '../use-timesheets-text';
import { BilledDuration, BilledTimes } from './billed-hours';
import { DownloadButton } from './download-button';

/**
 * One timesheet as every list shows it (pending and history, table and cards): who, which day, where, and the
 * PDF's label. Worked out once per row so the lists only lay it out.
 */
export interface TimesheetRowModel {
  row: TimesheetBooking;
  name: string;
  day: string;
  /** The school under the location, when several schools are shown and the location's name does not say it. */
  school: string | undefined;
  /** Where, in one line: the school, and the location when it is named differently (spec §3 displayName). */
  place: string;
  downloadLabel: string;
}

export function timesheetRowModel(t: TimesheetsTranslate, locale: string, row: TimesheetBooking, showClient: boolean): TimesheetRowModel {
  const name = educatorName(row);
  const day = formatDay(row.dateLocal, locale);
  const school = showClient && !row.locationName.includes(row.clientName) ? row.clientName : undefined;
  return {
    row,
    name,
    day,
    school,
    place: school === undefined ? row.locationName : `${school} - ${row.locationName}`,
    downloadLabel: t('actions.downloadFor', { name, date: day }),
  };
}

/** A list's table: scrolls sideways on a narrow window, its caption for screen readers, its head row. */
export function TimesheetTable({
  caption,
  minWidth,
  cellPaddingX,
  head,
  children,
}: {
  caption: string;
  minWidth: number;
  cellPaddingX: number;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth, '& td, & th': { px: cellPaddingX } }}>
        <Box component="caption" sx={visuallyHidden}>
          {caption}
        </Box>
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>{head}</TableRow>
        </TableHead>
        {children}
      </Table>
    </Box>
  );
}

/** The checkbox column's cells, head and rows. */
export const checkboxCellSx = { pl: '12px !important' } as const;

/** A head cell read only by screen readers (the checkbox and download columns). */
export function HiddenHeadCell({ label, column }: { label: string; column: 'checkbox' | 'download' }) {
  return column === 'checkbox' ? (
    <TableCell padding="checkbox" sx={checkboxCellSx}>
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
    </TableCell>
  ) : (
    <TableCell align="right">
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
    </TableCell>
  );
}

export function DayCell({ model }: { model: TimesheetRowModel }) {
  return <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>{model.day}</TableCell>;
}

export function EducatorCell({ model }: { model: TimesheetRowModel }) {
  return (
    <TableCell>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <UserAvatar name={model.row.candidateFullName} size="sm" />
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {model.name}
        </Typography>
      </Box>
    </TableCell>
  );
}

export function LocationCell({ model }: { model: TimesheetRowModel }) {
  return (
    <TableCell>
      <Typography variant="body2">{model.row.locationName}</Typography>
      {model.school !== undefined && (
        <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
          {model.school}
        </Typography>
      )}
    </TableCell>
  );
}

/** The times billed (with the break) and the hours billed, two cells. */
export function BilledCells({ model }: { model: TimesheetRowModel }) {
  return (
    <>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <BilledTimes row={model.row} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <BilledDuration row={model.row} />
      </TableCell>
    </>
  );
}

export function DownloadCell({ model }: { model: TimesheetRowModel }) {
  return (
    <TableCell align="right">
      <DownloadButton bookingId={model.row.bookingId} label={model.downloadLabel} />
    </TableCell>
  );
}

/**
 * The cards' shared looks, given once on the list rather than per card: emotion works out one style object per
 * render instead of a dozen per timesheet. The cards are plain elements with these class names.
 */
export const cardPartsSx = {
  '& .timesheet-card-head': { display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 },
  '& .timesheet-card-who': { display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 },
  '& .timesheet-card-names': { minWidth: 0 },
  '& .timesheet-card-name': { typography: 'body1', m: 0, fontWeight: 700, lineHeight: 1.3 },
  '& .timesheet-card-text': { typography: 'body2', m: 0, minWidth: 0 },
  '& .timesheet-card-names .timesheet-card-text': { color: 'text.secondary' },
  '& .timesheet-card-line': { display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary' },
} as const;

/** A card's head: the educator's picture, name and day, and the PDF. */
export function CardHead({ model }: { model: TimesheetRowModel }) {
  return (
    <div className="timesheet-card-head">
      <div className="timesheet-card-who">
        <UserAvatar name={model.row.candidateFullName} size="sm" />
        <div className="timesheet-card-names">
          <p className="timesheet-card-name">{model.name}</p>
          <p className="timesheet-card-text">{model.day}</p>
        </div>
      </div>
      <div className="timesheet-card-download">
        <DownloadButton bookingId={model.row.bookingId} label={model.downloadLabel} />
      </div>
    </div>
  );
}

/** A card's line of text after its icon. */
export function CardLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="timesheet-card-line">
      {icon}
      <p className="timesheet-card-text">{children}</p>
    </div>
  );
}

export function CardPlaceLine({ model }: { model: TimesheetRowModel }) {
  return <CardLine icon={<SchoolOutlinedIcon fontSize="small" aria-hidden="true" />}>{model.place}</CardLine>;
}
