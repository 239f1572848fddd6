import { z } from 'zod';
import { PERMISSION_MODIFIERS, PERMISSION_SCOPES, type PermissionModifier, type PermissionScope } from './domain';

/**
 * The permission model of spec §6, one engine for both sides: the server refuses with it, the web app only hides
 * with it.
 *
 * Entries are strings `scope_modifier` (`booking_view`, `timesheets_all`) held on a group, client or location
 * node. The tree the API hands out carries *effective* permissions: a node's own entries plus those of its
 * ancestors (a group's `booking_all` holds at each of its schools and their locations), never the other way up.
 */

export const ACTIONS = ['view', 'create', 'modify', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];
export type Flags = Record<Action, boolean>;
export type ScopeFlags = Record<PermissionScope, Flags>;

export const LEVELS = [
  'group_and_below',
  'group',
  'client_and_below',
  'client',
  'selected_client_and_below',
  'selected_client',
  'location',
] as const;
export type Level = (typeof LEVELS)[number];

export interface PermissionRequirement {
  scope: PermissionScope;
  action: Action;
  /** Omitted: the permission at any level counts (as group_and_below). */
  level?: Level;
}

export interface RouteRequirement {
  requirement: 'ALL' | 'ONE';
  permissions: readonly PermissionRequirement[];
}

const Access = z.object({ permissions: z.array(z.string()) });
export const LocationLink = z.object({
  locationId: z.number().int(),
  locationName: z.string(),
  timeZone: z.string(),
  tags: z.array(z.string()),
  access: Access,
});
export const ClientLink = z.object({
  clientId: z.number().int(),
  clientName: z.string(),
  access: Access,
  locations: z.array(LocationLink),
});
export const GroupLink = z.object({
  groupId: z.number().int(),
  groupName: z.string(),
  access: Access,
  clients: z.array(ClientLink),
});
/** The permission tree of the profile: groups with their clients, and clients that belong to no group. */
export const PermissionTree = z.object({ groups: z.array(GroupLink), clients: z.array(ClientLink) }).meta({ id: 'PermissionTree' });
export type LocationLink = z.infer<typeof LocationLink>;
export type ClientLink = z.infer<typeof ClientLink>;
export type GroupLink = z.infer<typeof GroupLink>;
export type PermissionTree = z.infer<typeof PermissionTree>;

export function parsePermission(entry: string): { scope: PermissionScope; modifier: PermissionModifier } | undefined {
  const at = entry.lastIndexOf('_');
  if (at <= 0) return undefined;
  const scope = entry.slice(0, at);
  const modifier = entry.slice(at + 1);
  if (!(PERMISSION_SCOPES as readonly string[]).includes(scope)) return undefined;
  if (!(PERMISSION_MODIFIERS as readonly string[]).includes(modifier)) return undefined;
  return { scope: scope as PermissionScope, modifier: modifier as PermissionModifier };
}

function noFlags(): Flags {
  return { view: false, create: false, modify: false, delete: false };
}

/**
 * The flags of each permission list, worked out once per list: a tree is loaded once and kept (the principal cache,
 * the web app's profile), while every permission check, and the profile's flags, read it again. The lists are never
 * changed after loading; the answers are frozen, so no caller can change another's.
 */
const flagsOfList = new WeakMap<readonly string[], ScopeFlags>();

/** Permission strings → view/create/modify/delete flags per scope; `all` sets every flag. Unknown strings are ignored. */
export function toFlags(permissions: readonly string[]): ScopeFlags {
  let flags = flagsOfList.get(permissions);
  if (!flags) {
    flags = computeFlags(permissions);
    flagsOfList.set(permissions, flags);
  }
  return flags;
}

function computeFlags(permissions: readonly string[]): ScopeFlags {
  const flags = Object.fromEntries(PERMISSION_SCOPES.map((s) => [s, noFlags()])) as ScopeFlags;
  for (const entry of permissions) {
    const parsed = parsePermission(entry);
    if (!parsed) continue;
    const f = flags[parsed.scope];
    if (parsed.modifier === 'all') for (const a of ACTIONS) f[a] = true;
    else f[parsed.modifier] = true;
  }
  for (const scope of PERMISSION_SCOPES) Object.freeze(flags[scope]);
  return Object.freeze(flags);
}

export function holds(permissions: readonly string[], scope: PermissionScope, action: Action): boolean {
  return toFlags(permissions)[scope][action];
}

