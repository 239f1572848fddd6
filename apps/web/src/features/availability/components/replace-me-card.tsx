import { REPLACE_ME_STATUSES, REPLACE_ME_WITHDRAWABLE } from '@portal/contract/domain';
import type { ReplaceMeRequest, ReplaceMeStatus } from '@portal/contract/replace-me';
import { isSchoolDay } from '@portal/contract/school-days';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GeneralModal } from '../../../components/general-modal';
import { UndoNotice } from '../../../components/undo-notice';
import { ApiError } from '../../../lib/api-error';
import { useToast } from '../../../lib/toast';
import { UNDO_WINDOW_MS } from '../../../lib/use-undoable';
import { useReplaceMeStatuses } from '../api/get-replace-me-status';
import { useWithdrawReplaceMe } from '../api/withdraw-replace-me';
import { formatDayAway } from '../format';
import { useAvailabilityTranslation } from '../use-availability-translation';
import { useReplaceMeAction } from './use-replace-me-action';

/** Withdrawing a request sent is a decision: it asks first, then says how it went. */
function WithdrawRequest({ request, date }: { request: ReplaceMeRequest; date: string }) {
  const { t } = useAvailabilityTranslation();
  const { t: te } = useTranslation('errors');
  const toast = useToast();
  const withdraw = useWithdrawReplaceMe();
  const [open, setOpen] = useState(false);
  // Not the mutation's own callbacks: the request leaves the list (and this button with it) before they would run.
  const confirm = () =>
    withdraw.mutateAsync(request.id).then(
      () => toast.success(t('replaceMe.card.withdrawn', { date })),
      (error: unknown) => {
        toast.error((error instanceof ApiError && error.serverMessage) || te('api.generic'));
        setOpen(false);
      },
    );
  return (
    <>
      <Button size="small" variant="outlined" color="error" onClick={() => setOpen(true)} sx={{ mt: 1.5 }}>
        {t('replaceMe.card.withdraw')}
      </Button>
      {open && (
        <GeneralModal
          open
          title={t('replaceMe.card.withdrawTitle')}
          onClose={() => setOpen(false)}
          persistent={withdraw.isPending}
          actions={
            <Button variant="contained" color="error" onClick={confirm} loading={withdraw.isPending}>
              {t('replaceMe.card.withdrawConfirm')}
            </Button>
          }
        >
          <Typography>{t('replaceMe.card.withdrawBody', { date, school: request.locationName })}</Typography>
        </GeneralModal>
      )}
    </>
  );
}

