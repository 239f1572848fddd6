import type { ProfileResponse } from '@portal/contract/profile';
import { withInheritance, type PermissionTree } from '@portal/contract/permissions';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error';
import { reconcileSelectedClients } from '../lib/selected-clients';
import type { RefreshOutcome } from '../lib/session';
import { checkRoute, checkSession, clientOverviewRedirect, profileFailurePath, type GuardDeps } from './route-guard';

const location = (locationId: number, permissions: string[] = []) => ({
  locationId,
  locationName: `Location ${locationId}`,
  timeZone: 'Australia/Sydney',
  tags: [],
  access: { permissions },
});
const client = (clientId: number, permissions: string[] = [], locations = [location(clientId * 10)]) => ({
  clientId,
  clientName: `School ${clientId}`,
  access: { permissions },
  locations,
});

function profile(links: PermissionTree, overrides: Partial<ProfileResponse['contact']> = {}): ProfileResponse {
  return {
    contact: {
      id: 1,
      firstName: 'Grace',
      lastName: 'Whitfield',
      emailAddress: 'grace@demo.test',
      language: 'en-AU',
      isClientGroupOverviewEnabled: false,
      standardBookings: [],
      lastUpdated: '2026-01-01T00:00:00Z',
      ...overrides,
    },
    links: withInheritance(links),
    flags: {},
    features: { selfServiceShowBookingStatus: true, showBookingCardV2: true, enableExtendBooking: true },
    generalFiles: [],
    impersonation: null,
  };
}

const ALL = ['booking_all', 'accounts_all', 'timesheets_all', 'pendingBooking_all', 'replaceMe_all'];
const groupAdmin = profile(
  { groups: [{ groupId: 1, groupName: 'Group', access: { permissions: ALL }, clients: [client(1), client(2), client(3)] }], clients: [] },
  { isClientGroupOverviewEnabled: true },
);

function deps(overrides: Partial<GuardDeps> & { stored?: number[] } = {}) {
  let stored = overrides.stored ?? [];
  const base: GuardDeps = {
    hasSession: () => true,
    refresh: vi.fn(async (): Promise<RefreshOutcome> => 'refreshed'),
    isImpersonating: () => false,
    loadProfile: vi.fn(async () => groupAdmin),
    onProfile: vi.fn(),
    getSelectedClientIds: () => stored,
    setSelectedClientIds: vi.fn((ids: number[]) => {
      stored = ids;
    }),
    loadFirstClientDetails: vi.fn(async () => {}),
    landingPath: () => '/en-au/landing',
  };
  return { ...base, ...overrides };
}

describe('route guard: session, profile and selected clients (spec §2)', () => {
  it('with a session, loads the profile and lets the user in', async () => {
    const d = deps({ stored: [2] });
    await expect(checkSession(d)).resolves.toEqual({
      kind: 'allow',
      profile: groupAdmin,
      selectedClientIds: [2],
      selectionWasEmpty: false,
    });
    expect(d.refresh).not.toHaveBeenCalled();
    expect(d.onProfile).toHaveBeenCalledWith(groupAdmin);
    expect(d.setSelectedClientIds).not.toHaveBeenCalled();
    expect(d.loadFirstClientDetails).toHaveBeenCalledWith(2);
  });

  it('without a session, tries a refresh and goes on when it works', async () => {
    const d = deps({ hasSession: () => false });
    await expect(checkSession(d)).resolves.toMatchObject({ kind: 'allow' });
    expect(d.refresh).toHaveBeenCalledTimes(1);
  });

  it('a failed refresh sends the visitor to the landing page', async () => {
    const d = deps({ hasSession: () => false, refresh: async () => 'rejected' });
    await expect(checkSession(d)).resolves.toEqual({ kind: 'redirect', to: '/en-au/landing' });
    expect(d.loadProfile).not.toHaveBeenCalled();
  });

  it('a failed refresh while impersonating sends the staff member to sign in', async () => {
    let impersonating = true;
    const d = deps({
      hasSession: () => false,
      isImpersonating: () => impersonating,
      refresh: async () => {
        impersonating = false; // the failed refresh clears the stored impersonation
        return 'rejected';
      },
    });
    await expect(checkSession(d)).resolves.toEqual({ kind: 'redirect', to: '/login' });
  });

  it('no answer to the refresh goes to the no-server-response page', async () => {
    await expect(checkSession(deps({ hasSession: () => false, refresh: async () => 'unreachable' }))).resolves.toEqual({
      kind: 'redirect',
      to: '/no-server-response',
    });
  });

  it.each([
    [new ApiError({ status: 403, kind: 'security' }), '/403'],
    [new ApiError({ status: 401, kind: 'security' }), '/401'],
    [new ApiError({ status: 400, kind: 'api' }), '/400'],
    [new ApiError({ status: 404, kind: 'notFound' }), '/500'],
    [new ApiError({ status: 503, kind: 'api' }), '/500'],
    [ApiError.noResponse(), '/no-server-response'],
    [new Error('profile did not match the schema'), '/account-load-failed'],
  ])('a profile failure (%s) goes to %s', async (error, to) => {
    expect(profileFailurePath(error)).toBe(to);
    await expect(checkSession(deps({ loadProfile: () => Promise.reject(error) }))).resolves.toEqual({ kind: 'redirect', to });
  });

  it('fills an empty selection with every client of the permissions', async () => {
    const d = deps({ stored: [] });
    await expect(checkSession(d)).resolves.toMatchObject({ selectedClientIds: [1, 2, 3] });
    expect(d.setSelectedClientIds).toHaveBeenCalledWith([1, 2, 3]);
  });

  it('selects the first available client when the stored ones are no longer in the permissions', async () => {
    const d = deps({ stored: [99] });
    await expect(checkSession(d)).resolves.toMatchObject({ selectedClientIds: [1] });
    expect(d.setSelectedClientIds).toHaveBeenCalledWith([1]);
    expect(d.loadFirstClientDetails).toHaveBeenCalledWith(1);
  });

  it('sends a user with no client at all to the generic error page, saying why', async () => {
    const d = deps({ loadProfile: async () => profile({ groups: [], clients: [] }) });
    await expect(checkSession(d)).resolves.toEqual({ kind: 'redirect', to: '/500?reason=no-client' });
    expect(d.loadFirstClientDetails).not.toHaveBeenCalled();
  });

  it('tells whether the contact had a selection of their own', async () => {
    await expect(checkSession(deps({ stored: [] }))).resolves.toMatchObject({ selectionWasEmpty: true });
    await expect(checkSession(deps({ stored: [99] }))).resolves.toMatchObject({ selectionWasEmpty: false });
  });

  it('reconciles a selection: keeps those still reachable, drops the rest and duplicates', () => {
    expect(reconcileSelectedClients([3, 99, 3, 1], [1, 2, 3])).toEqual([3, 1]);
    expect(reconcileSelectedClients([], [])).toBeUndefined();
    expect(reconcileSelectedClients([5], [])).toBeUndefined();
  });
});

