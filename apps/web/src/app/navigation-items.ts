import {
  allClients,
  meetsRequirement,
  PAGE_REQUIREMENTS,
  ROUTE_REQUIREMENTS,
  type GuardedRoute,
  type RequirementPage,
} from '@portal/contract/permissions';
import type { ProfileResponse } from '@portal/contract/profile';
import { paths } from '../lib/paths';

export type NavKey =
  | 'home'
  | 'overview'
  | 'groupOverview'
  | 'bookings'
  | 'pendingApproval'
  | 'timesheets'
  | 'candidates'
  | 'finance'
  | 'reports'
  | 'availability'
  | 'help';

interface NavDefinition {
  key: NavKey;
  to: string;
  /** The route's spec §6 requirement; the drawer hides what the route guard would refuse. */
  requirement?: GuardedRoute;
  /** A page open to everyone whose contents need a permission (PAGE_REQUIREMENTS): offered only with it. */
  page?: RequirementPage;
  when?: (profile: ProfileResponse) => boolean;
}

const DEFINITIONS: NavDefinition[] = [
  { key: 'home', to: paths.home },
  { key: 'overview', to: paths.clientOverview, when: (profile) => allClients(profile.links).length > 1 },
  { key: 'groupOverview', to: paths.groupOverview, when: (profile) => profile.contact.isClientGroupOverviewEnabled },
  { key: 'bookings', to: paths.bookings, page: 'bookings' },
  { key: 'pendingApproval', to: paths.bookingsPendingApproval, requirement: 'bookingsPendingApproval' },
  { key: 'timesheets', to: paths.timesheets, requirement: 'timesheets' },
  { key: 'candidates', to: paths.candidates, requirement: 'candidates' },
  { key: 'finance', to: paths.finance, requirement: 'finance' },
  { key: 'reports', to: paths.reports, when: (profile) => meetsRequirement(profile.links, PAGE_REQUIREMENTS.reports) },
  { key: 'availability', to: paths.availability },
  { key: 'help', to: paths.help },
];

/** The navigation entries this user may open, in drawer order. */
export function navigationItems(profile: ProfileResponse, selectedClientIds: readonly number[]): Array<{ key: NavKey; to: string }> {
  return DEFINITIONS.filter(
    (item) =>
      (!item.when || item.when(profile)) &&
      (!item.requirement || meetsRequirement(profile.links, ROUTE_REQUIREMENTS[item.requirement], { selectedClientIds })) &&
      (!item.page || meetsRequirement(profile.links, PAGE_REQUIREMENTS[item.page], { selectedClientIds })),
  ).map(({ key, to }) => ({ key, to }));
}

/**
 * The one entry to mark as current: the longest path that holds the page (/bookings/pending-approval marks
 * 'Pending approval', not 'Bookings' as well).
 */
export function activeNavKey(items: ReadonlyArray<{ key: NavKey; to: string }>, pathname: string): NavKey | undefined {
  let best: { key: NavKey; to: string } | undefined;
  for (const item of items) {
    const holds = item.to === '/' ? pathname === '/' : pathname === item.to || pathname.startsWith(`${item.to}/`);
    if (holds && (!best || item.to.length > best.to.length)) best = item;
  }
  return best?.key;
}