/** One request's progress: scheduled → pending approval → replacement found → booking created (spec §4). */
function RequestProgress({ request }: { request: ReplaceMeRequest }) {
  const { t, locale } = useAvailabilityTranslation();
  const date = formatDayAway(request.selectedDay, locale);
  const active = REPLACE_ME_STATUSES.indexOf(request.status);
  const headingId = useId();
  const withdrawable = (REPLACE_ME_WITHDRAWABLE as readonly string[]).includes(request.status);
  return (
    <Box
      component="li"
      aria-labelledby={headingId}
      data-testid="replace-me-request"
      data-day={request.selectedDay}
      data-status={request.status}
      sx={{ borderTop: 1, borderColor: 'divider', py: 2 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, alignItems: 'baseline', mb: 1.5 }}>
        <Typography variant="h4" id={headingId} sx={{ fontSize: '1rem', fontWeight: 600 }}>
          {t('replaceMe.card.requestFor', { date })}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {request.locationName}
        </Typography>
      </Box>
      <Stepper
        activeStep={active}
        alternativeLabel
        aria-label={t('replaceMe.card.progress', { date })}
        component="ol"
        sx={{
          p: 0,
          listStyle: 'none',
          '& .MuiStepLabel-label': { fontSize: { xs: '0.75rem', sm: '0.8125rem' } },
          '& .MuiStep-root': { px: { xs: 0.25, sm: 1 } },
        }}
      >
        {REPLACE_ME_STATUSES.map((status, index) => (
          <Step
            key={status}
            completed={index < active || (index === active && status === 'booking_created')}
            component="li"
            aria-current={index === active ? 'step' : undefined}
          >
            <StepLabel>{t(`replaceMe.statuses.${status}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {request.candidateName && (
        <Typography variant="body2" sx={{ mt: 1.5 }}>
          {t('replaceMe.card.educator', { name: request.candidateName })}
        </Typography>
      )}
      {withdrawable && <WithdrawRequest request={request} date={date} />}
    </Box>
  );
}

function ClientReplaceMe({ status }: { status: ReplaceMeStatus }) {
  const { t } = useAvailabilityTranslation();
  const action = useReplaceMeAction();
  const [locationId, setLocationId] = useState<number>(status.locations[0]?.id ?? 0);
  const groupId = useId();
  const location = status.locations.find((l) => l.id === locationId);
  // Replace-me is for school days (spec §5): on a Saturday or Sunday at the school, only the next school day.
  const days = [
    ...(isSchoolDay(status.days.today)
      ? [{ selectedDay: 'today' as const, date: status.days.today, label: t('replaceMe.today'), isNextMonday: false }]
      : []),
    {
      selectedDay: 'tomorrow' as const,
      date: status.days.tomorrow,
      label: status.days.isNextMonday ? t('replaceMe.nextMonday') : t('replaceMe.tomorrow'),
      isNextMonday: status.days.isNextMonday,
    },
  ];
  const requestedOn = (date: string) => status.requests.some((r) => r.selectedDay === date && (!location || r.locationId === location.id));

  return (
    <Box>
      {status.locations.length > 1 && (
        <TextField
          select
          id={`replace-me-location-${status.clientId}`}
          label={t('replaceMe.card.location')}
          value={String(locationId)}
          onChange={(event) => setLocationId(Number(event.target.value))}
          size="small"
          sx={{ mb: 2, minWidth: 240, maxWidth: '100%' }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {status.locations.map((l) => (
            <option key={l.id} value={String(l.id)}>
              {l.name}
            </option>
          ))}
        </TextField>
      )}
      <Typography id={groupId} sx={{ fontWeight: 600, mb: 1 }}>
        {t('replaceMe.card.askFor')}
        {status.locations.length === 1 && location ? ` · ${location.name}` : ''}
      </Typography>
      <Box role="group" aria-labelledby={groupId} sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        {days.map((day) => {
          const done = requestedOn(day.date);
          return (
            <Button
              key={day.selectedDay}
              variant={done ? 'outlined' : 'contained'}
              startIcon={<SwapHorizIcon />}
              disabled={done || !!action.queued || (action.pending && action.variables?.selectedDay !== day.selectedDay)}
              loading={action.pending && action.variables?.selectedDay === day.selectedDay}
              onClick={() =>
                action.ask(
                  { selectedDay: day.selectedDay, isNextMonday: day.isNextMonday, ...(location ? { locationId: location.id } : {}) },
                  day.label,
                )
              }
              sx={{ flex: { xs: '1 1 0', sm: '0 0 auto' }, minWidth: 140 }}
            >
              {done ? t('replaceMe.card.alreadyRequested', { day: day.label }) : day.label}
            </Button>
          );
        })}
      </Box>
      {action.queued && (
        <Box sx={{ mt: 2 }}>
          <UndoNotice
            message={t('replaceMe.asking', { day: action.queued.dayLabel, seconds: Math.round(UNDO_WINDOW_MS / 1000) })}
            undoLabel={t('replaceMe.undo')}
            onUndo={action.undo}
          />
        </Box>
      )}
      <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mt: 3, mb: 1 }}>
        {t('replaceMe.card.requestsHeading')}
      </Typography>
      {status.requests.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('replaceMe.card.none')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {status.requests.map((request) => (
            <RequestProgress key={request.id} request={request} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * Replace-me (spec §4, §7, §9): for each client where the user may ask for a replacement, Today and Tomorrow
 * (labelled Next Monday when isNextMonday) and the user's requests with their progress. The status is cached
 * 5 minutes; a 403 is silent, so the card only appears where replace-me is available.
 */
export function ReplaceMeCard({ clientIds }: { clientIds: readonly number[] }) {
  const { t } = useAvailabilityTranslation();
  const statuses = useReplaceMeStatuses(clientIds);
  const shown = statuses.filter((q) => q.isPending || q.isError || q.data);
  if (clientIds.length === 0 || shown.length === 0) return null;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="replace-me-heading"
      sx={{ borderRadius: '16px', p: { xs: 2, sm: 3 } }}
      data-testid="replace-me-card"
    >
      <Typography variant="h2" id="replace-me-heading" sx={{ fontSize: '1.125rem', mb: 0.5 }}>
        {t('replaceMe.card.heading')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('replaceMe.card.intro')}
      </Typography>
      {shown.map((query, index) =>
        query.isPending ? (
          <CircularProgress key={index} size={24} aria-label={t('list.loading')} />
        ) : query.isError ? (
          <Alert
            key={index}
            severity="error"
            variant="outlined"
            action={
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                {t('replaceMe.card.retry')}
              </Button>
            }
          >
            {t('replaceMe.card.loadFailed')}
          </Alert>
        ) : query.data ? (
          <ClientReplaceMe key={query.data.clientId} status={query.data} />
        ) : null,
      )}
    </Paper>
  );
}
