import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { usePageTitle } from '../../lib/use-page-title';
import { FullFeedbackDialog } from './feedback/full-feedback-dialog';
import { PendingFeedbackCard } from './feedback/pending-feedback-card';
import { BookingsListHead } from './list/bookings-list-head';
import { BookingsPageHeader } from './list/bookings-page-header';
import { BookingsResults } from './list/bookings-results';
import { useBookingsList } from './list/use-bookings-list';
import { useBookingsText } from './list/use-bookings-text';

/** The list, asked for by the route as the page is entered. */
export { bookingsFirstRequests } from './list/use-bookings-list';

const card = { borderRadius: '16px', overflow: 'hidden' } as const;

/** Bookings (spec §2 'bookings'): the selected clients' bookings, filtered, sorted and paged; pending feedback. */
export function BookingsPage() {
  const { t } = useBookingsText();
  usePageTitle(t('title'));
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const list = useBookingsList();
  return (
    <Stack spacing={3} sx={{ maxWidth: 1400 }}>
      <BookingsPageHeader canSeePending={list.canSeePending} canCreate={list.canCreate} />
      <PendingFeedbackCard clientId={list.clientIds[0]} />
      <Paper variant="outlined" component="section" aria-labelledby="bookings-list-heading" sx={card}>
        <BookingsListHead list={list} phone={phone} />
        <Box sx={{ height: 4 }}>{list.bookings.isFetching && list.data && <LinearProgress aria-label={t('list.loading')} />}</Box>
        <BookingsResults list={list} phone={phone} />
      </Paper>
      {list.feedbackId !== undefined && <FullFeedbackDialog bookingId={list.feedbackId} onClose={list.closeFeedback} />}
    </Stack>
  );
}
