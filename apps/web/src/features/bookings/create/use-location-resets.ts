import type { BookingLocation, Classification } from '@portal/contract/booking-reference';
import { nextSchoolDayToBook } from '@portal/contract/next-school-day';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { now as clockNow } from '../../../lib/clock';
import { defaultConfirmation, normalisedTime, type BookingFormValues } from './booking-form-rules';
import type { BookingReference } from './use-booking-reference';

/**
 * What a chosen location fills in: its school day's times and nothing of the last location's reference data; then,
 * as its reference data arrives, the default certifications, the booker's confirmation, the one classification and
 * its default break, and (opened for the next school day) that day.
 */
export function useLocationResets({
  form,
  location,
  reference: { certifications, contacts, classifications, holidays, blocks },
  blockedDates,
  classification,
  nextSchoolDay,
}: {
  form: UseFormReturn<BookingFormValues>;
  location: BookingLocation | undefined;
  reference: BookingReference;
  blockedDates: ReadonlyMap<string, string>;
  classification: Classification | undefined;
  nextSchoolDay: boolean | undefined;
}) {
  const { setValue } = form;
  // A new location: its school day's times, nothing of the last location's reference data.
  const locationId = location?.locationId;
  const resetForLocation = useEffectEvent(() => {
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
  });
  // Only on a change of location: `location` is the same object for the same id.
  useEffect(() => resetForLocation(), [locationId]);
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
  const chooseNextSchoolDay = useEffectEvent(() => {
    if (!nextSchoolDay || !location || !closedKnown) return;
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
  });
  // Once per location, when its closed days are known.
  useEffect(() => chooseNextSchoolDay(), [nextSchoolDay, locationId, closedKnown]);
  // One classification: chosen already.
  useEffect(() => {
    if (classifications.data?.length === 1) setValue('classificationId', String(classifications.data[0]!.id));
  }, [classifications.data, setValue]);
  // A classification's default break, prefilled (once per classification chosen).
  const classificationKey = classification?.id;
  const prefillBreak = useEffectEvent(() => {
    if (classification) setValue('breakMinutes', String(classification.extraValidation.defaultBreakInMins ?? 0));
  });
  useEffect(() => prefillBreak(), [classificationKey]);
}
