import { zodResolver } from '@hookform/resolvers/zod';
import type { BookingLocation } from '@portal/contract/booking-reference';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm, useWatch, type FieldPath, type Resolver } from 'react-hook-form';
import { now as clockNow } from '../../../lib/clock';
import { bookingFormSchema, emptyBookingForm, ruleContextOf, type BookingFormValues } from './booking-form-rules';
import { cachedReference } from './reference-cache';

/** The one location, or the preset school's one location; else none (the booker chooses). */
function initialLocationOf(locations: readonly BookingLocation[], clientId: number | undefined): string {
  const candidates = clientId === undefined ? locations : locations.filter((l) => l.clientId === clientId);
  return candidates.length === 1 ? String(candidates[0]!.locationId) : '';
}

/** Sets a field as the booker would: dirty, and checked again once a submit has been refused. */
export type BookingFieldUpdate = <K extends FieldPath<BookingFormValues>>(
  name: K,
  value: BookingFormValues[K & keyof BookingFormValues],
) => void;

/**
 * The create form's state: the contract's rules (`bookingFormSchema`) as its resolver, the chosen location's
 * reference data read when they run, and the values as they are now.
 */
export function useBookingForm(locations: BookingLocation[], clientId: number | undefined) {
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
  const initialLocation = initialLocationOf(locations, clientId);
  // A refused submit focuses the first invalid field in reading order (focusFirstInvalid), not the errors' order.
  const form = useForm<BookingFormValues>({
    resolver,
    defaultValues: { ...emptyBookingForm(), locationId: initialLocation },
    shouldFocusError: false,
  });
  const values = useWatch({ control: form.control }) as BookingFormValues;
  const { isSubmitted } = form.formState;
  const update: BookingFieldUpdate = (name, value) =>
    form.setValue(name, value as never, { shouldValidate: isSubmitted, shouldDirty: true });
  return { form, values, update };
}
