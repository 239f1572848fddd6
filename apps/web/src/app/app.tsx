import { useEffect } from 'react';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { getQueryClient } from '../lib/app-query-client';
import { subscribeToSession } from '../lib/session';
import { AppProviders } from './providers';

/** The app around its router (created by main.tsx before the first render, `createAppRouter`). */
export function App({ router }: { router: DataRouter }) {
  // Spec §4: the user (the cached profile and everything loaded for it) goes with the session.
  useEffect(
    () =>
      subscribeToSession((event) => {
        if (event === 'started' || event === 'ended') getQueryClient()?.clear();
      }),
    [],
  );

  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
