import type { ProfileResponse } from '@portal/contract/profile';
import { withInheritance, type PermissionTree } from '@portal/contract/permissions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { getSelectedClientIds } from '../lib/selected-clients';
import { readDashboardLayout, UI_KEYS, writePreference } from '../lib/ui-preferences';
import { useSelectClients, useSelectedClientIds } from '../lib/use-selected-clients';
import { activeNavKey, navigationItems } from './navigation-items';

const client = (clientId: number, permissions: string[] = []) => ({
  clientId,
  clientName: `School ${clientId}`,
  access: { permissions },
  locations: [
    { locationId: clientId * 10, locationName: `L${clientId}`, timeZone: 'Australia/Sydney', tags: [], access: { permissions: [] } },
  ],
});

function profile(links: PermissionTree, flag = false): ProfileResponse {
  return {
    contact: {
      id: 1,
      firstName: 'A',
      lastName: 'B',
      emailAddress: 'a@b.c',
      language: 'en-AU',
      isClientGroupOverviewEnabled: flag,
      standardBookings: [],
      lastUpdated: '2026-01-01T00:00:00Z',
    },
    links: withInheritance(links),
    flags: {},
    features: { selfServiceShowBookingStatus: true, showBookingCardV2: true, enableExtendBooking: true },
    generalFiles: [],
    impersonation: null,
  };
}

describe('navigation entries (spec §6, filtered like the route guard)', () => {
  it('a group admin with the flag sees everything', () => {
    const all = ['booking_all', 'accounts_all', 'timesheets_all', 'pendingBooking_all', 'replaceMe_all'];
    const p = profile(
      { groups: [{ groupId: 1, groupName: 'G', access: { permissions: all }, clients: [client(1), client(2)] }], clients: [] },
      true,
    );
    expect(navigationItems(p, [1, 2]).map((item) => item.key)).toEqual([
      'home',
      'overview',
      'groupOverview',
      'bookings',
      'pendingApproval',
      'timesheets',
      'candidates',
      'finance',
      'reports',
      'availability',
      'help',
    ]);
  });

  it('a booking viewer of one school sees neither overview, group overview, finance nor timesheets', () => {
    const p = profile({ groups: [], clients: [client(1, ['booking_view'])] });
    expect(navigationItems(p, [1]).map((item) => item.key)).toEqual(['home', 'bookings', 'candidates', 'reports', 'availability', 'help']);
  });

  it('Reports is offered with accounts view or booking view, and not with neither', () => {
    const keys = (permissions: string[]) =>
      navigationItems(profile({ groups: [], clients: [client(1, permissions)] }), [1]).map((item) => item.key);
    expect(keys(['accounts_view'])).toContain('reports');
    expect(keys(['booking_view'])).toContain('reports');
    expect(keys(['timesheets_view', 'pendingBooking_create'])).not.toContain('reports');
  });

  it('timesheets follow the selected clients', () => {
    const p = profile({ groups: [], clients: [client(1, ['timesheets_view']), client(2)] });
    expect(navigationItems(p, [1]).some((item) => item.key === 'timesheets')).toBe(true);
    expect(navigationItems(p, [2]).some((item) => item.key === 'timesheets')).toBe(false);
  });
});

describe('what the navigation offers a narrow account (a teacher is never offered a page that cannot load)', () => {
  const teacherSchool = () => ({
    ...client(1),
    locations: [
      {
        locationId: 10,
        locationName: 'L1',
        timeZone: 'Australia/Sydney',
        tags: ['replace_me_feature_enabled'],
        access: { permissions: ['replaceMe_all'] },
      },
    ],
  });

  it('a teacher with replace-me only is not offered Bookings', () => {
    const p = profile({ groups: [], clients: [teacherSchool()] });
    expect(navigationItems(p, [1]).map((item) => item.key)).toEqual(['home', 'availability', 'help']);
  });

  it('a contact who may only ask for bookings is offered Bookings and Pending approval', () => {
    const p = profile({ groups: [], clients: [client(1, ['pendingBooking_create'])] });
    expect(navigationItems(p, [1]).map((item) => item.key)).toEqual(['home', 'bookings', 'pendingApproval', 'availability', 'help']);
  });

  it('marks one entry at a time: the longest path holding the page', () => {
    const items = [
      { key: 'home' as const, to: '/' },
      { key: 'bookings' as const, to: '/bookings' },
      { key: 'pendingApproval' as const, to: '/bookings/pending-approval' },
    ];
    expect(activeNavKey(items, '/bookings/pending-approval')).toBe('pendingApproval');
    expect(activeNavKey(items, '/bookings/42')).toBe('bookings');
    expect(activeNavKey(items, '/')).toBe('home');
    expect(activeNavKey(items, '/settings')).toBeUndefined();
  });
});

describe('selecting clients (spec §4)', () => {
  it('stores the selection and clears invoices, bookings, contacts and timesheets, nothing else', () => {
    const queryClient = new QueryClient();
    for (const key of ['invoices', 'bookings', 'contacts', 'timesheets', 'profile', 'locations']) queryClient.setQueryData([key, 'x'], 1);
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => ({ select: useSelectClients(), selected: useSelectedClientIds() }), { wrapper });
    act(() => result.current.select([7, 8]));
    expect(getSelectedClientIds()).toEqual([7, 8]);
    expect(result.current.selected).toEqual([7, 8]);
    const left = queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey[0]);
    expect(left.sort()).toEqual(['locations', 'profile']);
  });
});

describe('UI preferences (spec §2)', () => {
  it('dashboard layout: TILE 0, LIST 1, MAP 2, anything else TILE', () => {
    writePreference(UI_KEYS.dashboardLayout, '2');
    expect(readDashboardLayout()).toBe(2);
    writePreference(UI_KEYS.dashboardLayout, 'x');
    expect(readDashboardLayout()).toBe(0);
    localStorage.clear();
  });
});
