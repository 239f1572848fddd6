import type { DayAway } from '@portal/contract/availability';
import { allClients } from '@portal/contract/permissions';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DateTime } from 'luxon';
import { useMemo, useRef, useState } from 'react';
import { useProfile } from '../../lib/profile';
import { usePageTitle } from '../../lib/use-page-title';
import { LIST_MONTHS_AHEAD, useDaysAway } from './api/get-days-away';
import { DayAwayForm, type LocationOption } from './components/day-away-form';
import { DaysAwayList } from './components/days-away-list';
import { RemoveDayDialog } from './components/remove-day-dialog';
import { ReplaceMeCard } from './components/replace-me-card';
import { formatDayShort } from './format';
import { useAvailabilityTranslation } from './use-availability-translation';
import { useBeingReplaced, useReplaceMeClientIds } from './use-replace-me-clients';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';

const card = { borderRadius: '16px', overflow: 'hidden' } as const;
const cardPadding = { px: { xs: 2, sm: 3 }, pt: { xs: 2.5, sm: 3 } } as const;

/** My availability (spec §2 myAvailability): the signed-in contact's days away, adding and removing them, replace-me. */
export function AvailabilityPage() {
  const { t, locale } = useAvailabilityTranslation();
  usePageTitle(t('title'));
  const tree = useProfile().data?.links;
  const daysAway = useDaysAway();
  const [removing, setRemoving] = useState<DayAway | null>(null);
  /** The last change made here ('added', 'removed'), shown above the list. */
  const [notice, setNotice] = useState<string | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const startRemoving = (day: DayAway) => {
    setNotice(null);
    setRemoving(day);
  };
  // The removed day's button is gone: focus goes to the list's heading, with the confirmation just below it.
  const onRemoved = (message: string) => {
    setNotice(message);
    requestAnimationFrame(() => listHeading.current?.focus());
  };

  const locations = useMemo<LocationOption[]>(() => {
    if (!tree) return [];
    const clients = allClients(tree);
    return clients.flatMap((client) =>
      client.locations.map((location) => ({
        locationId: location.locationId,
        // As the group overview names them: the client, plus the location when they differ.
        label:
          clients.length > 1 && client.clientName !== location.locationName
            ? `${client.clientName} - ${location.locationName}`
            : location.locationName,
      })),
    );
  }, [tree]);

  const replaceMeClientIds = useReplaceMeClientIds();
  const beingReplaced = useBeingReplaced(replaceMeClientIds);

  const data = daysAway.data;
  const until = data ? DateTime.fromISO(data.today).plus({ months: LIST_MONTHS_AHEAD }).toISODate()! : undefined;

  return (
    <Stack spacing={3} sx={{ maxWidth: 1120 }}>
      <div>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 720 }}>{t('intro')}</Typography>
      </div>
      <ReplaceMeCard clientIds={replaceMeClientIds} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(300px, 380px) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" component="section" aria-labelledby="availability-form-heading" sx={{ ...card, p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" id="availability-form-heading" sx={{ fontSize: '1.125rem', mb: 2.5 }}>
            {t('form.heading')}
          </Typography>
          {data ? (
            <DayAwayForm key={data.today} today={data.today} locations={locations} onAdded={setNotice} />
          ) : (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress size={28} aria-label={t('list.loading')} />
            </Box>
          )}
        </Paper>
        <Paper variant="outlined" component="section" aria-labelledby="availability-list-heading" sx={card}>
          <Box sx={{ ...cardPadding, pb: 2 }}>
            <Typography
              variant="h2"
              id="availability-list-heading"
              ref={listHeading}
              tabIndex={-1}
              sx={{ fontSize: '1.125rem', '&:focus': { outline: 'none' } }}
            >
              {t('list.heading')}
            </Typography>
            {until && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                {t('list.range', { date: formatDayShort(until, locale) })}
              </Typography>
            )}
          </Box>
          {notice && (
            <Box sx={{ px: { xs: 2, sm: 3 }, pb: 2 }}>
              <Alert severity="success" variant="outlined" role="status" onClose={() => setNotice(null)}>
                {notice}
              </Alert>
            </Box>
          )}
          {daysAway.isPending && <LoadingState label={t('list.loading')} sx={{ px: { xs: 2, sm: 3 }, pb: 3 }} />}
          {daysAway.isError && !data && (
            <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
              <ErrorState message={t('list.loadFailed')} onRetry={() => void daysAway.refetch()} />
            </Box>
          )}
          {data && data.daysAway.length === 0 && (
            <EmptyState
              icon={<EventAvailableOutlinedIcon aria-hidden="true" />}
              title={beingReplaced ? t('list.emptyReplacedTitle') : t('list.emptyTitle')}
              body={beingReplaced ? t('list.emptyReplacedBody') : t('list.emptyBody')}
              testId="days-away-empty"
              sx={{ px: { xs: 2, sm: 3 }, pb: 4, pt: 1 }}
            />
          )}
          {data && data.daysAway.length > 0 && <DaysAwayList days={data.daysAway} today={data.today} onRemove={startRemoving} />}
        </Paper>
      </Box>
      <RemoveDayDialog day={removing} onClose={() => setRemoving(null)} onRemoved={onRemoved} />
    </Stack>
  );
}
