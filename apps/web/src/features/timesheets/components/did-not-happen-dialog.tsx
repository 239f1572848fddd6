import { DID_NOT_HAPPEN_REASONS } from '@portal/contract/domain';
import {
  MAX_TIMESHEET_REASON_LENGTH,
  validateTimesheetReason,
  type TimesheetBooking,
  type TimesheetSubmitBody,
} from '@portal/contract/timesheets';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDay } from '../../../lib/locale-format';
import { GeneralModal } from '../../../components/general-modal';
import { timesheetMessage } from '../timesheet-messages';
import { educatorName } from '../timesheet-format';
import type { DecisionOutcome } from '../use-timesheet-decision';
import { useTimesheetsText } from '../use-timesheets-text';

/** The reason sent: the chosen value of the did-not-happen reasons, then the details typed. */
export function reasonText(reason: string, details: string): string {
  const typed = details.trim();
  if (!reason) return typed;
  return typed ? `${reason}: ${typed}` : reason;
}

/** The reason is chosen from the list; 'other' needs the details. Returns a contract message or undefined. */
export function reasonErrors(reason: string, details: string): { reason?: string; details?: string } {
  if (!reason) return { reason: validateTimesheetReason('') ?? '' };
  if (reason === 'other' && details.trim() === '') return { details: validateTimesheetReason('') ?? '' };
  const problem = validateTimesheetReason(reasonText(reason, details));
  return problem ? { details: problem } : {};
}

const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

/** Did not happen (spec §4, a cancellation): one reason for every selected timesheet. Mount it only while open. */
export function DidNotHappenDialog({
  rows,
  pending,
  onClose,
  onSubmit,
}: {
  rows: TimesheetBooking[];
  pending: boolean;
  onClose: () => void;
  onSubmit: (body: TimesheetSubmitBody) => Promise<DecisionOutcome>;
}) {
  const { t, locale } = useTimesheetsText();
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = reasonErrors(reason, details);

  const submit = async () => {
    setTried(true);
    if (errors.reason || errors.details) return;
    setFailure(null);
    const text = reasonText(reason, details);
    const outcome = await onSubmit({
      decision: 'did_not_happen',
      timesheets: rows.map((row) => ({ bookingId: row.bookingId, reason: text })),
    });
    if (outcome.kind === 'done' || outcome.kind === 'issues') onClose();
    else setFailure(outcome.message);
  };

  return (
    <GeneralModal
      open
      title={t('didNotHappen.title', { count: rows.length })}
      onClose={onClose}
      persistent={pending}
      actions={
        <Button variant="contained" color="error" onClick={() => void submit()} loading={pending}>
          {t('didNotHappen.confirm')}
        </Button>
      }
    >
      <Stack spacing={2}>
        <Typography>{t('didNotHappen.intro', { count: rows.length })}</Typography>
        <Box
          component="ul"
          sx={{ m: 0, pl: 2.5, color: 'text.secondary', maxHeight: 160, overflowY: 'auto' }}
          data-testid="did-not-happen-list"
        >
          {rows.map((row) => (
            <li key={row.bookingId}>
              <Typography variant="body2">
                {educatorName(row)}, {formatDay(row.dateLocal, locale)} · {row.locationName}
              </Typography>
            </li>
          ))}
        </Box>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <TextField
          select
          label={t('didNotHappen.reason')}
          required
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={tried && Boolean(errors.reason)}
          helperText={(tried && timesheetMessage(t, errors.reason)) || ' '}
          slotProps={nativeSelect}
          autoFocus
          fullWidth
        >
          <option value="">{t('didNotHappen.reasonNone')}</option>
          {DID_NOT_HAPPEN_REASONS.map((value) => (
            <option key={value} value={value}>
              {t(`didNotHappen.reasons.${value}`)}
            </option>
          ))}
        </TextField>
        <TextField
          label={t('didNotHappen.details')}
          required={reason === 'other'}
          multiline
          minRows={2}
          value={details}
          onChange={(event) => setDetails(event.target.value.slice(0, MAX_TIMESHEET_REASON_LENGTH))}
          error={tried && Boolean(errors.details)}
          helperText={(tried && timesheetMessage(t, errors.details)) || t('didNotHappen.detailsHelp')}
          fullWidth
        />
      </Stack>
    </GeneralModal>
  );
}
