import type { BookingLocation } from '@portal/contract/booking-reference';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { useMinuteClock } from '../../../lib/use-minute-clock';
import { useBookingMessage } from './booking-messages';
import { BookingSummary } from './booking-summary';
import { CertificationsSection } from './certifications-section';
import { ConfirmationsSection } from './confirmations-section';
import { CoveringSection } from './covering-section';
import { PoliciesSection } from './policies-section';
import { RequestedEducatorField } from './requested-educator-field';
import { useBookingCreateTranslation } from './use-booking-create-translation';
import { useBookingForm } from './use-booking-form';
import { useBookingReference } from './use-booking-reference';
import { useCertificationsReview } from './use-certifications-review';
import { useCreateBookingSubmit } from './use-create-booking-submit';
import { useCutoffNote } from './use-cutoff-note';
import { useFormSections } from './use-form-sections';
import { useLocationResets } from './use-location-resets';
import { WhenSection } from './when-section';
import { WhereSection } from './where-section';

export { locationLabel } from './where-section';

/** What a quick entry fills in (the page reads it from the address: `createBookingPath`). */
export interface CreateBookingPreset {
  /** Choose the next school day the location can be booked for. */
  nextSchoolDay?: boolean;
  /** The school: its location is chosen when it has one the booker may book at. */
  clientId?: number;
  /** The educator asked for. */
  candidateId?: number;
}

/** The cards beside the summary (below it on a narrow screen); a field scrolled to stays clear of the app bar. */
const layout = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 340px' },
  alignItems: 'start',
  '& input, & select, & textarea, & button': { scrollMarginTop: 96 },
} as const;

/**
 * The create-booking form (spec §5 'Booking create'): every rule checked here with the contract's texts (sections:
 * where, when, covering, requested educator, certifications, confirmations, policies, and the summary with the
 * submit), submitted by `useCreateBookingSubmit` (one Idempotency-Key per booking asked for, the server's field
 * errors put back on their fields).
 */
export function CreateBookingForm({ locations, preset = {} }: { locations: BookingLocation[]; preset?: CreateBookingPreset }) {
  const { t } = useBookingCreateTranslation();
  const message = useBookingMessage();
  const now = useMinuteClock();
  const manyClients = new Set(locations.map((l) => l.clientId)).size > 1;
  /** Optional: one of the school's favourite educators, asked for by name. */
  const [requestedCandidateId, setRequestedCandidateId] = useState<number | undefined>(preset.candidateId);
  const { form, values, update } = useBookingForm(locations, preset.clientId);
  const formRef = useRef<HTMLFormElement>(null);
  const {
    handleSubmit,
    formState: { errors, isSubmitting, isSubmitted },
  } = form;

  const location = locations.find((l) => String(l.locationId) === values.locationId);
  const reference = useBookingReference(values, locations, location, now);
  const { classifications, grades, certifications, contacts, ruleContext } = reference;
  const { classification, defaultCertificationIds, blockedDates, holidayDates } = ruleContext;
  const noClassifications = classifications.isSuccess && classifications.data.length === 0;
  const pendingOnly = location !== undefined && !location.canCreateBooking && location.canCreatePendingBooking;
  useLocationResets({ form, location, reference, blockedDates, classification, nextSchoolDay: preset.nextSchoolDay });

  const { submit, failure, serverDateErrors, datesChanged } = useCreateBookingSubmit({
    classification,
    requestedCandidateId,
    policiesVersion: location?.rules.policiesVersion,
    setError: form.setError,
  });
  const certificationsChanged = useCertificationsReview(form, values, certifications, defaultCertificationIds);
  const cutoffNote = useCutoffNote(location, now);
  const { ids, missing } = useFormSections(errors, isSubmitted);

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        ref={formRef}
        noValidate
        onSubmit={(event) => void handleSubmit(submit, () => focusFirstInvalid(formRef.current))(event)}
        aria-label={t('title')}
        sx={layout}
      >
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <WhereSection
            id={ids.where}
            locations={locations}
            manyClients={manyClients}
            location={location}
            classifications={classifications.data}
            classificationsLoading={classifications.isFetching}
            grades={grades.data}
            gradeIds={values.gradeIds}
            onGrades={(next) => update('gradeIds', next)}
            pendingOnly={pendingOnly}
            noClassifications={noClassifications}
          />
          <WhenSection
            id={ids.when}
            location={location}
            classification={classification}
            blockedDates={blockedDates}
            holidayDates={holidayDates}
            serverDateErrors={serverDateErrors}
            onDatesChanged={datesChanged}
            datesError={message(errors.dates?.message)}
            cutoffNote={cutoffNote}
            today={ruleContext.today}
          />
          <CoveringSection id={ids.covering} />
          {location && (
            <RequestedEducatorField
              clientId={location.clientId}
              schoolName={location.clientName}
              value={requestedCandidateId}
              onChange={setRequestedCandidateId}
              offered={preset.candidateId}
            />
          )}
          {location && (
            <CertificationsSection
              id={ids.certs}
              certifications={certifications}
              value={values.certificationIds}
              changed={certificationsChanged}
              update={update}
            />
          )}
          {location && <ConfirmationsSection id={ids.confirm} contacts={contacts} value={values.confirmations} update={update} />}
          <PoliciesSection
            id={ids.policies}
            policiesMarkdown={location?.rules.policiesMarkdown}
            acceptedAt={location?.rules.policiesAcceptedAt ?? null}
          />
        </Stack>

        <BookingSummary
          id={ids.summary}
          values={values}
          location={location}
          manyClients={manyClients}
          classification={classification}
          pendingOnly={pendingOnly}
          failure={failure}
          missing={missing}
          submitting={isSubmitting}
          blocked={noClassifications}
        />
      </Box>
    </FormProvider>
  );
}
