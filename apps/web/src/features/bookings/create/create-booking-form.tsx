import { zodResolver } from '@hookform/resolvers/zod';
import type { BookingLocation } from '@portal/contract/booking-reference';
import { cutoffState } from '@portal/contract/booking-rules';
import { nextSchoolDayToBook } from '@portal/contract/next-school-day';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { formatTimeOfDay } from '../../../lib/locale-format';
import { zoneAbbreviation } from '../../../lib/zone-label';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, FormProvider, useForm, useWatch, type FieldPath, type Resolver } from 'react-hook-form';
import { useToast } from '../../../lib/toast';
import { useBookingBlocks } from '../../../api/booking-blocks';
import { usePublicHolidays } from '../../../api/public-holidays';
import { useBookingContacts } from '../api/get-booking-contacts';
import { useCertifications } from '../api/get-certifications';
import { useClassifications } from '../api/get-classifications';
import { useGrades } from '../api/get-grades';
import {
  bookerFirst,
  bookingFormSchema,
  type BookingFormValues,
  certificationsDiffer,
  defaultConfirmation,
  emptyBookingForm,
  normalisedTime,
  ruleContextOf,
} from './booking-form-rules';
import { useBookingMessage } from './booking-messages';
import { BookingSummary } from './booking-summary';
import { cachedReference } from './reference-cache';
import { CertificationsField } from './certifications-field';
import { ConfirmationsField } from './confirmations-field';
import { CoveringSection } from './covering-section';
import { Section } from './form-section';
import { PoliciesSection } from './policies-section';
import { RequestedEducatorField } from './requested-educator-field';
import { useCreateBookingSubmit } from './use-create-booking-submit';
import { useBookingCreateTranslation } from './use-booking-create-translation';
import { WhenSection } from './when-section';
import { WhereSection } from './where-section';
import { now as clockNow } from '../../../lib/clock';

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

/** The one location, or the preset school's one location; else none (the booker chooses). */
function initialLocationOf(locations: readonly BookingLocation[], clientId: number | undefined): string {
  const candidates = clientId === undefined ? locations : locations.filter((l) => l.clientId === clientId);
  return candidates.length === 1 ? String(candidates[0]!.locationId) : '';
}

/** A clock that moves on every minute, for the same-day cut-off. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => clockNow());
  useEffect(() => {
    const timer = setInterval(() => setNow(clockNow()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Toasts a reference-data failure once per failure (spec §8 texts). */
function useFailureToast(error: unknown, text: string) {
  const toast = useToast();
  useEffect(() => {
    if (error) toast.error(text);
  }, [error, text, toast]);
}

/** The form's cards, in reading order, and the fields each holds (for the summary's list of what is missing). */
const SECTION_FIELDS: Array<
  [section: 'where' | 'when' | 'covering' | 'certs' | 'confirm' | 'policies', fields: Array<keyof BookingFormValues>]
> = [
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
 * The create-booking form (spec §5 'Booking create'): every rule checked here with the contract's texts (sections:
 * where, when, covering, requested educator, certifications, confirmations, policies, and the summary with the
 * submit), submitted by `useCreateBookingSubmit` (one Idempotency-Key per booking asked for, the server's field
 * errors put back on their fields).
 */
