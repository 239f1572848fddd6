import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { paths } from '../lib/paths';
import { clearSession, getSession } from '../lib/session';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorBoundary } from './route-error-boundary';

/*
 * Every page is its own lazily loaded chunk (Vite 8 ignores manualChunks, so route-level `lazy` is what keeps
 * the first page small). The signed-in shell is lazy too, so the sign-in page never downloads it; the public
 * frame is tiny and also wraps the error boundary, so it is loaded eagerly.
 */

const appLayout = async () => ({ Component: (await import('./layouts/app-layout')).AppLayout });

/** Spec §2: login and impersonate-login go home when already signed in. */
function redirectHomeIfSignedIn() {
  return getSession() ? redirect(paths.home) : null;
}

/** Temporary stand-in for the route guard (next issue): without a session, home sends you to sign in. */
function requireSessionForHome() {
  return getSession() ? null : redirect(paths.login);
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: LoadingScreen,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        // Signed-in area. Pages are placeholders until their issues land; the guard of spec §2 goes here.
        lazy: appLayout,
        children: [
          {
            index: true,
            loader: requireSessionForHome,
            lazy: async () => ({ Component: (await import('../features/dashboard/home-page')).HomePage }),
          },
          {
            path: paths.availability,
            lazy: async () => ({ Component: (await import('../features/availability/availability-page')).AvailabilityPage }),
          },
          {
            path: paths.clientOverview,
            lazy: async () => ({ Component: (await import('../features/overview/client-overview-page')).ClientOverviewPage }),
          },
          {
            path: paths.groupOverview,
            lazy: async () => ({ Component: (await import('../features/group-overview/group-overview-page')).GroupOverviewPage }),
          },
          {
            path: paths.timesheets,
            lazy: async () => ({ Component: (await import('../features/timesheets/timesheets-page')).TimesheetsPage }),
          },
          {
            path: paths.candidates,
            lazy: async () => ({ Component: (await import('../features/candidates/candidates-page')).CandidatesPage }),
          },
          {
            path: paths.help,
            lazy: async () => ({ Component: (await import('../features/help/help-page')).HelpPage }),
          },
          {
            path: paths.bookings,
            children: [
              {
                index: true,
                lazy: async () => ({ Component: (await import('../features/bookings/bookings-page')).BookingsPage }),
              },
              {
                path: paths.bookingsCreate,
                lazy: async () => ({ Component: (await import('../features/bookings/bookings-create-page')).BookingsCreatePage }),
              },
              {
                path: paths.bookingsPendingApproval,
                lazy: async () => ({ Component: (await import('../features/bookings/pending-approval-page')).PendingApprovalPage }),
              },
            ],
          },
          {
            path: paths.settings,
            lazy: async () => ({ Component: (await import('../features/settings/settings-page')).SettingsPage }),
          },
          {
            path: paths.changePassword,
            lazy: async () => ({ Component: (await import('../features/settings/change-password-page')).ChangePasswordPage }),
          },
          {
            path: paths.finance,
            lazy: async () => ({ Component: (await import('../features/finance/finance-page')).FinancePage }),
          },
          {
            path: paths.invoiceDetails,
            lazy: async () => ({ Component: (await import('../features/finance/invoice-page')).InvoicePage }),
          },
        ],
      },
      {
        // Public pages.
        Component: PublicLayout,
        children: [
          {
            path: paths.login,
            loader: redirectHomeIfSignedIn,
            lazy: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }),
          },
          {
            path: paths.forgotPassword,
            lazy: async () => ({ Component: (await import('../features/auth/forgot-password-page')).ForgotPasswordPage }),
          },
          {
            path: paths.impersonateLogout,
            lazy: async () => ({ Component: (await import('../features/auth/impersonate-pages')).ImpersonateLogoutPage }),
          },
          {
            path: paths.impersonateLogin,
            loader: redirectHomeIfSignedIn,
            lazy: async () => ({ Component: (await import('../features/auth/impersonate-pages')).ImpersonateLoginPage }),
          },
          {
            path: paths.underConstruction,
            lazy: async () => ({ Component: (await import('../features/public/under-construction-page')).UnderConstructionPage }),
          },
          {
            path: paths.landing,
            lazy: async () => ({ Component: (await import('../features/public/landing-page')).LandingPage }),
          },
          {
            path: paths.notFound,
            lazy: async () => ({ Component: (await import('../features/errors/error-pages')).NotFoundPage }),
          },
          {
            path: paths.error,
            lazy: async () => ({ Component: (await import('../features/errors/error-pages')).InternalErrorPage }),
          },
          {
            path: paths.unauthorized,
            lazy: async () => ({ Component: (await import('../features/errors/error-pages')).UnauthorizedPage }),
          },
          {
            path: paths.forbidden,
            lazy: async () => ({ Component: (await import('../features/errors/error-pages')).ForbiddenPage }),
          },
          {
            path: paths.accountLoadFailed,
            lazy: async () => ({ Component: (await import('../features/errors/error-pages')).AccountLoadFailedPage }),
          },
          {
            path: paths.noServerResponse,
            lazy: async () => ({ Component: (await import('../features/errors/error-pages')).NoServerResponsePage }),
          },
          {
            path: paths.actionLocked,
            lazy: async () => ({ Component: (await import('../features/errors/error-pages')).ActionLockedPage }),
          },
          {
            path: '*',
            lazy: async () => ({ Component: (await import('../features/errors/error-pages')).NotFoundPage }),
          },
        ],
      },
      // Spec §2: /error goes to the generic error page.
      { path: paths.errorRedirect, loader: () => redirect(paths.error) },
      {
        // Signs out, then home (which, without a session, is the sign-in page).
        path: paths.logout,
        loader: () => {
          clearSession();
          return redirect(paths.home);
        },
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
