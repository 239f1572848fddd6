import type { TimesheetStatus } from '@portal/contract/domain';
import type { TimesheetBooking } from '@portal/contract/timesheets';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import Box from '@mui/material/Box';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ToneChip, type Tone } from '../../../components/tone-chip';
import { formatDateTime } from '../../../lib/locale-format';
import { billingTexts, formatTimes } from '../timesheet-format';
import { useTimesheetsText, type TimesheetsTranslate } from '../use-timesheets-text';
import {
  BilledCells,
  CardHead,
  CardLine,
  CardPlaceLine,
  cardPartsSx,
  DayCell,
  DownloadCell,
  EducatorCell,
  HiddenHeadCell,
  LocationCell,
  TimesheetTable,
  timesheetRowModel,
  type TimesheetRowModel,
} from './timesheet-row';
import { offscreenRowSx } from '../../../components/offscreen-rows';

const TONE: Record<TimesheetStatus, Tone> = {
  pending_approval: 'warning',
  pending_review: 'info',
  approved_for_invoice: 'success',
  invoiced: 'default',
};

export interface HistoryListProps {
  rows: TimesheetBooking[];
  caption: string;
  showClient: boolean;
}

/** A card's line: '9:00 am–2:30 pm · 5 h', or 'No charge'. */
function billingLine(t: TimesheetsTranslate, row: TimesheetBooking, locale: string): string {
  const text = billingTexts(t, row, locale);
  return text.noCharge ? text.duration : `${text.times} · ${text.duration}`;
}

function StatusChip({ status }: { status: TimesheetStatus }) {
  const { t } = useTimesheetsText();
  return <ToneChip tone={TONE[status]} label={t(`status.${status}`)} testId="timesheet-status" />;
}

/** The decision and who made it, the worked times the school sent (modified) and the invoice, when there is one. */
function Decision({ row }: { row: TimesheetBooking }) {
  const { t, locale } = useTimesheetsText();
  const modification = row.clientModification;
  return (
    <Box sx={{ display: 'grid', gap: 0.25 }}>
      {row.decision && (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t(`decision.${row.decision}`)}
        </Typography>
      )}
      {modification && !modification.didNotHappen && modification.startTimeLocal && modification.endTimeLocal && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {formatTimes(t, modification.startTimeLocal, modification.endTimeLocal, locale)}
          {(modification.breakMinutes ?? 0) > 0 && `, ${t('time.break', { count: modification.breakMinutes ?? 0 })}`}
        </Typography>
      )}
      {modification?.didNotHappen && modification.reason && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('changes.reason', { reason: modification.reason })}
        </Typography>
      )}
      {row.decidedByName && row.decidedAt && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('history.decidedBy', { name: row.decidedByName, date: formatDateTime(row.decidedAt, locale, row.locationTimeZone) })}
        </Typography>
      )}
      {row.invoiceNo && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('history.invoice', { invoiceNo: row.invoiceNo })}
        </Typography>
      )}
    </Box>
  );
}

/** Desktop: one row per decided timesheet, its status and decision. */
export function HistoryTable({ rows, caption, showClient }: HistoryListProps) {
  const { t, locale } = useTimesheetsText();
  const head = (
    <>
      <TableCell>{t('list.date')}</TableCell>
      <TableCell>{t('list.educator')}</TableCell>
      <TableCell>{t('list.location')}</TableCell>
      <TableCell>{t('list.times')}</TableCell>
      <TableCell>{t('list.billed')}</TableCell>
      <TableCell>{t('history.status')}</TableCell>
      <TableCell>{t('history.decision')}</TableCell>
      <HiddenHeadCell column="download" label={t('list.download')} />
    </>
  );
  return (
    <TimesheetTable caption={caption} minWidth={900} cellPaddingX={2} head={head}>
      <TableBody>
        {rows.map((row) => (
          <HistoryRow key={row.bookingId} model={timesheetRowModel(t, locale, row, showClient)} />
        ))}
      </TableBody>
    </TimesheetTable>
  );
}

function HistoryRow({ model }: { model: TimesheetRowModel }) {
  const { row } = model;
  return (
    <TableRow hover data-testid="timesheet-history-row" data-booking-id={row.bookingId} data-status={row.status}>
      <DayCell model={model} />
      <EducatorCell model={model} />
      <LocationCell model={model} />
      <BilledCells model={model} />
      <TableCell>
        <StatusChip status={row.status} />
      </TableCell>
      <TableCell>
        <Decision row={row} />
      </TableCell>
      <DownloadCell model={model} />
    </TableRow>
  );
}

const cardsSx = {
  listStyle: 'none',
  m: 0,
  p: 0,
  '& .timesheet-history-card': {
    borderTop: 1,
    borderTopStyle: 'solid',
    borderColor: 'divider',
    px: 2,
    py: 1.5,
    display: 'grid',
    gap: 0.75,
    ...offscreenRowSx(215),
  },
  ...cardPartsSx,
  '& .timesheet-history-card-outcome': { display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' },
};

/** Phone: one card per decided timesheet, its status and decision last. */
export function HistoryCards({ rows, caption, showClient }: HistoryListProps) {
  const { t, locale } = useTimesheetsText();
  return (
    <Box component="ul" aria-label={caption} sx={cardsSx}>
      {rows.map((row) => {
        const model = timesheetRowModel(t, locale, row, showClient);
        return (
          <li
            key={row.bookingId}
            className="timesheet-history-card"
            data-testid="timesheet-history-card"
            data-booking-id={row.bookingId}
            data-status={row.status}
          >
            <CardHead model={model} />
            <CardLine icon={<AccessTimeIcon fontSize="small" aria-hidden="true" />}>{billingLine(t, row, locale)}</CardLine>
            <CardPlaceLine model={model} />
            <div className="timesheet-history-card-outcome">
              <StatusChip status={row.status} />
              <Decision row={row} />
            </div>
          </li>
        );
      })}
    </Box>
  );
}
