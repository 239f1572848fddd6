import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useDebugMode } from '../lib/debug-mode';
import { getRuntimeConfig } from '../lib/runtime-config';

/** Spec §2 and §9: a 24 px bar with build facts, in development or after 10 activations. */
export const DEBUG_BAR_HEIGHT = 24;

export function DebugBar() {
  const { t, i18n } = useTranslation();
  const shown = useDebugMode();
  if (!shown) return null;
  let version = '?';
  let environment = '?';
  let release = '?';
  try {
    ({ appVersion: version, environment, release } = getRuntimeConfig());
  } catch {
    // Shown before the configuration loaded: the facts stay unknown.
  }
  return (
    <Box
      role="region"
      aria-label={t('debug.label')}
      data-testid="debug-bar"
      sx={{
        height: DEBUG_BAR_HEIGHT,
        px: 2,
        display: 'flex',
        alignItems: 'center',
        gap: 3,
        fontSize: 12,
        fontFamily: 'monospace',
        bgcolor: '#15202b',
        color: '#e6edf3',
        position: 'sticky',
        bottom: 0,
        zIndex: (theme) => theme.zIndex.snackbar - 1,
      }}
    >
      <span>{t('debug.version', { version })}</span>
      <span>{t('debug.release', { release })}</span>
      <span>{t('debug.environment', { environment })}</span>
      <span>{t('debug.locale', { locale: i18n.language })}</span>
    </Box>
  );
}
