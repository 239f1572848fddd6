import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, createContext, redirect, useLoaderData, type MiddlewareFunction, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { i18n, resolveLocale } from '../lib/i18n';
import { startFirstRequests, type FirstRequests, type StartsFirstRequests } from '../lib/first-requests';
import { loadChunk, loadFirstPageChunk } from '../lib/page-load';
import { yieldToMain } from '../lib/yield-to-main';
import { landingPath, paths } from '../lib/paths';
import { profileQueryOptions } from '../lib/profile-query';
import { getSelectedClientIds, setSelectedClientIds } from '../lib/selected-clients';
import { warmIntl } from '../lib/warm-intl';
import {
  getSession,
  isImpersonating,
  refreshSession,
  restoreSessionOnce,
  setImpersonationAccount,
  signOut,
  type RefreshOutcome,
} from '../lib/session';
import { PLAIN_PAGE, PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { bootPaintShowing } from './boot-paint';
import { loadTheme, Themed } from './themed';
import { RouteErrorBoundary } from './route-error-boundary';
import type { GuardDeps, GuardResult, RouteAccess } from './route-guard';

/** The guard's code (and the permission engine and zod it needs) loads with the signed-in area, not the first page. */
const routeGuard = () => import('./route-guard');

/*
 * Every page is its own lazily loaded chunk (Vite 8 ignores manualChunks, so route-level `lazy` is what keeps
 * the first page small). The signed-in shell is lazy too, so the sign-in page never downloads it; the public
 * frame is tiny and also wraps the error boundary, so it is loaded eagerly.
 *
 * The route guard (spec §2) runs as middleware, which React Router runs top-down before any loader on every
 * navigation: the root restores the session once at app start, the signed-in area checks session, profile and
 * selected clients, and each guarded route checks its own permission.
 */

/** The outcome of the app-start refresh, in the navigation that made it (so the guard does not ask twice). */
const startupRefreshContext = createContext<RefreshOutcome | null>(null);
const guardContext = createContext<Extract<GuardResult, { kind: 'allow' }>>();
/** Whether a page open to both draws in the signed-in shell (the session and profile checked out). */
const signedInFrameContext = createContext(false);

/**
 * A page (or layout) drawn with MUI: its code, and MUI's theme with it (one chunk for all of them). Only the sign-in
 * page draws without MUI, so the first page loads none; PublicLayout puts the theme around the others.
 */
const loadPage = <T,>(load: () => Promise<T>) =>
  loadChunk(async () => {
    await loadTheme();
    await loadContract();
    return load();
  });

let contract: Promise<unknown> | undefined;
/**
 * zod and the contract's schemas (three files, vite.config.ts), evaluated one per task before a page's code: zod
 * builds every schema as its module loads, some 150 ms at a phone's 4× CPU that was part of the page's task.
 */
function loadContract(): Promise<unknown> {
  contract ??= import('../lib/zod-code')
    .then(yieldToMain)
    .then(() => import('@portal/contract/invoices'))
    .then(yieldToMain)
    .then(() => import('@portal/contract/bookings'))
    .then(yieldToMain, (error: unknown) => {
      contract = undefined;
      throw error;
    });
  return contract;
}

/** The signed-in shell, inside MUI's theme (its pages draw in its outlet; `loadPage` has loaded the theme). */
const appLayout = async () => {
  const { AppLayout } = await loadPage(() => import('./layouts/app-layout'));
  return {
    Component: () => (
      <Themed>
        <AppLayout />
      </Themed>
    ),
  };
};
/** The signed-in shell when the route's loader says the contact is signed in, else the public frame. */
const shellOrPublicFrame = async () => {
  const { AppLayout } = await loadPage(() => import('./layouts/app-layout'));
  return {
    Component: function ShellOrPublicFrame() {
      return useLoaderData<boolean>() ? (
        <Themed>
          <AppLayout />
        </Themed>
      ) : (
        <PublicLayout />
      );
    },
  };
};
// The error pages need no contract: they show when the rest may not load.
const errorPages = () => loadChunk(() => loadTheme().then(() => import('../features/errors/error-pages')));

/** While the app starts: the loading screen, unless index.html's static sign-in page lies over it. */
function StartingScreen() {
  return bootPaintShowing() ? null : <LoadingScreen />;
}

/** Routes that only redirect render nothing meanwhile (the progress bar shows). */
function Nothing() {
  return null;
}

function currentLandingPath(): string {
  return landingPath(i18n.language || 'en');
}

/** The query client, or (the app) a way to load it: the first page does without it (lib/app-query-client.ts). */
type QueryClientSource = QueryClient | (() => Promise<QueryClient>);

/** What a lazy route's module gives it: its page, and the loader when the page has one. */
type LazyParts = Pick<RouteObject, 'Component' | 'loader'>;

/** A route's lazy part: the module loaded with MUI and the contract (`loadPage`), then the parts it gives the route. */
const lazyPage =
  <T,>(load: () => Promise<T>, parts: (module: T) => LazyParts) =>
  async (): Promise<LazyParts> =>
    parts(await loadPage(load));

/** An error page's lazy part (no contract: they show when the rest may not load). */
const lazyErrorPage =
  (pick: (module: Awaited<ReturnType<typeof errorPages>>) => LazyParts['Component']) => async (): Promise<LazyParts> => ({
    Component: pick(await errorPages()),
  });

/** The route guard's middleware (spec §2), around one query client and the app-start refresh. */
function createGuards(queryClient: QueryClientSource) {
  const client = () => (typeof queryClient === 'function' ? queryClient() : Promise.resolve(queryClient));
  let startup: Promise<RefreshOutcome> | undefined;

  /** App start: one silent refresh, so a reload keeps the user signed in. */
  const restoreSession: MiddlewareFunction = async ({ context }) => {
    if (startup) {
      await startup;
      return;
    }
    startup = restoreSessionOnce();
    context.set(startupRefreshContext, await startup);
  };

  /** The signed-in area: session, profile, selected clients. */
  const requireSession: MiddlewareFunction = async ({ context }) => {
    const { checkSession } = await routeGuard();
    const result = await checkSession(guardDeps(client, context.get(startupRefreshContext)));
    if (result.kind === 'redirect') throw redirect(result.to);
    context.set(guardContext, result);
  };

  /**
   * The forbidden page's frame: a signed-in contact whose profile loads sees it inside the shell, with the
   * navigation; anyone else (signed out, or the profile itself refused) in the public frame. Never redirects, so
   * a refused profile that leads here cannot loop.
   */
  const sessionIfAny: MiddlewareFunction = async ({ context }) => {
    if (!getSession()) return;
    const { checkSession } = await routeGuard();
    const result = await checkSession(guardDeps(client, context.get(startupRefreshContext)));
    context.set(signedInFrameContext, result.kind === 'allow');
  };

  /** A page's loader: its first requests, started once the session check has passed; nothing waits for them. */
  const startsFirstRequests: StartsFirstRequests =
    (requests: FirstRequests) =>
    ({ params, request, context }) => {
      const { profile, selectedClientIds } = context.get(guardContext);
      const started = requests({ params, search: new URL(request.url).searchParams, profile, selectedClientIds });
      void client().then((queryClient) => startFirstRequests(queryClient, started));
      return null;
    };

  return { restoreSession, requireSession, sessionIfAny, startsFirstRequests };
}

/** A page's loader that only starts its first requests runs as the page is entered, not on each change of address. */
const enteredOnly = () => false;

/** What the guard's session check needs: the session, the profile (through the query client) and the selection. */
function guardDeps(client: () => Promise<QueryClient>, startupOutcome: RefreshOutcome | null): GuardDeps {
  return {
    hasSession: () => getSession() !== null,
    refresh: () => (startupOutcome ? Promise.resolve(startupOutcome) : refreshSession()),
    isImpersonating,
    loadProfile: async () => (await client()).fetchQuery(profileQueryOptions()),
    onProfile: async (profile) => {
      const locale = resolveLocale(profile.contact.language);
      if (i18n.language !== locale) await i18n.changeLanguage(locale);
      setImpersonationAccount(
        profile.impersonation ? { name: profile.impersonation.staffName, email: profile.impersonation.staffEmail } : null,
      );
    },
    getSelectedClientIds,
    setSelectedClientIds,
    // Started, not awaited: the page does not wait for the details, and the shell's loader tells a failure. Its
    // code is a small chunk of the signed-in area, not the first page's.
    loadFirstClientDetails: async (clientId) => {
      void Promise.all([import('../lib/client-details'), client()]).then(([{ clientDetailsQueryOptions }, queryClient]) =>
        queryClient.prefetchQuery(clientDetailsQueryOptions(clientId)),
      );
    },
    landingPath: currentLandingPath,
  };
}

/** A guarded route: its permission check (spec §6 route requirements). */
const requireAccess =
  (access: RouteAccess): MiddlewareFunction =>
  async ({ context }) => {
    const { profile, selectedClientIds } = context.get(guardContext);
    const { checkRoute } = await routeGuard();
    const to = checkRoute(access, profile, selectedClientIds);
    if (to) throw redirect(to);
  };

/** Home: spec §2 sends a contact of several clients without a selection to the client overview first. */
const chooseClientFirst: MiddlewareFunction = async ({ context }) => {
  const { profile, selectionWasEmpty } = context.get(guardContext);
  const { clientOverviewRedirect } = await routeGuard();
  const to = clientOverviewRedirect(profile, selectionWasEmpty);
  if (to) throw redirect(to);
};

/** Spec §2: login and impersonate-login go home when already signed in. */
const redirectHomeIfSignedIn: MiddlewareFunction = () => {
  if (!getSession()) return;
  // The sign-in page's start leaves the locale data out (main.tsx); Home formats numbers and dates.
  warmIntl();
  throw redirect(paths.home);
};

/** The signed-in area's pages (inside the shell, after `requireSession`); a guarded one checks its permission. */
function signedInPages(startsFirstRequests: StartsFirstRequests): RouteObject[] {
  return [
    {
      index: true,
      middleware: [chooseClientFirst],
      // Home with the contact's own availability part (features meet only here, in the app shell).
      shouldRevalidate: enteredOnly,
      lazy: async () => {
        const [{ HomePage, homeFirstRequests }, { AvailabilityHomeSection }] = await Promise.all([
          loadPage(() => import('../features/dashboard/home-page')),
          loadPage(() => import('../features/availability/availability-home-section')),
        ]);
        return { loader: startsFirstRequests(homeFirstRequests), Component: () => <HomePage availability={<AvailabilityHomeSection />} /> };
      },
    },
    {
      path: paths.availability,
      lazy: lazyPage(
        () => import('../features/availability/availability-page'),
        (m) => ({ Component: m.AvailabilityPage }),
      ),
    },
    {
      path: paths.clientOverview,
      lazy: lazyPage(
        () => import('../features/overview/client-overview-page'),
        (m) => ({ Component: m.ClientOverviewPage }),
      ),
    },
    {
      path: paths.groupOverview,
      middleware: [requireAccess('groupOverview')],
      lazy: lazyPage(
        () => import('../features/group-overview/group-overview-page'),
        (m) => ({ Component: m.GroupOverviewPage }),
      ),
    },
    {
      path: paths.timesheets,
      middleware: [requireAccess('timesheets')],
      shouldRevalidate: enteredOnly,
      lazy: lazyPage(
        () => import('../features/timesheets/timesheets-page'),
        (m) => ({ loader: startsFirstRequests(m.timesheetsFirstRequests), Component: m.TimesheetsPage }),
      ),
    },
    {
      path: paths.candidates,
      middleware: [requireAccess('candidates')],
      lazy: lazyPage(
        () => import('../features/candidates/candidates-page'),
        (m) => ({ Component: m.CandidatesPage }),
      ),
    },
    {
      path: paths.help,
      lazy: lazyPage(
        () => import('../features/help/help-page'),
        (m) => ({ Component: m.HelpPage }),
      ),
    },
    {
      path: paths.reports,
      middleware: [requireAccess('reports')],
      lazy: lazyPage(
        () => import('../features/reports/reports-page'),
        (m) => ({ Component: m.ReportsPage }),
      ),
    },
    { path: paths.bookings, children: bookingPages(startsFirstRequests) },
    ...settingsPages(),
    ...financePages(startsFirstRequests),
  ];
}

/** The bookings list, a new booking, the requests pending approval, and one booking. */
function bookingPages(startsFirstRequests: StartsFirstRequests): RouteObject[] {
  return [
    {
      index: true,
      shouldRevalidate: enteredOnly,
      lazy: lazyPage(
        () => import('../features/bookings/bookings-page'),
        (m) => ({ loader: startsFirstRequests(m.bookingsFirstRequests), Component: m.BookingsPage }),
      ),
    },
    {
      path: paths.bookingsCreate,
      middleware: [requireAccess('bookingsCreate')],
      lazy: lazyPage(
        () => import('../features/bookings/bookings-create-page'),
        (m) => ({ Component: m.BookingsCreatePage }),
      ),
    },
    {
      path: paths.bookingsPendingApproval,
      middleware: [requireAccess('bookingsPendingApproval')],
      lazy: lazyPage(
        () => import('../features/bookings/pending-approval-page'),
        (m) => ({ Component: m.PendingApprovalPage }),
      ),
    },
    {
      path: paths.bookingDetail,
      lazy: lazyPage(
        () => import('../features/bookings/detail/booking-detail-page'),
        (m) => ({ Component: m.BookingDetailPage }),
      ),
    },
  ];
}

function settingsPages(): RouteObject[] {
  return [
    {
      path: paths.settings,
      lazy: lazyPage(
        () => import('../features/settings/settings-page'),
        (m) => ({ Component: m.SettingsPage }),
      ),
    },
    {
      path: paths.changePassword,
      lazy: lazyPage(
        () => import('../features/settings/change-password-page'),
        (m) => ({ Component: m.ChangePasswordPage }),
      ),
    },
  ];
}

function financePages(startsFirstRequests: StartsFirstRequests): RouteObject[] {
  return [
    {
      path: paths.finance,
      middleware: [requireAccess('finance')],
      shouldRevalidate: enteredOnly,
      lazy: lazyPage(
        () => import('../features/finance/finance-page'),
        (m) => ({ loader: startsFirstRequests(m.financeFirstRequests), Component: m.FinancePage }),
      ),
    },
    {
      path: paths.invoiceDetails,
      middleware: [requireAccess('invoiceDetails')],
      shouldRevalidate: enteredOnly,
      lazy: lazyPage(
        () => import('../features/finance/invoice-page'),
        (m) => ({ loader: startsFirstRequests(m.invoiceFirstRequests), Component: m.InvoicePage }),
      ),
    },
  ];
}

/** Signing in, passwords, unlocking, email actions and impersonation: public pages (several with a loader). */
function authPages(): RouteObject[] {
  return [
    {
      path: paths.login,
      middleware: [redirectHomeIfSignedIn],
      handle: PLAIN_PAGE,
      lazy: async () => ({ Component: (await loadFirstPageChunk(() => import('../features/auth/login-page'))).LoginPage }),
    },
    {
      path: paths.forgotPassword,
      lazy: lazyPage(
        () => import('../features/auth/forgot-password-page'),
        (m) => ({ Component: m.ForgotPasswordPage }),
      ),
    },
    {
      path: paths.resetPassword,
      lazy: lazyPage(
        () => import('../features/auth/reset-password-page'),
        (m) => ({ Component: m.ResetPasswordPage }),
      ),
    },
    {
      path: paths.unlock,
      lazy: lazyPage(
        () => import('../features/auth/unlock-page'),
        (m) => ({ loader: m.unlockLoader, Component: m.UnlockPage }),
      ),
    },
    {
      path: paths.emailAction,
      lazy: lazyPage(
        () => import('../features/email-action/email-action-page'),
        (m) => ({ loader: m.emailActionLoader, Component: m.EmailActionPage }),
      ),
    },
    {
      path: paths.impersonateLogout,
      lazy: lazyPage(
        () => import('../features/auth/impersonate-pages'),
        (m) => ({ loader: m.impersonateLogoutLoader, Component: m.ImpersonateLogoutPage }),
      ),
    },
    {
      // Already signed in goes home, except on the way back from the enterprise login (its loader decides).
      path: paths.impersonateLogin,
      lazy: lazyPage(
        () => import('../features/auth/impersonate-pages'),
        (m) => ({ loader: m.impersonateLoginLoader, Component: m.ImpersonateLoginPage }),
      ),
    },
  ];
}

/** Help, the landing page and what is still to come, open to anyone. */
function openPages(): RouteObject[] {
  return [
    {
      path: paths.publicHelp,
      lazy: lazyPage(
        () => import('../features/help/public-help-page'),
        (m) => ({ Component: m.PublicHelpPage }),
      ),
    },
    {
      path: paths.underConstruction,
      lazy: lazyPage(
        () => import('../features/public/under-construction-page'),
        (m) => ({ Component: m.UnderConstructionPage }),
      ),
    },
    {
      path: paths.landing,
      lazy: lazyPage(
        () => import('../features/public/landing-page'),
        (m) => ({ loader: m.landingLoader, Component: m.LandingPage }),
      ),
    },
  ];
}

/** The error pages, each at its own address; any other address is not found. */
function errorPageRoutes(): RouteObject[] {
  return [
    { path: paths.notFound, lazy: lazyErrorPage((m) => m.NotFoundPage) },
    { path: paths.error, lazy: lazyErrorPage((m) => m.InternalErrorPage) },
    { path: paths.unauthorized, lazy: lazyErrorPage((m) => m.UnauthorizedPage) },
    { path: paths.badRequest, lazy: lazyErrorPage((m) => m.BadRequestPage) },
    { path: paths.linkExpired, lazy: lazyErrorPage((m) => m.LinkExpiredPage) },
    { path: paths.accountLoadFailed, lazy: lazyErrorPage((m) => m.AccountLoadFailedPage) },
    { path: paths.noServerResponse, lazy: lazyErrorPage((m) => m.NoServerResponsePage) },
    { path: paths.actionLocked, lazy: lazyErrorPage((m) => m.ActionLockedPage) },
    { path: '*', lazy: lazyErrorPage((m) => m.NotFoundPage) },
  ];
}

/** Addresses that only redirect. */
function redirectRoutes(): RouteObject[] {
  return [
    // Spec §2: /error goes to the generic error page.
    { path: paths.errorRedirect, loader: () => redirect(paths.error), Component: Nothing },
    {
      // Spec §2 and §4: signs out (through the enterprise logout while impersonating), then home when the
      // previous page needed a session (home then sends the signed-out visitor to the landing page).
      path: paths.logout,
      Component: Nothing,
      loader: async () => {
        if (isImpersonating()) return redirect(paths.impersonateLogout);
        const cameFromSignedInArea = previousPageNeededSession();
        await signOut();
        return redirect(cameFromSignedInArea ? paths.home : currentLandingPath());
      },
    },
  ];
}

export function createRoutes(queryClient: QueryClientSource): RouteObject[] {
  const guards = createGuards(queryClient);
  return [
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: StartingScreen,
      ErrorBoundary: RouteErrorBoundary,
      middleware: [guards.restoreSession],
      // A loader, so the loading screen (HydrateFallback) shows while the app starts.
      loader: () => null,
      shouldRevalidate: () => false,
      children: [
        { id: 'app', lazy: appLayout, middleware: [guards.requireSession], children: signedInPages(guards.startsFirstRequests) },
        {
          middleware: [guards.sessionIfAny],
          loader: ({ context }) => context.get(signedInFrameContext),
          lazy: shellOrPublicFrame,
          children: [{ path: paths.forbidden, lazy: lazyErrorPage((m) => m.ForbiddenPage) }],
        },
        // Public pages.
        { Component: PublicLayout, children: [...authPages(), ...openPages(), ...errorPageRoutes()] },
        ...redirectRoutes(),
      ],
    },
  ];
}

let router: ReturnType<typeof createBrowserRouter> | undefined;

/** While a navigation loads, the router's matches are still those of the page being left. */
function previousPageNeededSession(): boolean {
  return router?.state.matches.some((match) => match.route.id === 'app') ?? false;
}

export function createAppRouter(queryClient: QueryClientSource) {
  router = createBrowserRouter(createRoutes(queryClient));
  return router;
}
