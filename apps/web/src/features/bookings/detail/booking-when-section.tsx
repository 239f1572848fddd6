import type { BookingDetail } from '@portal/contract/bookings';
import { formatDayLong, formatTimeOfDay } from '../../../lib/locale-format';
import { useZoneLabel, withZone } from '../../../lib/use-zone-label';
import { useBookingsText } from '../list/use-bookings-text';
import { DetailSection, Facts } from './detail-sections';

/** When: the day, the times in the booking's zone, the break and whether it is a full day. */
export function BookingWhenSection({ detail }: { detail: BookingDetail }) {
  const { t, locale } = useBookingsText();
  const zoneLabel = useZoneLabel();
  const booking = detail.booking;
  return (
    <DetailSection id="detail-when" title={t('detail.when')}>
      <Facts
        items={[
          [t('detail.date'), formatDayLong(booking.dateLocal, locale)],
          [
            t('detail.times'),
            withZone(
              t('time.range', {
                start: formatTimeOfDay(booking.startTimeLocal, locale),
                end: formatTimeOfDay(booking.endTimeLocal, locale),
              }),
              zoneLabel(booking.timeZone, `${booking.dateLocal}T${booking.startTimeLocal}`),
            ),
          ],
          [t('detail.break'), booking.breakMinutes > 0 ? t('time.break', { count: booking.breakMinutes }) : t('time.noBreak')],
          [t('detail.fullDay'), detail.details.isFullDay ? t('feedback.yes') : t('detail.partDay')],
        ]}
      />
    </DetailSection>
  );
}
