import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { ThemeProviders } from '../app/theme-providers';
import { ToastProvider } from '../app/toast-provider';
import { setRuntimeConfig, type RuntimeConfig } from '../lib/runtime-config';

export const testRuntimeConfig: RuntimeConfig = {
  apiBaseUrl: '/',
  apiVersion: '1',
  localeByOrigin: {},
  defaultLocale: 'en',
  serviceStatusUrl: null,
  mapTilesUrl: null,
  errorReportingDsn: null,
  providerContacts: { 'en-GB': { phone: '020 7946 0958', email: 'bookings.uk@provider.test' } },
  appStoreLinks: {},
  environment: 'test',
  demo: false,
  confirmationMethods: ['email', 'sms', 'voice', 'push'],
  pushPublicKey: null,
  appVersion: '1.0.0',
  release: 'v1.0.0-test',
};

/** Renders a component inside the app's providers and a memory router, with a test configuration loaded. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', config = testRuntimeConfig }: { route?: string; config?: RuntimeConfig } = {},
) {
  setRuntimeConfig(config);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] });
  return {
    router,
    ...render(
      <AppProviders queryClient={queryClient}>
        <ThemeProviders>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </ThemeProviders>
      </AppProviders>,
    ),
  };
}

/** A fetch stub answering with one JSON body (problem+json when the status is an error). */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });
}
