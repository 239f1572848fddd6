import type { BookingLocation } from '@portal/contract/booking-reference';
import type { QueryClient } from '@tanstack/react-query';
import { bookingBlocksQueryOptions } from '../../../api/booking-blocks';
import { publicHolidaysQueryOptions } from '../../../api/public-holidays';
import { bookingContactsQueryOptions } from '../api/get-booking-contacts';
import { certificationsQueryOptions } from '../api/get-certifications';
import { classificationsQueryOptions } from '../api/get-classifications';
import { gradesQueryOptions } from '../api/get-grades';
import type { BookingFormValues, ReferenceData } from './booking-form-rules';

/** The chosen location's reference data as the query cache holds it now (what the form shows). */
export function cachedReference(
  queryClient: QueryClient,
  values: Pick<BookingFormValues, 'locationId'>,
  locations: readonly BookingLocation[],
): ReferenceData {
  const location = locations.find((l) => String(l.locationId) === values.locationId);
  if (!location) return {};
  return {
    classifications: queryClient.getQueryData(classificationsQueryOptions(location.clientId).queryKey),
    certifications: queryClient.getQueryData(certificationsQueryOptions(location.locationId).queryKey),
    contacts: queryClient.getQueryData(bookingContactsQueryOptions(location.locationId).queryKey),
    blocks: queryClient.getQueryData(bookingBlocksQueryOptions(location.locationId).queryKey),
    holidays: queryClient.getQueryData(publicHolidaysQueryOptions(location.locationId).queryKey),
    grades: queryClient.getQueryData(gradesQueryOptions(location.clientId).queryKey),
  };
}
