import AccessTimeIcon from '@mui/icons-material/AccessTime';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import type { Theme } from '@mui/material/styles';
import { formatDay } from '../../../lib/locale-format';
import { useZoneLabel, withZone } from '../../../lib/use-zone-label';
import { UserAvatar } from '../../../components/user-avatar';
import { billingTexts, educatorChangeOf, educatorName } from '../timesheet-format';
import { useTimesheetsText } from '../use-timesheets-text';
import { DownloadButton } from './download-button';
import { EducatorChanges } from './educator-changes';
import { placeOf, type PendingListProps } from './pending-timesheets-table';

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
  },
  '& .timesheet-card[data-changed]': (theme: Theme) => ({
    boxShadow: `inset 4px 0 0 ${theme.palette.warning.main}`,
    backgroundColor: 'rgba(255, 167, 38, 0.07)',
  }),
  '& .timesheet-card[data-selected]': { backgroundColor: 'rgba(0, 172, 239, 0.08)' },
  '& .timesheet-card-check': { width: 42, flexShrink: 0, display: 'flex', justifyContent: 'center' },
  '& .timesheet-card-body': { flex: 1, minWidth: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 0.75, pt: 1 },
  '& .timesheet-card-head': { display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 },
  '& .timesheet-card-who': { display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 },
  '& .timesheet-card-names': { minWidth: 0 },
  '& .timesheet-card-name': { typography: 'body1', m: 0, fontWeight: 700, lineHeight: 1.3 },
  '& .timesheet-card-text': { typography: 'body2', m: 0, minWidth: 0 },
  '& .timesheet-card-names .timesheet-card-text': { color: 'text.secondary' },
  '& .timesheet-card-download': { mt: -0.75 },
  '& .timesheet-card-line': { display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary' },
  '& .timesheet-card-help': { typography: 'caption', color: 'text.secondary' },
};

/** Phone: one card per timesheet pending approval, its checkbox first; the educator's changes highlighted. */
export function PendingTimesheetCards({ rows, caption, selected, onToggle, canDecide, showClient }: PendingListProps) {
  const { t, locale } = useTimesheetsText();
  const zoneLabel = useZoneLabel();
  return (
    <Box component="ul" aria-label={caption} sx={listSx}>
      {rows.map((row) => {
        const name = educatorName(row);
        const day = formatDay(row.dateLocal, locale);
        const changed = educatorChangeOf(row).kind !== 'none';
        const billing = billingTexts(t, row, locale);
        const decidable = canDecide(row);
        const isSelected = selected.has(row.bookingId);
        return (
          <li
            key={row.bookingId}
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
                  slotProps={{ input: { 'aria-label': t('list.selectOne', { name, date: day }) } }}
                  sx={{ alignSelf: 'flex-start' }}
                />
              )}
            </div>
            <div className="timesheet-card-body">
              <div className="timesheet-card-head">
                <div className="timesheet-card-who">
                  <UserAvatar name={row.candidateFullName} size="sm" />
                  <div className="timesheet-card-names">
                    <p className="timesheet-card-name">{name}</p>
                    <p className="timesheet-card-text">{day}</p>
                  </div>
                </div>
                <div className="timesheet-card-download">
                  <DownloadButton bookingId={row.bookingId} label={t('actions.downloadFor', { name, date: day })} />
                </div>
              </div>
              <div className="timesheet-card-line">
                <AccessTimeIcon fontSize="small" aria-hidden="true" />
                <p className="timesheet-card-text">
                  {billing.noCharge ? (
                    <strong className="timesheet-card-no-charge" data-testid="timesheet-billed" data-billing="no_charge">
                      {billing.duration}
                    </strong>
                  ) : (
                    <>
                      {withZone(billing.times, zoneLabel(row.locationTimeZone, row.startTimeLocal))}
                      {' · '}
                      {billing.breakText}
                      {' · '}
                      <strong data-testid="timesheet-billed" data-billing="hours">
                        {t('billing.toBill', { hours: billing.duration })}
                      </strong>
                    </>
                  )}
                </p>
              </div>
              <div className="timesheet-card-line">
                <SchoolOutlinedIcon fontSize="small" aria-hidden="true" />
                <p className="timesheet-card-text">{placeOf(row, showClient)}</p>
              </div>
              <EducatorChanges row={row} compact />
              {!decidable && <span className="timesheet-card-help">{t('list.viewOnlyHelp')}</span>}
            </div>
          </li>
        );
      })}
    </Box>
  );
}
