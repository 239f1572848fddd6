import { validateTimesheetTimes, type TimesheetBooking, type TimesheetSubmitBody } from '@portal/contract/timesheets';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { formatDay } from '../../../lib/locale-format';
import { GeneralModal } from '../../../components/general-modal';
import { TimeField } from '../../../components/time-field';
import { timesheetMessage } from '../timesheet-messages';
import { educatorChangeOf, educatorName, formatTimes, startingTimes } from '../timesheet-format';
import type { DecisionOutcome } from '../use-timesheet-decision';
import { useTimesheetsText } from '../use-timesheets-text';

interface Times {
  startTime: string;
  endTime: string;
  breakMinutes: string;
}
type Field = 'startTimeLocal' | 'endTimeLocal' | 'breakMinutes';
type Errors = Partial<Record<Field, string>>;

/** The contract's rule (the server checks the same), plus: a modification must change something. */
export function modifyErrors(times: Times, starting: Times): Errors & { unchanged?: true } {
  const breakMinutes = times.breakMinutes.trim() === '' ? 0 : Number(times.breakMinutes);
  const errors: Errors & { unchanged?: true } = validateTimesheetTimes({
    startTimeLocal: times.startTime,
    endTimeLocal: times.endTime,
    breakMinutes,
  });
  if (
    Object.keys(errors).length === 0 &&
    times.startTime === starting.startTime &&
    times.endTime === starting.endTime &&
    breakMinutes === Number(starting.breakMinutes || '0')
  )
    errors.unchanged = true;
  return errors;
}

/** Server field errors (`timesheets.2.endTimeLocal`) back onto the row they belong to. */
function serverErrorsByBooking(fieldErrors: Record<string, string[]>, bookingIds: readonly number[]): Map<number, Errors> {
  const result = new Map<number, Errors>();
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const match = /^timesheets\.(\d+)\.(startTimeLocal|endTimeLocal|breakMinutes)$/.exec(key);
    const bookingId = match ? bookingIds[Number(match[1])] : undefined;
    if (!match || bookingId === undefined || !messages[0]) continue;
    result.set(bookingId, { ...result.get(bookingId), [match[2] as Field]: messages[0] });
  }
  return result;
}

/** The times typed per timesheet, their errors (the contract's and the server's), and sending them. */
function useModifyForm(rows: TimesheetBooking[], onSubmit: (body: TimesheetSubmitBody) => Promise<DecisionOutcome>, onClose: () => void) {
  const [times, setTimes] = useState<Map<number, Times>>(() => new Map(rows.map((row) => [row.bookingId, startingTimes(row)])));
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Map<number, Errors>>(new Map());
  const valueOf = (row: TimesheetBooking) => times.get(row.bookingId) ?? startingTimes(row);
  const errorsOf = (row: TimesheetBooking) => modifyErrors(valueOf(row), startingTimes(row));
  const invalid = rows.some((row) => Object.keys(errorsOf(row)).length > 0);

  const update = (bookingId: number, key: keyof Times, value: string) => {
    setTimes((current) => new Map(current).set(bookingId, { ...current.get(bookingId)!, [key]: value }));
    setServerErrors((current) => {
      if (!current.has(bookingId)) return current;
      const next = new Map(current);
      next.delete(bookingId);
      return next;
    });
  };

  const submit = async () => {
    setTried(true);
    if (invalid) return;
    setFailure(null);
    const outcome = await onSubmit({
      decision: 'modified',
      timesheets: rows.map((row) => {
        const value = valueOf(row);
        return {
          bookingId: row.bookingId,
          startTimeLocal: value.startTime,
          endTimeLocal: value.endTime,
          breakMinutes: value.breakMinutes.trim() === '' ? 0 : Number(value.breakMinutes),
        };
      }),
    });
    if (outcome.kind === 'done' || outcome.kind === 'issues') {
      onClose();
      return;
    }
    setFailure(outcome.message);
    if (outcome.kind === 'failed')
      setServerErrors(
        serverErrorsByBooking(
          outcome.fieldErrors,
          rows.map((row) => row.bookingId),
        ),
      );
  };

  return {
    tried,
    failure,
    valueOf,
    errorsOf,
    serverErrorsOf: (row: TimesheetBooking) => serverErrors.get(row.bookingId) ?? {},
    update,
    submit,
  };
}

