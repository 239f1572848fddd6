import AccessTimeIcon from '@mui/icons-material/AccessTime';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import type { Theme } from '@mui/material/styles';
import { useZoneLabel, withZone } from '../../../lib/use-zone-label';
import { billingTexts, educatorChangeOf } from '../timesheet-format';
import { useTimesheetsText } from '../use-timesheets-text';
import { EducatorChanges } from './educator-changes';
import type { PendingListProps } from './pending-timesheets-table';
import { CardHead, CardLine, CardPlaceLine, cardPartsSx, timesheetRowModel, type TimesheetRowModel } from './timesheet-row';
import { offscreenRowSx } from '../../../components/offscreen-rows';

/**
 * The cards' looks, given once on the list rather than per card (as the bookings cards): emotion works out one
 * style object per render instead of a dozen per timesheet. The cards are plain elements with class names; an
 * educator's changes and the selection are data attributes.
 */
const listSx = {
  listStyle: 'none',
  m: 0,
  p: 0,
  '& .timesheet-card': {
    borderTop: 1,
    borderTopStyle: 'solid',
    borderColor: 'divider',
    display: 'flex',
    gap: 0.5,
    pl: 0.5,
    pr: 1,
    py: 1.5,
    ...offscreenRowSx(160),
  },
  '& .timesheet-card[data-changed]': (theme: Theme) => ({
    boxShadow: `inset 4px 0 0 ${theme.palette.warning.main}`,
    backgroundColor: 'rgba(255, 167, 38, 0.07)',
  }),
  '& .timesheet-card[data-selected]': { backgroundColor: 'rgba(0, 172, 239, 0.08)' },
  '& .timesheet-card-check': { width: 42, flexShrink: 0, display: 'flex', justifyContent: 'center' },
  '& .timesheet-card-body': { flex: 1, minWidth: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 0.75, pt: 1 },
  ...cardPartsSx,
  '& .timesheet-card-download': { mt: -0.75 },
  '& .timesheet-card-help': { typography: 'caption', color: 'text.secondary' },
};

type ZoneLabel = ReturnType<typeof useZoneLabel>;

/** Phone: one card per timesheet pending approval, its checkbox first; the educator's changes highlighted. */
export function PendingTimesheetCards({ rows, caption, selected, onToggle, canDecide, showClient }: PendingListProps) {
  const { t, locale } = useTimesheetsText();
  // Once for the list, not per card: it reads the profile.
  const zoneLabel = useZoneLabel();
  return (
    <Box component="ul" aria-label={caption} sx={listSx}>
      {rows.map((row) => (
        <PendingCard
          key={row.bookingId}
          model={timesheetRowModel(t, locale, row, showClient)}
          decidable={canDecide(row)}
          isSelected={selected.has(row.bookingId)}
          onToggle={onToggle}
          zoneLabel={zoneLabel}
        />
      ))}
    </Box>
  );
}

function PendingCard({
  model,
  decidable,
  isSelected,
  onToggle,
  zoneLabel,
}: {
  model: TimesheetRowModel;
  decidable: boolean;
  isSelected: boolean;
  onToggle: (bookingId: number) => void;
  zoneLabel: ZoneLabel;
}) {
  const { t } = useTimesheetsText();
  const { row } = model;
  const changed = educatorChangeOf(row).kind !== 'none';
  return (
    <li
      className="timesheet-card"
      data-testid="timesheet-card"
      data-booking-id={row.bookingId}
      data-changed={changed || undefined}
      data-selected={isSelected || undefined}
    >
      <div className="timesheet-card-check">
        {decidable && (
          <Checkbox
            checked={isSelected}
            onChange={() => onToggle(row.bookingId)}
            slotProps={{ input: { 'aria-label': t('list.selectOne', { name: model.name, date: model.day }) } }}
            sx={{ alignSelf: 'flex-start' }}
          />
        )}
      </div>
      <div className="timesheet-card-body">
        <CardHead model={model} />
        <CardLine icon={<AccessTimeIcon fontSize="small" aria-hidden="true" />}>
          <PendingBilling row={row} zoneLabel={zoneLabel} />
        </CardLine>
        <CardPlaceLine model={model} />
        <EducatorChanges row={row} compact />
        {!decidable && <span className="timesheet-card-help">{t('list.viewOnlyHelp')}</span>}
      </div>
    </li>
  );
}

/** The times and break billed and the hours to bill, or that nothing is charged. */
function PendingBilling({ row, zoneLabel }: { row: TimesheetRowModel['row']; zoneLabel: ZoneLabel }) {
  const { t, locale } = useTimesheetsText();
  const billing = billingTexts(t, row, locale);
  if (billing.noCharge)
    return (
      <strong className="timesheet-card-no-charge" data-testid="timesheet-billed" data-billing="no_charge">
        {billing.duration}
      </strong>
    );
  return (
    <>
      {withZone(billing.times, zoneLabel(row.locationTimeZone, row.startTimeLocal))}
      {' · '}
      {billing.breakText}
      {' · '}
      <strong data-testid="timesheet-billed" data-billing="hours">
        {t('billing.toBill', { hours: billing.duration })}
      </strong>
    </>
  );
}
