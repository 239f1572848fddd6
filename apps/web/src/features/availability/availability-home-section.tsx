import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths';
import { useDaysAway } from './api/get-days-away';
import { ReplaceMeCard } from './components/replace-me-card';
import { formatDayAway } from './format';
import { useAvailabilityTranslation } from './use-availability-translation';
import { useBeingReplaced, useReplaceMeClientIds } from './use-replace-me-clients';
import { ErrorState } from '../../components/query-state';

const SHOWN_DAYS = 3;

/**
 * Home's part for a contact who manages their own days (a teacher): replace-me where they may ask for it, and
 * their next days away with the way to My availability. The app shell puts it on Home (features meet only there).
 */
export function AvailabilityHomeSection() {
  const { t, locale } = useAvailabilityTranslation();
  const clientIds = useReplaceMeClientIds();
  const beingReplaced = useBeingReplaced(clientIds);
  const daysAway = useDaysAway();
  const days = daysAway.data?.daysAway ?? [];
  const shown = days.slice(0, SHOWN_DAYS);

  return (
    <Stack spacing={3} data-testid="home-availability">
      <ReplaceMeCard clientIds={clientIds} />
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="home-days-away-heading"
        sx={{ borderRadius: '16px', p: { xs: 2, sm: 3 } }}
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <div>
            <Typography variant="h2" id="home-days-away-heading" sx={{ fontSize: '1.125rem', mb: 0.5 }}>
              {t('home.heading')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('home.intro')}
            </Typography>
          </div>
          <Button component={RouterLink} to={paths.availability} variant="outlined" startIcon={<EventAvailableOutlinedIcon />}>
            {t('home.manage')}
          </Button>
        </Box>
        <Box sx={{ mt: 2 }}>
          {daysAway.isPending && <CircularProgress size={24} aria-label={t('list.loading')} />}
          {daysAway.isError && !daysAway.data && <ErrorState message={t('list.loadFailed')} onRetry={() => void daysAway.refetch()} />}
          {daysAway.data && shown.length === 0 && (
            <Typography data-testid="home-days-away-empty">
              {beingReplaced ? t('home.none') : `${t('list.emptyTitle')} ${t('home.none')}`}
            </Typography>
          )}
          {shown.length > 0 && (
            <>
              <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
                {t('home.upcoming')}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {shown.map((day) => (
                  <li key={day.id}>
                    <Typography>{formatDayAway(day.dateLocal, locale)}</Typography>
                  </li>
                ))}
              </Box>
              {days.length > shown.length && (
                <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                  {t('home.more', { count: days.length - shown.length })}
                </Typography>
              )}
            </>
          )}
        </Box>
      </Paper>
    </Stack>
  );
}
