import { AdapterLuxon } from '@mui/x-date-pickers/AdapterLuxon';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { DateTime } from 'luxon';
import { isDaySelected, type DateSelectionMode } from './date-selection';

/**
 * The calendar of the date picker dialog: @mui/x-date-pickers with Luxon. Its own module, loaded lazily, so the
 * date pickers stay out of every page until a dialog opens.
 */
export default function DateCalendarPanel({
  mode,
  selection,
  locale,
  onDay,
}: {
  mode: DateSelectionMode;
  selection: readonly string[];
  locale: string;
  onDay: (isoDate: string) => void;
}) {
  const anchor = selection[selection.length - 1];
  return (
    <LocalizationProvider dateAdapter={AdapterLuxon} adapterLocale={locale.toLowerCase()}>
      <DateCalendar
        value={anchor ? DateTime.fromISO(anchor) : null}
        onChange={(value: DateTime | null) => {
          if (value?.isValid) onDay(value.toISODate()!);
        }}
        slotProps={{ day: (ownerState) => ({ selected: isDaySelected(selection, (ownerState.day as DateTime).toISODate()!, mode) }) }}
      />
    </LocalizationProvider>
  );
}
