import { Suspense } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import type { ErrorType } from '../components/error-screen';
import { PageTimeoutView } from '../components/page-timeout-view';
import { lazyOr } from '../lib/lazy-or';
import { ChunkLoadError } from '../lib/page-load';
import { useSession } from '../lib/use-session';
import { useDismissBootPaint } from './boot-paint';
import { PublicLayoutFrame } from './layouts/public-layout';
import { Themed } from './themed';

/**
 * The error page is drawn with MUI, which the first page does not load: its code comes when an error shows. When it
 * cannot come (offline), the timeout view (no MUI) asks whether the user is still connected.
 */
const ErrorScreen = lazyOr<{ type: ErrorType; signedIn: boolean }>(
  async () => (await import('../components/error-screen')).ErrorScreen,
  () => <PageTimeoutView />,
);

/** Whatever a route throws (a failed chunk load, a loader error, a 404 response) ends up here. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const signedIn = useSession() !== null;
  useDismissBootPaint();
  let type: ErrorType = 'internalServerError';
  // Spec §2: a page whose code did not arrive gets the timeout view (ping, then reload), not a blank page.
  if (error instanceof ChunkLoadError) {
    return (
      <PublicLayoutFrame>
        <PageTimeoutView />
      </PublicLayoutFrame>
    );
  }
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) type = 'pageNotFoundError';
    else if (error.status === 401) type = 'unAuthorizedError';
    else if (error.status === 403) type = 'forbiddenError';
    else if (error.status === 400) type = 'badRequestError';
    else if (error.status === 410) type = 'expiredError';
  } else if (import.meta.env.DEV) {
    console.error(error);
  }
  return (
    <PublicLayoutFrame>
      <Themed>
        <Suspense fallback={null}>
          <ErrorScreen type={type} signedIn={signedIn} />
        </Suspense>
      </Themed>
    </PublicLayoutFrame>
  );
}
