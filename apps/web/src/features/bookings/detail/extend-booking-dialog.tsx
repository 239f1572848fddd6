import type { BookingDetail } from '@portal/contract/bookings';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { MAX_BREAK_MINUTES, normaliseTime } from '@portal/contract/bookings';
import { isWeekend } from '@portal/contract/school-days';
import { usePublicHolidays } from '../../../api/public-holidays';
import { useSchoolTerms } from '../../../api/school-terms';
import { DatePickerDialog } from '../../../components/date-picker-dialog';
import { GeneralModal } from '../../../components/general-modal';
import { TimeField } from '../../../components/time-field';
import { TONES } from '../../../components/tone-chip';
import { ApiError } from '../../../lib/api-error';
import { useToast } from '../../../lib/toast';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useExtendBooking } from '../api/extend-booking';
import { useExtendScheduling } from '../api/get-extend-scheduling';
import { educatorName } from '../list/booking-format';
import { formatDay } from '../../../lib/locale-format';
import { useBookingsText } from '../list/use-bookings-text';
import { lastDateOf, nextSchoolDay, planOf, validateExtendTimes, type ExtendTimes } from './extend-logic';

/**
 * Extend (spec §4 and §5): a new end date from the date picker, times and break; the scheduling call shows which
 * added days the educator can still work and which go to Unfilled. One Idempotency-Key per extension asked for
 * (lib/use-idempotency-key: kept when no answer arrived, so trying again cannot extend twice). Mount it only while
 * open.
 */
