import type { TimesheetBooking } from '@portal/contract/timesheets';
import EditCalendarOutlinedIcon from '@mui/icons-material/EditCalendarOutlined';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { GeneralModal } from '../../../components/general-modal';
import { formatCount, formatDay } from '../../../lib/locale-format';
import { billingTexts, educatorName, formatTimes } from '../timesheet-format';
import { useTimesheetsText } from '../use-timesheets-text';

/** The rows of a selection whose approval is not simply the booked hours: changed by the educator, or no charge. */
export function differingRows(rows: readonly TimesheetBooking[]): TimesheetBooking[] {
  return rows.filter((row) => row.billing.kind === 'no_charge' || row.billing.basis === 'educator');
}

/**
 * One confirmation before a selection is approved when some of it is not as booked: it names each such timesheet and
 * what Approve does with it (the educator's hours, or no charge and the booking cancelled). Mount it only while open.
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
      <Typography sx={{ mb: 1.5 }}>
        {t('approve.intro', {
          count,
          differ: t('approve.differ', { count: differing.length, total: formatCount(differing.length, locale) }),
        })}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25 }} data-testid="approve-differences">
        {differing.map((row) => {
          const name = educatorName(row);
          const date = formatDay(row.dateLocal, locale);
          const billing = billingTexts(t, row, locale);
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
                      hours: billing.duration,
                      booked: formatTimes(t, row.startTimeLocal, row.endTimeLocal, locale),
                    })}
              </Typography>
            </Box>
          );
        })}
      </Box>
      <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
        {t('approve.otherwise')}
      </Typography>
    </GeneralModal>
  );
}
