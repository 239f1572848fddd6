import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import DateRangeOutlinedIcon from '@mui/icons-material/DateRangeOutlined';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { dateInPastProblem, weekendProblem } from '@portal/contract/booking-rules';
import { useCallback, useId, useMemo, useState, type Ref } from 'react';
import { usePublicHolidays } from '../../../api/public-holidays';
import { useSchoolTerms } from '../../../api/school-terms';
import { DatePickerDialog } from '../../../components/date-picker-dialog';
import type { DateSelectionMode } from '../../../components/date-selection';
import { formatDateList } from '../../../lib/locale-format';
import { datesFromSelection, mergeDates } from './booking-form-rules';
import { useBookingMessage } from './booking-messages';
import { MarkdownText } from './markdown-text';
import { useBookingCreateTranslation } from './use-booking-create-translation';

const MODES: Array<{ mode: DateSelectionMode; icon: React.ReactNode }> = [
  { mode: 'single', icon: <EventOutlinedIcon /> },
  { mode: 'multiple', icon: <CalendarMonthOutlinedIcon /> },
  { mode: 'range', icon: <DateRangeOutlinedIcon /> },
];

/**
 * The booking's dates: chosen with the shared date picker dialog (one day, several, or a range), shown as chips.
 * Spec §9: a range skips its weekend days and a weekend day rolls to the Monday after. Blocked dates (booking
 * blocks) show as closed with their block's message; dates the server refused carry its message.
 */
export function DatesField({
  value,
  onChange,
  blockedDates,
  holidayDates,
  locationId,
  dateErrors,
  error,
  buttonRef,
  cutoffNote,
  today,
}: {
  value: string[];
  onChange: (dates: string[]) => void;
  blockedDates: ReadonlyMap<string, string>;
  /** Public holidays: greyed out in the picker with the holiday's name. */
  holidayDates?: ReadonlyMap<string, string> | undefined;
  /** The location: the picker names its public holidays and shows its school terms, for information. */
  locationId?: number | undefined;
  /** Per-date messages from the server (`dates.N`). */
  dateErrors: ReadonlyMap<string, string>;
  /** The field's message (already translated); markdown when it is a block's message. */
  error: string | undefined;
  buttonRef?: Ref<HTMLButtonElement>;
  cutoffNote?: string | undefined;
  /** Today at the location: earlier days cannot be chosen. */
  today: string;
}) {
  const { t, locale } = useBookingCreateTranslation();
  const message = useBookingMessage();
  const [mode, setMode] = useState<DateSelectionMode | null>(null);
  const [weekendDays, setWeekendDays] = useState(0);
  const groupId = useId();
  const errorId = useId();
  const noteId = useId();
  const holidays = usePublicHolidays(locationId);
  const terms = useSchoolTerms(locationId);
  const holidayNames = useMemo(
    () =>
      holidays.data && holidays.data.locationId === locationId
        ? new Map(holidays.data.holidays.map((h) => [h.dateLocal, h.name]))
        : undefined,
    [holidays.data, locationId],
  );

  // The picker greys out the days that can never be booked, with the reason (spec §5, §9).
  const unavailable = useCallback(
    (date: string) => {
      return message(dateInPastProblem(date, today) ?? weekendProblem(date) ?? holidayDates?.get(date));
    },
    [today, message, holidayDates],
  );

  const blocked = value.filter((date) => blockedDates.has(date));
  const blockMessages = [...new Set(blocked.map((date) => blockedDates.get(date)!))];
  const errorIsBlock = error !== undefined && blockMessages.includes(error);

  return (
    <Box
      component="fieldset"
      data-invalid={error ? 'true' : undefined}
      aria-describedby={[error ? errorId : '', cutoffNote ? noteId : ''].join(' ').trim() || undefined}
      sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}
    >
      <Typography component="legend" sx={{ fontWeight: 600, mb: 1, p: 0 }} id={groupId}>
        {t('when.dates')}
        <span aria-hidden="true"> *</span>
      </Typography>
      <Box role="group" aria-label={t('when.addDates')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
        {MODES.map(({ mode: each, icon }, index) => (
          <Button
            key={each}
            variant="outlined"
            startIcon={icon}
            onClick={() => setMode(each)}
            ref={index === 0 ? buttonRef : undefined}
            sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' }, justifyContent: { xs: 'flex-start', sm: 'center' } }}
          >
            {t(`when.modes.${each}`)}
          </Button>
        ))}
      </Box>
      {value.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('when.noDates')}
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-labelledby={groupId}
          sx={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0 }}
          data-testid="booking-dates"
        >
          {value.map((date) => {
            const label = formatDateList(date, locale);
            const closed = blockedDates.has(date);
            const refused = message(dateErrors.get(date));
            return (
              <li key={date} data-date={date} data-blocked={closed ? 'true' : undefined}>
                <Chip
                  label={closed ? t('when.blockedDate', { date: label }) : label}
                  color={closed || refused ? 'error' : 'default'}
                  variant={closed || refused ? 'outlined' : 'filled'}
                  title={refused}
                  onDelete={() => onChange(value.filter((d) => d !== date))}
                  aria-label={t('when.removeDate', { date: label })}
                  sx={{ fontWeight: 500 }}
                />
              </li>
            );
          })}
        </Box>
      )}
      {value.length > 1 && (
        <Button size="small" onClick={() => onChange([])} sx={{ mt: 1, ml: -1 }}>
          {t('when.clearDates')}
        </Button>
      )}
      {weekendDays > 0 && (
        <Typography variant="body2" role="status" sx={{ color: 'text.secondary', mt: 1 }}>
          {t('when.weekendsSkipped', { count: weekendDays })}
        </Typography>
      )}
      {blocked.length > 0 && (
        <Alert
          severity="error"
          variant="outlined"
          sx={{ mt: 1.5 }}
          data-testid="booking-block-message"
          id={errorIsBlock ? errorId : undefined}
        >
          <AlertTitle sx={{ mb: 0.5 }}>
            {t('when.blockedHeading', { dates: blocked.map((d) => formatDateList(d, locale)).join(', ') })}
          </AlertTitle>
          {blockMessages.map((message) => (
            <MarkdownText key={message}>{message}</MarkdownText>
          ))}
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {t('when.blockedHelp')}
          </Typography>
        </Alert>
      )}
      {error && !errorIsBlock && (
        <FormHelperText error id={errorId} component="div" sx={{ mx: 0, mt: 1 }}>
          <MarkdownText>{error}</MarkdownText>
        </FormHelperText>
      )}
      {cutoffNote && (
        <FormHelperText id={noteId} sx={{ mx: 0, mt: 1 }}>
          {cutoffNote}
        </FormHelperText>
      )}
      {mode && (
        <DatePickerDialog
          open
          mode={mode}
          unavailable={unavailable}
          holidays={holidayNames}
          terms={terms.data?.terms}
          legend={holidayDates?.size ? t('when.pickerLegendHolidays') : t('when.pickerLegend')}
          onClose={() => setMode(null)}
          onConfirm={(selection) => {
            const added = datesFromSelection(selection, mode);
            setWeekendDays(added.weekendDays);
            onChange(mergeDates(value, added.dates));
            setMode(null);
          }}
        />
      )}
    </Box>
  );
}
