import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/locale-format';
import { useToast } from '../../../lib/toast';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feed';

/**
 * The personal bookings calendar link. The server keeps only a hash of the link's secret, so the
 * link is shown once, right after it is made; making a new one turns the old one off.
 */
export function CalendarFeedSection() {
  const { t, i18n } = useTranslation('pages');
  const toast = useToast();
  const feed = useCalendarFeed(true);
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const busy = create.isPending || revoke.isPending;
  const active = feed.data?.active ?? false;

  async function make() {
    try {
      const created = await create.mutateAsync();
      setUrl(created.url);
      setCopied(false);
      toast.success(t('settings.calendarFeed.created'));
    } catch {
      toast.error(t('settings.calendarFeed.failed'));
    }
  }

  async function turnOff() {
    try {
      await revoke.mutateAsync();
      setUrl(null);
      toast.success(t('settings.calendarFeed.revoked'));
    } catch {
      toast.error(t('settings.calendarFeed.failed'));
    }
  }

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin): the field is selected for a manual copy.
      (document.getElementById('calendar-feed-url') as HTMLInputElement | null)?.select();
    }
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="settings-calendar" sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: '16px' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <EventAvailableOutlinedIcon sx={{ color: 'text.secondary' }} aria-hidden="true" />
        <Typography variant="h2" id="settings-calendar" sx={{ fontSize: '1.125rem' }}>
          {t('settings.calendarFeed.heading')}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('settings.calendarFeed.description')}
      </Typography>
      <Stack spacing={2}>
        {feed.data && (
          <Typography data-testid="calendar-feed-state" sx={{ fontWeight: 500 }}>
            {active && feed.data.createdAt
              ? t('settings.calendarFeed.active', { date: formatDateTime(feed.data.createdAt, i18n.language) })
              : t('settings.calendarFeed.inactive')}
          </Typography>
        )}
        {url && active && (
          <>
            <TextField
              id="calendar-feed-url"
              label={t('settings.calendarFeed.urlLabel')}
              value={url}
              fullWidth
              slotProps={{
                input: {
                  readOnly: true,
                  endAdornment: (
                    <InputAdornment position="end">
                      <Tooltip title={copied ? t('settings.calendarFeed.copied') : t('settings.calendarFeed.copy')}>
                        <IconButton aria-label={t('settings.calendarFeed.copy')} onClick={() => void copy()} edge="end">
                          <ContentCopyIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </InputAdornment>
                  ),
                },
                htmlInput: { 'data-testid': 'calendar-feed-url', onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select() },
              }}
            />
            <Alert severity="info" role="status">
              {copied ? t('settings.calendarFeed.copied') : t('settings.calendarFeed.shownOnce')}
            </Alert>
          </>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button variant={active ? 'outlined' : 'contained'} onClick={() => void make()} disabled={busy || feed.isPending}>
            {active ? t('settings.calendarFeed.regenerate') : t('settings.calendarFeed.create')}
          </Button>
          {active && (
            <Button variant="text" color="error" onClick={() => void turnOff()} disabled={busy}>
              {t('settings.calendarFeed.revoke')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
