import type { ProfileResponse } from '@portal/contract/profile';
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { setRuntimeConfig } from '../lib/runtime-config';
import { setSelectedClientIds } from '../lib/selected-clients';
import { resetSessionForTests } from '../lib/session';
import { jsonResponse, testRuntimeConfig } from '../testing/render';
import { AppProviders } from './providers';
import { createRoutes } from './router';

function profileWith(permissions: string[], clients = 1): ProfileResponse {
  return {
    contact: {
      id: 5,
      firstName: 'Liam',
      lastName: 'Carter',
      emailAddress: 'bookings.viewer@demo.test',
      language: 'en',
      isClientGroupOverviewEnabled: false,
      standardBookings: [],
      lastUpdated: '2026-01-01T00:00:00Z',
    },
    links: {
      groups: [],
      clients: Array.from({ length: clients }, (_, i) => ({
        clientId: i + 1,
        clientName: `School ${i + 1}`,
        access: { permissions },
        locations: [],
      })),
    },
    flags: {},
    features: { selfServiceShowBookingStatus: true, showBookingCardV2: true, enableExtendBooking: true },
    generalFiles: [],
    impersonation: null,
  };
}

/** A fake API: the refresh cookie is valid or not; the profile is the given one. */
function server({
  signedIn,
  profile = profileWith(['booking_view']),
  details = () => new Response(null, { status: 204 }),
}: {
  signedIn: boolean;
  profile?: ProfileResponse;
  details?: (clientId: number) => Response;
}) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/v1/auth/refresh') {
      return signedIn
        ? jsonResponse(200, { accessToken: 'tok', expiresIn: 1800, tokenType: 'Bearer' })
        : jsonResponse(401, { status: 401, title: 'Unauthorized' });
    }
    if (url === '/v1/profile') return jsonResponse(200, profile);
    if (url === '/v1/auth/logout') return new Response(null, { status: 204 });
    const detailsOf = /^\/v1\/clients\/(\d+)\/additional-details$/.exec(url);
    if (detailsOf) return details(Number(detailsOf[1]));
    return jsonResponse(404, { status: 404, title: 'Not found' });
  });
}

function start(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

// Pages are lazy chunks: on a loaded machine the first import of one can take seconds.
const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });

