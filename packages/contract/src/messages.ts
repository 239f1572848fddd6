/**
 * The spec's user-facing texts (§5, §8), quoted exactly. The server puts them in problem details and the web
 * app shows them; neither side spells them again.
 */
export const FORM_MESSAGES = {
  required: 'This field is required',
  max: (length: number) => `This field must be ${length} characters or less`,
  email: 'This field must be a valid email',
  number: 'Please enter a valid number',
  between: (min: number, max: number) => `Please select a value between ${min} and ${max}`,
  dateInPast: 'Date cannot be in the past',
  dateBefore: (date: string) => `Date cannot be before ${date}`,
  date: 'Please enter a valid date',
  endBeforeStart: 'End time cannot be earlier than the start time',
  startAfterEnd: 'Start time cannot be later than the end time',
  endBeforeMinimum: (minEndTime: string) => `End time cannot be earlier than ${minEndTime}`,
} as const;

export const PASSWORD_MESSAGES = {
  min: (min: number) => `Password requires minimum of ${min} characters`,
  lowercase: 'Password requires one lowercase character',
  uppercase: 'Password requires one uppercase character',
  number: 'Password requires one number',
  special: 'Password requires one special character',
  match: 'Both passwords need to match',
} as const;

export const GENERIC_API_ERROR = 'There was an issue trying to complete your request';
