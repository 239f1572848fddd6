import { DateTime } from 'luxon';
import { z } from 'zod';
import { CURRENCIES } from './domain';
import { ClientIds, LocalDate } from './query-params';

/**
 * Reports: what the schools spent (from invoice lines, by the date of the work) and how their bookings were filled,
 * over a date range, grouped one way at a time. Read-only; the same client scoping as the lists (CLIENT_IDS_RULES):
 * spend needs accounts view at every client asked for (as GET /v1/invoices), fill needs booking view (as the bookings
 * list). Both answer JSON, or CSV with `Accept: text/csv`.
 *
 * Rows carry a stable `key` and a display `label`:
 * - month: key 'YYYY-MM'; week: key the ISO week's Monday 'YYYY-MM-DD'; weekday: key '1' (Monday) to '7' (Sunday,
 *   ISO). The label repeats the key: the web app formats these in the reader's locale.
 * - client: key the client id ('12'), label the school's name.
 * - classification: key the classification id, label its title (`onlineTitle`).
 * - reason: key the reason for absence value of spec §3 ('sick leave cover', …), label the same text (the web app may
 *   translate it by its key).
 * - educator: key the educator's (candidate's) id, label their display name as the educators list shows it
 *   (candidateFullName: preferred or first name, then last name).
 * - `REPORT_UNKNOWN_KEY`: spend the report cannot tie to a booking's classification or reason (a line whose booking
 *   is not on record), or to an educator (a line that names none); its label is empty and the web app names it.
 */

// The range rules, as a pipeline of named validators over the query's dates.

/** A report covers at most this many years: `to` must be before `from` plus three years. */
export const MAX_REPORT_YEARS = 3;

/** The last date a range starting at `from` may reach: `from` plus MAX_REPORT_YEARS years, minus a day. */
export function lastReportDate(from: string): string {
  return DateTime.fromISO(from, { zone: 'utc' }).plus({ years: MAX_REPORT_YEARS }).minus({ days: 1 }).toISODate() ?? from;
}

export type ReportRangeFailure =
  | { code: 'fromAfterTo'; field: 'from'; params: { to: string } }
  | { code: 'rangeTooLong'; field: 'to'; params: { years: number; last: string } };

export interface ReportRangeFacts {
  from: string;
  to: string;
}

export interface ReportRangeValidator {
  name: string;
  check: (facts: ReportRangeFacts) => ReportRangeFailure[];
}

/** `from` is on or before `to`. */
export const fromNotAfterTo: ReportRangeValidator = {
  name: 'fromNotAfterTo',
  check: ({ from, to }) => (from > to ? [{ code: 'fromAfterTo', field: 'from', params: { to } }] : []),
};

/** The range covers at most three years (`to` before `from` plus three years). */
export const rangeWithinThreeYears: ReportRangeValidator = {
  name: 'rangeWithinThreeYears',
  check: ({ from, to }) => {
    const last = lastReportDate(from);
    return from <= to && to > last ? [{ code: 'rangeTooLong', field: 'to', params: { years: MAX_REPORT_YEARS, last } }] : [];
  },
};

export const REPORT_RANGE_PIPELINE: readonly ReportRangeValidator[] = [fromNotAfterTo, rangeWithinThreeYears];

export function runReportRangePipeline(facts: ReportRangeFacts): ReportRangeFailure[] {
  return REPORT_RANGE_PIPELINE.flatMap((validator) => validator.check(facts));
}

/** The API's English for a range failure (the web app renders the code through i18n). */
export function reportRangeText(failure: ReportRangeFailure): string {
  switch (failure.code) {
    case 'fromAfterTo':
      return `Must be on or before the last date (${failure.params.to})`;
    case 'rangeTooLong':
      return `A report covers at most ${failure.params.years} years: the last date may be ${failure.params.last}`;
  }
}

/** Runs the range pipeline inside a query schema: each failure becomes an issue on its field. */
function reportRange(query: { from?: unknown; to?: unknown }, ctx: z.RefinementCtx): void {
  if (typeof query.from !== 'string' || typeof query.to !== 'string') return;
  for (const failure of runReportRangePipeline({ from: query.from, to: query.to })) {
    ctx.addIssue({ code: 'custom', path: [failure.field], message: reportRangeText(failure), params: { rule: failure.code } });
  }
}

const From = LocalDate.describe("First date of the range, 'YYYY-MM-DD' (inclusive)");
const To = LocalDate.describe(
  `Last date of the range, 'YYYY-MM-DD' (inclusive), on or after from and before from plus ${MAX_REPORT_YEARS} years`,
);

/** The key of spend that no booking's classification or reason, or no educator, can be found for. */
export const REPORT_UNKNOWN_KEY = 'unknown';

// GET /v1/reports/spend

export const SPEND_GROUP_BYS = ['month', 'client', 'classification', 'reason', 'educator'] as const;
export type SpendGroupBy = (typeof SPEND_GROUP_BYS)[number];

export const SpendReportQuery = z
  .strictObject({
    clientIds: ClientIds,
    from: From,
    to: To,
    groupBy: z
      .enum(SPEND_GROUP_BYS)
      .default('month')
      .describe("'month' (default), 'client', 'classification', 'reason' or 'educator' (the educator each line bills)"),
  })
  .superRefine(reportRange);
