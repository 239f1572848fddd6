import { describe, expect, it } from 'vitest';
import {
  ROUTE_REQUIREMENTS,
  canAtLocation,
  hasPermission,
  meetsRequirement,
  parsePermission,
  scopeOf,
  toFlags,
  withInheritance,
  type ClientLink,
  type PermissionTree,
} from './permissions';

const loc = (locationId: number, permissions: string[] = [], tags: string[] = []) => ({
  locationId,
  locationName: `Location ${locationId}`,
  timeZone: 'Australia/Sydney',
  tags,
  access: { permissions },
});
const client = (clientId: number, permissions: string[], locations = [loc(clientId * 10)]): ClientLink => ({
  clientId,
  clientName: `Client ${clientId}`,
  access: { permissions },
  locations,
});
const tree = (t: Partial<PermissionTree>): PermissionTree => withInheritance({ groups: [], clients: [], ...t });

describe('permission strings', () => {
  it('parses scope_modifier, including camelCase scopes', () => {
    expect(parsePermission('booking_view')).toEqual({ scope: 'booking', modifier: 'view' });
    expect(parsePermission('pendingBooking_create')).toEqual({ scope: 'pendingBooking', modifier: 'create' });
    expect(parsePermission('replaceMe_all')).toEqual({ scope: 'replaceMe', modifier: 'all' });
    for (const bad of ['booking', 'booking_', '_view', 'bookings_view', 'booking_read', '']) expect(parsePermission(bad)).toBeUndefined();
  });

  it('converts to flags per scope; all sets every flag', () => {
    const flags = toFlags(['booking_all', 'accounts_view', 'timesheets_modify', 'nonsense']);
    expect(flags.booking).toEqual({ view: true, create: true, modify: true, delete: true });
    expect(flags.accounts).toEqual({ view: true, create: false, modify: false, delete: false });
    expect(flags.timesheets).toEqual({ view: false, create: false, modify: true, delete: false });
    expect(flags.pendingBooking).toEqual({ view: false, create: false, modify: false, delete: false });
  });
});

describe('levels', () => {
  const t = tree({
    groups: [
      {
        groupId: 1,
        groupName: 'G',
        access: { permissions: ['accounts_view'] },
        clients: [client(2, ['booking_view']), client(3, [], [loc(31, ['timesheets_view'])])],
      },
    ],
    clients: [client(4, ['pendingBooking_create'])],
  });

  it('group_and_below (and no level): any node counts', () => {
    expect(hasPermission(t, { scope: 'booking', action: 'view' })).toBe(true);
    expect(hasPermission(t, { scope: 'timesheets', action: 'view', level: 'group_and_below' })).toBe(true);
    expect(hasPermission(t, { scope: 'replaceMe', action: 'view' })).toBe(false);
  });

  it('group: only on the group in view', () => {
    expect(hasPermission(t, { scope: 'accounts', action: 'view', level: 'group' }, { groupId: 1 })).toBe(true);
    expect(hasPermission(t, { scope: 'booking', action: 'view', level: 'group' }, { groupId: 1 })).toBe(false);
    expect(hasPermission(t, { scope: 'accounts', action: 'view', level: 'group' })).toBe(false);
  });

  it('client: at that exact node (inherited from its group), not at its locations', () => {
    expect(hasPermission(t, { scope: 'booking', action: 'view', level: 'client' }, { clientId: 2 })).toBe(true);
    expect(hasPermission(t, { scope: 'accounts', action: 'view', level: 'client' }, { clientId: 3 })).toBe(true);
    expect(hasPermission(t, { scope: 'timesheets', action: 'view', level: 'client' }, { clientId: 3 })).toBe(false);
  });

  it('client_and_below: at the client or one of its locations', () => {
    expect(hasPermission(t, { scope: 'timesheets', action: 'view', level: 'client_and_below' }, { clientId: 3 })).toBe(true);
    expect(hasPermission(t, { scope: 'timesheets', action: 'view', level: 'client_and_below' }, { clientId: 2 })).toBe(false);
  });

  it('selected_client and selected_client_and_below: only the selected clients', () => {
    const req = { scope: 'timesheets', action: 'view', level: 'selected_client_and_below' } as const;
    expect(hasPermission(t, req, { selectedClientIds: [3] })).toBe(true);
    expect(hasPermission(t, req, { selectedClientIds: [2, 4] })).toBe(false);
    expect(hasPermission(t, req, {})).toBe(false);
    expect(hasPermission(t, { scope: 'booking', action: 'view', level: 'selected_client' }, { selectedClientIds: [2] })).toBe(true);
    expect(hasPermission(t, { scope: 'timesheets', action: 'view', level: 'selected_client' }, { selectedClientIds: [3] })).toBe(false);
  });

  it('location: at that location only', () => {
    expect(hasPermission(t, { scope: 'timesheets', action: 'view', level: 'location' }, { locationId: 31 })).toBe(true);
    expect(hasPermission(t, { scope: 'timesheets', action: 'view', level: 'location' }, { locationId: 20 })).toBe(false);
    expect(hasPermission(t, { scope: 'accounts', action: 'view', level: 'location' }, { locationId: 20 })).toBe(true);
  });
});

