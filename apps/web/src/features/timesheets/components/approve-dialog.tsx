import type { TimesheetBooking } from '@portal/contract/timesheets';
import EditCalendarOutlinedIcon from '@mui/icons-material/EditCalendarOutlined';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { GeneralModal } from '../../../components/general-modal';
import { formatDuration } from '@portal/contract/format/duration';
import { approvalBilling } from '@portal/contract/timesheets/decide';
import { formatCount, formatDay } from '../../../lib/locale-format';
import { billingTexts, educatorName } from '../timesheet-format';
import { useTimesheetsText } from '../use-timesheets-text';

/** The rows of a selection whose approval is not simply the booked hours: changed by the educator, or no charge. */
export function differingRows(rows: readonly TimesheetBooking[]): TimesheetBooking[] {
  return rows.filter((row) => row.billing.kind === 'no_charge' || row.billing.basis === 'educator');
}

/** What approving the rows bills in all: the minutes of those billed by the hour, and how many bill nothing. */
export function approvalTotal(rows: readonly TimesheetBooking[]): { minutes: number; noCharge: number } {
  let minutes = 0;
  let noCharge = 0;
  for (const row of rows) {
    if (row.billing.kind === 'hours') minutes += row.billing.minutes;
    else noCharge += 1;
  }
  return { minutes, noCharge };
}

/** The booking's own hours as Approve would bill them had the educator changed nothing. */
function bookedBilling(row: TimesheetBooking): TimesheetBooking['billing'] {
  const time = (local: string) => local.slice(11, 16);
  return approvalBilling({
    recorded: { startTime: time(row.startTimeLocal), endTime: time(row.endTimeLocal), breakMinutes: row.breakMinutes },
    educator: null,
  });
}

/** 'no break' or 'N min break', inside a sentence. */
function breakPhrase(t: ReturnType<typeof useTimesheetsText>['t'], billing: TimesheetBooking['billing']): string {
  if (billing.kind !== 'hours' || billing.breakMinutes === 0) return t('approve.noBreak');
  return t('time.break', { count: billing.breakMinutes });
}

/**
 * The confirmation before a selection is approved (money is sent for invoicing) when some of it is not as booked, or
 * when it is more than one timesheet: it names each timesheet that differs and what Approve does with it (the
 * educator's hours, or no charge and the booking cancelled), and the hours billed in all. Mount it only while open.
 */
export function ApproveDialog({
  rows,
  pending,
  onClose,
  onConfirm,
}: {
  rows: TimesheetBooking[];
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t, locale } = useTimesheetsText();
  const differing = differingRows(rows);
  const count = rows.length;
  const sum = approvalTotal(rows);
  const hours = formatDuration(sum.minutes, locale);
  return (
    <GeneralModal
      open
      title={t('approve.title', { count })}
      onClose={onClose}
      dividers
      actions={
        <Button variant="contained" onClick={onConfirm} loading={pending} data-testid="approve-confirm">
          {t('approve.confirm', { count, total: formatCount(count, locale) })}
        </Button>
      }
    >
      <Typography sx={{ mb: differing.length > 0 ? 1.5 : 0 }}>
        {differing.length > 0
          ? t('approve.intro', {
              count,
              differ: t('approve.differ', { count: differing.length, total: formatCount(differing.length, locale) }),
            })
          : t('approve.asBooked', { count, total: formatCount(count, locale) })}
      </Typography>
      {differing.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25 }} data-testid="approve-differences">
          {differing.map((row) => {
            const name = educatorName(row);
            const date = formatDay(row.dateLocal, locale);
            const billing = billingTexts(t, row, locale);
            const booked = bookedBilling(row);
            const bookedText = billingTexts(t, { ...row, billing: booked }, locale);
            const noCharge = row.billing.kind === 'no_charge';
            return (
              <Box component="li" key={row.bookingId} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                {noCharge ? (
                  <EventBusyOutlinedIcon fontSize="small" color="error" aria-hidden="true" sx={{ mt: 0.25 }} />
                ) : (
                  <EditCalendarOutlinedIcon fontSize="small" color="warning" aria-hidden="true" sx={{ mt: 0.25 }} />
                )}
                <Typography variant="body2">
                  {noCharge
                    ? t('approve.didNotHappen', { name, date })
                    : t('approve.changedTimes', {
                        name,
                        date,
                        times: billing.times,
                        breakText: breakPhrase(t, row.billing),
                        hours: billing.duration,
                        booked: bookedText.times,
                        bookedBreak: breakPhrase(t, booked),
                        bookedHours: bookedText.duration,
                      })}
                </Typography>
              </Box>
            );
          })}
        </Box>
      )}
      <Typography sx={{ mt: 2, fontWeight: 600 }} data-testid="approve-total">
        {sum.noCharge > 0
          ? t('approve.totalWithNoCharge', { hours, noCharge: formatCount(sum.noCharge, locale) })
          : t('approve.total', { hours })}
      </Typography>
      {differing.length > 0 && (
        <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
          {t('approve.otherwise')}
        </Typography>
      )}
    </GeneralModal>
  );
}
