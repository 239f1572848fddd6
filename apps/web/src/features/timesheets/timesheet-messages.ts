import { FORM_MESSAGES } from '@portal/contract/messages';
import { MAX_BREAK_MINUTES, MAX_TIMESHEET_REASON_LENGTH, TIMESHEET_MESSAGES } from '@portal/contract/timesheets';
import type { TimesheetsTranslate } from './use-timesheets-text';

/**
 * The contract's rule texts (validateTimesheetTimes, validateTimesheetReason, and the server's field errors,
 * which are the same texts) through i18next; a text we do not know is shown as the server wrote it.
 */
export function timesheetMessage(t: TimesheetsTranslate, message: string | undefined): string | undefined {
  if (!message) return undefined;
  switch (message) {
    case FORM_MESSAGES.required:
      return t('validation.required');
    case 'Please enter a valid time':
      return t('validation.invalidTime');
    case FORM_MESSAGES.endBeforeStart:
      return t('validation.endBeforeStart');
    case FORM_MESSAGES.between(0, MAX_BREAK_MINUTES):
      return t('validation.between', { min: 0, max: MAX_BREAK_MINUTES });
    case TIMESHEET_MESSAGES.breakInsideShift:
      return t('validation.breakInsideShift');
    case FORM_MESSAGES.max(MAX_TIMESHEET_REASON_LENGTH):
      return t('validation.max', { length: MAX_TIMESHEET_REASON_LENGTH });
    default:
      return message;
  }
}
