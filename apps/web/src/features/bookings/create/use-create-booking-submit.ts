import type { Classification } from '@portal/contract/booking-reference';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { bookingLocationsKey } from '../../../api/booking-locations';
import type { FieldPath, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { formatDateList } from '../../../lib/locale-format';
import { bookingPath, paths } from '../../../lib/paths';
import { useToast } from '../../../lib/toast';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useCreateBooking } from '../api/create-booking';
import { formFieldOf, toCreateBookingBody, type BookingFormValues } from './booking-form-rules';
import { useBookingMessage, violationMessage } from './booking-messages';
import { useBookingCreateTranslation } from './use-booking-create-translation';

/**
 * Submitting the create form: the body through the contract's `CreateBookingBody`, `POST /v1/bookings` with one
 * Idempotency-Key per booking asked for (kept while its outcome is unknown, so a retry cannot book twice), then
 * the booking's page; the server's field errors put back on their fields (a refused date with its day), anything
 * else as the form's failure.
 */
export function useCreateBookingSubmit({
  classification,
  requestedCandidateId,
  policiesVersion,
  setError,
}: {
  classification: Classification | undefined;
  requestedCandidateId: number | undefined;
  /** The version of the policies shown (the server refuses the request when they have changed since). */
  policiesVersion: string | undefined;
  setError: UseFormSetError<BookingFormValues>;
}) {
  const { t, locale } = useBookingCreateTranslation();
  const { t: tc } = useTranslation('errors');
  const message = useBookingMessage();
  const toast = useToast();
  const navigate = useNavigate();
  const create = useCreateBooking();
  const queryClient = useQueryClient();
  const keys = useIdempotencyKey();
  /** Dates the server refused (`dates.N`), with its message. */
  const [serverDateErrors, setServerDateErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [failure, setFailure] = useState<string | undefined>(undefined);

  const submit = async (formValues: BookingFormValues) => {
    setFailure(undefined);
    setServerDateErrors(new Map());
    const body = {
      ...toCreateBookingBody(formValues, classification),
      ...(requestedCandidateId === undefined ? {} : { requestedCandidateId }),
      ...(policiesVersion === undefined ? {} : { policiesVersion }),
    };
    try {
      const created = await keys.run(body, (idempotencyKey) => create.mutateAsync({ body, idempotencyKey }));
      // The agreement to the policies is on record now: the next form says so.
      void queryClient.invalidateQueries({ queryKey: bookingLocationsKey });
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
      // The server's failures as codes where it gives them (the pipeline's), else its field texts.
      const failures = error.violations
        ? error.violations.flatMap((v) => {
            const text = violationMessage(v);
            return text === undefined || v.field === undefined ? [] : [[v.field, text] as const];
          })
        : Object.entries(error.fieldErrors ?? {}).flatMap(([key, list]) => (list[0] ? [[key, list[0]] as const] : []));
      const placed = new Set<string>();
      for (const [key, text] of failures) {
        const target = formFieldOf(key);
        if (!target) {
          unplaced.push(message(text) ?? text);
          continue;
        }
        if (target.field === 'dates' && target.index !== undefined) {
          const date = body.dates[target.index];
          if (date && !dateMessages.has(date)) dateMessages.set(date, text);
          if (placed.has('dates')) continue;
          const shown = date ? `${formatDateList(date, locale)}: ${message(text) ?? text}` : text;
          setError('dates', { type: 'server', message: shown }, { shouldFocus: !focused });
          placed.add('dates');
        } else {
          if (placed.has(target.field)) continue;
          setError(target.field as FieldPath<BookingFormValues>, { type: 'server', message: text }, { shouldFocus: !focused });
          placed.add(target.field);
        }
        focused = true;
      }
      setServerDateErrors(dateMessages);
      // The policies changed while the form was open: their new text is fetched, to be read and agreed to.
      if (error.fieldErrors?.policiesAgreed) void queryClient.invalidateQueries({ queryKey: bookingLocationsKey });
      if (!focused || unplaced.length > 0) setFailure(unplaced[0] ?? error.serverMessage ?? tc('api.generic'));
    }
  };

  /** The dates changed: the server's refusals of dates no longer chosen are gone. */
  const datesChanged = (dates: readonly string[]) =>
    setServerDateErrors((current) => new Map([...current].filter(([d]) => dates.includes(d))));

  return { submit, failure, serverDateErrors, datesChanged };
}
