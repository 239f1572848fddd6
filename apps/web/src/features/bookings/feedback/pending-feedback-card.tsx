import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { UserAvatar } from '../../../components/user-avatar';
import { usePendingFeedback } from '../api/get-pending-feedback';
import { educatorName } from '../list/booking-format';
import { formatDay } from '../../../lib/locale-format';
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
  const theme = useTheme();
  // On a phone the panel starts folded to one line, so the bookings list stays in view (it is the page's point).
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [expanded, setExpanded] = useState(false);
  const open = (pending.data ?? []).filter((item) => !item.feedbackCompleted);
  if (clientId === undefined || pending.isError || (pending.data && open.length === 0)) return null;
  const folded = phone && !expanded;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="pending-feedback-heading"
      sx={{ borderRadius: '16px', p: { xs: 1.5, sm: 3 }, pl: { xs: 2, sm: 3 } }}
      data-testid="pending-feedback-card"
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: phone ? 'center' : 'flex-start', mb: folded ? 0 : 2 }}>
        <RateReviewOutlinedIcon aria-hidden="true" sx={{ color: 'primary.dark', mt: phone ? 0 : 0.25 }} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h2" id="pending-feedback-heading" sx={{ fontSize: { xs: '1rem', sm: '1.125rem' } }}>
            {t('feedback.pendingHeading')}
            {phone && pending.data ? ` (${open.length})` : ''}
          </Typography>
          {!folded && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('feedback.pendingIntro')}
            </Typography>
          )}
        </Box>
        {phone && (
          <Button
            size="small"
            onClick={() => setExpanded((value) => !value)}
            aria-expanded={expanded}
            aria-controls="pending-feedback-list"
            endIcon={expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            sx={{ flexShrink: 0 }}
          >
            {expanded ? t('feedback.pendingHide') : t('feedback.pendingShow')}
          </Button>
        )}
      </Box>
      {folded ? null : pending.isPending ? (
        // Two rows of the list's two columns and the line counting the rest (what a school usually has waiting),
        // so the list below does not move.
        <Skeleton variant="rounded" height={181} />
      ) : (
        <Box
          component="ul"
          id="pending-feedback-list"
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
                sx={{
                  // Names and places wrap rather than being cut; on a phone the button goes under them.
                  display: 'grid',
                  gridTemplateColumns: { xs: 'auto minmax(0, 1fr)', lg: 'auto minmax(0, 1fr) auto' },
                  alignItems: 'center',
                  columnGap: 1.5,
                  rowGap: 1,
                  p: 1.5,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: '12px',
                }}
              >
                <UserAvatar name={item.candidate.fullName} size="md" />
                <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {formatDay(item.dateLocal, locale)}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="pending-feedback-location">
                    {item.location.name}
                  </Typography>
                </Box>
                <Button
                  variant="outlined"
                  size="small"
                  aria-label={t('feedback.quickFor', { name })}
                  onClick={() =>
                    setTarget({ bookingId: item.bookingID, educator: name, dateLocal: item.dateLocal, location: item.location.name })
                  }
                  sx={{ gridColumn: { xs: '2', lg: 'auto' }, justifySelf: 'start' }}
                >
                  {t('feedback.quick')}
                </Button>
              </Box>
            );
          })}
        </Box>
      )}
      {!folded && open.length > SHOWN && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
          {t('feedback.pendingMore', { count: open.length - SHOWN })}
        </Typography>
      )}
      {target && <QuickFeedbackDialog target={target} onClose={() => setTarget(null)} />}
    </Paper>
  );
}
