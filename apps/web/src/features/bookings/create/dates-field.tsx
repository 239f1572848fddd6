import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { dateInPastProblem, weekendProblem } from '@portal/contract/booking-rules';
import { useCallback, useId, useMemo, useState, type Ref } from 'react';
import { usePublicHolidays } from '../../../api/public-holidays';
import { useSchoolTerms } from '../../../api/school-terms';
import { DatePickerDialog } from '../../../components/date-picker-dialog';
import type { DateSelectionMode } from '../../../components/date-selection';
import { BlockedDatesAlert } from './blocked-dates-alert';
import { datesFromSelection, mergeDates } from './booking-form-rules';
import { useBookingMessage } from './booking-messages';
import { DateChips } from './date-chips';
import { DateModeButtons } from './date-mode-buttons';
import { MarkdownText } from './markdown-text';
import { useBookingCreateTranslation } from './use-booking-create-translation';

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
  const { t } = useBookingCreateTranslation();
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
      <DateModeButtons onMode={setMode} buttonRef={buttonRef} />
      <DateChips value={value} onChange={onChange} blockedDates={blockedDates} dateErrors={dateErrors} labelledBy={groupId} />
      {weekendDays > 0 && (
        <Typography variant="body2" role="status" sx={{ color: 'text.secondary', mt: 1 }}>
          {t('when.weekendsSkipped', { count: weekendDays })}
        </Typography>
      )}
      {blocked.length > 0 && <BlockedDatesAlert blocked={blocked} messages={blockMessages} id={errorIsBlock ? errorId : undefined} />}
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
