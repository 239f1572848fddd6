import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import DateRangeOutlinedIcon from '@mui/icons-material/DateRangeOutlined';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Ref } from 'react';
import type { DateSelectionMode } from '../../../components/date-selection';
import { useBookingCreateTranslation } from './use-booking-create-translation';

const MODES: Array<{ mode: DateSelectionMode; icon: React.ReactNode }> = [
  { mode: 'single', icon: <EventOutlinedIcon /> },
  { mode: 'multiple', icon: <CalendarMonthOutlinedIcon /> },
  { mode: 'range', icon: <DateRangeOutlinedIcon /> },
];

/** The ways to add dates (one day, several, a range), each opening the date picker; the first takes the field's focus. */
export function DateModeButtons({
  onMode,
  buttonRef,
}: {
  onMode: (mode: DateSelectionMode) => void;
  buttonRef?: Ref<HTMLButtonElement> | undefined;
}) {
  const { t } = useBookingCreateTranslation();
  return (
    <Box role="group" aria-label={t('when.addDates')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
      {MODES.map(({ mode, icon }, index) => (
        <Button
          key={mode}
          variant="outlined"
          startIcon={icon}
          onClick={() => onMode(mode)}
          ref={index === 0 ? buttonRef : undefined}
          sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' }, justifyContent: { xs: 'flex-start', sm: 'center' } }}
        >
          {t(`when.modes.${mode}`)}
        </Button>
      ))}
    </Box>
  );
}
