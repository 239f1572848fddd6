import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServiceStatus } from '../api/get-service-status';

/** The dialog carries DOMPurify and react-markdown, so it is only downloaded when someone opens it. */
const ServiceStatusDialog = lazy(async () => ({ default: (await import('./service-status-dialog')).ServiceStatusDialog }));

/** Spec §9: on mobile the banner title is cut at 60 characters. */
export const MOBILE_TITLE_LENGTH = 60;

export function truncateTitle(title: string, max = MOBILE_TITLE_LENGTH): string {
  return title.length <= max ? title : `${title.slice(0, max - 1).trimEnd()}…`;
}

function alertSeverity(severity: string): 'info' | 'warning' | 'error' {
  return severity === 'warning' || severity === 'error' ? severity : 'info';
}

/** Spec §2: the status title with Learn More, only when a status loaded. */
export function ServiceStatusBanner() {
  const { t } = useTranslation();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('lg'), { noSsr: true });
  const status = useServiceStatus().data;
  const [open, setOpen] = useState(false);
  if (!status) return null;
  return (
    <section aria-label={t('serviceStatus.region')}>
      <Alert
        severity={alertSeverity(status.severity)}
        variant="standard"
        sx={{ borderRadius: 0, alignItems: 'center', '& .MuiAlert-message': { flex: 1, fontWeight: 600 } }}
        action={
          <Button color="inherit" size="small" onClick={() => setOpen(true)} sx={{ color: 'inherit', textDecoration: 'underline' }}>
            {t('serviceStatus.learnMore')}
          </Button>
        }
      >
        <span title={status.bannerTitle}>{mobile ? truncateTitle(status.bannerTitle) : status.bannerTitle}</span>
      </Alert>
      {open && (
        <Suspense fallback={null}>
          <ServiceStatusDialog status={status} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
