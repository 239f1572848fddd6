import { AdapterLuxon } from '@mui/x-date-pickers/AdapterLuxon';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { PickerDay, type PickerDayProps } from '@mui/x-date-pickers/PickerDay';
import { DateTime } from 'luxon';
import { createContext, useContext, useMemo } from 'react';
import { isDaySelected, type DateSelectionMode } from './date-selection';

interface DayState {
  selected: (isoDate: string) => boolean;
  unavailable: (isoDate: string) => string | undefined;
  label: (isoDate: string) => string;
}

const DayStateContext = createContext<DayState>({ selected: () => false, unavailable: () => undefined, label: (iso) => iso });

/**
 * A calendar day that shows our selection, not the calendar's single value: every chosen date (multiple), every
 * day of a range. A day that cannot be chosen carries its reason in its name.
 */
function SelectionDay(props: PickerDayProps) {
  const state = useContext(DayStateContext);
  const iso = (props.day as DateTime).toISODate()!;
  const reason = state.unavailable(iso);
  const selected = !props.outsideCurrentMonth && !reason && state.selected(iso);
  return (
    <PickerDay
      {...props}
      selected={selected}
      aria-selected={selected}
      aria-label={reason ? `${state.label(iso)}: ${reason}` : state.label(iso)}
      data-date={iso}
      data-unavailable={reason ? 'true' : undefined}
      sx={
        reason && !props.outsideCurrentMonth
          ? { textDecoration: 'line-through', textDecorationThickness: '1px', '&.Mui-disabled': { color: 'text.disabled' } }
          : undefined
      }
    />
  );
}

/**
 * The calendar of the date picker dialog: @mui/x-date-pickers with Luxon. Its own module, loaded lazily, so the
 * date pickers stay out of every page until a dialog opens.
 */
export default function DateCalendarPanel({
  mode,
  selection,
  focus,
  locale,
  onDay,
  unavailable,
  dayLabel,
}: {
  mode: DateSelectionMode;
  selection: readonly string[];
  /** The day last clicked or typed: the calendar's own value, which decides the month shown. */
  focus: string | undefined;
  locale: string;
  onDay: (isoDate: string) => void;
  /** Why a day cannot be chosen (past, weekend, …), or undefined when it can. */
  unavailable?: ((isoDate: string) => string | undefined) | undefined;
  dayLabel: (isoDate: string) => string;
}) {
  // The calendar's own value only decides the month shown; what is shown selected comes from `selection`.
  const anchor = focus ?? selection[selection.length - 1];
  const state = useMemo<DayState>(
    () => ({
      selected: (iso) => isDaySelected(selection, iso, mode),
      unavailable: (iso) => unavailable?.(iso),
      label: dayLabel,
    }),
    [selection, mode, unavailable, dayLabel],
  );
  return (
    <LocalizationProvider dateAdapter={AdapterLuxon} adapterLocale={locale.toLowerCase()}>
      <DayStateContext.Provider value={state}>
        <DateCalendar
          value={anchor ? DateTime.fromISO(anchor) : null}
          onChange={(value: DateTime | null) => {
            if (value?.isValid) onDay(value.toISODate()!);
          }}
          shouldDisableDate={(day) => Boolean(unavailable?.((day as DateTime).toISODate()!))}
          slots={{ day: SelectionDay }}
          sx={{ maxWidth: '100%', width: { xs: '100%', sm: 320 }, mx: 'auto' }}
        />
      </DayStateContext.Provider>
    </LocalizationProvider>
  );
}
