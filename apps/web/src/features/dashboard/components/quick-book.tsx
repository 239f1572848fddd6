import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { quickBookDay } from '@portal/contract/next-school-day';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useBookingBlocks } from '../../../api/booking-blocks';
import { useBookingLocations } from '../../../api/booking-locations';
import { usePublicHolidays } from '../../../api/public-holidays';
import { useBootPaintHeldUntil } from '../../../lib/boot-paint-hold';
import { now } from '../../../lib/clock';
import { formatDayLong, formatTimeRange } from '../../../lib/locale-format';
import { createBookingPath } from '../../../lib/paths';

/**
 * Home's quick entry to the create form with the next school day chosen, the school's usual times and the booker
 * as confirmation contact. With one location the day is worked out here (its public holidays, blocks and same-day
 * cut-off, as the form does); with several it is chosen once the location is.
 */
export function QuickBook() {
  const { t, i18n } = useTranslation('pages');
  const locations = useBookingLocations();
  const list = locations.data ?? [];
  const only = list.length === 1 ? list[0] : undefined;
  // Asked for only with one location (a query without its location stays pending: hence `only` in `known`).
  const holidays = usePublicHolidays(only?.locationId);
  const blocks = useBookingBlocks(only?.locationId);
  const known = !locations.isPending && (only === undefined || (!holidays.isPending && !blocks.isPending));
  // The first screen the server drew (decision 035) has the card whole: it stays over the page until this card is.
  useBootPaintHeldUntil(known);
  // The card keeps its place while the locations load: Home's tiles below it would otherwise jump down as it arrives.
  if (locations.isPending) return <Card label={t('home.quickBook.nextSchoolDay')} />;
  if (list.length === 0) return null;
  if (!only) return <Card label={t('home.quickBook.nextSchoolDay')} help={t('home.quickBook.chooseSchool')} />;
  const offer = quickBookDay({ now: now(), location: only, holidays: holidays.data, blocks: blocks.data });
  const label =
    offer.label === 'on' ? t('home.quickBook.on', { day: formatDayLong(offer.day, i18n.language) }) : t(`home.quickBook.${offer.label}`);
  const help = t('home.quickBook.usualTimes', {
    school: only.locationName,
    times: formatTimeRange(only.startTime, only.endTime, i18n.language),
  });
  return <Card label={label} help={help} day={offer.day} />;
}

/** The card; without `help` (the locations still loading) a placeholder of the text's usual lines stands for it and the button waits. */
function Card({ label, help, day }: { label: string; help?: string; day?: string | undefined }) {
  return (
    <Paper
      variant="outlined"
      data-testid="quick-book"
      data-day={day}
      sx={{ borderRadius: '16px', p: { xs: 2, sm: 2.5 }, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flex: '1 1 260px', minWidth: 0 }}>
        <EventAvailableOutlinedIcon aria-hidden="true" sx={{ color: 'primary.main' }} />
        <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1 }}>
          {help ?? (
            <>
              <Skeleton width="95%" />
              <Skeleton width="95%" sx={{ display: { sm: 'none' } }} />
              <Skeleton width="45%" />
            </>
          )}
        </Typography>
      </Box>
      <Button
        component={RouterLink}
        disabled={help === undefined}
        to={createBookingPath({ nextSchoolDay: true })}
        variant="contained"
        sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
      >
        {label}
      </Button>
    </Paper>
  );
}
