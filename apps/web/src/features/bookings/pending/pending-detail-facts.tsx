import type { BookingDetail } from '@portal/contract/bookings';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatDateTime, formatDay, formatTimeOfDay } from '../../../lib/locale-format';
import { useZoneLabel, withZone } from '../../../lib/use-zone-label';
import { Facts, NoneText } from '../detail/detail-sections';
import { useBookingsText } from '../list/use-bookings-text';
import { dateSpan } from './pending-format';

const METHODS = ['email', 'sms', 'voice', 'push'] as const;

/** What a request pending approval asks for: who asked and when, the days and times, what for, and every date. */
export function PendingDetailFacts({ data }: { data: BookingDetail }) {
  const { t, locale } = useBookingsText();
  const zoneLabel = useZoneLabel();
  const none = <NoneText />;
  return (
    <>
      <Facts
        items={[
          [t('pending.createdBy'), data.createdBy.name],
          [
            t('pending.createdOn'),
            withZone(
              formatDateTime(data.createdOnUtc, locale, data.location.timeZone),
              zoneLabel(data.location.timeZone, data.createdOnUtc),
            ),
          ],
          [t('pending.dates'), `${dateSpan(data.details, locale)} (${t('pending.daysCount', { count: data.days })})`],
          data.days > 1 && [t('pending.consecutive'), data.details.areDatesConsecutive ? t('feedback.yes') : t('feedback.no')],
          [
            t('pending.times'),
            withZone(
              t('time.range', {
                start: formatTimeOfDay(data.details.startTime, locale),
                end: formatTimeOfDay(data.details.endTime, locale),
              }),
              zoneLabel(data.location.timeZone, `${data.details.earliestDate}T${data.details.startTime}`),
            ),
          ],
          [t('detail.break'), data.details.breakMinutes > 0 ? t('time.break', { count: data.details.breakMinutes }) : t('time.noBreak')],
          [t('detail.classification'), data.classification.onlineTitle],
          [t('detail.grades'), data.grades.length > 0 ? data.grades.map((g) => g.title).join(', ') : none],
          [t('detail.certifications'), data.certifications.length > 0 ? data.certifications.map((c) => c.name).join(', ') : none],
          data.details.bookingsPerDay > 1 && [t('detail.bookingsPerDay'), String(data.details.bookingsPerDay)],
          [t('detail.covering'), data.details.covering?.name ?? none],
          [t('detail.coveringReason'), data.details.covering?.reason ? t(`reasons.${data.details.covering.reason}`) : none],
          [t('detail.room'), data.details.room ?? none],
          [t('detail.notes'), data.details.notes ?? none],
          [
            t('detail.confirmations'),
            data.confirmations.length > 0
              ? data.confirmations
                  .map(
                    (c) =>
                      `${c.name} (${METHODS.filter((m) => c[m])
                        .map((m) => t(`detail.methods.${m}`))
                        .join(', ')})`,
                  )
                  .join('; ')
              : none,
          ],
          !!data.seriesReference && [t('detail.series'), data.seriesReference],
        ]}
      />
      <div>
        <Typography variant="h3" sx={{ fontSize: '0.9375rem', mb: 1 }} id="pending-detail-dates">
          {data.seriesReference ? t('detail.allDates') : t('pending.dates')}
        </Typography>
        <Box
          component="ul"
          aria-labelledby="pending-detail-dates"
          sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', gap: 0.75, flexWrap: 'wrap' }}
        >
          {data.dates.map((date) => (
            <li key={date.id}>
              <Chip label={formatDay(date.date, locale)} size="small" variant="outlined" />
            </li>
          ))}
        </Box>
      </div>
    </>
  );
}
