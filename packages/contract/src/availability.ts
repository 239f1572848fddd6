import { z } from 'zod';
import { ABSENCE_REASONS } from './domain';
import { MAX_REASON_LENGTH } from './limits';
import { Id, LocalDate } from './query-params';

/** "My availability" (/availability): the signed-in contact's own days away, and the replace-me offer on them. */

export const DayAwayBody = z
  .strictObject({
    dateLocal: LocalDate.describe('The day away, in the location’s own calendar'),
    reason: z.enum(ABSENCE_REASONS).describe('Reason for absence (spec §3)'),
    note: z.string().trim().max(MAX_REASON_LENGTH).optional().describe('A note for the school'),
    locationId: Id.optional().describe('Where the contact would have worked; needed for a replace-me offer'),
  })
  .meta({ id: 'DayAwayBody' });
export type DayAwayBody = z.infer<typeof DayAwayBody>;

export const ReplaceMeOffer = z.object({
  /** A replace-me request can be made for this day now (replace-me location, today or the next school day). */
  offered: z.boolean(),
  selectedDay: z.enum(['today', 'tomorrow']).nullable(),
  /** Tomorrow is labelled next Monday when the next school day is a Monday (spec §9). */
  isNextMonday: z.boolean(),
  locationId: z.number().int().nullable(),
  request: z.object({ id: z.number().int(), status: z.string() }).nullable().describe('A replace-me request already made for this day'),
});

export const DayAway = z
  .object({
    id: z.number().int(),
    dateLocal: z.string(),
    reason: z.enum(ABSENCE_REASONS),
    note: z.string().nullable(),
    locationId: z.number().int().nullable(),
    locationName: z.string().nullable(),
    replaceMe: ReplaceMeOffer,
  })
  .meta({ id: 'DayAway' });
export type DayAway = z.infer<typeof DayAway>;

export const DaysAwayQuery = z.strictObject({
  dateFromLocal: LocalDate.optional().describe('First day to list (default: today)'),
  dateToLocal: LocalDate.optional().describe('Last day to list (default: 90 days on)'),
});

export const DaysAwayResponse = z.object({ today: z.string(), daysAway: z.array(DayAway) }).meta({ id: 'DaysAwayResponse' });
export type DaysAwayResponse = z.infer<typeof DaysAwayResponse>;
