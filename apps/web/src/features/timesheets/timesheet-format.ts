import type { TimesheetBooking, TimesheetSubmitResponse } from '@portal/contract/timesheets';
import type { TimesheetIssueReason } from '@portal/contract/timesheets/decide';
import { formatDuration } from '@portal/contract/format/duration';
import { formatDay, formatTimeOfDay } from '../../lib/locale-format';
import type { TimesheetsTranslate } from './use-timesheets-text';

type Named = Pick<TimesheetBooking, 'candidatePreferredName' | 'candidateLastName' | 'candidateFullName'>;

/** The name an educator goes by: the preferred first name when there is one. */
export function educatorName(row: Named): string {
  return row.candidatePreferredName ? `${row.candidatePreferredName} ${row.candidateLastName}` : row.candidateFullName;
}

/** 'YYYY-MM-DDTHH:mm' (or 'HH:mm') → 'HH:mm', the value a time input holds. */
export function timeOfLocal(value: string): string {
  const match = /(?:^|T)(\d{1,2}):(\d{2})/.exec(value);
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : '';
}

/** A start and end as the locale writes times: '8:30 am–3:30 pm' (en-AU), '08:30–15:30' (en-GB). */
export function formatTimes(t: TimesheetsTranslate, start: string, end: string, locale: string): string {
  return t('time.range', { start: formatTimeOfDay(start, locale), end: formatTimeOfDay(end, locale) });
}

/**
 * A timesheet's billing in words: the times and hours billed (or 'No charge …' with the booked times), and the break.
 * `noCharge` when nothing is billed.
 */
export function billingTexts(
  t: TimesheetsTranslate,
  row: Pick<TimesheetBooking, 'billing' | 'startTimeLocal' | 'endTimeLocal' | 'breakMinutes'>,
  locale: string,
): { times: string; breakText: string; duration: string; noCharge: boolean } {
  const billing = row.billing;
  if (billing.kind === 'no_charge') {
    const duration =
      billing.final || billing.basis === 'settled'
        ? t('billing.noCharge')
        : billing.basis === 'educator'
          ? t('billing.noChargeIfApproved')
          : t('billing.noChargeInReview');
    return {
      times: formatTimes(t, row.startTimeLocal, row.endTimeLocal, locale),
      breakText: t('billing.didNotHappen'),
      duration,
      noCharge: true,
    };
  }
  return {
    times: formatTimes(t, billing.startTime, billing.endTime, locale),
    breakText: billing.breakMinutes > 0 ? t('time.break', { count: billing.breakMinutes }) : t('time.noBreak'),
    duration: formatDuration(billing.minutes, locale),
    noCharge: false,
  };
}

/** What the educator changed, in the three cases the list highlights. */
export type EducatorChange =
  { kind: 'none' } | { kind: 'times'; start: string; end: string; breakMinutes: number } | { kind: 'didNotHappen'; reason: string | null };

export function educatorChangeOf(row: Pick<TimesheetBooking, 'candidateBookingModifications'>): EducatorChange {
  const change = row.candidateBookingModifications;
  if (!change) return { kind: 'none' };
  if (change.didNotHappen) return { kind: 'didNotHappen', reason: change.reason };
  if (change.startTimeLocal && change.endTimeLocal)
    return { kind: 'times', start: change.startTimeLocal, end: change.endTimeLocal, breakMinutes: change.breakMinutes ?? 0 };
  return { kind: 'none' };
}

/**
 * The times a modify form starts from: what the educator reported when they changed them (that is what the school
 * is correcting), else the timesheet's own.
 */
export function startingTimes(row: TimesheetBooking): { startTime: string; endTime: string; breakMinutes: string } {
  const change = educatorChangeOf(row);
  if (change.kind === 'times')
    return { startTime: timeOfLocal(change.start), endTime: timeOfLocal(change.end), breakMinutes: String(change.breakMinutes) };
  return { startTime: timeOfLocal(row.startTimeLocal), endTime: timeOfLocal(row.endTimeLocal), breakMinutes: String(row.breakMinutes) };
}

/** Spec §4 reasons of a 207, in words. */
export function issueReasonText(t: TimesheetsTranslate, reason: TimesheetIssueReason): string {
  return t(`issues.${reason}`);
}

/** One line per timesheet a submit did not decide: who, when, and why (spec §4 and §8 'submitted with issues'). */
export function issueLines(
  t: TimesheetsTranslate,
  result: TimesheetSubmitResponse,
  rows: ReadonlyMap<number, TimesheetBooking>,
  locale: string,
): string[] {
  return result.issues.map((issue) => {
    const row = rows.get(issue.bookingId);
    const reason = issueReasonText(t, issue.reason);
    return row
      ? t('submit.issue', { name: educatorName(row), date: formatDay(row.dateLocal, locale), reason })
      : t('submit.issueUnknownBooking', { bookingId: issue.bookingId, reason });
  });
}