describe("route guard: the route's permission check (spec §6)", () => {
  const only = (permissions: string[]) => profile({ groups: [], clients: [client(7, permissions)] });
  const teacher = profile({ groups: [], clients: [client(8, [], [location(81, ['replaceMe_all'])])] });
  const pendingBooker = only(['booking_view', 'pendingBooking_create', 'pendingBooking_view']);
  const routes = [
    'timesheets',
    'candidates',
    'bookingsCreate',
    'bookingsPendingApproval',
    'finance',
    'invoiceDetails',
    'groupOverview',
    'reports',
  ] as const;
  const allowed = (p: ProfileResponse, selected: number[]) => routes.filter((route) => checkRoute(route, p, selected) === undefined);

  it('lets a group administrator in everywhere', () => {
    expect(allowed(groupAdmin, [1, 2, 3])).toEqual(routes);
  });

  it('bookings viewer: candidates and create booking only', () => {
    expect(allowed(only(['booking_view']), [7])).toEqual(['candidates', 'bookingsCreate', 'reports']);
  });

  it('finance: candidates, finance and invoices', () => {
    expect(allowed(only(['accounts_view']), [7])).toEqual(['candidates', 'finance', 'invoiceDetails', 'reports']);
  });

  it('pending booker (who views bookings too): candidates, create, pending approval and reports', () => {
    expect(allowed(pendingBooker, [7])).toEqual(['candidates', 'bookingsCreate', 'bookingsPendingApproval', 'reports']);
  });

  it('a teacher with replace-me at one location: none of them', () => {
    expect(allowed(teacher, [8])).toEqual([]);
  });

  it('timesheets need the permission at a selected client', () => {
    const twoSchools = profile({ groups: [], clients: [client(1, ['timesheets_view']), client(2, ['booking_view'])] });
    expect(checkRoute('timesheets', twoSchools, [1])).toBeUndefined();
    expect(checkRoute('timesheets', twoSchools, [2])).toBe('/403');
  });

  it('routes without a requirement are open', () => {
    expect(checkRoute(undefined, teacher, [8])).toBeUndefined();
  });
});

describe('route guard: the client overview for a contact of several clients (spec §2)', () => {
  const oneSchool = profile({ groups: [], clients: [client(7, ALL)] });

  it('sends a contact of several clients without a selection to the client overview', () => {
    expect(clientOverviewRedirect(groupAdmin, true)).toBe('/overview');
  });

  it('opens home once a selection exists', () => {
    expect(clientOverviewRedirect(groupAdmin, false)).toBeUndefined();
  });

  it('never sends a contact of one client there', () => {
    expect(clientOverviewRedirect(oneSchool, true)).toBeUndefined();
  });

  it('on any entry, not only after sign-in: a fresh visit by a group administrator is sent there', async () => {
    const result = await checkSession(deps({ stored: [] }));
    expect(result.kind).toBe('allow');
    if (result.kind !== 'allow') return;
    expect(clientOverviewRedirect(result.profile, result.selectionWasEmpty)).toBe('/overview');
    // The overview then has a selection to go on with: the next entry to home opens it.
    const next = await checkSession(deps({ stored: result.selectedClientIds }));
    if (next.kind === 'allow') expect(clientOverviewRedirect(next.profile, next.selectionWasEmpty)).toBeUndefined();
  });
});