describe('inheritance', () => {
  it('flows down from group to client to location, never up', () => {
    const t = tree({
      groups: [
        { groupId: 1, groupName: 'G', access: { permissions: ['booking_all'] }, clients: [client(2, [], [loc(20, ['replaceMe_all'])])] },
      ],
    });
    const c = t.groups[0]!.clients[0]!;
    expect(c.access.permissions).toEqual(['booking_all']);
    expect(c.locations[0]!.access.permissions).toEqual(['booking_all', 'replaceMe_all']);
    expect(t.groups[0]!.access.permissions).toEqual(['booking_all']);
  });
});

describe('route requirements of spec §6', () => {
  const only = (permissions: string[], where: 'group' | 'client' | 'location' = 'client') =>
    tree(
      where === 'group'
        ? { groups: [{ groupId: 1, groupName: 'G', access: { permissions }, clients: [client(2, [])] }] }
        : where === 'client'
          ? { clients: [client(2, permissions)] }
          : { clients: [client(2, [], [loc(20, permissions)])] },
    );
  const ctx = { selectedClientIds: [2] };
  const can = (route: keyof typeof ROUTE_REQUIREMENTS, t: PermissionTree, c = ctx) => meetsRequirement(t, ROUTE_REQUIREMENTS[route], c);

  it('timesheets: ALL timesheets view at the selected clients and below', () => {
    expect(can('timesheets', only(['timesheets_view']))).toBe(true);
    expect(can('timesheets', only(['timesheets_all'], 'location'))).toBe(true);
    expect(can('timesheets', only(['timesheets_all'], 'group'))).toBe(true);
    expect(can('timesheets', only(['timesheets_view']), { selectedClientIds: [] })).toBe(false);
    expect(can('timesheets', only(['booking_all', 'accounts_all']))).toBe(false);
  });

  it('candidates: ONE of booking view, timesheets view (selected), accounts view', () => {
    expect(can('candidates', only(['booking_view']))).toBe(true);
    expect(can('candidates', only(['timesheets_view']))).toBe(true);
    expect(can('candidates', only(['accounts_view']))).toBe(true);
    expect(can('candidates', only(['timesheets_view']), { selectedClientIds: [] })).toBe(false);
    expect(can('candidates', only(['pendingBooking_all', 'replaceMe_all']))).toBe(false);
  });

  it('bookings create: ONE of booking view, pendingBooking create', () => {
    expect(can('bookingsCreate', only(['booking_view']))).toBe(true);
    expect(can('bookingsCreate', only(['pendingBooking_create']))).toBe(true);
    expect(can('bookingsCreate', only(['pendingBooking_view']))).toBe(false);
    expect(can('bookingsCreate', only(['accounts_view']))).toBe(false);
  });

  it('pending approval: ONE of pendingBooking view or create', () => {
    expect(can('bookingsPendingApproval', only(['pendingBooking_view']))).toBe(true);
    expect(can('bookingsPendingApproval', only(['pendingBooking_create'], 'location'))).toBe(true);
    expect(can('bookingsPendingApproval', only(['booking_all']))).toBe(false);
  });

  it('finance and invoice details: accounts view', () => {
    expect(can('finance', only(['accounts_view']))).toBe(true);
    expect(can('invoiceDetails', only(['accounts_all'], 'group'))).toBe(true);
    expect(can('finance', only(['booking_all', 'timesheets_all']))).toBe(false);
    expect(can('invoiceDetails', only(['booking_view']))).toBe(false);
  });

  it('routes without requirements are open', () => {
    expect(meetsRequirement(tree({}), undefined)).toBe(true);
    expect(meetsRequirement(tree({}), { requirement: 'ALL', permissions: [] })).toBe(true);
  });
});

describe('data scoping', () => {
  const t = tree({
    groups: [
      {
        groupId: 1,
        groupName: 'G',
        access: { permissions: [] },
        clients: [client(2, ['booking_view']), client(3, [], [loc(30), loc(31, ['booking_all'])])],
      },
    ],
    clients: [client(4, ['accounts_view'])],
  });

  it('lists whole clients and single locations per scope and action', () => {
    expect(scopeOf(t, 'booking', 'view')).toEqual({ clientIds: [2], locationIds: [31] });
    expect(scopeOf(t, 'booking', 'create')).toEqual({ clientIds: [], locationIds: [31] });
    expect(scopeOf(t, 'accounts', 'view')).toEqual({ clientIds: [4], locationIds: [] });
    expect(scopeOf(t, 'booking', 'view', [3])).toEqual({ clientIds: [], locationIds: [31] });
  });

  it('answers for one location', () => {
    expect(canAtLocation(t, 'booking', 'create', 31)).toBe(true);
    expect(canAtLocation(t, 'booking', 'create', 30)).toBe(false);
    expect(canAtLocation(t, 'booking', 'view', 20)).toBe(true);
    expect(canAtLocation(t, 'booking', 'view', 999)).toBe(false);
  });
});
