import type { CreateBookingCode } from '@portal/contract/bookings/create/failures';
import type { RuleViolation } from '@portal/contract/problems';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { translateValidationMessage } from '../../../lib/validation-message';
import { useBookingCreateTranslation, type BookingCreateTextKey, type BookingCreateTranslate } from './use-booking-create-translation';

/**
 * The create-booking rules answer codes with parameters (the contract's pipeline, on the form and in the server's
 * `violations`). The form carries one as its field message in a small encoded form (react-hook-form holds strings),
 * and every text is rendered here, through i18n, from the code: no English sentence is read back.
 */

/** The form's own input check besides the pipeline's codes: a time that is not one. */
export type BookingRuleCode = CreateBookingCode | 'invalidTime';

type MessageKey = Extract<BookingCreateTextKey, `messages.${string}`> extends `messages.${infer K}` ? K : never;

/** Every code has its text (a code without one does not compile). */
const KEYS: Record<BookingRuleCode, MessageKey> = {
  locationNotFound: 'locationNotFound',
  notBookable: 'notBookable',
  noClassifications: 'noClassifications',
  unknownClassification: 'unknownClassification',
  unknownGrade: 'unknownGrade',
  unknownCertification: 'unknownCertification',
  certificationsReview: 'certificationsReview',
  noConfirmations: 'noConfirmations',
  duplicateConfirmation: 'duplicateConfirmation',
  unknownBookingContact: 'unknownBookingContact',
  noConfirmationMethod: 'noConfirmationMethod',
  methodUnavailable: 'methodUnavailable',
  methodNotDeliverable: 'methodNotDeliverable',
  noDates: 'noDates',
  duplicateDate: 'duplicateDate',
  weekend: 'weekend',
  dateInPast: 'dateInPast',
  tooFarAhead: 'tooFarAhead',
  blocked: 'blocked',
  publicHoliday: 'publicHoliday',
  sameDayCutoff: 'sameDayCutoff',
  startPassed: 'startPassed',
  endBeforeStart: 'endBeforeStart',
  breakFixed: 'breakFixed',
  breakOutOfRange: 'breakOutOfRange',
  breakTooLong: 'breakTooLong',
  minimumDuration: 'minimumDuration',
  endBeforeMinimum: 'endBeforeMinimum',
  bookingsPerDay: 'bookingsPerDay',
  maxBookingsAllowed: 'maxBookingsAllowed',
  coveringNotAtClient: 'coveringNotAtClient',
  requestedCandidateUnknown: 'requestedCandidateUnknown',
  requestedCandidateExcluded: 'requestedCandidateExcluded',
  policiesChanged: 'policiesChanged',
  policiesAgreed: 'policiesAgreed',
  invalidTime: 'invalidTime',
};

export interface RuleMessage {
  code: BookingRuleCode;
  params?: Record<string, string | number> | undefined;
}

const PREFIX = 'booking-rule:';

/** A rule failure as a field message. */
export function ruleMessage(code: BookingRuleCode, params?: Record<string, string | number>): string {
  return PREFIX + JSON.stringify(params ? { code, params } : { code });
}

/** The rule failure a field message carries, or undefined for any other message. */
export function parseRuleMessage(message: string | undefined): RuleMessage | undefined {
  if (!message?.startsWith(PREFIX)) return undefined;
  try {
    const parsed = JSON.parse(message.slice(PREFIX.length)) as RuleMessage;
    return parsed.code in KEYS ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** A violation of the server's problem as a field message (codes the form does not know stay out). */
export function violationMessage(violation: RuleViolation): string | undefined {
  return violation.code in KEYS ? ruleMessage(violation.code as BookingRuleCode, violation.params) : undefined;
}

/** The text of a rule failure in the current language. */
export function translateRule(t: BookingCreateTranslate, rule: RuleMessage): string {
  const params = { ...rule.params };
  if ((rule.code === 'methodUnavailable' || rule.code === 'methodNotDeliverable') && typeof params.method === 'string') {
    params.method = t(`messages.methodNames.${params.method as 'email' | 'sms' | 'voice' | 'push'}`);
  }
  return t(`messages.${KEYS[rule.code]}`, params);
}

/** Any message of the form or the server, in the current language: rule codes by their text, else the validation texts. */
export function useBookingMessage(): (message: string | undefined) => string | undefined {
  const { t } = useBookingCreateTranslation();
  const { t: tv } = useTranslation(['validation', 'auth']);
  return useCallback(
    (message: string | undefined) => {
      if (!message) return undefined;
      const rule = parseRuleMessage(message);
      return rule ? translateRule(t, rule) : translateValidationMessage(tv, message);
    },
    [t, tv],
  );
}
