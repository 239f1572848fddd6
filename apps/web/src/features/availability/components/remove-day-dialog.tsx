import type { DayAway } from '@portal/contract/availability';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { GeneralModal } from '../../../components/general-modal';
import { ApiError } from '../../../lib/api-error';
import { useRemoveDayAway } from '../api/remove-day-away';
import { formatDayAway, formatDayShort } from '../format';
import { useAvailabilityTranslation } from '../use-availability-translation';

/** Asks before removing a day away; a refusal is shown in the dialog with the server's message. */
export function RemoveDayDialog({
  day,
  onClose,
  onRemoved,
}: {
  day: DayAway | null;
  onClose: () => void;
  onRemoved: (message: string) => void;
}) {
  const { t, locale } = useAvailabilityTranslation();
  const { t: te } = useTranslation('errors');
  const remove = useRemoveDayAway();

  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (!day) return;
    remove.mutate(day.id, {
      onSuccess: () => {
        onRemoved(t('remove.removed', { date: formatDayShort(day.dateLocal, locale) }));
        close();
      },
    });
  };

  const error = remove.error;
  let failure: string | undefined;
  if (error) {
    if (error instanceof ApiError && error.noResponse) failure = te('api.noServerResponse');
    else failure = (error instanceof ApiError && error.serverMessage) || te('api.generic');
  }

  return (
    <GeneralModal
      open={day !== null}
      title={t('remove.title')}
      onClose={close}
      persistent={remove.isPending}
      maxWidth="xs"
      actions={
        <Button variant="contained" color="error" onClick={confirm} loading={remove.isPending}>
          {t('remove.confirm')}
        </Button>
      }
    >
      {day && (
        <Typography>{t('remove.body', { date: formatDayAway(day.dateLocal, locale), reason: t(`reasons.${day.reason}`) })}</Typography>
      )}
      {failure && (
        <Alert severity="error" variant="outlined" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
    </GeneralModal>
  );
}
