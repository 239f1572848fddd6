import { dateInPastProblem } from '@portal/contract/booking-rules';
import { ABSENCE_REASONS } from '@portal/contract/domain';
import { MAX_REASON_LENGTH } from '@portal/contract/limits';
import { FORM_MESSAGES } from '@portal/contract/messages';
import { LocalDate } from '@portal/contract/query-params';
import { z } from 'zod';

export const NOTE_MAX_LENGTH = MAX_REASON_LENGTH;

/** What the form holds: the fields as the inputs give them (strings; '' for nothing chosen). */
export interface DayAwayFormValues {
  dateLocal: string;
  reason: string;
  locationId: string;
  note: string;
}

/**
 * Spec §5 form rules for a day away, with the spec's messages: a date (not before `today`, the server's today),
 * a reason, an optional location and a note of at most 500 characters.
 */
export function dayAwayFormSchema(today: string) {
  return z.object({
    dateLocal: z.string().superRefine((value, ctx) => {
      if (value === '') ctx.addIssue({ code: 'custom', message: FORM_MESSAGES.required });
      else if (!LocalDate.safeParse(value).success) ctx.addIssue({ code: 'custom', message: FORM_MESSAGES.date });
      else if (dateInPastProblem(value, today)) ctx.addIssue({ code: 'custom', message: dateInPastProblem(value, today)! });
    }),
    reason: z.string().refine((value) => (ABSENCE_REASONS as readonly string[]).includes(value), FORM_MESSAGES.required),
    locationId: z.string(),
    note: z.string().refine((value) => value.trim().length <= NOTE_MAX_LENGTH, FORM_MESSAGES.max(NOTE_MAX_LENGTH)),
  });
}

export function emptyDayAwayForm(locationId = ''): DayAwayFormValues {
  return { dateLocal: '', reason: '', locationId, note: '' };
}
