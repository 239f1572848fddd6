import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { PageTimeoutView } from '../../components/page-timeout-view';
import { Spinner } from '../../components/spinner';
import { PAGE_LOADING_DELAY_MS, PAGE_TIMEOUT_MS } from '../../lib/page-load';
import { useDismissBootPaintUnlessHeld } from '../boot-paint';
import './root-layout.css';

const NavigationProgress = lazy(() => import('./navigation-progress').then((module) => ({ default: module.NavigationProgress })));

type Phase = 'idle' | 'quiet' | 'loading' | 'timeout';

/** How long the current navigation has been loading, in the phases of spec §2 (400 ms, then 10 s). */
export function useNavigationPhase(navigating: boolean): Phase {
  // The phase reached by the timers of the current navigation; 'quiet' until the first one fires.
  const [phase, setPhase] = useState<Exclude<Phase, 'idle'>>('quiet');
  useEffect(() => {
    if (!navigating) return;
    const loading = setTimeout(() => setPhase('loading'), PAGE_LOADING_DELAY_MS);
    const timeout = setTimeout(() => setPhase('timeout'), PAGE_TIMEOUT_MS);
    return () => {
      clearTimeout(loading);
      clearTimeout(timeout);
      setPhase('quiet');
    };
  }, [navigating]);
  return navigating ? phase : 'idle';
}

/**
 * Above every route: a progress bar while a navigation loads (the route guard's checks, a lazy page), a loading
 * view after 400 ms and a timeout view after 10 s (spec §2), and scroll reset to the top on navigation. Drawn with
 * CSS (root-layout.css): it is above the sign-in page, which loads no MUI.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const navigating = useNavigation().state === 'loading';
  const phase = useNavigationPhase(navigating);
  // The first real screen has rendered: index.html's static first paint goes (the signed-in shell keeps it until its page has).
  useDismissBootPaintUnlessHeld();
  return (
    <>
      {navigating && (
        <Suspense fallback={null}>
          <NavigationProgress />
        </Suspense>
      )}
      {phase === 'loading' && (
        <div role="status" className="portal-page-loading">
          <Spinner size={18} />
          <span>{t('pageLoad.loading')}</span>
        </div>
      )}
      {phase === 'timeout' && (
        <div className="portal-page-timeout">
          <PageTimeoutView />
        </div>
      )}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