type ModifyForm = ReturnType<typeof useModifyForm>;

/** One timesheet's fields: who and when, what was booked (and reported), and the start, end and break worked. */
function ModifyRowFields({ row, form, headingId, first }: { row: TimesheetBooking; form: ModifyForm; headingId: string; first: boolean }) {
  const { t, locale } = useTimesheetsText();
  const { tried, update } = form;
  const value = form.valueOf(row);
  const local = form.errorsOf(row);
  const server = form.serverErrorsOf(row);
  const change = educatorChangeOf(row);
  const messageOf = (error: Field) => (tried ? local[error] : undefined) ?? server[error];
  const timeField = (key: 'startTime' | 'endTime', error: Field, label: string) => {
    const message = messageOf(error);
    return (
      <TimeField
        label={label}
        size="small"
        required
        value={value[key]}
        onChange={(next) => update(row.bookingId, key, next)}
        error={Boolean(message)}
        helperText={timesheetMessage(t, message)}
        autoFocus={first && key === 'startTime'}
        slotProps={{ htmlInput: { 'data-testid': `modify-${key}` } }}
        fullWidth
      />
    );
  };
  const breakMessage = messageOf('breakMinutes');
  return (
    <Box
      component="fieldset"
      aria-labelledby={headingId}
      data-testid="modify-timesheet"
      data-booking-id={row.bookingId}
      sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}
    >
      <Typography id={headingId} component="legend" sx={{ fontWeight: 700, p: 0, mb: 0.25 }}>
        {t('modify.fieldsFor', { name: educatorName(row), date: formatDay(row.dateLocal, locale) })}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {row.locationName}
        {' · '}
        {t('modify.was', { times: formatTimes(t, row.startTimeLocal, row.endTimeLocal, locale) })}
        {change.kind === 'times' && ` · ${t('modify.educatorReported', { times: formatTimes(t, change.start, change.end, locale) })}`}
      </Typography>
      {/* Side by side where there is room: stacked on a phone. */}
      <Box
        sx={{
          display: 'grid',
          columnGap: 2,
          rowGap: { xs: 1.5, sm: 0.5 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {timeField('startTime', 'startTimeLocal', t('modify.start'))}
        {timeField('endTime', 'endTimeLocal', t('modify.end'))}
        <TextField
          label={t('modify.break')}
          type="number"
          size="small"
          value={value.breakMinutes}
          onChange={(event) => update(row.bookingId, 'breakMinutes', event.target.value)}
          error={Boolean(breakMessage)}
          helperText={timesheetMessage(t, breakMessage) ?? t('modify.breakHelp')}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { min: 0, max: 600, step: 5, inputMode: 'numeric', 'data-testid': 'modify-breakMinutes' },
          }}
          fullWidth
        />
      </Box>
      {tried && local.unchanged && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('modify.unchanged')}
        </Alert>
      )}
    </Box>
  );
}

/**
 * Modify (spec §4 'modified'): the times each selected educator actually worked, in the location's own time, with
 * the break; checked with the contract's `validateTimesheetTimes` as the server does. Mount it only while open.
 */
export function ModifyTimesheetsDialog({
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
  const { t } = useTimesheetsText();
  const idPrefix = useId();
  const form = useModifyForm(rows, onSubmit, onClose);
  return (
    <GeneralModal
      open
      title={t('modify.title', { count: rows.length })}
      onClose={onClose}
      persistent={pending}
      dividers={rows.length > 1}
      maxWidth="md"
      actions={
        <Button variant="contained" onClick={() => void form.submit()} loading={pending}>
          {t('modify.confirm', { count: rows.length })}
        </Button>
      }
    >
      <Stack spacing={2.5}>
        <Typography sx={{ color: 'text.secondary' }}>{t('modify.intro')}</Typography>
        {form.failure && (
          <Alert severity="error" role="alert">
            {form.failure}
          </Alert>
        )}
        {rows.map((row, index) => (
          <ModifyRowFields key={row.bookingId} row={row} form={form} headingId={`${idPrefix}-${row.bookingId}`} first={index === 0} />
        ))}
      </Stack>
    </GeneralModal>
  );
}
