import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import type { SxProps } from '@mui/material/styles';
import type { SchoolTerm } from '@portal/contract/booking-reference';
import { AdapterLuxon } from '@mui/x-date-pickers/AdapterLuxon';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { PickerDay, type PickerDayProps } from '@mui/x-date-pickers/PickerDay';
import { DateTime } from 'luxon';
import { createContext, useContext, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { now } from '../lib/clock';
import { formatDateList, formatDay } from '../lib/locale-format';
import { isDaySelected, type DateSelectionMode } from './date-selection';
import { schoolDayOf, sortedTerms, termsBetween, type SchoolDay } from './school-calendar';

interface DayState {
  selected: (isoDate: string) => boolean;
  unavailable: (isoDate: string) => string | undefined;
  holiday: (isoDate: string) => string | undefined;
  school: (isoDate: string) => SchoolDay;
  /** The day's accessible name: its date, what it is (holiday, term), and why it cannot be chosen. */
  name: (isoDate: string) => string;
  /** The day whose status shows under the calendar: outlined, so the two are seen together. */
  inspected: string | undefined;
  inspect: (isoDate: string) => void;
}

const DayStateContext = createContext<DayState>({
  selected: () => false,
  unavailable: () => undefined,
  holiday: () => undefined,
  school: () => undefined,
  name: (iso) => iso,
  inspected: undefined,
  inspect: () => {},
});

const schoolHolidayTint = (theme: Theme) => alpha(theme.palette.info.main, 0.16);
const holidayDot = {
  content: '""',
  position: 'absolute',
  bottom: 3,
  left: '50%',
  width: 5,
  height: 5,
  borderRadius: '50%',
  transform: 'translateX(-50%)',
  bgcolor: 'error.main',
} as const;

/**
 * A calendar day that shows our selection, not the calendar's single value: every chosen date (multiple), every
 * day of a range. School holidays are tinted and public holidays dotted. A day that cannot be chosen stays
 * focusable and pressable (aria-disabled): pressing or focusing it shows why under the calendar.
 */
function SelectionDay(props: PickerDayProps) {
  const state = useContext(DayStateContext);
  const { onFocus } = props;
  const iso = (props.day as DateTime).toISODate()!;
  const inMonth = !props.outsideCurrentMonth;
  const reason = inMonth ? state.unavailable(iso) : undefined;
  const holiday = inMonth ? state.holiday(iso) : undefined;
  const school = inMonth ? state.school(iso) : undefined;
  const selected = inMonth && !reason && state.selected(iso);
  const sx: SxProps<Theme> = {
    position: 'relative',
    ...(school?.kind === 'holidays' && !selected ? { bgcolor: schoolHolidayTint } : {}),
    ...(reason ? { textDecoration: 'line-through', textDecorationThickness: '1px', color: 'text.disabled' } : {}),
    ...(holiday ? { '&::after': holidayDot } : {}),
    ...(inMonth && state.inspected === iso ? { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '-2px' } : {}),
  };
  return (
    <PickerDay
      {...props}
      selected={selected}
      aria-selected={selected}
      aria-label={inMonth ? state.name(iso) : undefined}
      aria-disabled={reason ? true : undefined}
      data-date={iso}
      data-unavailable={reason ? 'true' : undefined}
      data-holiday={holiday ? 'true' : undefined}
      data-school-holidays={school?.kind === 'holidays' ? 'true' : undefined}
      onFocus={(event, day) => {
        onFocus?.(event, day);
        if (inMonth) state.inspect(iso);
      }}
      sx={sx}
    />
  );
}

function Swatch({ kind }: { kind: 'term' | 'holidays' | 'holiday' }) {
  return (
    <Box
      aria-hidden="true"
      sx={{
        flex: '0 0 auto',
        width: 14,
        height: 14,
        // Round, as the days are: a square with a border would read as a checkbox.
        borderRadius: '50%',
        ...(kind === 'holiday'
          ? { width: 8, height: 8, mx: '3px', bgcolor: 'error.main' }
          : kind === 'holidays'
            ? { bgcolor: schoolHolidayTint }
            : { border: 1, borderColor: 'divider', bgcolor: 'background.paper' }),
      }}
    />
  );
}

type Translate = TFunction;

interface PanelProps {
  mode: DateSelectionMode;
  selection: readonly string[];
  /** The day last clicked or typed: the calendar's own value, which decides the month shown. */
  focus: string | undefined;
  locale: string;
  onDay: (isoDate: string) => void;
  /** Why a day cannot be chosen (past, weekend, …), or undefined when it can. */
  unavailable?: ((isoDate: string) => string | undefined) | undefined;
  dayLabel: (isoDate: string) => string;
  /** Public holidays by local date: their names are shown, whether or not they can be chosen. */
  holidays?: ReadonlyMap<string, string> | undefined;
  /** The school terms around the dates: information only, they never stop a choice. */
  terms?: readonly SchoolTerm[] | undefined;
}

/** What each day is (chosen, unavailable and why, a holiday, in a term) and its name, for the days to draw. */
function useDayState(
  { selection, mode, unavailable, dayLabel, holidays }: PanelProps,
  ordered: readonly SchoolTerm[],
  inspected: string | undefined,
  inspect: (isoDate: string) => void,
): DayState {
  const { t } = useTranslation();
  return useMemo<DayState>(() => {
    const holiday = (iso: string) => holidays?.get(iso);
    const school = (iso: string) => schoolDayOf(ordered, iso);
    return {
      selected: (iso) => isDaySelected(selection, iso, mode),
      unavailable: (iso) => unavailable?.(iso),
      holiday,
      school,
      name: (iso) => {
        const parts = [dayLabel(iso)];
        const name = holiday(iso);
        if (name) parts.push(t('datePicker.publicHoliday', { name }));
        const day = school(iso);
        if (day) parts.push(day.kind === 'term' ? day.name : t('datePicker.schoolHolidays'));
        const reason = unavailable?.(iso);
        // A holiday's own refusal repeats its name: "unavailable" is enough after it.
        if (reason) parts.push(name && reason.includes(name) ? t('datePicker.unavailable') : `${t('datePicker.unavailable')}: ${reason}`);
        return parts.join(', ');
      },
      inspected,
      inspect,
    };
  }, [selection, mode, unavailable, dayLabel, holidays, ordered, t, inspected, inspect]);
}

/** The pressed or focused day's status: why it cannot be chosen, else what it is (holiday, term), else nothing. */
function dayStatus(t: Translate, locale: string, state: DayState, iso: string | undefined): string | undefined {
  if (!iso) return undefined;
  const reason = state.unavailable(iso);
  const day = formatDay(iso, locale);
  if (reason) return t('datePicker.dayReason', { day, reason });
  const name = state.holiday(iso);
  const school = state.school(iso);
  const info = [
    name ? t('datePicker.publicHoliday', { name }) : '',
    school ? (school.kind === 'term' ? school.name : t('datePicker.schoolHolidays')) : '',
  ].filter(Boolean);
  return info.length > 0 ? t('datePicker.dayInfo', { day, info: info.join(', ') }) : undefined;
}

/** What the month shown holds: its terms, whether it has school holidays, and its public holidays. */
function monthMarks(month: string, ordered: readonly SchoolTerm[], state: DayState, holidays: PanelProps['holidays']) {
  const first = `${month}-01`;
  const last = DateTime.fromISO(first).endOf('month').toISODate()!;
  const days: string[] = [];
  for (let d = DateTime.fromISO(first); d.toISODate()! <= last; d = d.plus({ days: 1 })) days.push(d.toISODate()!);
  return {
    monthTerms: termsBetween(ordered, first, last),
    anySchoolHolidays: days.some((d) => state.school(d)?.kind === 'holidays'),
    monthHolidays: days.flatMap((d) => {
      const name = holidays?.get(d);
      return name ? [{ date: d, name }] : [];
    }),
  };
}

/** The legend of the month's marked days: each term with its dates, school holidays, each public holiday. */
function MonthLegend({ marks, locale }: { marks: ReturnType<typeof monthMarks>; locale: string }) {
  const { t } = useTranslation();
  const { monthTerms, anySchoolHolidays, monthHolidays } = marks;
  return (
    <Box
      component="ul"
      aria-label={t('datePicker.legendLabel')}
      data-testid="date-picker-school-legend"
      sx={{ listStyle: 'none', m: 0, mb: 1, p: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
    >
      {monthTerms.map((term) => (
        <Box component="li" key={term.firstDay} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Swatch kind="term" />
          <Typography variant="body2">
            {t('datePicker.termSpan', {
              name: term.name,
              from: formatDateList(term.firstDay, locale),
              to: formatDateList(term.lastDay, locale),
            })}
          </Typography>
        </Box>
      ))}
      {anySchoolHolidays && (
        <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Swatch kind="holidays" />
          <Typography variant="body2">{t('datePicker.schoolHolidays')}</Typography>
        </Box>
      )}
      {monthHolidays.map((h) => (
        <Box component="li" key={h.date} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Swatch kind="holiday" />
          <Typography variant="body2">{t('datePicker.holidayOn', { name: h.name, day: formatDay(h.date, locale) })}</Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The calendar of the date picker dialog: @mui/x-date-pickers with Luxon. Its own module, loaded lazily, so the
 * date pickers stay out of every page until a dialog opens. Under it: what the marked days of the month shown are
 * (terms, school holidays, public holidays) and the focused or pressed day's status or reason.
 */
export default function DateCalendarPanel(props: PanelProps) {
  const { selection, focus, locale, onDay, unavailable, holidays, terms } = props;
  const { t } = useTranslation();
  // The calendar's own value only decides the month shown; what is shown selected comes from `selection`.
  const anchor = focus ?? selection[selection.length - 1];
  const [month, setMonth] = useState(() => (anchor ?? DateTime.fromJSDate(now()).toISODate()!).slice(0, 7));
  const [inspected, setInspected] = useState<string | undefined>(undefined);
  // A typed date moves the calendar to its month: the legend follows.
  const [monthOf, setMonthOf] = useState(anchor);
  if (anchor !== monthOf) {
    setMonthOf(anchor);
    if (anchor) setMonth(anchor.slice(0, 7));
  }

  const ordered = useMemo(() => sortedTerms(terms ?? []), [terms]);
  const state = useDayState(props, ordered, inspected, setInspected);
  const marks = monthMarks(month, ordered, state, holidays);
  const shownInspected = inspected?.startsWith(month) ? inspected : undefined;
  const status = dayStatus(t, locale, state, shownInspected);
  const legendShown = marks.monthTerms.length > 0 || marks.anySchoolHolidays || marks.monthHolidays.length > 0;

  return (
    <LocalizationProvider dateAdapter={AdapterLuxon} adapterLocale={locale.toLowerCase()}>
      <DayStateContext.Provider value={state}>
        <DateCalendar
          value={anchor ? DateTime.fromISO(anchor) : null}
          onChange={(value: DateTime | null) => {
            if (!value?.isValid) return;
            const iso = value.toISODate()!;
            // A day that cannot be chosen says why instead of being chosen.
            setInspected(iso);
            if (!unavailable?.(iso)) onDay(iso);
          }}
          onMonthChange={(value: DateTime) => setMonth(value.toISODate()!.slice(0, 7))}
          slots={{ day: SelectionDay }}
          sx={{ maxWidth: '100%', width: { xs: '100%', sm: 320 }, mx: 'auto' }}
        />
      </DayStateContext.Provider>
      <Box sx={{ minHeight: '1.5rem', mb: 1 }}>
        {status ? (
          <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="date-day-reason" data-day={shownInspected}>
            {status}
          </Typography>
        ) : unavailable ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="date-day-reason">
            {t('datePicker.reasonHint')}
          </Typography>
        ) : null}
      </Box>
      {legendShown && <MonthLegend marks={marks} locale={locale} />}
      {(marks.monthTerms.length > 0 || marks.anySchoolHolidays) && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('datePicker.termsInform')}
        </Typography>
      )}
    </LocalizationProvider>
  );
}
