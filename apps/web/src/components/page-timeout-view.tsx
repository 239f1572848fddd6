import WifiOffOutlinedIcon from '@mui/icons-material/WifiOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverAnswers } from '../lib/page-load';

/**
 * Spec §2: a page that did not arrive in time. HEAD /api/ping: when the server answers the page reloads (a new
 * deployment or a lost chunk), otherwise the user is asked whether they are still connected.
 */
export function PageTimeoutView({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'checking' | 'offline'>('checking');
  useEffect(() => {
    let cancelled = false;
    void serverAnswers().then((answers) => {
      if (cancelled) return;
      if (answers) reload();
      else setState('offline');
    });
    return () => {
      cancelled = true;
    };
  }, [reload]);

  return (
    <Box role="alert" sx={{ display: 'grid', placeItems: 'center', textAlign: 'center', py: 8, px: 2, gap: 2 }}>
      {state === 'checking' ? (
        <>
          <CircularProgress aria-hidden="true" />
          <Typography>{t('pageLoad.timeoutChecking')}</Typography>
        </>
      ) : (
        <>
          <WifiOffOutlinedIcon aria-hidden="true" sx={{ fontSize: 48, color: 'text.secondary' }} />
          <Typography variant="h2" component="h1">
            {t('pageLoad.timeoutTitle')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', maxWidth: '48ch' }}>{t('pageLoad.timeoutBody')}</Typography>
          <Button variant="contained" onClick={reload}>
            {t('pageLoad.retry')}
          </Button>
        </>
      )}
    </Box>
  );
}
