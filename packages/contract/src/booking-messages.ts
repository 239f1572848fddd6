/**
 * Texts of the booking rules, shown by the form and sent by the server in its problems. The spec's own
 * texts are in messages.ts (FORM_MESSAGES); these cover the rules the spec names without giving a text.
 */
export const BOOKING_MESSAGES = {
  noDates: 'Please select at least one date',
  noConfirmations: 'Please add at least one person to confirm the booking with',
  noConfirmationMethod: 'Please choose at least one way to confirm with this person',
  methodUnavailable: (method: string) => `This person cannot receive confirmations by ${method}`,
  bookingsPerDay: (min: number, max: number) => `Please select a value between ${min} and ${max}`,
  maxBookingsAllowed: (max: number) => `A request can hold at most ${max} bookings (dates × bookings per day)`,
  minimumDuration: (minutes: number) => `A booking must last at least ${minutes} minutes`,
  breakTooLong: 'The break must be shorter than the booking',
  breakFixed: (minutes: number) => `This classification has a set break of ${minutes} minutes`,
  weekend: 'Bookings can only be made on weekdays',
  publicHoliday: (name: string) => `${name} is a public holiday at this school, so no educator can be booked that day`,
  startPassed: 'Today’s start time has already passed. Please choose a later start time or another date.',
  tooFarAhead: (days: number) => `Bookings can be made at most ${days} days ahead`,
  duplicateDate: 'This date is selected twice',
  sameDayCutoff: (cutoff: string) =>
    `It's past ${cutoff} at this school, so bookings for today can't be made online. Please call us and we'll do our best to find someone.`,
  noClassifications: 'This school has no classifications to book yet. Please contact us to set them up.',
  certificationsReview: 'You changed the certifications this location asks for. Please review them and confirm.',
  policiesAgreed: 'Please agree to the booking policies',
  notBookable: 'You cannot create bookings at this location',
  cancelAssigned: 'An educator has already been assigned to this booking, so it cannot be cancelled online. Please call us to cancel it.',
  cancelCommenced: 'This booking has already commenced, so it cannot be cancelled online. Please call us.',
  cancelClosed: 'This booking is no longer open and cannot be cancelled.',
  cancellationRequestNotNeeded: 'This booking can still be cancelled online.',
  cancellationRequestAlreadySent: (by: string, at: string, sentTo: string) =>
    `A cancellation request for this booking was already sent by ${by} on ${at} to ${sentTo}. The office will be in touch.`,
  cancellationRequestNoContact: 'We could not find how to reach the office for this school. Please call us.',
  cancellationRequestReasonRequired: 'Please tell us why the booking should be cancelled',
  notPending: 'This booking is no longer pending approval.',
  approveDatesPassed:
    'The dates of this request have passed (or it is past the same-day cut-off for today), so it can no longer be approved. Please reject it and make a new booking if needed.',
  approveDatePassedCancelReason: 'Date passed before approval',
  rejectReasonRequired: 'Please give a reason for rejecting this booking',
  cancelReasonRequired: 'Please give a reason for cancelling this booking',
  extendMinimumOneDay: 'An extension must add at least one school day',
  extendDateNotOffered: (date: string) => `${date} is not one of the days this extension can add`,
  extendMaxDate: (date: string) => `Bookings can be extended to ${date} at the latest`,
  extendBlockCap: 'At this location a block of bookings cannot be longer than 4 weeks',
  extendStartTooEarly: (time: string) => `Start time cannot be earlier than ${time}`,
  extendNotAllowed: 'This booking cannot be extended',
  extendDisabled: 'Extending bookings is not enabled',
  feedbackNotDue: 'Feedback can only be given on a completed booking with an educator',
  feedbackGiven: 'Feedback has already been given for this booking',
  replaceMeNotAvailable: 'Replace-me is not available for you at this school',
  replaceMeExists: 'You have already asked for a replacement on this day',
  replaceMeChooseLocation: 'Please choose the school you need a replacement at',
  replaceMeNotSchoolDay: 'Today is not a school day. You can ask for a replacement on the next school day.',
  acceptSuccess: 'Booking approved and sent to us to fill. Gold star!',
  rejectSuccess: 'Booking rejected. We let the requester know.',
  processFailed: 'Failed to process your request',
  unknownClassification: 'This classification cannot be booked at this school',
  unknownGrade: 'This grade is not one of this school’s grades',
  unknownCertification: 'There is no such certification',
  unknownBookingContact: 'This person does not receive confirmations for this location',
  duplicateConfirmation: 'This person is already in the list',
  coveringNotAtClient: 'This person is not a contact at this school',
  requestedCandidateUnknown: 'Choose one of this school’s favourite or past educators',
  requestedCandidateExcluded: 'This educator is excluded from this school: choose another one',
} as const;

/** Earliest start of a booking or extension day ('HH:mm', local). */
export const EARLIEST_START_TIME = '05:00';
/** Extension blocks at early-learning locations are capped at four weeks (spec §5). */
export const EXTEND_BLOCK_CAP_DAYS = 28;
