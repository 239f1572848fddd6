import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { getQueryClient, loadQueryClient } from '../lib/app-query-client';
import { subscribeToSession } from '../lib/session';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(() => createAppRouter(loadQueryClient));

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
