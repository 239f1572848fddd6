import type { BookingLocation } from '@portal/contract/booking-reference';
import { cutoffState } from '@portal/contract/booking-rules';
import { formatTimeOfDay } from '../../../lib/locale-format';
import { zoneAbbreviation } from '../../../lib/zone-label';
import { useBookingCreateTranslation } from './use-booking-create-translation';

/** The location's same-day cut-off, in its zone, as the dates field notes it (none before a location is chosen). */
export function useCutoffNote(location: BookingLocation | undefined, now: Date): string | undefined {
  const { t, locale } = useBookingCreateTranslation();
  const cutoff = location ? cutoffState({ now, timeZone: location.timeZone, sameDayCutoff: location.rules.sameDayCutoff }) : undefined;
  return cutoff && location
    ? t('when.cutoff', {
        cutoff: formatTimeOfDay(cutoff.cutoff, locale),
        zone: zoneAbbreviation(location.timeZone, cutoff.today, locale),
      })
    : undefined;
}
