import type { PermissionScope } from '@portal/contract/domain';
import {
  ACTIONS,
  allClients,
  meetsRequirement,
  PAGE_REQUIREMENTS,
  ROUTE_REQUIREMENTS,
  type Action,
  type GuardedRoute,
  type Level,
  type PermissionTree,
  type RequirementPage,
  type RouteRequirement,
} from '@portal/contract/permissions';
import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';
import { contactFeatures } from '@portal/contract/profile';
import { FORBIDDEN_TEXT } from '../modules/data-scope/data-scope';
import type { ContactRecord } from '../modules/identity/principal-cache';

/**
 * What a route needs, declared where it is registered (`config: { permission }`), besides `config.public` and
 * `config.staff`. The authenticate hook enforces it before the handler runs; services keep only data scoping
 * (which rows the caller may see or change).
 *
 * - `'signedIn'`: none beyond login (spec §6: home, help, settings, changePassword; the caller's own records).
 * - a spec §6 route name (`ROUTE_REQUIREMENTS`) or a page's need (`PAGE_REQUIREMENTS`), or a requirement itself.
 * - `{ need, per }`: the need is checked per client or location of the row the call names (the booking in the
 *   path, the location in the body): the hook refuses a caller who holds it nowhere (the coarse check, with the
 *   route's own refusal text when it has one), and the service checks the row's node, answering 404 outside the
 *   caller's reach and the spec's row-level 403 text.
 */
export type PermissionName = GuardedRoute | RequirementPage;
/**
 * Flags on the contact that open a route: the client group overview (spec §6 'Other rules') and the feature flags
 * of spec §3, which are per contact (contacts.features over DEFAULT_FEATURES). `refusal`: the route's 403 text
 * when the flag is off (default: the route's own refusal).
 */
interface FeatureGate {
  field: string;
  allowed: (contact: ContactRecord) => boolean;
  refusal?: string;
}
export const CONTACT_FEATURES = {
  clientGroupOverview: {
    field: 'isClientGroupOverviewEnabled',
    allowed: (contact: ContactRecord) => contact.isClientGroupOverviewEnabled,
  },
  extendBooking: {
    field: 'features.enableExtendBooking',
    allowed: (contact: ContactRecord) => contactFeatures(contact.features).enableExtendBooking,
    refusal: BOOKING_MESSAGES.extendDisabled,
  },
} satisfies Record<string, FeatureGate>;
export type ContactFeature = keyof typeof CONTACT_FEATURES;

/** Whether the contact has the flag a route declares; a caller without a contact has none. */
export function hasContactFeature(contact: ContactRecord | undefined, feature: ContactFeature): boolean {
  return contact !== undefined && CONTACT_FEATURES[feature].allowed(contact);
}

/** The 403 text when the declared flag is off. */
export function featureRefusal(resolved: ResolvedPermission): string {
  const feature: FeatureGate | undefined = resolved.feature ? CONTACT_FEATURES[resolved.feature] : undefined;
  return feature?.refusal ?? resolved.forbidden;
}
/**
 * Why a contact may not call a route that declares `resolved`: the 403 text, or undefined when it may. The flag first,
 * then the need anywhere in its tree (every client taken as selected). The authenticate hook refuses with it; a page
 * the server draws for a contact (modules/first-page) draws nothing the contact's own call would refuse.
 */
export async function permissionRefusal(
  resolved: ResolvedPermission,
  contact: ContactRecord | undefined,
  tree: () => Promise<PermissionTree>,
): Promise<string | undefined> {
  if (resolved.feature && !hasContactFeature(contact, resolved.feature)) return featureRefusal(resolved);
  if (resolved.requirement) {
    const t = await tree();
    const selectedClientIds = allClients(t).map((c) => c.clientId);
    if (!meetsRequirement(t, resolved.requirement, { selectedClientIds })) return resolved.forbidden;
  }
  return undefined;
}

export interface ScopedPermission {
  /** `'signedIn'`: no permission anywhere is needed beyond what the service checks at the row. */
  need: PermissionName | RouteRequirement | 'signedIn';
  /** The node the need is checked at, for the row the call names. */
  per: 'client' | 'location' | 'group';
  /** The refusal text when the caller holds the need nowhere (default: the generic one). */
  forbidden?: string;
  /** A flag the contact must have, checked by the hook with the need. */
  feature?: ContactFeature;
}
export type PermissionDeclaration = 'signedIn' | PermissionName | RouteRequirement | ScopedPermission;

export interface ResolvedPermission {
  /** The spec §6 route or page it stands for, when named. */
  name?: PermissionName;
  /** What the hook checks (undefined: nothing beyond login). */
  requirement?: RouteRequirement;
  per?: ScopedPermission['per'];
  feature?: ContactFeature;
  forbidden: string;
}

const isScoped = (d: PermissionDeclaration): d is ScopedPermission => typeof d === 'object' && 'need' in d;

function named(need: PermissionName | RouteRequirement | 'signedIn'): { name?: PermissionName; requirement?: RouteRequirement } {
  if (need === 'signedIn') return {};
  if (typeof need !== 'string') return { requirement: need };
  const requirement = need in ROUTE_REQUIREMENTS ? ROUTE_REQUIREMENTS[need as GuardedRoute] : PAGE_REQUIREMENTS[need as RequirementPage];
  return { name: need, requirement };
}