/** Each tree's clients, listed once: like its permission lists, a tree is never changed after loading. */
const clientsOfTree = new WeakMap<PermissionTree, readonly ClientLink[]>();

/** The tree's schools: its groups' first, then those outside any group. */
export function allClients(tree: PermissionTree): readonly ClientLink[] {
  let clients = clientsOfTree.get(tree);
  if (!clients) {
    clients = Object.freeze([...tree.groups.flatMap((g) => g.clients), ...tree.clients]);
    clientsOfTree.set(tree, clients);
  }
  return clients;
}

export function groupOfClient(tree: PermissionTree, clientId: number): GroupLink | undefined {
  return tree.groups.find((g) => g.clients.some((c) => c.clientId === clientId));
}

/** Where a check is made: the selected clients, and the group, client or location in view, when there is one. */
export interface PermissionContext {
  selectedClientIds?: readonly number[];
  groupId?: number;
  clientId?: number;
  locationId?: number;
}

function clientAndBelow(client: ClientLink, scope: PermissionScope, action: Action): boolean {
  return holds(client.access.permissions, scope, action) || client.locations.some((l) => holds(l.access.permissions, scope, action));
}

export function hasPermission(tree: PermissionTree, req: PermissionRequirement, context: PermissionContext = {}): boolean {
  const { scope, action } = req;
  const clients = allClients(tree);
  const selected = (ids: readonly number[] | undefined) => clients.filter((c) => (ids ?? []).includes(c.clientId));
  switch (req.level ?? 'group_and_below') {
    case 'group_and_below':
      return tree.groups.some((g) => holds(g.access.permissions, scope, action)) || clients.some((c) => clientAndBelow(c, scope, action));
    case 'group': {
      const group = context.groupId !== undefined ? tree.groups.find((g) => g.groupId === context.groupId) : undefined;
      return !!group && holds(group.access.permissions, scope, action);
    }
    case 'client': {
      const client = clients.find((c) => c.clientId === context.clientId);
      return !!client && holds(client.access.permissions, scope, action);
    }
    case 'client_and_below': {
      const client = clients.find((c) => c.clientId === context.clientId);
      return !!client && clientAndBelow(client, scope, action);
    }
    case 'selected_client':
      return selected(context.selectedClientIds).some((c) => holds(c.access.permissions, scope, action));
    case 'selected_client_and_below':
      return selected(context.selectedClientIds).some((c) => clientAndBelow(c, scope, action));
    case 'location': {
      const location = clients.flatMap((c) => c.locations).find((l) => l.locationId === context.locationId);
      return !!location && holds(location.access.permissions, scope, action);
    }
  }
}

export function meetsRequirement(tree: PermissionTree, route: RouteRequirement | undefined, context: PermissionContext = {}): boolean {
  if (!route || route.permissions.length === 0) return true;
  const results = route.permissions.map((p) => hasPermission(tree, p, context));
  return route.requirement === 'ALL' ? results.every(Boolean) : results.some(Boolean);
}

/** Spec §6 'Route requirements', exactly. Routes not listed need nothing beyond being signed in. */
export const ROUTE_REQUIREMENTS = {
  timesheets: { requirement: 'ALL', permissions: [{ scope: 'timesheets', action: 'view', level: 'selected_client_and_below' }] },
  candidates: {
    requirement: 'ONE',
    permissions: [
      { scope: 'booking', action: 'view', level: 'group_and_below' },
      { scope: 'timesheets', action: 'view', level: 'selected_client_and_below' },
      { scope: 'accounts', action: 'view', level: 'group_and_below' },
    ],
  },
  bookingsCreate: {
    requirement: 'ONE',
    permissions: [
      { scope: 'booking', action: 'view', level: 'group_and_below' },
      { scope: 'pendingBooking', action: 'create', level: 'group_and_below' },
    ],
  },
  bookingsPendingApproval: {
    requirement: 'ONE',
    permissions: [
      { scope: 'pendingBooking', action: 'view', level: 'group_and_below' },
      { scope: 'pendingBooking', action: 'create', level: 'group_and_below' },
    ],
  },
  finance: { requirement: 'ALL', permissions: [{ scope: 'accounts', action: 'view' }] },
  invoiceDetails: { requirement: 'ALL', permissions: [{ scope: 'accounts', action: 'view', level: 'group_and_below' }] },
} as const satisfies Record<string, RouteRequirement>;
export type GuardedRoute = keyof typeof ROUTE_REQUIREMENTS;

