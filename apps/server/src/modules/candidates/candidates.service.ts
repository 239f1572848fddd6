import {
  candidateFullName,
  COMPLIANCE_EXPIRING_DAYS,
  MAX_DETAIL_BOOKINGS,
  type CandidateBooking,
  type CandidateComplianceCheck,
  type CandidateDetailsResponse,
  type CandidateListResponse,
  type CandidateProfileImageResponse,
  type ComplianceStatus,
  type ExclusionResponse,
  type FavouriteResponse,
} from '@portal/contract/candidates';
import { allClients, hasPermission, scopeOf, type PermissionTree, type Scope } from '@portal/contract/permissions';
import { addDays } from '@portal/contract/query-params';
import { todayIn } from '@portal/contract/school-days';
import type { DbOrTx } from '@portal/db/client';
import { AppError } from '../../lib/app-error';
import { forbidden } from '../data-scope/data-scope';
import { minuteOf, type Versioned, type VersionedAnswers } from '../../lib/versioned-answers';
import { generatedAvatar, uploadedImage, type ProfileImage } from './candidate-avatar';
import {
  candidateBookings,
  findCandidate,
  findImageSource,
  isKnownAtAny,
  knownAt,
  listForClient,
  auditExclusion,
  setExclusion,
  setFavourite,
  type CandidateBookingRow,
} from './candidates.repository';

/**
 * Who may see which educators (spec §6 'candidates': booking view, timesheets view or accounts view). A client
 * counts when the caller holds one of them at the client or one of its locations; bookings are shown for the
 * whole client where the permission is held there, else for those locations only. Educators no client of the
 * caller knows are not found (404), so an id tells nothing about educators elsewhere.
 */

export const CANDIDATE_NOT_FOUND = 'There is no such educator at your schools.';

const VIEW_SCOPES = ['booking', 'timesheets', 'accounts'] as const;

/** Whole clients and single locations where the caller may see educators (union of the three permissions). */
export function candidateScope(tree: PermissionTree): Scope & { reachableClientIds: number[] } {
  const whole = new Set<number>();
  const locations = new Set<number>();
  for (const s of VIEW_SCOPES) {
    const scope = scopeOf(tree, s, 'view');
    scope.clientIds.forEach((id) => whole.add(id));
    scope.locationIds.forEach((id) => locations.add(id));
  }
  const reachable = new Set(whole);
  for (const client of allClients(tree)) {
    if (!whole.has(client.clientId) && client.locations.some((l) => locations.has(l.locationId))) reachable.add(client.clientId);
    if (whole.has(client.clientId)) client.locations.forEach((l) => locations.delete(l.locationId));
  }
  return { clientIds: [...whole], locationIds: [...locations], reachableClientIds: [...reachable] };
}

/** Spec §6 'booking create or modify' at the client or one of its locations: who may mark a favourite there. */
export function canSetFavourite(tree: PermissionTree, clientId: number): boolean {
  return (['create', 'modify'] as const).some((action) =>
    hasPermission(tree, { scope: 'booking', action, level: 'client_and_below' }, { clientId }),
  );
}

export function complianceStatus(expiresOn: string | null, todayIso: string): ComplianceStatus {
  if (expiresOn === null) return 'valid';
  if (expiresOn < todayIso) return 'expired';
  return expiresOn <= addDays(todayIso, COMPLIANCE_EXPIRING_DAYS) ? 'expiring' : 'valid';
}

function toBooking(r: CandidateBookingRow): CandidateBooking {
  return {
    bookingId: r.id,
    clientId: r.client_id,
    clientName: r.client_name,
    locationId: r.location_id,
    locationName: r.location_name,
    dateLocal: r.date_local,
    startTime: r.start_time,
    endTime: r.end_time,
    status: r.status,
    classification: r.classification,
  };
}

export class CandidatesService {
  constructor(
    private readonly db: DbOrTx,
    private readonly now: () => Date,
    private readonly answers: VersionedAnswers,
  ) {}

  /** GET /v1/candidate/CandidateList?ClientId=: 403 unless the caller may see educators at that client. */
  async listAnswer(tree: PermissionTree, clientId: number): Promise<Versioned<CandidateListResponse>> {
    const scope = candidateScope(tree);
    if (!scope.reachableClientIds.includes(clientId)) throw forbidden();
    const client = allClients(tree).find((c) => c.clientId === clientId)!;
    const locationIds = scope.clientIds.includes(clientId)
      ? null
      : client.locations.filter((l) => scope.locationIds.includes(l.locationId)).map((l) => l.locationId);
    const now = this.now();
    // Last and next dates turn on each booking's local date: the minute holds them (zone offsets are whole minutes).
    const load = async () => {
      const todayByZone = new Map(client.locations.map((l) => [l.timeZone, todayIn(l.timeZone, now)]));
      const rows = await listForClient(this.db, { clientId, locationIds, nowIso: now.toISOString(), todayByZone });
      return rows.map((r) => ({
        candidateId: r.id,
        firstName: r.first_name,
        lastName: r.last_name,
        preferredName: r.preferred_name,
        fullName: candidateFullName({ firstName: r.first_name, lastName: r.last_name, preferredName: r.preferred_name }),
        headline: r.headline,
        lastDateLocal: r.last_date,
        nextDateLocal: r.next_date,
        bookingsCount: r.bookings_count,
        isFavourite: r.is_favourite,
        isExcluded: r.is_excluded,
      }));
    };
    return this.answers.versioned(['candidates', minuteOf(now), clientId, locationIds], [clientId], load);
  }

