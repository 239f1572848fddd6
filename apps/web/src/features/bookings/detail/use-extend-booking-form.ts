import { EARLIEST_START_TIME } from '@portal/contract/booking-messages';
import type { BookingDetail } from '@portal/contract/bookings';
import { normaliseTime } from '@portal/contract/bookings';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { formatDay } from '../../../lib/locale-format';
import { useToast } from '../../../lib/toast';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useExtendBooking } from '../api/extend-booking';
import { useExtendScheduling } from '../api/get-extend-scheduling';
import { educatorName } from '../list/booking-format';
import { useBookingsText } from '../list/use-bookings-text';
import { lastDateOf, nextSchoolDay, planOf, validateExtendTimes, type ExtendTimes } from './extend-logic';

/**
 * The extend dialog's state and submission: the end date (at first the server's first that adds a bookable day, or
 * the next school day when there is none), the times and break (the
 * booking's), the added days the user leaves out, the scheduling answer for that end date and the plan it gives.
 * One Idempotency-Key per extension asked for (lib/use-idempotency-key: kept when no answer arrived, so trying again
 * cannot extend twice). Field errors show once a submission was tried.
 */
export function useExtendBookingForm(detail: BookingDetail, onDone: () => void) {
  const { t, locale } = useBookingsText();
  const toast = useToast();
  const extend = useExtendBooking();
  const booking = detail.booking;
  const lastDate = lastDateOf(detail);
  const keys = useIdempotencyKey();
  // Until the user picks one, the end date is the one the server proposes (its first answer names it).
  const [chosenEnd, setEndDate] = useState<string | undefined>(undefined);
  const [times, setTimes] = useState<ExtendTimes>({
    startTime: normaliseTime(booking.startTimeLocal),
    endTime: normaliseTime(booking.endTimeLocal),
    breakMinutes: String(booking.breakMinutes),
  });
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const scheduling = useExtendScheduling(booking.id, chosenEnd);
  const endDate = chosenEnd ?? scheduling.data?.endDateLocal ?? nextSchoolDay(lastDate);
  const errors = validateExtendTimes(times);
  const [leftOut, setLeftOut] = useState<ReadonlySet<string>>(() => new Set());
  const plan = scheduling.data ? planOf(scheduling.data, leftOut) : undefined;
  const candidate = scheduling.data?.candidate ?? booking.candidate;

  const toggleDay = (date: string) =>
    setLeftOut((current) => {
      const next = new Set(current);
      if (next.has(date)) next.delete(date);
      else next.add(date);
      return next;
    });
  const setTime = (key: keyof ExtendTimes, value: string) => setTimes((current) => ({ ...current, [key]: value }));
  const errorOf = (key: keyof ExtendTimes) => {
    const error = tried ? errors[key] : undefined;
    return error ? t(`validation.${error}`, { time: EARLIEST_START_TIME }) : undefined;
  };

  const submit = () => {
    setTried(true);
    if (Object.keys(errors).length > 0 || !plan || plan.added === 0) return;
    setFailure(null);
    const body = {
      endDateLocal: endDate,
      startTime: times.startTime,
      endTime: times.endTime,
      breakMinutes: Number(times.breakMinutes || '0'),
      dates: plan.dates,
    };
    const idempotencyKey = keys.keyFor({ id: booking.id, body });
    extend.mutate(
      { id: booking.id, body, idempotencyKey },
      {
        onSettled: (_result, error) => keys.settle(idempotencyKey, error ?? undefined),
        onSuccess: (result) => {
          const date = formatDay(endDate, locale);
          toast.success(
            result.movedToUnfilled > 0
              ? t('extend.successUnfilled', { date, count: result.movedToUnfilled })
              : t('extend.success', { date }),
          );
          onDone();
        },
        onError: (error) => {
          const message = (error instanceof ApiError && error.serverMessage) || t('cancel.failed');
          setFailure(message);
          toast.error(message);
        },
      },
    );
  };

  return {
    lastDate,
    endDate,
    setEndDate,
    times,
    setTime,
    errorOf,
    scheduling,
    schedulingProblem: scheduling.error instanceof ApiError ? scheduling.error.serverMessage : undefined,
    plan,
    leftOut,
    toggleDay,
    candidate,
    name: candidate ? educatorName(candidate) : '',
    failure,
    submit,
    submitting: extend.isPending,
  };
}

export type ExtendBookingForm = ReturnType<typeof useExtendBookingForm>;
