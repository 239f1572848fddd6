import { BOOKING_MESSAGES } from '../../booking-messages';
import { FORM_MESSAGES } from '../../messages';

/**
 * What a create-booking rule answers when it fails: a stable code with its parameters, the body path it concerns
 * (`dates.2`, `confirmations.0.sms`, `endTime`) and the HTTP status the server answers for it (400: a field the form
 * catches; 422: a business rule; 403/404: access). Texts are rendered at the edge: the API's English by
 * `createBookingText`, the web app's through i18n by the code.
 */
export type CreateBookingFailure =
  | Failure<'locationNotFound', 404>
  | Failure<'notBookable', 403>
  | Failure<'noClassifications', 422>
  | Failure<'unknownClassification', 400>
  | Failure<'unknownGrade', 400>
  | Failure<'unknownCertification', 400>
  | Failure<'certificationsReview', 400>
  | Failure<'noConfirmations', 400>
  | Failure<'duplicateConfirmation', 400>
  | Failure<'unknownBookingContact', 400>
  | Failure<'noConfirmationMethod', 400>
  | Failure<'methodUnavailable', 400, { method: ConfirmationMethod }>
  | Failure<'methodNotDeliverable', 400, { method: ConfirmationMethod }>
  | Failure<'noDates', 400>
  | Failure<'duplicateDate', 400>
  | Failure<'weekend', 400>
  | Failure<'dateInPast', 400>
  | Failure<'tooFarAhead', 422, { days: number }>
  | Failure<'blocked', 422, { message: string }>
  | Failure<'publicHoliday', 422, { name: string }>
  | Failure<'sameDayCutoff', 422, { cutoff: string }>
  | Failure<'startPassed', 422>
  | Failure<'endBeforeStart', 400>
  | Failure<'breakFixed', 400, { minutes: number }>
  | Failure<'breakOutOfRange', 400, { min: number; max: number }>
  | Failure<'breakTooLong', 400>
  | Failure<'minimumDuration', 400, { minutes: number }>
  | Failure<'endBeforeMinimum', 400, { time: string }>
  | Failure<'bookingsPerDay', 422, { min: number; max: number }>
  | Failure<'maxBookingsAllowed', 422, { max: number }>
  | Failure<'coveringNotAtClient', 400>
  | Failure<'requestedCandidateUnknown', 400>
  | Failure<'requestedCandidateExcluded', 400>
  | Failure<'policiesChanged', 422>
  | Failure<'policiesAgreed', 400>;

export type ConfirmationMethod = 'email' | 'sms' | 'voice' | 'push';

interface Failure<C extends string, S extends 400 | 403 | 404 | 422, P extends Record<string, string | number> | undefined = undefined> {
  code: C;
  status: S;
  field?: string;
  params: P;
}

export type CreateBookingCode = CreateBookingFailure['code'];
export type ParamsOf<C extends CreateBookingCode> = Extract<CreateBookingFailure, { code: C }>['params'];

const STATUS: { [C in CreateBookingCode]: Extract<CreateBookingFailure, { code: C }>['status'] } = {
  locationNotFound: 404,
  notBookable: 403,
  noClassifications: 422,
  unknownClassification: 400,
  unknownGrade: 400,
  unknownCertification: 400,
  certificationsReview: 400,
  noConfirmations: 400,
  duplicateConfirmation: 400,
  unknownBookingContact: 400,
  noConfirmationMethod: 400,
  methodUnavailable: 400,
  methodNotDeliverable: 400,
  noDates: 400,
  duplicateDate: 400,
  weekend: 400,
  dateInPast: 400,
  tooFarAhead: 422,
  blocked: 422,
  publicHoliday: 422,
  sameDayCutoff: 422,
  startPassed: 422,
  endBeforeStart: 400,
  breakFixed: 400,
  breakOutOfRange: 400,
  breakTooLong: 400,
  minimumDuration: 400,
  endBeforeMinimum: 400,
  bookingsPerDay: 422,
  maxBookingsAllowed: 422,
  coveringNotAtClient: 400,
  requestedCandidateUnknown: 400,
  requestedCandidateExcluded: 400,
  policiesChanged: 422,
  policiesAgreed: 400,
};

/** Every code the pipeline can answer (the cross-check test walks them all). */
export const CREATE_BOOKING_CODES = Object.keys(STATUS) as CreateBookingCode[];

/** A failure of `code` on `field` (none for a whole-request failure), with the status the code always has. */
export function failure<C extends CreateBookingCode>(
  code: C,
  field: string | undefined,
  ...params: ParamsOf<C> extends undefined ? [] : [ParamsOf<C>]
): CreateBookingFailure {
  return { code, status: STATUS[code], ...(field !== undefined ? { field } : {}), params: params[0] } as CreateBookingFailure;
}

/** How the API names a confirmation method in English. */
export const METHOD_NAMES: Record<ConfirmationMethod, string> = {
  email: 'e-mail',
  sms: 'SMS',
  voice: 'voice call',
  push: 'push notification',
};

/** The API's English text of a failure (the spec's and the contract's texts). */
export function createBookingText(f: CreateBookingFailure): string {
  switch (f.code) {
    case 'locationNotFound':
      return 'There is no such location';
    case 'methodUnavailable':
      return BOOKING_MESSAGES.methodUnavailable(METHOD_NAMES[f.params.method]);
    case 'methodNotDeliverable':
      return BOOKING_MESSAGES.methodNotDeliverable(METHOD_NAMES[f.params.method]);
    case 'tooFarAhead':
      return BOOKING_MESSAGES.tooFarAhead(f.params.days);
    case 'blocked':
      return f.params.message;
    case 'publicHoliday':
      return BOOKING_MESSAGES.publicHoliday(f.params.name);
    case 'sameDayCutoff':
      return BOOKING_MESSAGES.sameDayCutoff(f.params.cutoff);
    case 'breakFixed':
      return BOOKING_MESSAGES.breakFixed(f.params.minutes);
    case 'breakOutOfRange':
    case 'bookingsPerDay':
      return FORM_MESSAGES.between(f.params.min, f.params.max);
    case 'minimumDuration':
      return BOOKING_MESSAGES.minimumDuration(f.params.minutes);
    case 'endBeforeMinimum':
      return FORM_MESSAGES.endBeforeMinimum(f.params.time);
    case 'maxBookingsAllowed':
      return BOOKING_MESSAGES.maxBookingsAllowed(f.params.max);
    case 'dateInPast':
      return FORM_MESSAGES.dateInPast;
    case 'endBeforeStart':
      return FORM_MESSAGES.endBeforeStart;
    case 'certificationsReview':
    case 'noClassifications':
    case 'notBookable':
    case 'unknownClassification':
    case 'unknownGrade':
    case 'unknownCertification':
    case 'noConfirmations':
    case 'duplicateConfirmation':
    case 'unknownBookingContact':
    case 'noConfirmationMethod':
    case 'noDates':
    case 'duplicateDate':
    case 'weekend':
    case 'startPassed':
    case 'breakTooLong':
    case 'coveringNotAtClient':
    case 'requestedCandidateUnknown':
    case 'requestedCandidateExcluded':
    case 'policiesChanged':
    case 'policiesAgreed':
      return BOOKING_MESSAGES[f.code];
  }
}