export function ExtendBookingDialog({ detail, onClose }: { detail: BookingDetail; onClose: () => void }) {
  const { t, locale } = useBookingsText();
  const toast = useToast();
  const extend = useExtendBooking();
  const booking = detail.booking;
  const lastDate = lastDateOf(detail);
  const keys = useIdempotencyKey();
  const [endDate, setEndDate] = useState(() => nextSchoolDay(lastDate));
  const [pickerOpen, setPickerOpen] = useState(false);
  const [times, setTimes] = useState<ExtendTimes>({
    startTime: normaliseTime(booking.startTimeLocal),
    endTime: normaliseTime(booking.endTimeLocal),
    breakMinutes: String(booking.breakMinutes),
  });
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const scheduling = useExtendScheduling(booking.id, endDate);
  const errors = validateExtendTimes(times);
  const [leftOut, setLeftOut] = useState<ReadonlySet<string>>(() => new Set());
  const plan = scheduling.data ? planOf(scheduling.data, leftOut) : undefined;
  const idPrefix = useId();
  // The picker names the location's public holidays (an extension cannot end on one) and shows its school terms.
  const holidays = usePublicHolidays(booking.location.id);
  const terms = useSchoolTerms(booking.location.id);
  const holidayNames = useMemo(
    () => (holidays.data ? new Map(holidays.data.holidays.map((h) => [h.dateLocal, h.name])) : undefined),
    [holidays.data],
  );
  const closedOnHolidays = holidays.data !== undefined && !holidays.data.openOnPublicHolidays;
  const toggle = (date: string) =>
    setLeftOut((current) => {
      const next = new Set(current);
      if (next.has(date)) next.delete(date);
      else next.add(date);
      return next;
    });
  const candidate = scheduling.data?.candidate ?? booking.candidate;
  const name = candidate ? educatorName(candidate) : '';
  const schedulingProblem = scheduling.error instanceof ApiError ? scheduling.error.serverMessage : undefined;

  const submit = () => {
    setTried(true);
    if (Object.keys(errors).length > 0 || !plan || plan.added === 0) return;
    setFailure(null);
    const body = {
      endDateLocal: endDate,
      startTime: times.startTime,
      endTime: times.endTime,
      breakMinutes: Number(times.breakMinutes || '0'),
      dates: plan.dates,
    };
    const idempotencyKey = keys.keyFor({ id: booking.id, body });
    extend.mutate(
      { id: booking.id, body, idempotencyKey },
      {
        onSettled: (_result, error) => keys.settle(idempotencyKey, error ?? undefined),
        onSuccess: (result) => {
          const date = formatDay(endDate, locale);
          toast.success(
            result.movedToUnfilled > 0
              ? t('extend.successUnfilled', { date, count: result.movedToUnfilled })
              : t('extend.success', { date }),
          );
          onClose();
        },
        onError: (error) => {
          const message = (error instanceof ApiError && error.serverMessage) || t('cancel.failed');
          setFailure(message);
          toast.error(message);
        },
      },
    );
  };

  const setTime = (key: keyof ExtendTimes, value: string) => setTimes((current) => ({ ...current, [key]: value }));
  const errorOf = (key: keyof ExtendTimes) => {
    const error = tried ? errors[key] : undefined;
    return error ? t(`validation.${error}`) : undefined;
  };
  const timeField = (key: 'startTime' | 'endTime', label: string) => (
    <TimeField
      label={label}
      size="small"
      required
      value={times[key]}
      onChange={(value) => setTime(key, value)}
      error={!!errorOf(key)}
      helperText={errorOf(key)}
      slotProps={{ htmlInput: { 'data-testid': `extend-${key}` } }}
      fullWidth
    />
  );

  return (
    <>
      <GeneralModal
        open={!pickerOpen}
        title={t('extend.title')}
        onClose={onClose}
        persistent={extend.isPending}
        maxWidth="sm"
        actions={
          <Button variant="contained" onClick={submit} loading={extend.isPending} disabled={!plan || plan.added === 0}>
            {t('extend.confirm')}
          </Button>
        }
      >
        <Stack spacing={2.5}>
          <Typography sx={{ color: 'text.secondary' }}>{t('extend.intro', { date: formatDay(lastDate, locale) })}</Typography>
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          <Box>
            <Typography component="p" variant="body2" sx={{ fontWeight: 600, mb: 0.5 }} id="extend-end-date-label">
              {t('extend.endDate')}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
              <Typography sx={{ fontSize: '1.125rem', fontWeight: 700 }} data-testid="extend-end-date" data-date={endDate}>
                {formatDay(endDate, locale)}
              </Typography>
              <Button variant="outlined" size="small" startIcon={<EventOutlinedIcon />} onClick={() => setPickerOpen(true)}>
                {t('extend.changeEndDate')}
              </Button>
            </Box>
            {scheduling.data && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                {t('extend.maxDate', { date: formatDay(scheduling.data.maxEndDateLocal, locale) })}
              </Typography>
            )}
          </Box>
          {/* Side by side where there is room: stacked on a phone. */}
          <Box
            sx={{
              display: 'grid',
              columnGap: 2,
              rowGap: { xs: 1.5, sm: 0.5 },
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            {timeField('startTime', t('extend.startTime'))}
            {timeField('endTime', t('extend.endTime'))}
            <TextField
              label={t('extend.breakMinutes')}
              type="number"
              size="small"
              value={times.breakMinutes}
              onChange={(event) => setTime('breakMinutes', event.target.value)}
              error={!!errorOf('breakMinutes')}
              helperText={errorOf('breakMinutes') ?? ' '}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: 0, max: MAX_BREAK_MINUTES, step: 5 } }}
              fullWidth
            />
          </Box>
          <Box component="section" aria-labelledby="extend-days-heading">
            <Typography variant="h3" id="extend-days-heading" sx={{ fontSize: '1rem', mb: 0.25 }}>
              {t('extend.daysHeading')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
              {t('extend.daysHelp')}
            </Typography>
            {scheduling.isFetching && !scheduling.data && (
              <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <CircularProgress size={20} aria-hidden="true" />
                <Typography variant="body2">{t('extend.checking')}</Typography>
              </Box>
            )}
            {scheduling.isError && <Alert severity="warning">{schedulingProblem ?? t('extend.schedulingFailed')}</Alert>}
            {scheduling.data && plan && (
              <>
                <Box
                  component="ul"
                  data-testid="extend-days"
                  sx={{
                    listStyle: 'none',
                    m: 0,
                    p: 0,
                    maxHeight: 220,
                    overflowY: 'auto',
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: '10px',
                  }}
                >
                  {scheduling.data.dates.map((day) => {
                    const kept = !day.blocked && !leftOut.has(day.dateLocal);
                    const state = day.blocked
                      ? 'blocked'
                      : !kept
                        ? 'left-out'
                        : !candidate || day.candidateAvailable
                          ? 'available'
                          : 'unfilled';
                    const inputId = `${idPrefix}-${day.dateLocal}`;
                    return (
                      <Box
                        component="li"
                        key={day.dateLocal}
                        data-state={state}
                        data-date={day.dateLocal}
                        sx={{
                          display: 'flex',
                          alignItems: 'center',
                          flexWrap: 'wrap',
                          columnGap: 2,
                          pl: 0.5,
                          pr: 1.5,
                          py: 0.25,
                          '& + &': { borderTop: 1, borderColor: 'divider' },
                        }}
                      >
                        <Box
                          component="label"
                          htmlFor={inputId}
                          sx={{ display: 'flex', alignItems: 'center', flex: '1 0 auto', cursor: 'pointer' }}
                        >
                          <Checkbox
                            id={inputId}
                            size="small"
                            checked={kept}
                            disabled={day.blocked}
                            onChange={() => toggle(day.dateLocal)}
                            slotProps={{ input: { 'aria-label': t('extend.keepDay', { date: formatDay(day.dateLocal, locale) }) } }}
                          />
                          <Typography
                            variant="body2"
                            sx={{
                              fontWeight: 500,
                              color: kept ? 'text.primary' : 'text.secondary',
                              textDecoration: kept || day.blocked ? 'none' : 'line-through',
                            }}
                          >
                            {formatDay(day.dateLocal, locale)}
                          </Typography>
                        </Box>
                        <Typography
                          variant="body2"
                          sx={(theme) => ({
                            // The theme's warning.dark (#e65100) is 3.8:1 on white: the tone colours meet 4.5:1.
                            color:
                              state === 'available'
                                ? theme.palette.success.dark
                                : state === 'unfilled'
                                  ? TONES.warning.light[1]
                                  : theme.palette.text.secondary,
                            ...(state === 'unfilled' ? theme.applyStyles('dark', { color: TONES.warning.dark[1] }) : {}),
                            textAlign: 'right',
                            ml: 'auto',
                            display: state === 'left-out' ? 'none' : 'block',
                          })}
                        >
                          {state === 'blocked'
                            ? day.holiday
                              ? t('extend.holiday', { name: day.holiday })
                              : t('extend.blocked')
                            : state === 'unfilled'
                              ? t('extend.unfilled', { name })
                              : candidate
                                ? t('extend.available', { name })
                                : t('extend.availableNoEducator')}
                        </Typography>
                      </Box>
                    );
                  })}
                </Box>
                <Alert severity={plan.added === 0 || plan.unfilled > 0 ? 'warning' : 'info'} sx={{ mt: 1.5 }} data-testid="extend-summary">
                  {plan.added === 0 ? t('extend.noneChosen') : t('extend.summary', { count: plan.added })}
                  {plan.leftOut > 0 ? ` ${t('extend.leftOut', { count: plan.leftOut })}` : ''}
                  {plan.unfilled > 0 ? ` ${t('extend.summaryUnfilled', { count: plan.unfilled })}` : ''}
                  {candidate && plan.added > plan.unfilled ? ` ${t('extend.tentative')}` : ''}
                </Alert>
              </>
            )}
          </Box>
        </Stack>
      </GeneralModal>
      {pickerOpen && (
        <DatePickerDialog
          open
          mode="single"
          initial={[endDate]}
          unavailable={(day) =>
            isWeekend(day)
              ? t('extend.notWeekend')
              : day <= lastDate
                ? t('extend.notBooked')
                : scheduling.data && day > scheduling.data.maxEndDateLocal
                  ? t('extend.notAfterMax', { date: formatDay(scheduling.data.maxEndDateLocal, locale) })
                  : closedOnHolidays && holidayNames?.has(day)
                    ? t('extend.notHoliday', { name: holidayNames.get(day)! })
                    : undefined
          }
          holidays={holidayNames}
          terms={terms.data?.terms}
          legend={t('extend.pickerLegend')}
          onClose={() => setPickerOpen(false)}
          onConfirm={(dates) => {
            if (dates[0]) setEndDate(dates[0]);
            setPickerOpen(false);
          }}
        />
      )}
    </>
  );
}
