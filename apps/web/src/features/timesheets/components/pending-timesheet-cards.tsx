import AccessTimeIcon from '@mui/icons-material/AccessTime';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { formatDay } from '../../../lib/locale-format';
import { UserAvatar } from '../../../components/user-avatar';
import { educatorChangeOf, educatorName, formatDuration, formatTimes } from '../timesheet-format';
import { useTimesheetsText } from '../use-timesheets-text';
import { DownloadButton } from './download-button';
import { EducatorChanges } from './educator-changes';
import { placeOf, selectAllState, type PendingListProps } from './pending-timesheets-table';

/** Phone: one card per timesheet pending approval, its checkbox first; the educator's changes highlighted. */
export function PendingTimesheetCards({ rows, caption, selected, onToggle, onToggleAll, canDecide, showClient }: PendingListProps) {
  const { t, locale } = useTimesheetsText();
  const all = selectAllState(rows, selected, canDecide);
  return (
    <>
      <Box sx={{ px: 2, py: 0.5, borderTop: 1, borderColor: 'divider' }}>
        <FormControlLabel
          control={
            <Checkbox
              checked={all.checked}
              indeterminate={all.indeterminate}
              disabled={all.disabled}
              onChange={(event) => onToggleAll(event.target.checked)}
            />
          }
          label={t('list.selectAll')}
          slotProps={{ typography: { variant: 'body2' } }}
        />
      </Box>
      <Box component="ul" aria-label={caption} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row) => {
          const name = educatorName(row);
          const day = formatDay(row.dateLocal, locale);
          const changed = educatorChangeOf(row).kind !== 'none';
          const decidable = canDecide(row);
          const isSelected = selected.has(row.bookingId);
          return (
            <Box
              component="li"
              key={row.bookingId}
              data-testid="timesheet-card"
              data-booking-id={row.bookingId}
              data-changed={changed || undefined}
              sx={(theme) => ({
                borderTop: 1,
                borderColor: 'divider',
                display: 'flex',
                gap: 0.5,
                pl: 0.5,
                pr: 1,
                py: 1.5,
                ...(changed
                  ? { boxShadow: `inset 4px 0 0 ${theme.palette.warning.main}`, backgroundColor: 'rgba(255, 167, 38, 0.07)' }
                  : {}),
                ...(isSelected ? { backgroundColor: 'rgba(0, 172, 239, 0.08)' } : {}),
              })}
            >
              <Box sx={{ width: 42, flexShrink: 0, display: 'flex', justifyContent: 'center' }}>
                {decidable && (
                  <Checkbox
                    checked={isSelected}
                    onChange={() => onToggle(row.bookingId)}
                    slotProps={{ input: { 'aria-label': t('list.selectOne', { name, date: day }) } }}
                    sx={{ alignSelf: 'flex-start' }}
                  />
                )}
              </Box>
              <Box sx={{ flex: 1, minWidth: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 0.75, pt: 1 }}>
                <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                    <UserAvatar name={row.candidateFullName} size="sm" />
                    <Box sx={{ minWidth: 0 }}>
                      <Typography component="p" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
                        {name}
                      </Typography>
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {day}
                      </Typography>
                    </Box>
                  </Box>
                  <Box sx={{ mt: -0.75 }}>
                    <DownloadButton bookingId={row.bookingId} label={t('actions.downloadFor', { name, date: day })} />
                  </Box>
                </Box>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary' }}>
                  <AccessTimeIcon fontSize="small" aria-hidden="true" />
                  <Typography variant="body2">
                    {formatTimes(t, row.startTimeLocal, row.endTimeLocal, locale)}
                    {' · '}
                    {row.breakMinutes > 0 ? t('time.break', { count: row.breakMinutes }) : t('time.noBreak')}
                    {' · '}
                    {formatDuration(t, row.workedMinutes, locale)}
                  </Typography>
                </Box>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary' }}>
                  <SchoolOutlinedIcon fontSize="small" aria-hidden="true" />
                  <Typography variant="body2" sx={{ minWidth: 0 }}>
                    {placeOf(row, showClient)}
                  </Typography>
                </Box>
                <EducatorChanges row={row} compact />
                {!decidable && (
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {t('list.viewOnlyHelp')}
                  </Typography>
                )}
              </Box>
            </Box>
          );
        })}
      </Box>
    </>
  );
}
