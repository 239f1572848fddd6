import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { UserAvatar } from '../../../components/user-avatar';
import { usePendingFeedback } from '../api/get-pending-feedback';
import { educatorName, formatDay } from '../list/booking-format';
import { useBookingsText } from '../list/use-bookings-text';
import { QuickFeedbackDialog, type FeedbackTarget } from './quick-feedback-dialog';

/** How many are listed; the rest are counted. */
const SHOWN = 4;

/**
 * Bookings waiting for feedback at the first selected client (spec §4: kept per client, 5 minutes), each with a
 * quick feedback button. Shows nothing when the contact may not see them (403) or there are none.
 */
export function PendingFeedbackCard({ clientId }: { clientId: number | undefined }) {
  const { t, locale } = useBookingsText();
  const pending = usePendingFeedback(clientId);
  const [target, setTarget] = useState<FeedbackTarget | null>(null);
  const open = (pending.data ?? []).filter((item) => !item.feedbackCompleted);
  if (clientId === undefined || pending.isError || (pending.data && open.length === 0)) return null;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="pending-feedback-heading"
      sx={{ borderRadius: '16px', p: { xs: 2, sm: 3 } }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', mb: 2 }}>
        <RateReviewOutlinedIcon aria-hidden="true" sx={{ color: 'primary.dark', mt: 0.25 }} />
        <div>
          <Typography variant="h2" id="pending-feedback-heading" sx={{ fontSize: '1.125rem' }}>
            {t('feedback.pendingHeading')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('feedback.pendingIntro')}
          </Typography>
        </div>
      </Box>
      {pending.isPending ? (
        <Skeleton variant="rounded" height={56} />
      ) : (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {open.slice(0, SHOWN).map((item) => {
            const name = educatorName(item.candidate);
            return (
              <Box
                component="li"
                key={item.bookingID}
                data-testid="pending-feedback"
                data-booking-id={item.bookingID}
                sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.5, border: 1, borderColor: 'divider', borderRadius: '12px' }}
              >
                <UserAvatar name={item.candidate.fullName} size="md" />
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }} noWrap>
                    {name}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
                    {formatDay(item.dateLocal, locale)} · {item.location.name}
                  </Typography>
                </Box>
                <Button
                  variant="outlined"
                  size="small"
                  aria-label={t('feedback.quickFor', { name })}
                  onClick={() =>
                    setTarget({ bookingId: item.bookingID, educator: name, dateLocal: item.dateLocal, location: item.location.name })
                  }
                  sx={{ flexShrink: 0 }}
                >
                  {t('feedback.quick')}
                </Button>
              </Box>
            );
          })}
        </Box>
      )}
      {open.length > SHOWN && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
          {t('feedback.pendingMore', { count: open.length - SHOWN })}
        </Typography>
      )}
      {target && <QuickFeedbackDialog target={target} onClose={() => setTarget(null)} />}
    </Paper>
  );
}
