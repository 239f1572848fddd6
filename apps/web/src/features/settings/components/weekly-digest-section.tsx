import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/query-state';
import { failureMessage } from '../../../lib/api-error';
import { useToast } from '../../../lib/toast';
import { useUpdateWeeklyDigest, useWeeklyDigest } from '../api/weekly-digest';

/**
 * The weekly digest e-mail: on Monday mornings last week's spend and fill rate and the coming week's unfilled
 * bookings of the contact's schools. A switch, kept on the server; a failure puts it back and says why.
 */
export function WeeklyDigestSection() {
  const { t } = useTranslation('reports');
  const toast = useToast();
  const setting = useWeeklyDigest();
  const update = useUpdateWeeklyDigest();

  return (
    <Paper variant="outlined" component="section" aria-labelledby="settings-digest" sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: '16px' }}>
      <Typography variant="h2" id="settings-digest" sx={{ fontSize: '1.125rem', mb: 2 }}>
        {t('digest.heading')}
      </Typography>
      {setting.isError ? (
        <ErrorState message={failureMessage(setting.error, t('digest.loadFailed'))} onRetry={() => void setting.refetch()} />
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, maxWidth: 480 }}>
          <div>
            <Typography id="weekly-digest-label" sx={{ fontWeight: 500 }}>
              {t('digest.label')}
            </Typography>
            <Typography variant="body2" id="weekly-digest-hint" sx={{ color: 'text.secondary' }}>
              {t('digest.hint')}
            </Typography>
          </div>
          {setting.data ? (
            <Switch
              checked={setting.data.weeklyDigest}
              disabled={update.isPending}
              onChange={(event) =>
                update.mutate(
                  { weeklyDigest: event.target.checked },
                  {
                    onSuccess: (kept) => toast.success(t(kept.weeklyDigest ? 'digest.on' : 'digest.off')),
                    onError: (error) => toast.error(failureMessage(error, t('digest.saveFailed'))),
                  },
                )
              }
              slotProps={{ input: { 'aria-labelledby': 'weekly-digest-label', 'aria-describedby': 'weekly-digest-hint' } }}
            />
          ) : (
            <Skeleton variant="rounded" width={58} height={38} aria-hidden="true" />
          )}
        </Box>
      )}
    </Paper>
  );
}
