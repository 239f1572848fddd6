import type { BookingDetail } from '@portal/contract/bookings';
import { useBookingsText } from '../list/use-bookings-text';
import { DetailSection, Facts } from './detail-sections';

/** Location: the school and its location. */
export function BookingLocationSection({ detail }: { detail: BookingDetail }) {
  const { t } = useBookingsText();
  return (
    <DetailSection id="detail-location" title={t('detail.location')}>
      <Facts
        items={[
          [t('detail.school'), detail.client.name],
          [t('detail.location'), detail.location.name],
        ]}
      />
    </DetailSection>
  );
}