  /** GET /v1/candidate/{id}/details: 404 unless one of the caller's clients knows the educator. */
  async details(tree: PermissionTree, candidateId: number): Promise<CandidateDetailsResponse> {
    const scope = candidateScope(tree);
    const known = await knownAt(this.db, candidateId, scope.reachableClientIds, scope);
    if (known.length === 0) throw new AppError('not-found', { detail: CANDIDATE_NOT_FOUND });
    const nowIso = this.now().toISOString();
    const [candidate, past, upcoming] = await Promise.all([
      findCandidate(this.db, candidateId),
      candidateBookings(this.db, { candidateId, scope, nowIso, when: 'past', limit: MAX_DETAIL_BOOKINGS }),
      candidateBookings(this.db, { candidateId, scope, nowIso, when: 'upcoming', limit: MAX_DETAIL_BOOKINGS }),
    ]);
    if (!candidate) throw new AppError('not-found', { detail: CANDIDATE_NOT_FOUND });
    const todayIso = nowIso.slice(0, 10);
    const complianceChecks: CandidateComplianceCheck[] = candidate.complianceChecks
      .map((c) => ({ name: c.name, reference: c.reference, expiresOn: c.expiresOn, status: complianceStatus(c.expiresOn, todayIso) }))
      .sort((a, b) => (a.expiresOn ?? '9999').localeCompare(b.expiresOn ?? '9999'));
    return {
      candidateId: candidate.id,
      firstName: candidate.firstName,
      lastName: candidate.lastName,
      preferredName: candidate.preferredName,
      fullName: candidateFullName(candidate),
      headline: candidate.headline,
      summary: candidate.summary,
      qualifications: candidate.qualifications.map((q) => ({ name: q.name, issuer: q.issuer, year: q.year })),
      complianceChecks,
      clients: known.map((k) => ({
        clientId: k.client_id,
        clientName: k.client_name,
        isFavourite: k.is_favourite,
        canSetFavourite: canSetFavourite(tree, k.client_id),
        isExcluded: k.is_excluded,
        exclusionReason: k.exclusion_reason,
        bookingsCount: k.bookings_count,
      })),
      pastBookings: past.rows.map(toBooking),
      upcomingBookings: upcoming.rows.map(toBooking),
      pastBookingsCount: past.total,
      upcomingBookingsCount: upcoming.total,
    };
  }

  /** GET /v1/candidate/profile-image/{id}: the same access as the details. */
  async profileImage(tree: PermissionTree, candidateId: number): Promise<ProfileImage> {
    const scope = candidateScope(tree);
    if (!(await isKnownAtAny(this.db, candidateId, scope.reachableClientIds))) {
      throw new AppError('not-found', { detail: CANDIDATE_NOT_FOUND });
    }
    const source = await findImageSource(this.db, candidateId);
    if (!source) throw new AppError('not-found', { detail: CANDIDATE_NOT_FOUND });
    return source.profileImage && source.profileImageType
      ? uploadedImage(source.profileImage, source.profileImageType)
      : generatedAvatar(source.avatarSeed);
  }

  /**
   * PUT/DELETE /v1/candidate/{id}/favourite?clientId=: 403 without booking create or modify at the client, 404
   * when the client does not know the educator. Setting the same value twice is the same answer (idempotent).
   */
  async setFavourite(tree: PermissionTree, candidateId: number, clientId: number, isFavourite: boolean): Promise<FavouriteResponse> {
    if (!allClients(tree).some((c) => c.clientId === clientId) || !canSetFavourite(tree, clientId)) throw forbidden();
    const result = await setFavourite(this.db, clientId, candidateId, isFavourite);
    if (result === undefined) throw new AppError('not-found', { detail: CANDIDATE_NOT_FOUND });
    return { candidateId, clientId, isFavourite: result };
  }

  /**
   * PUT/DELETE /v1/candidate/{id}/exclusion?clientId=: as favourites (403 without booking create or modify at the
   * client, 404 when the client does not know the educator, the same call twice is the same answer), audited. An
   * excluded educator is never assigned to the client's bookings, and a booking asking for them is refused.
   */
  async setExclusion(
    who: { tree: PermissionTree; contactId: number | null; staffUserId: number | null },
    candidateId: number,
    clientId: number,
    exclusion: { isExcluded: boolean; reason?: string | undefined },
  ): Promise<ExclusionResponse> {
    if (!allClients(who.tree).some((c) => c.clientId === clientId) || !canSetFavourite(who.tree, clientId)) throw forbidden();
    const reason = exclusion.isExcluded && exclusion.reason ? exclusion.reason : null;
    const result = await this.db.transaction(async (tx) => {
      const set = await setExclusion(tx, clientId, candidateId, { isExcluded: exclusion.isExcluded, reason });
      if (set) await auditExclusion(tx, { contactId: who.contactId, staffUserId: who.staffUserId, candidateId, clientId, ...set });
      return set;
    });
    if (result === undefined) throw new AppError('not-found', { detail: CANDIDATE_NOT_FOUND });
    return { candidateId, clientId, isExcluded: result.isExcluded, reason: result.reason };
  }
}

export function imageResponse(image: ProfileImage): CandidateProfileImageResponse {
  return { base64ProfileImg: image.bytes.toString('base64'), contentType: image.contentType };
}
