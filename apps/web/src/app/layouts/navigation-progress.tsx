import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';

/** The bar at the top while a navigation loads; its own chunk, since the first page never navigates. */
export function NavigationProgress() {
  const { t } = useTranslation();
  return (
    <LinearProgress
      aria-label={t('navigationProgress')}
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar + 1, height: 3 }}
    />
  );
}
