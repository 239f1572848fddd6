import { useId } from 'react';
import type { FieldErrors } from 'react-hook-form';
import type { BookingFormValues } from './booking-form-rules';
import { useBookingCreateTranslation } from './use-booking-create-translation';

type SectionName = 'where' | 'when' | 'covering' | 'certs' | 'confirm' | 'policies';

/** The form's cards, in reading order, and the fields each holds (for the summary's list of what is missing). */
const SECTION_FIELDS: Array<[section: SectionName, fields: Array<keyof BookingFormValues>]> = [
  ['where', ['locationId', 'classificationId', 'gradeIds']],
  ['when', ['dates', 'startTime', 'endTime', 'breakMinutes', 'isFullDay', 'bookingsPerDay']],
  ['covering', ['coveringName', 'coveringReason', 'room', 'notes']],
  ['certs', ['certificationIds', 'certificationsReviewed']],
  ['confirm', ['confirmations']],
  ['policies', ['policiesAgreed']],
];
const SECTION_TITLES = {
  where: 'where.heading',
  when: 'when.heading',
  covering: 'covering.heading',
  certs: 'certifications.heading',
  confirm: 'confirmations.heading',
  policies: 'policies.heading',
} as const;

/**
 * The cards' heading ids (each card is labelled by its heading; the summary links to them), and what the summary
 * lists as still missing after a refused submit: each card with an error, in the form's order.
 */
export function useFormSections(errors: FieldErrors<BookingFormValues>, isSubmitted: boolean) {
  const { t } = useBookingCreateTranslation();
  const ids = { where: useId(), when: useId(), covering: useId(), certs: useId(), confirm: useId(), policies: useId(), summary: useId() };
  const missing = isSubmitted
    ? SECTION_FIELDS.filter(([, fields]) => fields.some((field) => errors[field])).map(([section]) => ({
        id: ids[section],
        title: t(SECTION_TITLES[section]),
      }))
    : [];
  return { ids, missing };
}
