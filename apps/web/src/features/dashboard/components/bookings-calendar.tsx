import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { DateTime } from 'luxon';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateList, isWeekend, startOfWeek, weekdayNames } from '../../../lib/locale-format';
import { localNow } from '../../../lib/local-clock';

/**
 * A month grid with the number of bookings per day (GET bookings/overview), weeks starting per locale. Memoised:
 * its six weeks of days render again only when its month or counts change, not as each of Home's other answers
 * arrives.
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
  const gridStart = startOfWeek(first, locale);
  const weeks = Math.ceil((first.diff(gridStart, 'days').days + first.daysInMonth!) / 7);
  const today = localNow().toISODate();
  const names = weekdayNames(locale);
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
      <Box role="grid" aria-labelledby="calendar-heading" aria-busy={loading} sx={{ display: 'grid', gap: 0.5 }}>
        <Box role="row" sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 0.5 }}>
          {names.map((name) => (
            <Typography key={name} role="columnheader" variant="caption" sx={{ textAlign: 'center', color: 'text.secondary', fontWeight: 600 }}>
              {name}
            </Typography>
          ))}
        </Box>
        {Array.from({ length: weeks }, (_, week) => (
          <Box role="row" key={week} sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 0.5 }}>
            {Array.from({ length: 7 }, (_, day) => {
              const date = gridStart.plus({ days: week * 7 + day });
              const iso = date.toISODate()!;
              const inMonth = date.month === first.month;
              const count = inMonth ? (counts?.get(iso) ?? 0) : 0;
              return (
                <Box
                  role="gridcell"
                  key={iso}
                  aria-label={inMonth ? t('home.calendarDay', { date: formatDateList(date, locale), count }) : undefined}
                  data-date={inMonth ? iso : undefined}
                  data-count={inMonth ? count : undefined}
                  sx={{
                    minHeight: { xs: 44, sm: 64 },
                    borderRadius: 2,
                    p: { xs: 0.5, sm: 1 },
                    border: 1,
                    borderColor: iso === today ? 'primary.main' : 'divider',
                    bgcolor: !inMonth ? 'transparent' : isWeekend(date) ? 'action.hover' : 'background.paper',
                    borderStyle: inMonth ? 'solid' : 'dashed',
                    display: 'flex',
                    flexDirection: 'column',
                    justifyContent: 'space-between',
                    position: 'relative',
                  }}
                >
                  {inMonth && (
                    <Typography variant="caption" sx={{ fontWeight: iso === today ? 700 : 500 }} aria-hidden="true">
                      {date.day}
                    </Typography>
                  )}
                  {inMonth && count > 0 && (
                    <Box
                      {...(dayHref
                        ? {
                            component: RouterLink,
                            to: dayHref(iso),
                            'aria-label': t('home.calendarDayLink', { date: formatDateList(date, locale), count }),
                          }
                        : { 'aria-hidden': true })}
                      sx={{
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
                        '&::after': dayHref ? { content: '""', position: 'absolute', inset: 0, borderRadius: 2 } : undefined,
                        '&:hover': { bgcolor: 'primary.dark' },
                        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.dark', outlineOffset: 2 },
                      }}
                    >
                      {count}
                    </Box>
                  )}
                </Box>
              );
            })}
          </Box>
        ))}
      </Box>
      {!loading && counts && total === 0 && (
        <Typography sx={{ mt: 2, color: 'text.secondary' }}>{t('home.calendarEmpty')}</Typography>
      )}
    </Paper>
  );
});
