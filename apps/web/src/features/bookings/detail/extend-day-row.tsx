import type { ExtendScheduling } from '@portal/contract/bookings';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import { TONES } from '../../../components/tone-chip';
import { formatDay } from '../../../lib/locale-format';
import { useBookingsText } from '../list/use-bookings-text';

type ExtendDay = ExtendScheduling['dates'][number];
type DayState = 'blocked' | 'left-out' | 'available' | 'unfilled';

export interface ExtendDayRowProps {
  day: ExtendDay;
  leftOut: boolean;
  /** Whether the booking has an educator (the days are then checked against her availability). */
  hasEducator: boolean;
  /** The educator's name as the dialog shows it. */
  name: string;
  inputId: string;
  onToggle: () => void;
}

/** One added school day: kept or left out by its checkbox, and whether the educator can work it or it goes to Unfilled. */
export function ExtendDayRow({ day, leftOut, hasEducator, name, inputId, onToggle }: ExtendDayRowProps) {
  const { t, locale } = useBookingsText();
  const kept = !day.blocked && !leftOut;
  const state: DayState = day.blocked ? 'blocked' : !kept ? 'left-out' : !hasEducator || day.candidateAvailable ? 'available' : 'unfilled';
  return (
    <Box
      component="li"
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
      <Box component="label" htmlFor={inputId} sx={{ display: 'flex', alignItems: 'center', flex: '1 0 auto', cursor: 'pointer' }}>
        <Checkbox
          id={inputId}
          size="small"
          checked={kept}
          disabled={day.blocked}
          onChange={onToggle}
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
            : hasEducator
              ? t('extend.available', { name })
              : t('extend.availableNoEducator')}
      </Typography>
    </Box>
  );
}