/** Anywhere in the caller's tree: the coarse form of a need checked per client or location. */
function coarse(requirement: RouteRequirement): RouteRequirement {
  return {
    requirement: requirement.requirement,
    permissions: requirement.permissions.map((p) => ({ ...p, level: 'group_and_below' as Level })),
  };
}

export function resolvePermission(declaration: PermissionDeclaration): ResolvedPermission {
  if (declaration === 'signedIn') return { forbidden: FORBIDDEN_TEXT };
  if (isScoped(declaration)) {
    const { name, requirement } = named(declaration.need);
    return {
      name,
      requirement: requirement && coarse(requirement),
      per: declaration.per,
      feature: declaration.feature,
      forbidden: declaration.forbidden ?? FORBIDDEN_TEXT,
    };
  }
  return { ...named(declaration), forbidden: FORBIDDEN_TEXT };
}

const LEVEL_TEXT: Record<Level, string> = {
  group_and_below: 'anywhere',
  group: 'at the group',
  client_and_below: 'at the client or one of its locations',
  client: 'at the client',
  selected_client_and_below: 'at a selected client or one of its locations',
  selected_client: 'at a selected client',
  location: 'at the location',
};

/** One sentence for the API documentation. */
export function describePermission(declaration: PermissionDeclaration | undefined, flags: { public?: boolean; staff?: boolean }): string {
  if (flags.public) return 'Permission: public (no sign-in).';
  if (flags.staff) return 'Permission: provider staff only (a staff token without Impersonated-Contact).';
  if (!declaration) return 'Permission: not declared.';
  const resolved = resolvePermission(declaration);
  const feature = resolved.feature
    ? ` The contact needs the ${resolved.feature} flag (\`${CONTACT_FEATURES[resolved.feature].field}\`).`
    : '';
  const per = resolved.per ? `, checked per ${resolved.per} of the row the call names (403 or 404 outside it)` : '';
  if (!resolved.requirement) return `Permission: any signed-in contact${per}.${feature}`;
  // A scope listed with every action at one level reads as one entry: 'booking (any action) anywhere'.
  const parts: string[] = [];
  for (const p of resolved.requirement.permissions) {
    const level = LEVEL_TEXT[p.level ?? 'group_and_below'];
    const same = resolved.requirement.permissions.filter(
      (q) => q.scope === p.scope && (q.level ?? 'group_and_below') === (p.level ?? 'group_and_below'),
    );
    const every = ACTIONS.every((a) => same.some((q) => q.action === a));
    const text = every ? `${p.scope} (any action) ${level}` : `${p.scope} ${p.action} ${level}`;
    if (!parts.includes(text)) parts.push(text);
  }
  const list = parts.length === 1 ? parts[0] : `${resolved.requirement.requirement === 'ALL' ? 'all of' : 'one of'}: ${parts.join('; ')}`;
  return `Permission${resolved.name ? ` (${resolved.name})` : ''}: ${list}${per}.${feature}`;
}

/** The `x-permission` extension of an operation. */
export function permissionExtension(declaration: PermissionDeclaration | undefined, flags: { public?: boolean; staff?: boolean }): unknown {
  if (flags.public) return 'public';
  if (flags.staff) return 'staff';
  if (!declaration || declaration === 'signedIn') return declaration ?? null;
  const resolved = resolvePermission(declaration);
  const own = isScoped(declaration) ? named(declaration.need).requirement : resolved.requirement;
  return {
    ...(resolved.name ? { name: resolved.name } : {}),
    ...(own ?? { requirement: 'ALL', permissions: [] }),
    ...(resolved.per ? { per: resolved.per } : {}),
    ...(resolved.feature ? { feature: resolved.feature } : {}),
  };
}

const all = (scope: PermissionScope, action: Action): RouteRequirement => ({ requirement: 'ALL', permissions: [{ scope, action }] });
const one = (...pairs: [PermissionScope, Action][]): RouteRequirement => ({
  requirement: 'ONE',
  permissions: pairs.map(([scope, action]) => ({ scope, action })),
});

/** The needs of the routes spec §6 does not name, as the services scope their data. */
export const NEEDS = {
  bookingView: all('booking', 'view'),
  /** The bookings list and a booking: booking view, or pendingBooking view for the bookings pending approval. */
  bookingOrPendingView: one(['booking', 'view'], ['pendingBooking', 'view']),
  bookingDelete: all('booking', 'delete'),
  /** Extending a booking: booking create or modify. */
  bookingChange: one(['booking', 'create'], ['booking', 'modify']),
  /** Create-booking reference data: any booking or pendingBooking permission. */
  anyBooking: one(
    ...(['booking', 'pendingBooking'] as const).flatMap((scope) => ACTIONS.map((action): [PermissionScope, Action] => [scope, action])),
  ),
  /** Booking contacts of a location, for the create-booking form: booking or pendingBooking create. */
  bookingCreate: one(['booking', 'create'], ['pendingBooking', 'create']),
  pendingList: one(['pendingBooking', 'view'], ['booking', 'view']),
  pendingBookingModify: all('pendingBooking', 'modify'),
  /** Withdrawing one's own request pending approval: pendingBooking create, as when it was asked for. */
  pendingBookingCreate: all('pendingBooking', 'create'),
} as const satisfies Record<string, RouteRequirement>;
