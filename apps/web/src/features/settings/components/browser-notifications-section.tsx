import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../lib/toast';
import { deletePushSubscription, getPushSubscriptions, savePushSubscription } from '../../../lib/push-subscriptions';
import { currentSubscription, notificationPermission, pushSupported, subscribeBrowser } from '../../../lib/browser-push';

const thisBrowserKey = ['push-subscriptions', 'this-browser'] as const;

/** Whether this browser has a subscription that the server keeps, live, for the signed-in contact. */
async function subscribedHere(): Promise<boolean> {
  const subscription = await currentSubscription();
  if (!subscription) return false;
  return (await getPushSubscriptions()).some((s) => s.endpoint === subscription.endpoint && s.expiredAt === null);
}

/**
 * Browser notifications: the switch subscribes this browser (asking the permission first) with the server's VAPID
 * key and hands the subscription to the server; off forgets it on both sides. Shown only where the server can send
 * push (the runtime configuration carries its key).
 */
export function BrowserNotificationsSection({ publicKey }: { publicKey: string }) {
  const { t } = useTranslation('pages');
  const toast = useToast();
  const queryClient = useQueryClient();
  const supported = pushSupported();
  const [permission, setPermission] = useState(notificationPermission);
  const [busy, setBusy] = useState(false);
  const state = useQuery({ queryKey: thisBrowserKey, queryFn: subscribedHere, enabled: supported });
  const on = permission === 'granted' && state.data === true;

  async function turnOn() {
    const answer = await Notification.requestPermission();
    setPermission(answer);
    if (answer !== 'granted') return;
    await savePushSubscription(await subscribeBrowser(publicKey));
    toast.success(t('settings.browserNotifications.turnedOn'));
  }

  async function turnOff() {
    const subscription = await currentSubscription();
    if (subscription) {
      await deletePushSubscription(subscription.endpoint);
      await subscription.unsubscribe();
    }
    toast.success(t('settings.browserNotifications.turnedOff'));
  }

  async function toggle(next: boolean) {
    setBusy(true);
    try {
      await (next ? turnOn() : turnOff());
    } catch {
      toast.error(t(next ? 'settings.browserNotifications.onFailed' : 'settings.browserNotifications.offFailed'));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: thisBrowserKey });
    }
  }

  const note = !supported
    ? t('settings.browserNotifications.unsupported')
    : permission === 'denied'
      ? t('settings.browserNotifications.denied')
      : undefined;

  return (
    <Paper variant="outlined" component="section" aria-labelledby="settings-push" sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: '16px' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <NotificationsActiveOutlinedIcon sx={{ color: 'text.secondary' }} aria-hidden="true" />
        <Typography variant="h2" id="settings-push" sx={{ fontSize: '1.125rem' }}>
          {t('settings.browserNotifications.heading')}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('settings.browserNotifications.description')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, maxWidth: 480 }}>
        <div>
          <Typography id="push-switch-label" sx={{ fontWeight: 500 }}>
            {t('settings.browserNotifications.switch')}
          </Typography>
          <Typography variant="body2" data-testid="push-state" sx={{ color: 'text.secondary' }}>
            {on ? t('settings.browserNotifications.on') : t('settings.browserNotifications.off')}
          </Typography>
        </div>
        <Switch
          checked={on}
          onChange={(event) => void toggle(event.target.checked)}
          disabled={!supported || permission === 'denied' || busy || state.isPending}
          slotProps={{ input: { 'aria-labelledby': 'push-switch-label' } }}
        />
      </Box>
      {note && (
        <Alert severity={supported ? 'warning' : 'info'} sx={{ mt: 2 }}>
          {note}
        </Alert>
      )}
    </Paper>
  );
}
