import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '../lib/query-client';
import { subscribeToSession } from '../lib/session';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));

  // Spec §4: the user (the cached profile and everything loaded for it) goes with the session.
  useEffect(
    () =>
      subscribeToSession((event) => {
        if (event === 'started' || event === 'ended') queryClient.clear();
      }),
    [queryClient],
  );

  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