/**
 * Pages spec §6 leaves open (any signed-in contact may open them) but whose contents need a permission: the
 * navigation offers them, and Home shows their parts, only to a contact who meets this. The bookings list shows
 * the selected clients' bookings (booking view) and those pending approval (pendingBooking view), and is where
 * a contact who may only ask for bookings (pendingBooking create) starts one.
 */
export const PAGE_REQUIREMENTS = {
  bookings: {
    requirement: 'ONE',
    permissions: [
      { scope: 'booking', action: 'view', level: 'selected_client_and_below' },
      { scope: 'pendingBooking', action: 'view', level: 'selected_client_and_below' },
      { scope: 'pendingBooking', action: 'create', level: 'group_and_below' },
    ],
  },
  /**
   * Creating a booking or asking for one (POST /v1/bookings needs one of these at the location). The route
   * itself opens with booking view too (spec §6); without this the contact is told so and offered no button.
   */
  createBookings: {
    requirement: 'ONE',
    permissions: [
      { scope: 'booking', action: 'create', level: 'group_and_below' },
      { scope: 'pendingBooking', action: 'create', level: 'group_and_below' },
    ],
  },
  /** Approving or rejecting requests (spec §4 'Pending booking'): pendingBooking modify where they are. */
  approveBookings: {
    requirement: 'ALL',
    permissions: [{ scope: 'pendingBooking', action: 'modify', level: 'selected_client_and_below' }],
  },
  /** Replace-me (spec §6 'Other rules'): the permission somewhere; the location's tag is checked with it. */
  replaceMe: { requirement: 'ALL', permissions: [{ scope: 'replaceMe', action: 'create', level: 'group_and_below' }] },
  /**
   * Reports: spend (accounts view, as the spend report's route) or the fill of bookings (booking view, as the fill
   * report's) somewhere in the tree. Which reports the page shows follows the selected schools; the server refuses
   * each report on its own.
   */
  reports: {
    requirement: 'ONE',
    permissions: [
      { scope: 'accounts', action: 'view', level: 'group_and_below' },
      { scope: 'booking', action: 'view', level: 'group_and_below' },
    ],
  },
} as const satisfies Record<string, RouteRequirement>;
export type RequirementPage = keyof typeof PAGE_REQUIREMENTS;

/**
 * Data scoping: which clients' data of a scope the contact may act on, whole (permission at the client) or only
 * at some locations (permission at those locations alone).
 */
export interface Scope {
  clientIds: number[];
  /** Locations reachable without the whole client. */
  locationIds: number[];
}

export function scopeOf(tree: PermissionTree, scope: PermissionScope, action: Action, clientIds?: readonly number[]): Scope {
  const result: Scope = { clientIds: [], locationIds: [] };
  for (const client of allClients(tree)) {
    if (clientIds && !clientIds.includes(client.clientId)) continue;
    if (holds(client.access.permissions, scope, action)) result.clientIds.push(client.clientId);
    else for (const l of client.locations) if (holds(l.access.permissions, scope, action)) result.locationIds.push(l.locationId);
  }
  return result;
}

/** May the contact act on this location (its client whole, or the location itself)? */
export function canAtLocation(tree: PermissionTree, scope: PermissionScope, action: Action, locationId: number): boolean {
  for (const client of allClients(tree)) {
    const location = client.locations.find((l) => l.locationId === locationId);
    if (location) return holds(client.access.permissions, scope, action) || holds(location.access.permissions, scope, action);
  }
  return false;
}

/** Adds each node's ancestors' entries to its own: the tree the API hands out. */
export function withInheritance(tree: PermissionTree): PermissionTree {
  const merge = (own: readonly string[], inherited: readonly string[]) => [...new Set([...inherited, ...own])].sort();
  const client = (c: ClientLink, inherited: readonly string[]): ClientLink => {
    const permissions = merge(c.access.permissions, inherited);
    return {
      ...c,
      access: { permissions },
      locations: c.locations.map((l) => ({ ...l, access: { permissions: merge(l.access.permissions, permissions) } })),
    };
  };
  return {
    groups: tree.groups.map((g) => ({
      ...g,
      access: { permissions: merge(g.access.permissions, []) },
      clients: g.clients.map((c) => client(c, g.access.permissions)),
    })),
    clients: tree.clients.map((c) => client(c, [])),
  };
}