describe('router and route guard', () => {
  beforeEach(async () => {
    setRuntimeConfig(testRuntimeConfig);
    resetSessionForTests();
    localStorage.clear();
    await i18n.changeLanguage('en');
  });

  it('sends a visitor without a session to the landing page, asking the server once', async () => {
    const spy = server({ signedIn: false });
    const router = start('/');
    await heading(/^Welcome to/);
    expect(router.state.location.pathname).toBe('/en/landing');
    expect(spy.mock.calls.filter(([url]) => String(url) === '/v1/auth/refresh')).toHaveLength(1);
  });

  it('keeps the session over a reload and fills the selected clients', async () => {
    server({ signedIn: true, profile: profileWith(['booking_view'], 2) });
    const router = start('/candidates');
    await heading('Educators');
    expect(router.state.location.pathname).toBe('/candidates');
    expect(JSON.parse(localStorage.getItem('portal.selectedClientIds') ?? '[]')).toEqual([1, 2]);
  });

  it('sends a contact of several clients entering home without a selection to the client overview', async () => {
    server({ signedIn: true, profile: profileWith(['booking_view'], 2) });
    const router = start('/');
    await screen.findByRole('heading', { level: 1, name: 'Overview' }, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/overview');
    // The overview left a selection behind: home now opens as asked.
    await act(() => router.navigate('/'));
    await heading('Home');
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens home for a contact of several clients who has chosen', async () => {
    server({ signedIn: true, profile: profileWith(['booking_view'], 2) });
    setSelectedClientIds([2]);
    const router = start('/');
    await heading('Home');
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a user without the permission of the route to forbidden', async () => {
    server({ signedIn: true });
    const router = start('/timesheets');
    await heading("This page isn't part of your access");
    expect(router.state.location.pathname).toBe('/403');
    expect(screen.getByText("You don't have sufficient permissions to view this page")).toBeInTheDocument();
    // Signed in: the error page offers to log out, and shows inside the shell with its navigation.
    expect(screen.getByRole('link', { name: 'Log Out' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
  });

  it('shows forbidden in the public frame to a visitor without a session', async () => {
    server({ signedIn: false });
    const router = start('/403');
    await heading("This page isn't part of your access");
    expect(router.state.location.pathname).toBe('/403');
    expect(screen.queryByRole('button', { name: 'Account menu' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Log Out' })).toBeNull();
  });

  it('sends a user without any client to the generic error page', async () => {
    server({ signedIn: true, profile: { ...profileWith([]), links: { groups: [], clients: [] } } });
    const router = start('/');
    await heading('Uh oh!');
    expect(router.state.location.pathname).toBe('/500');
    // What is true: no school linked yet (not a failure on our side), and the region's office.
    expect(router.state.location.search).toBe('?reason=no-client');
    expect(screen.getByText("Your account isn't linked to a school yet")).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong on our side')).toBeNull();
  });

  it('sends a signed-in user from the sign-in page home', async () => {
    server({ signedIn: true });
    const router = start('/login');
    await heading('Home');
    expect(router.state.location.pathname).toBe('/');
  });

  it('logs out from the user menu and ends at the landing page', async () => {
    const spy = server({ signedIn: true });
    const router = start('/');
    await heading('Home');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    spy.mockClear();
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await heading(/^Welcome to/);
    expect(router.state.location.pathname).toBe('/en/landing');
    expect(screen.getByText('You have been signed out.')).toBeInTheDocument();
    expect(spy.mock.calls.map(([url]) => String(url))).toContain('/v1/auth/logout');
  });

  it('/error goes to the generic error page, and an unknown path to not found', async () => {
    server({ signedIn: false });
    const router = start('/error');
    await heading('Uh oh!');
    expect(router.state.location.pathname).toBe('/500');
    expect(screen.queryByRole('link', { name: 'Log Out' })).not.toBeInTheDocument();
    await router.navigate('/no/such/page');
    await heading('Our dog ate this page...');
  });

  describe('additional details of the first selected client (spec §2, §4)', () => {
    const detailsCalls = (spy: ReturnType<typeof server>) =>
      spy.mock.calls.map(([url]) => String(url)).filter((url) => url.endsWith('/additional-details'));

    it('are loaded by the guard, once while cached', async () => {
      localStorage.setItem('portal.selectedClientIds', JSON.stringify([2]));
      const spy = server({
        signedIn: true,
        profile: profileWith(['booking_view'], 2),
        details: () => jsonResponse(200, { parking: 'Gate B' }),
      });
      const router = start('/');
      await heading('Home');
      await vi.waitFor(() => expect(detailsCalls(spy)).toEqual(['/v1/clients/2/additional-details']));
      await router.navigate('/candidates');
      await heading('Educators');
      expect(detailsCalls(spy)).toEqual(['/v1/clients/2/additional-details']);
      expect(screen.queryByText('Cannot load client details')).not.toBeInTheDocument();
    });

    it("say 'Cannot load client details' when they fail, and the page still shows", async () => {
      server({ signedIn: true, details: () => jsonResponse(500, { status: 500, title: 'Internal Server Error' }) });
      start('/');
      await heading('Home');
      expect(await screen.findByText('Cannot load client details', {}, { timeout: 3000 })).toBeInTheDocument();
    });

    it('are loaded when another client is selected', async () => {
      localStorage.setItem('portal.selectedClientIds', JSON.stringify([1]));
      const spy = server({ signedIn: true, profile: profileWith(['booking_view'], 2) });
      start('/');
      await heading('Home');
      await vi.waitFor(() => expect(detailsCalls(spy)).toEqual(['/v1/clients/1/additional-details']));
      act(() => setSelectedClientIds([2]));
      await vi.waitFor(() => expect(detailsCalls(spy)).toContain('/v1/clients/2/additional-details'));
    });
  });
  describe("a page's first requests (started by its route once the session check has passed)", () => {
    /**
     * The calls to the API, each with whether the page's heading had been drawn by then. The page's data is answered
     * only once the page has rendered: a query of the page that is not the route's request would then ask again.
     */
    function recordCalls(spy: ReturnType<typeof server>, page: string) {
      const calls: Array<{ url: string; pageDrawn: boolean }> = [];
      const answer = spy.getMockImplementation()!;
      const drawn = () => screen.queryByRole('heading', { level: 1, name: page }) !== null;
      spy.mockImplementation(async (input, init) => {
        const url = String(input);
        calls.push({ url, pageDrawn: drawn() });
        if (!/^\/v1\/(auth|profile|clients\/\d+\/additional-details$)/.test(url)) {
          await vi.waitFor(() => expect(drawn()).toBe(true), { timeout: 10_000 });
        }
        return answer(input, init);
      });
      return calls;
    }

    it("asks for Home's data before Home has rendered, and Home asks for none of it again", async () => {
      const spy = server({ signedIn: true, profile: profileWith(['booking_view', 'booking_create']) });
      const calls = recordCalls(spy, 'Home');
      start('/');
      await heading('Home');
      const asked = (path: string) => calls.filter((call) => call.url.split('?')[0] === path);
      await vi.waitFor(() => expect(asked('/v1/bookings/summary')).toHaveLength(1));
      for (const path of [
        '/v1/bookings/summary',
        '/v1/bookings/overview',
        '/v1/locations/booking-location-list',
        '/v1/clients/1/bookings/summary',
      ]) {
        expect(asked(path), path).toEqual([expect.objectContaining({ pageDrawn: false })]);
      }
    });

    it('asks for the bookings list once, before its page has rendered, as its address says', async () => {
      const spy = server({ signedIn: true, profile: profileWith(['booking_view']) });
      const calls = recordCalls(spy, 'Bookings');
      start('/bookings?sort=status&page=2');
      await heading('Bookings');
      const list = () => calls.filter((call) => call.url.startsWith('/v1/bookings?'));
      await vi.waitFor(() => expect(list()).toHaveLength(1));
      expect(list()[0]!.pageDrawn).toBe(false);
      expect(new URL(list()[0]!.url, 'http://portal.test').searchParams.get('sort')).toBe('status');
    });

    it("asks for Finance's ageing and page of invoices once, before the page has rendered, as its address says", async () => {
      const spy = server({ signedIn: true, profile: profileWith(['accounts_view']) });
      const calls = recordCalls(spy, 'Finance');
      start('/finance?status=unpaid');
      await heading('Finance');
      const asked = (path: string) => calls.filter((call) => call.url.split('?')[0] === path);
      await vi.waitFor(() => expect(asked('/v1/invoices')).toHaveLength(1));
      expect(asked('/v1/invoices/ageing')).toEqual([expect.objectContaining({ pageDrawn: false })]);
      expect(asked('/v1/invoices')).toEqual([expect.objectContaining({ pageDrawn: false })]);
      expect(new URL(asked('/v1/invoices')[0]!.url, 'http://portal.test').searchParams.get('status')).toBe('unpaid');
    });

    it("asks for Timesheets' summary and the school's list to approve once, before the page has rendered", async () => {
      const spy = server({ signedIn: true, profile: profileWith(['timesheets_view'], 2) });
      const calls = recordCalls(spy, 'Timesheets');
      start('/timesheets?school=2');
      await heading('Timesheets');
      const asked = (path: string) => calls.filter((call) => call.url.split('?')[0] === path);
      await vi.waitFor(() => expect(asked('/v1/timesheets')).toHaveLength(1));
      expect(asked('/v1/timesheets/overview')).toEqual([expect.objectContaining({ pageDrawn: false })]);
      expect(asked('/v1/timesheets')).toEqual([expect.objectContaining({ pageDrawn: false })]);
      expect(new URL(asked('/v1/timesheets')[0]!.url, 'http://portal.test').searchParams.getAll('clientIds')).toEqual(['2']);
    });

    it("asks for an educator's decided timesheets once, before Timesheets has rendered, when the address opens them", async () => {
      const spy = server({ signedIn: true, profile: profileWith(['timesheets_view']) });
      const calls = recordCalls(spy, 'Timesheets');
      start('/timesheets?tab=history&educator=7');
      await heading('Timesheets');
      const asked = (path: string) => calls.filter((call) => call.url.split('?')[0] === path);
      await vi.waitFor(() => expect(asked('/v1/timesheets/list')).toHaveLength(1));
      expect(asked('/v1/timesheets/list')).toEqual([expect.objectContaining({ pageDrawn: false })]);
      expect(new URL(asked('/v1/timesheets/list')[0]!.url, 'http://portal.test').searchParams.get('candidateId')).toBe('7');
      expect(asked('/v1/timesheets/candidate')).toEqual([]);
      expect(asked('/v1/timesheets')).toEqual([]);
    });

    it('asks for an invoice once, before its page has rendered', async () => {
      const spy = server({ signedIn: true, profile: profileWith(['accounts_view']) });
      const calls = recordCalls(spy, 'View Invoice');
      const router = start('/finance/invoices/INV-000007');
      await vi.waitFor(() => expect(router.state.navigation.state).toBe('idle'), { timeout: 10_000 });
      await vi.waitFor(() => expect(calls.filter((call) => call.url.includes('/GetInvoice/'))).toHaveLength(1));
      expect(calls.filter((call) => call.url.includes('/GetInvoice/'))).toEqual([
        { url: '/v1/invoices/GetInvoice/INV-000007', pageDrawn: false },
      ]);
      expect(router.state.location.pathname).toBe('/finance/invoices/INV-000007');
    });
  });
});
