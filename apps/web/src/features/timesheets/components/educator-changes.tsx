import type { TimesheetBooking } from '@portal/contract/timesheets';
import EditCalendarOutlinedIcon from '@mui/icons-material/EditCalendarOutlined';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { educatorChangeOf, formatTimes } from '../timesheet-format';
import { useTimesheetsText } from '../use-timesheets-text';
import { ToneChip } from '../../../components/tone-chip';

/**
 * What the educator changed before the school saw the timesheet, highlighted: other times (with the
 * booked ones beside them) or that the booking did not happen, with their reason. Nothing when they changed nothing.
 */
export function EducatorChanges({ row, compact = false }: { row: TimesheetBooking; compact?: boolean }) {
  const { t, locale } = useTimesheetsText();
  const change = educatorChangeOf(row);
  if (change.kind === 'none') {
    if (compact) return null;
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('changes.none')}
      </Typography>
    );
  }
  if (change.kind === 'didNotHappen') {
    return (
      <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }} data-testid="educator-change" data-change="did-not-happen">
        <ToneChip tone="error" label={t('changes.didNotHappen')} icon={<EventBusyOutlinedIcon fontSize="small" />} />
        {change.reason && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('changes.reason', { reason: change.reason })}
          </Typography>
        )}
      </Box>
    );
  }
  // The educator's times are the billed times, shown beside this; here what was booked, for comparison.
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }} data-testid="educator-change" data-change="times">
      <ToneChip tone="warning" label={t('changes.changedTimes')} icon={<EditCalendarOutlinedIcon fontSize="small" />} />
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {t('changes.booked', { times: formatTimes(t, row.startTimeLocal, row.endTimeLocal, locale) })}
        {row.breakMinutes > 0 && `, ${t('time.break', { count: row.breakMinutes })}`}
      </Typography>
    </Box>
  );
}
