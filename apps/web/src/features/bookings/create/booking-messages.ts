import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';
import { FORM_MESSAGES } from '@portal/contract/messages';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { translateValidationMessage } from '../../../lib/validation-message';
import { INVALID_TIME } from './booking-form-rules';
import { useBookingCreateTranslation, type BookingCreateTextKey, type BookingCreateTranslate } from './use-booking-create-translation';

type MessageKey = Extract<BookingCreateTextKey, `messages.${string}`> extends `messages.${infer K}` ? K : never;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SLOT = '\u0000';

/** A regular expression matching a contract message function's output, capturing its one parameter. */
function patternOf(format: (value: never) => string): RegExp {
  return new RegExp(`^${escape((format as (value: string) => string)(SLOT)).replace(SLOT, '(.+)')}$`);
}

const FIXED: Array<[string, MessageKey]> = [
  [BOOKING_MESSAGES.noDates, 'noDates'],
  [BOOKING_MESSAGES.noConfirmations, 'noConfirmations'],
  [BOOKING_MESSAGES.noConfirmationMethod, 'noConfirmationMethod'],
  [BOOKING_MESSAGES.breakTooLong, 'breakTooLong'],
  [BOOKING_MESSAGES.weekend, 'weekend'],
  [BOOKING_MESSAGES.startPassed, 'startPassed'],
  [BOOKING_MESSAGES.duplicateDate, 'duplicateDate'],
  [BOOKING_MESSAGES.noClassifications, 'noClassifications'],
  [BOOKING_MESSAGES.certificationsReview, 'certificationsReview'],
  [BOOKING_MESSAGES.policiesAgreed, 'policiesAgreed'],
  [BOOKING_MESSAGES.policiesChanged, 'policiesChanged'],
  [BOOKING_MESSAGES.notBookable, 'notBookable'],
  [INVALID_TIME, 'invalidTime'],
];

const WITH_VALUE: Array<[RegExp, MessageKey, string]> = [
  [patternOf(BOOKING_MESSAGES.methodUnavailable), 'methodUnavailable', 'method'],
  [patternOf(BOOKING_MESSAGES.maxBookingsAllowed), 'maxBookingsAllowed', 'max'],
  [patternOf(BOOKING_MESSAGES.minimumDuration), 'minimumDuration', 'minutes'],
  [patternOf(BOOKING_MESSAGES.breakFixed), 'breakFixed', 'minutes'],
  [patternOf(BOOKING_MESSAGES.tooFarAhead), 'tooFarAhead', 'days'],
  [patternOf(BOOKING_MESSAGES.sameDayCutoff), 'sameDayCutoff', 'cutoff'],
];

/**
 * The texts of the booking rules (the form's and the server's field errors are the contract's English texts) in
 * the current language; undefined for a text that is not one of them (the caller tries the spec's form texts).
 */
export function translateBookingMessage(t: BookingCreateTranslate, message: string): string | undefined {
  for (const [text, key] of FIXED) if (text === message) return t(`messages.${key}`);
  for (const [pattern, key, name] of WITH_VALUE) {
    const found = pattern.exec(message);
    if (found) return t(`messages.${key}`, { [name]: found[1] ?? '' });
  }
  return undefined;
}

const FORM_PATTERNS: Array<[RegExp, (t: FormTranslate, found: RegExpExecArray) => string]> = [
  [patternOf2(FORM_MESSAGES.between), (t, found) => t('validation:between', { min: Number(found[1]), max: Number(found[2]) })],
  [new RegExp(`^${escape(FORM_MESSAGES.dateInPast)}$`), (t) => t('validation:dateInPast')],
  [new RegExp(`^${escape(FORM_MESSAGES.endBeforeStart)}$`), (t) => t('validation:endBeforeStart')],
  [new RegExp(`^${escape(FORM_MESSAGES.startAfterEnd)}$`), (t) => t('validation:startAfterEnd')],
  [patternOf(FORM_MESSAGES.endBeforeMinimum), (t, found) => t('validation:endBeforeMin', { minEndTime: found[1] ?? '' })],
];

function patternOf2(format: (a: number, b: number) => string): RegExp {
  const text = (format as unknown as (a: string, b: string) => string)(SLOT, `${SLOT}${SLOT}`);
  return new RegExp(`^${escape(text).replace(`${SLOT}${SLOT}`, '(-?\\d+)').replace(SLOT, '(-?\\d+)')}$`);
}

type FormTranslate = TFunction<['validation', 'auth']>;

/** Any message of the form or the server's field errors, in the current language (unknown texts as they are). */
export function useBookingMessage(): (message: string | undefined) => string | undefined {
  const { t } = useBookingCreateTranslation();
  const { t: tv } = useTranslation(['validation', 'auth']);
  return useCallback(
    (message: string | undefined) => {
      if (!message) return undefined;
      const booking = translateBookingMessage(t, message);
      if (booking !== undefined) return booking;
      for (const [pattern, text] of FORM_PATTERNS) {
        const found = pattern.exec(message);
        if (found) return text(tv, found);
      }
      return translateValidationMessage(tv, message);
    },
    [t, tv],
  );
}
