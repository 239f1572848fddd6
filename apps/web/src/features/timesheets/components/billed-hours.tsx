import type { TimesheetBooking } from '@portal/contract/timesheets';
import Typography from '@mui/material/Typography';
import { useZoneLabel, withZone } from '../../../lib/use-zone-label';
import { billingTexts } from '../timesheet-format';
import { useTimesheetsText } from '../use-timesheets-text';

/**
 * What a timesheet bills, as the server's `billing` says (the contract's decide rules): the times and the hours
 * Approve sends for invoicing, or that nothing is charged. The web never works it out itself.
 */
export function BilledTimes({ row }: { row: TimesheetBooking }) {
  const { t, locale } = useTimesheetsText();
  const text = billingTexts(t, row, locale);
  const zone = useZoneLabel()(row.locationTimeZone, row.startTimeLocal);
  return (
    <>
      <Typography variant="body2" sx={text.noCharge ? { color: 'text.secondary', textDecoration: 'line-through' } : undefined}>
        {withZone(text.times, zone)}
      </Typography>
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
        {text.breakText}
      </Typography>
    </>
  );
}

/** The hours billed (or 'No charge …'), with what they depend on while not yet decided. */
export function BilledDuration({ row }: { row: TimesheetBooking }) {
  const { t, locale } = useTimesheetsText();
  const text = billingTexts(t, row, locale);
  return (
    <Typography
      variant="body2"
      data-testid="timesheet-billed"
      data-billing={row.billing.kind}
      sx={{ fontWeight: 600, color: text.noCharge ? 'error.main' : undefined }}
    >
      {text.duration}
    </Typography>
  );
}