export function CreateBookingForm({ locations, preset = {} }: { locations: BookingLocation[]; preset?: CreateBookingPreset }) {
  const { t, locale } = useBookingCreateTranslation();
  const message = useBookingMessage();
  const now = useMinuteClock();
  const manyClients = new Set(locations.map((l) => l.clientId)).size > 1;
  /** Optional: one of the school's favourite educators, asked for by name. */
  const [requestedCandidateId, setRequestedCandidateId] = useState<number | undefined>(preset.candidateId);

  const queryClient = useQueryClient();
  // The rules read the reference data from the query cache when they run, so they always see what is shown.
  const resolver = useMemo<Resolver<BookingFormValues>>(
    () => (formValues, context, options) =>
      zodResolver(bookingFormSchema(ruleContextOf(formValues, locations, cachedReference(queryClient, formValues, locations), clockNow())))(
        formValues,
        context,
        options,
      ),
    [locations, queryClient],
  );
  const initialLocation = initialLocationOf(locations, preset.clientId);
  // A refused submit focuses the first invalid field in reading order (focusFirstInvalid), not the errors' order.
  const form = useForm<BookingFormValues>({
    resolver,
    defaultValues: { ...emptyBookingForm(), locationId: initialLocation },
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const {
    control,
    setValue,
    setError,
    clearErrors,
    handleSubmit,
    formState: { errors, isSubmitting, isSubmitted },
  } = form;
  const values = useWatch({ control }) as BookingFormValues;
  const update = <K extends FieldPath<BookingFormValues>>(name: K, value: BookingFormValues[K & keyof BookingFormValues]) =>
    setValue(name, value as never, { shouldValidate: isSubmitted, shouldDirty: true });

  const location = locations.find((l) => String(l.locationId) === values.locationId);
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
  const { classification, defaultCertificationIds, blockedDates, holidayDates } = ruleContext;
  const noClassifications = classifications.isSuccess && classifications.data.length === 0;
  const cutoff = location ? cutoffState({ now, timeZone: location.timeZone, sameDayCutoff: location.rules.sameDayCutoff }) : undefined;
  const pendingOnly = location !== undefined && !location.canCreateBooking && location.canCreatePendingBooking;

  // A new location: its school day's times, nothing of the last location's reference data.
  const locationId = location?.locationId;
  useEffect(() => {
    if (!location) return;
    setValue('startTime', normalisedTime(location.startTime));
    setValue('endTime', normalisedTime(location.endTime));
    setValue('classificationId', '');
    setValue('gradeIds', []);
    setValue('certificationIds', []);
    setValue('certificationsReviewed', false);
    setValue('confirmations', []);
    // Agreed already when the booker agreed to this version of the school's policies before.
    setValue('policiesAgreed', location.rules.policiesAcceptedAt !== null);
    // Only on a change of location: `location` is the same object for the same id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locationId, setValue]);
  // Its certifications: the defaults ticked.
  useEffect(() => {
    if (certifications.data)
      setValue(
        'certificationIds',
        certifications.data.filter((c) => c.isLocationDefault).map((c) => c.id),
      );
  }, [certifications.data, setValue]);
  // Its contacts: the booker confirms with themselves by default, else with the school's office.
  useEffect(() => {
    const me = contacts.data?.find((c) => c.isCurrentUser) ?? contacts.data?.find((c) => c.isOffice);
    setValue('confirmations', me ? [defaultConfirmation(me)] : []);
  }, [contacts.data, setValue]);
  // Opened for the next school day: it is chosen once the location's holidays and blocks are known (and chosen
  // again for another location, unless the booker changed the dates).
  const presetDate = useRef<string | undefined>(undefined);
  const closedKnown = holidays.data?.locationId === locationId && blocks.isSuccess;
  useEffect(() => {
    if (!preset.nextSchoolDay || !location || !closedKnown) return;
    const current = form.getValues('dates');
    if (current.length > 0 && !(current.length === 1 && current[0] === presetDate.current)) return;
    const day = nextSchoolDayToBook({
      now: clockNow(),
      timeZone: location.timeZone,
      sameDayCutoff: location.rules.sameDayCutoff,
      startTime: normalisedTime(form.getValues('startTime')) || location.startTime,
      closedDates: blockedDates,
      maxAdvanceDays: location.rules.maxAdvanceDays,
    });
    presetDate.current = day;
    setValue('dates', day ? [day] : []);
    // Once per location, when its closed days are known.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [preset.nextSchoolDay, locationId, closedKnown]);
  // One classification: chosen already.
  useEffect(() => {
    if (classifications.data?.length === 1) setValue('classificationId', String(classifications.data[0]!.id));
  }, [classifications.data, setValue]);
  // A classification's default break, prefilled.
  const classificationKey = classification?.id;
  useEffect(() => {
    if (classification) setValue('breakMinutes', String(classification.extraValidation.defaultBreakInMins ?? 0));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [classificationKey, setValue]);

  const { submit, failure, serverDateErrors, datesChanged } = useCreateBookingSubmit({
    classification,
    requestedCandidateId,
    policiesVersion: location?.rules.policiesVersion,
    setError,
  });

  const certificationsChanged = certifications.isSuccess && certificationsDiffer(values.certificationIds, defaultCertificationIds);
  useEffect(() => {
    if (!certificationsChanged && values.certificationsReviewed) setValue('certificationsReviewed', false);
  }, [certificationsChanged, values.certificationsReviewed, setValue]);
  useEffect(() => {
    if (!certificationsChanged) clearErrors('certificationsReviewed');
  }, [certificationsChanged, clearErrors]);

  const datesError = errors.dates?.message;
  const shownDatesError = message(datesError);
  const confirmationsError = errors.confirmations?.message ?? errors.confirmations?.root?.message;
  const ids = { where: useId(), when: useId(), covering: useId(), certs: useId(), confirm: useId(), policies: useId(), summary: useId() };
  // What the summary lists as still missing after a refused submit: each card with an error, in the form's order.
  const missing = isSubmitted
    ? SECTION_FIELDS.filter(([, fields]) => fields.some((field) => errors[field])).map(([section]) => ({
        id: ids[section],
        title: t(SECTION_TITLES[section]),
      }))
    : [];

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        ref={formRef}
        noValidate
        onSubmit={(event) => void handleSubmit(submit, () => focusFirstInvalid(formRef.current))(event)}
        aria-label={t('title')}
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 340px' },
          alignItems: 'start',
          '& input, & select, & textarea, & button': { scrollMarginTop: 96 },
        }}
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
            datesError={shownDatesError}
            cutoffNote={
              cutoff
                ? t('when.cutoff', {
                    cutoff: formatTimeOfDay(cutoff.cutoff, locale),
                    zone: zoneAbbreviation(location!.timeZone, cutoff.today, locale),
                  })
                : undefined
            }
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
            <Section
              id={ids.certs}
              title={t('certifications.heading')}
              help={certifications.data?.length ? t('certifications.help') : undefined}
            >
              {certifications.isPending ? (
                <CircularProgress size={24} aria-label={t('loading')} />
              ) : certifications.data && certifications.data.length > 0 ? (
                <Controller
                  control={control}
                  name="certificationsReviewed"
                  render={({ field }) => (
                    <CertificationsField
                      certifications={certifications.data}
                      value={values.certificationIds}
                      onChange={(next) => update('certificationIds', next)}
                      changed={certificationsChanged}
                      reviewed={field.value}
                      onReviewed={(next) => field.onChange(next)}
                      reviewRef={field.ref}
                      reviewError={message(errors.certificationsReviewed?.message)}
                      error={message(errors.certificationIds?.message)}
                    />
                  )}
                />
              ) : (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {certifications.isError ? t('failed.certifications') : t('certifications.none')}
                </Typography>
              )}
            </Section>
          )}

          {location && (
            <Section id={ids.confirm} title={t('confirmations.heading')} help={t('confirmations.help')}>
              {contacts.isPending ? (
                <CircularProgress size={24} aria-label={t('loading')} />
              ) : contacts.data && contacts.data.length > 0 ? (
                <ConfirmationsField
                  contacts={bookerFirst(contacts.data)}
                  value={values.confirmations}
                  onChange={(next) => update('confirmations', next)}
                  error={message(confirmationsError)}
                  rowErrors={(index) => message(errors.confirmations?.[index]?.message)}
                />
              ) : (
                <Alert severity={contacts.isError ? 'error' : 'warning'} variant="outlined">
                  {contacts.isError ? t('failed.contacts') : t('confirmations.none')}
                </Alert>
              )}
            </Section>
          )}

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
