import type { DayAway } from '@portal/contract/availability';
import { REPLACE_ME_STATUSES, type ReplaceMeStatus } from '@portal/contract/domain';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { UndoNotice } from '../../../components/undo-notice';
import { UNDO_WINDOW_MS } from '../../../lib/use-undoable';
import { useAvailabilityTranslation } from '../use-availability-translation';
import { useReplaceMeAction } from './use-replace-me-action';

function isKnownStatus(status: string): status is ReplaceMeStatus {
  return (REPLACE_ME_STATUSES as readonly string[]).includes(status);
}

/**
 * Spec §9 replace-me days: Today or Tomorrow (labelled Next Monday when isNextMonday), sent as
 * POST /v1/bookings/replaceMe with the offer's day, isNextMonday and location. Once made, the request's state shows.
 */
export function ReplaceMeOffer({ replaceMe }: { replaceMe: DayAway['replaceMe'] }) {
  const { t } = useAvailabilityTranslation();
  const action = useReplaceMeAction();

  if (replaceMe.request) {
    const status = replaceMe.request.status;
    const label = isKnownStatus(status) ? t(`replaceMe.statuses.${status}`) : status;
    return (
      <Chip
        icon={<SwapHorizIcon />}
        label={t('replaceMe.requestStatus', { status: label })}
        variant="outlined"
        sx={{
          color: 'primary.dark',
          borderColor: 'primary.dark',
          '& .MuiChip-icon': { color: 'primary.dark' },
          alignSelf: 'flex-start',
          maxWidth: '100%',
          '& .MuiChip-label': { whiteSpace: 'normal' },
        }}
        data-testid="replace-me-status"
      />
    );
  }
  if (!replaceMe.offered || !replaceMe.selectedDay) return null;

  const which = replaceMe.selectedDay === 'today' ? 'today' : replaceMe.isNextMonday ? 'nextMonday' : 'tomorrow';
  const day = t(`replaceMe.${which}`);
  const body = t(
    which === 'today' ? 'replaceMe.bodyToday' : which === 'nextMonday' ? 'replaceMe.bodyNextMonday' : 'replaceMe.bodyTomorrow',
  );
  return (
    <Box
      data-testid="replace-me-offer"
      sx={{
        border: 1,
        borderColor: 'primary.main',
        borderRadius: '12px',
        bgcolor: 'rgba(0, 172, 239, 0.07)',
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        alignItems: { xs: 'stretch', sm: 'flex-start' },
        gap: 1.5,
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography component="p" sx={{ fontWeight: 600 }}>
          {t('replaceMe.heading')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {body}
        </Typography>
      </Box>
      {action.queued && (
        <UndoNotice
          message={t('replaceMe.asking', { day, seconds: Math.round(UNDO_WINDOW_MS / 1000) })}
          undoLabel={t('replaceMe.undo')}
          onUndo={action.undo}
        />
      )}
      <Button
        variant="contained"
        startIcon={<SwapHorizIcon />}
        loading={action.pending}
        disabled={!!action.queued}
        onClick={() =>
          action.ask(
            {
              selectedDay: replaceMe.selectedDay!,
              isNextMonday: replaceMe.isNextMonday,
              ...(replaceMe.locationId ? { locationId: replaceMe.locationId } : {}),
            },
            day,
          )
        }
        sx={{ whiteSpace: { sm: 'nowrap' }, '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } } }}
      >
        {t('replaceMe.request', { day })}
      </Button>
    </Box>
  );
}
