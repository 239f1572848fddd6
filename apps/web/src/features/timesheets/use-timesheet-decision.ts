import type { TimesheetDecision } from '@portal/contract/domain';
import type { TimesheetBooking, TimesheetSubmitBody } from '@portal/contract/timesheets';
import { useCallback, useState } from 'react';
import { ApiError } from '../../lib/api-error';
import { useToast } from '../../lib/toast';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';
import { useSubmitTimesheets } from './api/submit-timesheets';
import { formatDay } from '../../lib/locale-format';
import { educatorName, issueLines } from './timesheet-format';
import { useTimesheetsText } from './use-timesheets-text';

/** What a submit came to, for the dialog or bar that sent it. */
export type DecisionOutcome =
  | { kind: 'done' }
  | { kind: 'issues' }
  | { kind: 'network'; message: string }
  | { kind: 'failed'; message: string; fieldErrors: Record<string, string[]> };

export interface SubmitIssues {
  decision: TimesheetDecision;
  submitted: number;
  lines: string[];
}

/**
 * Submits one decision for a selection (spec §4: one type at a time). One Idempotency-Key per decision, kept while
 * the outcome is unknown (lib/use-idempotency-key), so trying again cannot decide twice; a new body gets a new key.
 * 200: the success toast. 207: the 'submitted with issues' error toast (spec §8) naming each timesheet and its
 * reason in words, kept on the page too (a toast is gone after 5 s).
 */
export function useTimesheetDecision() {
  const { t, locale } = useTimesheetsText();
  const toast = useToast();
  const submit = useSubmitTimesheets();
  const keys = useIdempotencyKey();
  const [issues, setIssues] = useState<SubmitIssues | null>(null);

  /** Bookings an approval cancelled with no charge (the educator said they did not happen), in words. */
  const noChargeText = useCallback(
    (ids: readonly number[], known: ReadonlyMap<number, TimesheetBooking>) => {
      if (ids.length === 0) return '';
      const row = ids.length === 1 ? known.get(ids[0]!) : undefined;
      return row
        ? t('submit.noCharge', { count: 1, name: educatorName(row), date: formatDay(row.dateLocal, locale) })
        : t('submit.noCharge', { count: ids.length });
    },
    [t, locale],
  );

  const decide = useCallback(
    async (body: TimesheetSubmitBody, rows: readonly TimesheetBooking[]): Promise<DecisionOutcome> => {
      // The rows as the user saw them when deciding (the list refreshes after it), to name each issue.
      const known = new Map(rows.map((row) => [row.bookingId, row]));
      setIssues(null);
      try {
        const result = await keys.run(body, (idempotencyKey) => submit.mutateAsync({ body, idempotencyKey }));
        if (result.issues.length === 0) {
          toast.success(
            [t(`submit.${body.decision}`, { count: result.submitted.length }), noChargeText(result.noCharge, known)]
              .filter(Boolean)
              .join(' '),
          );
          return { kind: 'done' };
        }
        const lines = issueLines(t, result, known, locale);
        const noCharge = noChargeText(result.noCharge, known);
        if (noCharge) lines.push(noCharge);
        toast.error(`${t('submit.withIssues')}: ${lines.join('; ')}`);
        setIssues({ decision: body.decision, submitted: result.submitted.length, lines });
        return { kind: 'issues' };
      } catch (error) {
        if (error instanceof ApiError && error.noResponse) {
          const message = t('submit.networkRetry');
          toast.error(message);
          return { kind: 'network', message };
        }
        const message = (error instanceof ApiError && error.serverMessage) || t('submit.failed');
        toast.error(message);
        return { kind: 'failed', message, fieldErrors: (error instanceof ApiError && error.fieldErrors) || {} };
      }
    },
    [keys, submit, t, toast, locale, noChargeText],
  );

  return { decide, pending: submit.isPending, issues, dismissIssues: () => setIssues(null) };
}
