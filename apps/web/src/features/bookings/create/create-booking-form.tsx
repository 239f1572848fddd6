import { zodResolver } from '@hookform/resolvers/zod';
import type { BookingLocation } from '@portal/contract/booking-reference';
import { cutoffState } from '@portal/contract/booking-rules';
import { ABSENCE_REASONS } from '@portal/contract/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MultiSelect } from '../../../components/multi-select';
import { ApiError } from '../../../lib/api-error';
import { formatDateList, formatTimeOfDay } from '../../../lib/locale-format';
import { bookingPath, paths } from '../../../lib/paths';
import { useToast } from '../../../lib/toast';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useBookingBlocks } from '../api/get-booking-blocks';
import { useBookingContacts } from '../api/get-booking-contacts';
import { useCertifications } from '../api/get-certifications';
import { useClassifications } from '../api/get-classifications';
import { useGrades } from '../api/get-grades';
import { useCreateBooking } from '../api/create-booking';
import {
  bookerFirst,
  bookingFormSchema,
  type BookingFormValues,
  certificationsDiffer,
  defaultConfirmation,
  emptyBookingForm,
  formFieldOf,
  normalisedTime,
  NOTES_MAX_LENGTH,
  ruleContextOf,
  toCreateBookingBody,
  totalBookings,
} from './booking-form-rules';
import { useBookingMessage } from './booking-messages';
import { cachedReference } from './reference-cache';
import { CertificationsField } from './certifications-field';
import { ConfirmationsField } from './confirmations-field';
import { DatesField } from './dates-field';
import { RequestedEducatorField } from './requested-educator-field';
import { MarkdownText } from './markdown-text';
import { useBookingCreateTranslation } from './use-booking-create-translation';
import { now as clockNow } from '../../../lib/clock';

const card = { borderRadius: '16px', p: { xs: 2, sm: 3 } } as const;
const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

