import type { BookingDetail } from '@portal/contract/bookings';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { formatDateTime } from '../../../lib/locale-format';
import { useZoneLabel, withZone } from '../../../lib/use-zone-label';
import { BookingStatusChip } from '../list/booking-status-chip';
import { useBookingsText } from '../list/use-bookings-text';
import { DetailSection, Facts, NoneText } from './detail-sections';

/** What: the classification, grades and certifications, who is covered and why, room, notes, who asked and when. */
export function BookingWhatSection({ detail }: { detail: BookingDetail }) {
  const { t, locale } = useBookingsText();
  const zoneLabel = useZoneLabel();
  const covering = detail.details.covering;
  const none = <NoneText />;
  return (
    <DetailSection id="detail-what" title={t('detail.what')}>
      <Facts
        items={[
          [t('detail.classification'), detail.classification.onlineTitle],
          [t('detail.grades'), detail.grades.length > 0 ? detail.grades.map((g) => g.title).join(', ') : none],
          [
            t('detail.certifications'),
            detail.certifications.length > 0 ? (
              <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
                {detail.certifications.map((c) => (
                  <Chip key={c.id} label={c.name} size="small" variant="outlined" />
                ))}
              </Box>
            ) : (
              none
            ),
          ],
          detail.details.bookingsPerDay > 1 && [t('detail.bookingsPerDay'), String(detail.details.bookingsPerDay)],
          [t('detail.covering'), covering?.name ?? none],
          [t('detail.coveringReason'), covering?.reason ? t(`reasons.${covering.reason}`) : none],
          [t('detail.room'), detail.details.room ?? none],
          [
            t('detail.notes'),
            detail.details.notes ? (
              <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
                {detail.details.notes}
              </Box>
            ) : (
              none
            ),
          ],
          [t('detail.createdBy'), detail.createdBy.name],
          [
            t('detail.createdOn'),
            withZone(
              formatDateTime(detail.createdOnUtc, locale, detail.location.timeZone),
              zoneLabel(detail.location.timeZone, detail.createdOnUtc),
            ),
          ],
          [t('detail.requestStatus'), <BookingStatusChip key="request" status={detail.status} />],
        ]}
      />
    </DetailSection>
  );
}
