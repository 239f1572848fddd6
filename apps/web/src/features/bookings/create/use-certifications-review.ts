import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { certificationsDiffer, type BookingFormValues } from './booking-form-rules';
import type { BookingReference } from './use-booking-reference';

/**
 * Whether the booker changed the location's default certifications (then they confirm they reviewed them); back
 * at the defaults, the confirmation and its error are gone.
 */
export function useCertificationsReview(
  { setValue, clearErrors }: UseFormReturn<BookingFormValues>,
  values: BookingFormValues,
  certifications: BookingReference['certifications'],
  defaultCertificationIds: readonly number[],
): boolean {
  const certificationsChanged = certifications.isSuccess && certificationsDiffer(values.certificationIds, defaultCertificationIds);
  useEffect(() => {
    if (!certificationsChanged && values.certificationsReviewed) setValue('certificationsReviewed', false);
  }, [certificationsChanged, values.certificationsReviewed, setValue]);
  useEffect(() => {
    if (!certificationsChanged) clearErrors('certificationsReviewed');
  }, [certificationsChanged, clearErrors]);
  return certificationsChanged;
}
