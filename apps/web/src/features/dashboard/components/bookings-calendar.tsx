import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { DateTime } from 'luxon';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateList, isWeekend, startOfWeek, weekdayNames } from '../../../lib/locale-format';
import { localNow } from '../../../lib/local-clock';

/**
 * The days' looks, given once on the grid rather than per day: forty-two days each with its own `sx` cost as much
 * main-thread work as the rest of Home's first render (the styles were worked out and hashed per day, per render).
 * The days themselves are plain elements whose state is in data attributes.
 */
const gridSx = {
  display: 'grid',
  gap: 0.5,
  '& .calendar-day': {
    minHeight: { xs: 44, sm: 64 },
    borderRadius: 2,
    p: { xs: 0.5, sm: 1 },
    border: 1,
    borderColor: 'divider',
    bgcolor: 'background.paper',
    borderStyle: 'solid',
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'space-between',
    position: 'relative',
  },
  '& .calendar-day[data-weekend]': { bgcolor: 'action.hover' },
  '& .calendar-day[data-outside]': { bgcolor: 'transparent', borderStyle: 'dashed' },
  '& .calendar-day[data-today]': { borderColor: 'primary.main' },
  '& .calendar-day-number': { typography: 'caption', fontWeight: 500 },
  '& .calendar-day[data-today] .calendar-day-number': { fontWeight: 700 },
  '& .calendar-count': {
    alignSelf: 'flex-end',
    bgcolor: 'primary.main',
    color: 'primary.contrastText',
    borderRadius: 999,
    px: 0.75,
    minWidth: 22,
    textAlign: 'center',
    fontSize: '0.75rem',
    fontWeight: 700,
    textDecoration: 'none',
    '&:hover': { bgcolor: 'primary.dark' },
    '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.dark', outlineOffset: 2 },
  },
  '& a.calendar-count::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 2 },
} as const;

const rowSx = { display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 0.5 } as const;
const headerSx = { textAlign: 'center', color: 'text.secondary', fontWeight: 600 } as const;

interface CalendarDay {
  iso: string;
  day: number;
  inMonth: boolean;
  weekend: boolean;
  /** The day as the locale writes it in lists (the day's label). */
  label: string;
}

/**
 * A month grid with the number of bookings per day (GET bookings/overview), weeks starting per locale. Memoised:
 * its six weeks of days render again only when its month or counts change, not as each of Home's other answers
 * arrives; the days (Luxon arithmetic and formatting) are worked out once per month and locale.
 */
export const BookingsCalendar = memo(function BookingsCalendar({
  month,
  counts,
  onMonthChange,
  loading,
  dayHref,
}: {
  month: DateTime;
  counts: ReadonlyMap<string, number> | undefined;
  onMonthChange: (month: DateTime) => void;
  loading: boolean;
  /** The bookings list of a day: a day with bookings opens it. */
  dayHref?: (isoDate: string) => string;
}) {
  const { t, i18n } = useTranslation('pages');
  const locale = i18n.language;
  const first = month.startOf('month');
  const today = localNow().toISODate();
  const names = useMemo(() => weekdayNames(locale), [locale]);
  const weeks = useMemo(() => calendarWeeks(month.startOf('month'), locale), [month, locale]);
  const total = counts ? [...counts.values()].reduce((sum, value) => sum + value, 0) : 0;

  return (
    <Paper variant="outlined" component="section" aria-labelledby="calendar-heading" sx={{ borderRadius: '16px', p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography variant="h2" id="calendar-heading" sx={{ fontSize: '1.125rem', flex: 1 }}>
          {t('home.calendarHeading')}
        </Typography>
        <IconButton aria-label={t('home.previousMonth')} onClick={() => onMonthChange(first.minus({ months: 1 }))} size="small">
          <ChevronLeftIcon />
        </IconButton>
        <Typography sx={{ fontWeight: 600, minWidth: 130, textAlign: 'center' }} aria-live="polite">
          {first.setLocale('en').toFormat('LLLL yyyy')}
        </Typography>
        <IconButton aria-label={t('home.nextMonth')} onClick={() => onMonthChange(first.plus({ months: 1 }))} size="small">
          <ChevronRightIcon />
        </IconButton>
      </Box>
      <Box role="grid" aria-labelledby="calendar-heading" aria-busy={loading} sx={gridSx}>
        <Box role="row" sx={rowSx}>
          {names.map((name) => (
            <Typography key={name} role="columnheader" variant="caption" sx={headerSx}>
              {name}
            </Typography>
          ))}
        </Box>
        {weeks.map((days, week) => (
          <Box role="row" key={week} sx={rowSx}>
            {days.map(({ iso, day, inMonth, weekend, label }) => {
              const count = inMonth ? (counts?.get(iso) ?? 0) : 0;
              return (
                <div
                  role="gridcell"
                  key={iso}
                  className="calendar-day"
                  aria-label={inMonth ? t('home.calendarDay', { date: label, count }) : undefined}
                  data-date={inMonth ? iso : undefined}
                  data-count={inMonth ? count : undefined}
                  data-today={iso === today ? '' : undefined}
                  data-weekend={inMonth && weekend ? '' : undefined}
                  data-outside={inMonth ? undefined : ''}
                >
                  {inMonth && (
                    <span className="calendar-day-number" aria-hidden="true">
                      {day}
                    </span>
                  )}
                  {inMonth &&
                    count > 0 &&
                    (dayHref ? (
                      <RouterLink
                        className="calendar-count"
                        to={dayHref(iso)}
                        aria-label={t('home.calendarDayLink', { date: label, count })}
                      >
                        {count}
                      </RouterLink>
                    ) : (
                      <div className="calendar-count" aria-hidden="true">
                        {count}
                      </div>
                    ))}
                </div>
              );
            })}
          </Box>
        ))}
      </Box>
      {!loading && counts && total === 0 && <Typography sx={{ mt: 2, color: 'text.secondary' }}>{t('home.calendarEmpty')}</Typography>}
    </Paper>
  );
});

/** The weeks of the grid that shows `first`'s month, each of seven days, starting per locale. */
function calendarWeeks(first: DateTime, locale: string): CalendarDay[][] {
  const gridStart = startOfWeek(first, locale);
  const weeks = Math.ceil((first.diff(gridStart, 'days').days + first.daysInMonth!) / 7);
  return Array.from({ length: weeks }, (_, week) =>
    Array.from({ length: 7 }, (_, day) => {
      const date = gridStart.plus({ days: week * 7 + day });
      const inMonth = date.month === first.month;
      return {
        iso: date.toISODate()!,
        day: date.day,
        inMonth,
        weekend: isWeekend(date),
        label: inMonth ? formatDateList(date, locale) : '',
      };
    }),
  );
}