function Section({ id, title, children, help }: { id: string; title: string; children: ReactNode; help?: string }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={card}>
      <Typography variant="h2" id={id} sx={{ fontSize: '1.125rem', mb: help ? 0.5 : 2 }}>
        {title}
      </Typography>
      {help && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {help}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

/** The location's label: the client, plus the location when they differ (as the group overview names them). */
export function locationLabel(location: BookingLocation, manyClients: boolean): string {
  const named = location.locationName.startsWith(location.clientName);
  return manyClients && !named ? `${location.clientName} - ${location.locationName}` : location.locationName;
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

/**
 * The create-booking form (spec §5 'Booking create'): every rule checked here with the contract's texts, the
 * body built through the contract's `CreateBookingBody`, `POST /v1/bookings` with one Idempotency-Key per
 * attempt (kept when the network failed, so a retry cannot book twice), and the server's field errors put back
 * on their fields.
 */
export function CreateBookingForm({ locations }: { locations: BookingLocation[] }) {
  const { t, locale } = useBookingCreateTranslation();
  const { t: tc } = useTranslation('errors');
  const message = useBookingMessage();
  const toast = useToast();
  const navigate = useNavigate();
  const now = useMinuteClock();
  const create = useCreateBooking();
  const manyClients = new Set(locations.map((l) => l.clientId)).size > 1;

  /** Dates the server refused (`dates.N`), with its message. */
  const [serverDateErrors, setServerDateErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [failure, setFailure] = useState<string | undefined>(undefined);
  /** Optional: one of the school's favourite educators, asked for by name. */
  const [requestedCandidateId, setRequestedCandidateId] = useState<number | undefined>(undefined);
  /** Idempotency-Keys: one per booking asked for, kept while its outcome is unknown (lib/use-idempotency-key). */
  const keys = useIdempotencyKey();

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
  const initialLocation = locations.length === 1 ? String(locations[0]!.locationId) : '';
  const form = useForm<BookingFormValues>({ resolver, defaultValues: { ...emptyBookingForm(), locationId: initialLocation } });
  const {
    register,
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
  useFailureToast(classifications.error, t('failed.classifications'));
  useFailureToast(grades.error, t('failed.grades'));
  useFailureToast(certifications.error, t('failed.certifications'));
  useFailureToast(contacts.error, t('failed.contacts'));
  useFailureToast(blocks.error, t('failed.blocks'));

  const ruleContext = ruleContextOf(
    values,
    locations,
    { classifications: classifications.data, certifications: certifications.data, contacts: contacts.data, blocks: blocks.data },
    now,
  );
  const { classification, defaultCertificationIds, blockedDates } = ruleContext;
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
  // Its contacts: the booker confirms with themselves by default.
  useEffect(() => {
    const me = contacts.data?.find((c) => c.isCurrentUser);
    setValue('confirmations', me ? [defaultConfirmation(me)] : []);
  }, [contacts.data, setValue]);
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

  const submit = async (formValues: BookingFormValues) => {
    setFailure(undefined);
    setServerDateErrors(new Map());
    const body = {
      ...toCreateBookingBody(formValues, classification),
      ...(requestedCandidateId === undefined ? {} : { requestedCandidateId }),
    };
    try {
      const created = await keys.run(body, (idempotencyKey) => create.mutateAsync({ body, idempotencyKey }));
      const pending = created.status === 'pending_approval';
      toast.success(pending ? t('successPending') : t('success'));
      const first = created.bookings[0];
      void navigate(first ? bookingPath(first.id) : paths.bookings);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFailure(tc('api.generic'));
        return;
      }
      if (error.noResponse) {
        setFailure(t('networkRetry'));
        return;
      }
      const unplaced: string[] = [];
      const dateMessages = new Map<string, string>();
      let focused = false;
      for (const [key, list] of Object.entries(error.fieldErrors ?? {})) {
        const text = list[0];
        if (!text) continue;
        const target = formFieldOf(key);
        if (!target) {
          unplaced.push(text);
          continue;
        }
        if (target.field === 'dates' && target.index !== undefined) {
          const date = body.dates[target.index];
          if (date) dateMessages.set(date, text);
          const shown = date ? `${formatDateList(date, locale)}: ${message(text) ?? text}` : text;
          setError('dates', { type: 'server', message: shown }, { shouldFocus: !focused });
        } else {
          setError(target.field as FieldPath<BookingFormValues>, { type: 'server', message: text }, { shouldFocus: !focused });
        }
        focused = true;
      }
      setServerDateErrors(dateMessages);
      if (!focused || unplaced.length > 0) setFailure(unplaced[0] ?? error.serverMessage ?? tc('api.generic'));
    }
  };

  const certificationsChanged = certifications.isSuccess && certificationsDiffer(values.certificationIds, defaultCertificationIds);
  useEffect(() => {
    if (!certificationsChanged && values.certificationsReviewed) setValue('certificationsReviewed', false);
  }, [certificationsChanged, values.certificationsReviewed, setValue]);
  useEffect(() => {
    if (!certificationsChanged) clearErrors('certificationsReviewed');
  }, [certificationsChanged, clearErrors]);

  const total = totalBookings(values.dates.length, values.bookingsPerDay);
  const extra = classification?.extraValidation;
  const timeHints = [t('when.timeHelp')];
  const endHints = [
    ...(extra?.earliestEndTime24hr ? [t('when.earliestEnd', { time: formatTimeOfDay(extra.earliestEndTime24hr, locale) })] : []),
    ...(extra?.minimumDurationInMins ? [t('when.minimumDuration', { minutes: extra.minimumDurationInMins })] : []),
  ];
  const datesError = errors.dates?.message;
  const shownDatesError =
    datesError && blockedDates.has(values.dates.find((d) => blockedDates.get(d) === datesError) ?? '') ? datesError : message(datesError);
  const confirmationsError = errors.confirmations?.message ?? errors.confirmations?.root?.message;
  const ids = { where: useId(), when: useId(), covering: useId(), certs: useId(), confirm: useId(), policies: useId(), summary: useId() };
  const notesLength = values.notes.trim().length;
  const blocked = noClassifications;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event)}
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
        <Section id={ids.where} title={t('where.heading')}>
          <Stack spacing={2.5}>
            <TextField
              {...register('locationId')}
              id="booking-location"
              select
              label={t('where.location')}
              required
              fullWidth
              error={Boolean(errors.locationId)}
              helperText={message(errors.locationId?.message)}
              slotProps={nativeSelect}
            >
              <option value="" disabled>
                {t('where.locationPlaceholder')}
              </option>
              {locations.map((l) => (
                <option key={l.locationId} value={String(l.locationId)}>
                  {locationLabel(l, manyClients)}
                </option>
              ))}
            </TextField>
            {pendingOnly && !errors.locationId && (
              <Alert severity="info" variant="outlined" data-testid="pending-only">
                {t('where.pendingOnly')}
              </Alert>
            )}
            {noClassifications && (
              <Alert severity="warning" variant="outlined" role="alert">
                {t('messages.noClassifications')}
              </Alert>
            )}
            <TextField
              {...register('classificationId')}
              id="booking-classification"
              select
              label={t('where.classification')}
              required
              fullWidth
              disabled={!location || noClassifications}
              error={Boolean(errors.classificationId)}
              helperText={
                message(errors.classificationId?.message) ?? (classifications.isFetching ? t('where.classificationLoading') : undefined)
              }
              slotProps={nativeSelect}
            >
              <option value="" disabled>
                {t('where.classificationPlaceholder')}
              </option>
              {(classifications.data ?? []).map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.onlineTitle}
                </option>
              ))}
            </TextField>
            {grades.data && grades.data.length > 0 && (
              <Box>
                <MultiSelect
                  label={t('where.grades')}
                  size="medium"
                  options={grades.data.map((g) => ({ value: g.id, label: g.title }))}
                  value={values.gradeIds}
                  onChange={(next) => update('gradeIds', next)}
                  sx={{ width: '100%' }}
                />
                <FormHelperText error={Boolean(errors.gradeIds)} sx={{ mx: 1.75 }}>
                  {message(errors.gradeIds?.message) ?? t('where.gradesHelp')}
                </FormHelperText>
              </Box>
            )}
            <Controller
              control={control}
              name="isFullDay"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                      slotProps={{ input: { ref: field.ref } as object }}
                    />
                  }
                  label={
                    <span>
                      {t('where.fullDay')}
                      <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
                        {t('where.fullDayHelp')}
                      </Typography>
                    </span>
                  }
                />
              )}
            />
          </Stack>
        </Section>

        <Section id={ids.when} title={t('when.heading')}>
          <Stack spacing={2.5}>
            <Controller
              control={control}
              name="dates"
              render={({ field }) => (
                <DatesField
                  value={field.value}
                  onChange={(dates) => {
                    field.onChange(dates);
                    setServerDateErrors((current) => new Map([...current].filter(([d]) => dates.includes(d))));
                    if (isSubmitted) void form.trigger('dates');
                  }}
                  buttonRef={field.ref}
                  blockedDates={blockedDates}
                  dateErrors={serverDateErrors}
                  error={shownDatesError}
                  cutoffNote={cutoff ? t('when.cutoff', { cutoff: cutoff.cutoff, zone: location!.timeZone }) : undefined}
                  today={ruleContext.today}
                />
              )}
            />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextField
                {...register('startTime')}
                id="booking-start-time"
                label={t('when.startTime')}
                required
                placeholder="08:30"
                error={Boolean(errors.startTime)}
                helperText={message(errors.startTime?.message) ?? timeHints.join(' · ')}
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' }, inputLabel: { shrink: true } }}
              />
              <TextField
                {...register('endTime')}
                id="booking-end-time"
                label={t('when.endTime')}
                required
                placeholder="15:30"
                error={Boolean(errors.endTime)}
                helperText={message(errors.endTime?.message) ?? (endHints.length ? endHints.join(' · ') : timeHints.join(' · '))}
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' }, inputLabel: { shrink: true } }}
              />
              {extra && !extra.shouldShowBreaks && (extra.defaultBreakInMins ?? 0) > 0 && (
                <Typography variant="body2" sx={{ color: 'text.secondary', alignSelf: 'center' }} data-testid="booking-set-break">
                  {t('when.setBreak', { minutes: extra.defaultBreakInMins ?? 0 })}
                </Typography>
              )}
              {extra?.shouldShowBreaks && (
                <TextField
                  {...register('breakMinutes')}
                  id="booking-break"
                  label={t('when.breakMinutes')}
                  required
                  error={Boolean(errors.breakMinutes)}
                  helperText={message(errors.breakMinutes?.message) ?? t('when.breakHelp')}
                  slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' }, inputLabel: { shrink: true } }}
                />
              )}
              <TextField
                {...register('bookingsPerDay')}
                id="booking-per-day"
                label={t('when.bookingsPerDay')}
                required
                type="number"
                error={Boolean(errors.bookingsPerDay)}
                helperText={
                  message(errors.bookingsPerDay?.message) ??
                  (location
                    ? t('when.perDayHelp', { min: location.rules.minBookingsPerDay, max: location.rules.maxBookingsPerDay })
                    : undefined)
                }
                slotProps={{
                  htmlInput: {
                    min: location?.rules.minBookingsPerDay ?? 1,
                    max: location?.rules.maxBookingsPerDay ?? 100,
                    inputMode: 'numeric',
                  },
                  inputLabel: { shrink: true },
                }}
              />
            </Box>
          </Stack>
        </Section>

        <Section id={ids.covering} title={t('covering.heading')}>
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              {...register('coveringName')}
              id="booking-covering-name"
              label={t('covering.name')}
              autoComplete="off"
              error={Boolean(errors.coveringName)}
              helperText={message(errors.coveringName?.message)}
            />
            <TextField
              {...register('coveringReason')}
              id="booking-covering-reason"
              select
              label={t('covering.reason')}
              error={Boolean(errors.coveringReason)}
              helperText={message(errors.coveringReason?.message)}
              slotProps={nativeSelect}
            >
              <option value="">{t('covering.reasonNone')}</option>
              {ABSENCE_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {t(`reasons.${reason}`)}
                </option>
              ))}
            </TextField>
            <TextField
              {...register('room')}
              id="booking-room"
              label={t('covering.room')}
              autoComplete="off"
              error={Boolean(errors.room)}
              helperText={message(errors.room?.message)}
            />
            <TextField
              {...register('notes')}
              id="booking-notes"
              label={t('covering.notes')}
              multiline
              minRows={3}
              error={Boolean(errors.notes)}
              helperText={message(errors.notes?.message) ?? t('covering.length', { length: notesLength, max: NOTES_MAX_LENGTH })}
              sx={{ gridColumn: { sm: '1 / -1' } }}
            />
          </Box>
        </Section>

        {location && (
          <RequestedEducatorField
            clientId={location.clientId}
            schoolName={location.clientName}
            value={requestedCandidateId}
            onChange={setRequestedCandidateId}
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

        <Section id={ids.policies} title={t('policies.heading')}>
          <Box
            sx={{ maxHeight: 240, overflowY: 'auto', mb: 1.5, color: 'text.secondary', fontSize: '0.9375rem' }}
            tabIndex={0}
            aria-label={t('policies.heading')}
            role="region"
          >
            <MarkdownText>{location?.rules.policiesMarkdown ?? t('policies.none')}</MarkdownText>
          </Box>
          <Controller
            control={control}
            name="policiesAgreed"
            render={({ field }) => (
              <Box>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                      slotProps={{
                        input: {
                          ref: field.ref,
                          'aria-describedby': errors.policiesAgreed ? 'booking-policies-error' : undefined,
                          'aria-invalid': errors.policiesAgreed ? true : undefined,
                          required: true,
                        } as object,
                      }}
                    />
                  }
                  label={t('policies.agree')}
                />
                {errors.policiesAgreed && (
                  <FormHelperText error id="booking-policies-error" sx={{ mx: 0 }}>
                    {message(errors.policiesAgreed.message)}
                  </FormHelperText>
                )}
              </Box>
            )}
          />
        </Section>
      </Stack>

      <Paper
        variant="outlined"
        component="section"
        aria-labelledby={ids.summary}
        sx={{ ...card, position: { md: 'sticky' }, top: { md: 88 }, borderColor: 'primary.main' }}
        data-testid="booking-summary"
      >
        <Typography variant="h2" id={ids.summary} sx={{ fontSize: '1.125rem', mb: 1.5 }}>
          {t('summary.heading')}
        </Typography>
        <Stack spacing={1.25}>
          {location && <Typography sx={{ fontWeight: 600 }}>{locationLabel(location, manyClients)}</Typography>}
          {classification && <Typography variant="body2">{classification.onlineTitle}</Typography>}
          {values.dates.length > 0 ? (
            <>
              <Typography
                sx={{ fontSize: '1.25rem', fontWeight: 700, color: 'primary.dark' }}
                data-testid="booking-total"
                aria-live="polite"
              >
                {t('summary.line', {
                  dates: t('summary.dates', { count: values.dates.length }),
                  perDay: t('summary.perDay', { count: Number(values.bookingsPerDay) || 0 }),
                  total: t('summary.total', { count: total }),
                })}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {formatDateList(values.dates[0]!, locale)}
                {values.dates.length > 1 ? ` – ${formatDateList(values.dates[values.dates.length - 1]!, locale)}` : ''}
                {values.startTime && values.endTime
                  ? ` · ${t('summary.times', { start: formatTimeOfDay(normalisedTime(values.startTime), locale), end: formatTimeOfDay(normalisedTime(values.endTime), locale) })}`
                  : ''}
              </Typography>
            </>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('summary.none')}
            </Typography>
          )}
          {location && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('summary.max', { max: location.rules.maxBookingsAllowed })}
            </Typography>
          )}
          {location && (
            <Alert severity={pendingOnly ? 'info' : 'success'} variant="outlined" icon={false} sx={{ py: 0 }}>
              {pendingOnly ? t('summary.willWait') : t('summary.straightAway')}
            </Alert>
          )}
          {failure && (
            <Alert severity="error" variant="outlined" role="alert">
              {message(failure)}
            </Alert>
          )}
          <Button type="submit" variant="contained" size="large" loading={isSubmitting} disabled={blocked} fullWidth>
            {pendingOnly ? t('summary.submitPending') : t('summary.submit')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
