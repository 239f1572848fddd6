import type { BookingLocation } from '@portal/contract/booking-reference';
import { useBookingBlocks } from '../../../api/booking-blocks';
import { usePublicHolidays } from '../../../api/public-holidays';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { useBookingContacts } from '../api/get-booking-contacts';
import { useCertifications } from '../api/get-certifications';
import { useClassifications } from '../api/get-classifications';
import { useGrades } from '../api/get-grades';
import { ruleContextOf, type BookingFormValues } from './booking-form-rules';
import { useBookingCreateTranslation } from './use-booking-create-translation';

/**
 * The chosen location's reference data (classifications, grades, certifications, contacts, blocks, holidays), each
 * failure toasted (spec §8 texts), and the rules' context from them as the form shows them now.
 */
export function useBookingReference(
  values: BookingFormValues,
  locations: readonly BookingLocation[],
  location: BookingLocation | undefined,
  now: Date,
) {
  const { t } = useBookingCreateTranslation();
  const classifications = useClassifications(location?.clientId);
  const grades = useGrades(location?.clientId);
  const certifications = useCertifications(location?.locationId);
  const contacts = useBookingContacts(location?.locationId);
  const blocks = useBookingBlocks(location?.locationId);
  const holidays = usePublicHolidays(location?.locationId);
  useFailureToast(classifications.error, t('failed.classifications'));
  useFailureToast(grades.error, t('failed.grades'));
  useFailureToast(certifications.error, t('failed.certifications'));
  useFailureToast(contacts.error, t('failed.contacts'));
  useFailureToast(blocks.error, t('failed.blocks'));

  const ruleContext = ruleContextOf(
    values,
    locations,
    {
      classifications: classifications.data,
      certifications: certifications.data,
      grades: grades.data,
      contacts: contacts.data,
      blocks: blocks.data,
      holidays: holidays.data,
    },
    now,
  );
  return { classifications, grades, certifications, contacts, blocks, holidays, ruleContext };
}

export type BookingReference = ReturnType<typeof useBookingReference>;