export type SpendReportQuery = z.input<typeof SpendReportQuery>;

const spendAmounts = {
  currency: z.enum(CURRENCIES).describe('ISO 4217 code: amounts of different currencies are never added'),
  amount: z.number().describe('Spend before tax, major units (1234.5)'),
  amountMinor: z.number().int().describe('Spend before tax, integer minor units'),
  days: z.number().nonnegative().describe('Days billed (a half day counts 0.5), two decimals'),
  hours: z.number().nonnegative().describe('Hours billed on hourly lines, two decimals'),
};

export const SpendRow = z
  .object({
    key: z
      .string()
      .describe(
        "Stable key of the group: 'YYYY-MM' (month), client id, classification id, reason for absence value, educator " +
          "(candidate) id, or 'unknown'",
      ),
    label: z
      .string()
      .describe(
        "Display name: the school's name, the classification's title, the reason's text, the educator's name as the " +
          "educators list shows it ('Preferred (or first) name Last name'); for month the key itself; empty for 'unknown'",
      ),
    ...spendAmounts,
  })
  .meta({ id: 'SpendRow' });
export type SpendRow = z.infer<typeof SpendRow>;

export const SpendTotal = z.object(spendAmounts).meta({ id: 'SpendTotal' });
export type SpendTotal = z.infer<typeof SpendTotal>;

export const SpendReportResponse = z
  .object({
    from: z.string(),
    to: z.string(),
    groupBy: z.enum(SPEND_GROUP_BYS),
    rows: z
      .array(SpendRow)
      .describe(
        'One row per group and currency, groups in key order (months, weeks) or by label (clients, classifications, ' +
          "reasons, educators; 'unknown' last), then currency. Empty when nothing was billed for the range (not an error)",
      ),
    totals: z
      .array(SpendTotal)
      .describe('One per currency, by currency code: the same whatever groupBy is (the sum of the rows of that currency)'),
  })
  .describe(
    'Invoice lines of the clients, excluding tax, by the local date of the work (each line spread evenly over its ' +
      'service dates, to the cent; a line without dates on its invoice’s period start)',
  )
  .meta({ id: 'SpendReportResponse' });
export type SpendReportResponse = z.infer<typeof SpendReportResponse>;

// GET /v1/reports/fill

export const FILL_GROUP_BYS = ['week', 'month', 'client', 'weekday'] as const;
export type FillGroupBy = (typeof FILL_GROUP_BYS)[number];

export const FillReportQuery = z
  .strictObject({
    clientIds: ClientIds,
    from: From,
    to: To,
    groupBy: z.enum(FILL_GROUP_BYS).default('week').describe("'week' (default; ISO weeks from Monday), 'month', 'client' or 'weekday'"),
  })
  .superRefine(reportRange);
export type FillReportQuery = z.input<typeof FillReportQuery>;

const Count = z.number().int().nonnegative();

const fillCounts = {
  bookings: Count.describe('Bookings sent to the provider to fill, on local dates in the range: filled plus unfilled'),
  filled: Count.describe('With an educator (filled, under way or done)'),
  unfilled: Count.describe('Still open at the provider'),
  cancelled: Count.describe('Cancelled (not in bookings)'),
  fillRatePercentage: z
    .number()
    .int()
    .min(-1)
    .max(100)
    .describe('Spec §9: the rounded percentage of filled over bookings; -1 when there are none'),
  medianHoursToFill: z
    .number()
    .nonnegative()
    .nullable()
    .describe(
      'Median hours from the request to the fill, one decimal, over the filled bookings whose fill time is on record; null when none',
    ),
};

export const FillRow = z
  .object({
    key: z.string().describe("Stable key: the week's Monday 'YYYY-MM-DD', 'YYYY-MM', client id, or ISO weekday '1' (Monday)–'7'"),
    label: z.string().describe("Display name: the school's name for client; otherwise the key itself (the web app formats it)"),
    ...fillCounts,
  })
  .meta({ id: 'FillRow' });
export type FillRow = z.infer<typeof FillRow>;

export const FillTotals = z.object(fillCounts).meta({ id: 'FillTotals' });
export type FillTotals = z.infer<typeof FillTotals>;

export const FillReportResponse = z
  .object({
    from: z.string(),
    to: z.string(),
    groupBy: z.enum(FILL_GROUP_BYS),
    rows: z
      .array(FillRow)
      .describe('Groups with at least one booking (cancelled ones included), in key order (clients by name); empty when none'),
    totals: FillTotals.describe('The whole range and every client asked for'),
  })
  .describe("Bookings of the clients by each booking's local date at its location; pending approval and rejected ones are not counted")
  .meta({ id: 'FillReportResponse' });
export type FillReportResponse = z.infer<typeof FillReportResponse>;

// GET and PUT /v1/profile/weekly-digest: the contact's weekly digest e-mail (Settings)

export const WeeklyDigestSetting = z
  .object({
    weeklyDigest: z
      .boolean()
      .describe(
        "Send the weekly digest e-mail (Monday morning in the school's time zone): last week's spend and fill rate and the " +
          "coming week's unfilled bookings of the contact's schools, in the contact's language",
      ),
  })
  .meta({ id: 'WeeklyDigestSetting' });
export type WeeklyDigestSetting = z.infer<typeof WeeklyDigestSetting>;
