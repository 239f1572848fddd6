import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';

/**
 * Above every route: a progress bar while a navigation loads (the route guard's checks, a lazy page), and
 * scroll reset to the top on navigation (spec §2).
 */
export function RootLayout() {
  const { t } = useTranslation();
  const navigating = useNavigation().state !== 'idle';
  return (
    <>
      {navigating && (
        <LinearProgress
          aria-label={t('navigationProgress')}
          sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar + 1, height: 3 }}
        />
      )}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
