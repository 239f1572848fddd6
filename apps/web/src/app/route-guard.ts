import { allClients, meetsRequirement, PAGE_REQUIREMENTS, ROUTE_REQUIREMENTS, type GuardedRoute } from '@portal/contract/permissions';
import type { ProfileResponse } from '@portal/contract/profile';
import { ApiError } from '../lib/api-error';
import { ERROR_REASON_PARAM, ERROR_REASONS, paths } from '../lib/paths';
import { reconcileSelectedClients } from '../lib/selected-clients';
import type { RefreshOutcome } from '../lib/session';

/**
 * The route guard of spec §2, as plain functions of their inputs so each decision can be tested alone. The
 * router runs `checkSession` in the middleware of the signed-in area and `checkRoute` in each guarded route's.
 */

/** A route's access rule: a spec §6 route requirement, the group overview's flag on the user, or the Reports page's. */
export type RouteAccess = GuardedRoute | 'groupOverview' | 'reports';

export interface GuardDeps {
  hasSession(): boolean;
  /** A token refresh (or the outcome of the one app start already tried in this navigation). */
  refresh(): Promise<RefreshOutcome>;
  isImpersonating(): boolean;
  /** The profile: from the cache when fresh (2 hours), else from the server. */
  loadProfile(): Promise<ProfileResponse>;
  /** After the profile loaded: the locale follows the profile's language, the impersonation names its staff. */
  onProfile(profile: ProfileResponse): void | Promise<void>;
  getSelectedClientIds(): number[];
  setSelectedClientIds(ids: number[]): void;
  /**
   * Spec §2: extra information for the first selected client is loaded when not cached
   * (`GET /v1/clients/{id}/additional-details`, lib/client-details.ts).
   */
  loadFirstClientDetails(clientId: number): Promise<void>;
  /** Where signed-out visitors go: the language-prefixed landing page. */
  landingPath(): string;
}

export type GuardResult =
  | {
      kind: 'allow';
      profile: ProfileResponse;
      selectedClientIds: number[];
      /** The contact had no client selection of their own yet (the guard filled it with every client). */
      selectionWasEmpty: boolean;
    }
  | { kind: 'redirect'; to: string };

/** The generic error page, for a contact whose permissions name no school yet. */
export const NO_CLIENT_ERROR_PATH = `${paths.error}?${ERROR_REASON_PARAM}=${ERROR_REASONS.noClient}`;

/** Spec §2: where a failed profile load leads, by the kind of failure. */
export function profileFailurePath(error: unknown): string {
  if (!(error instanceof ApiError)) return paths.accountLoadFailed;
  if (error.noResponse) return paths.noServerResponse;
  switch (error.status) {
    case 403:
      return paths.forbidden;
    case 401:
      return paths.unauthorized;
    case 400:
      return paths.badRequest;
    default:
      return paths.error;
  }
}

/** Where a visitor without a session goes when no refresh brings one back. */
export function signedOutPath(outcome: Exclude<RefreshOutcome, 'refreshed'>, wasImpersonating: boolean, landing: string): string {
  if (outcome === 'unreachable') return paths.noServerResponse;
  return wasImpersonating ? paths.login : landing;
}

/** Session, profile and selected clients, in the order of spec §2. */
export async function checkSession(deps: GuardDeps): Promise<GuardResult> {
  if (!deps.hasSession()) {
    // Read before the refresh: a failed refresh clears the stored impersonation.
    const wasImpersonating = deps.isImpersonating();
    const outcome = await deps.refresh();
    if (outcome !== 'refreshed') return { kind: 'redirect', to: signedOutPath(outcome, wasImpersonating, deps.landingPath()) };
  }

  let profile: ProfileResponse;
  try {
    profile = await deps.loadProfile();
  } catch (error) {
    return { kind: 'redirect', to: profileFailurePath(error) };
  }
  await deps.onProfile(profile);

  const stored = deps.getSelectedClientIds();
  const selectedClientIds = reconcileSelectedClients(
    stored,
    allClients(profile.links).map((client) => client.clientId),
  );
  // No client at all: the generic error page (spec §2), told why, so it can say what is true and whom to ask.
  if (!selectedClientIds) return { kind: 'redirect', to: NO_CLIENT_ERROR_PATH };
  if (selectedClientIds.join(',') !== stored.join(',')) deps.setSelectedClientIds(selectedClientIds);

  await deps.loadFirstClientDetails(selectedClientIds[0]!);
  return { kind: 'allow', profile, selectedClientIds, selectionWasEmpty: stored.length === 0 };
}

/**
 * Spec §2: a contact who can reach more than one client is sent to the client overview, to choose. Home asks this
 * on every entry; once a selection exists (the overview, or the client selector, made one) Home opens as asked.
 */
export function clientOverviewRedirect(profile: ProfileResponse, selectionWasEmpty: boolean): string | undefined {
  return selectionWasEmpty && allClients(profile.links).length > 1 ? paths.clientOverview : undefined;
}

/** The route's own permission check; the path to go to instead (forbidden), or undefined when allowed. */
export function checkRoute(
  access: RouteAccess | undefined,
  profile: ProfileResponse,
  selectedClientIds: readonly number[],
): string | undefined {
  if (!access) return undefined;
  const allowed =
    access === 'groupOverview'
      ? profile.contact.isClientGroupOverviewEnabled
      : access === 'reports'
        ? meetsRequirement(profile.links, PAGE_REQUIREMENTS.reports)
        : meetsRequirement(profile.links, ROUTE_REQUIREMENTS[access], { selectedClientIds });
  return allowed ? undefined : paths.forbidden;
}
