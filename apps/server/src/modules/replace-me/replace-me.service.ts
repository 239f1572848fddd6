import { BOOKING_MESSAGES } from '@portal/contract/booking-messages';
import { LOCATION_TAGS, REPLACE_ME_WITHDRAWABLE } from '@portal/contract/domain';
import { allClients, holds, type LocationLink, type PermissionTree } from '@portal/contract/permissions';
import type { ReplaceMeBody, ReplaceMeRequest, ReplaceMeStatus } from '@portal/contract/replace-me';
import { replaceMeDays } from '@portal/contract/school-days';
import { lockForTransaction } from '../../lib/advisory-lock';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Tx, Written } from '../../lib/idempotency';
import { forbidden } from '../data-scope/data-scope';
import { audit } from '../identity/audit.port';
import {
  insertRequest,
  markWithdrawn,
  requestById,
  requestForUpdate,
  requestOnDay,
  requestsOfContact,
  type Db,
} from './replace-me.repository';

/**
 * Replace-me (spec §4, §6, §9): a contact holding replaceMe create (or all) at a location tagged
 * replace_me_feature_enabled asks for a replacement today or on the next school day (Friday → next Monday).
 */

type ReplaceMeLocation = LocationLink & { clientId: number };

/** The locations where the caller may ask for a replacement, optionally of one client. */
export function replaceMeLocations(tree: PermissionTree, clientId?: number): ReplaceMeLocation[] {
  return allClients(tree)
    .filter((c) => clientId === undefined || c.clientId === clientId)
    .flatMap((c) => c.locations.map((l) => ({ ...l, clientId: c.clientId })))
    .filter((l) => l.tags.includes(LOCATION_TAGS.replaceMe) && holds(l.access.permissions, 'replaceMe', 'create'));
}

export class ReplaceMeService {
  constructor(
    private readonly db: Db,
    /** The app's clock: today and the next school day at each location. */
    private readonly now: Clock,
  ) {}

  /** One request as its answer, whoever asked: the provider reads it back after moving it on. */
  byId(id: number): Promise<ReplaceMeRequest | undefined> {
    return requestById(this.db, id);
  }

  async status(contactId: number, tree: PermissionTree, clientId: number): Promise<ReplaceMeStatus> {
    const now = this.now();
    const locations = replaceMeLocations(tree, clientId);
    if (locations.length === 0) throw forbidden(BOOKING_MESSAGES.replaceMeNotAvailable);
    const { today, tomorrow, isNextMonday } = replaceMeDays(now, locations[0]!.timeZone);
    // "From today on" in the most western zone of the client's locations keeps today's requests everywhere.
    const fromDay = locations.map((l) => replaceMeDays(now, l.timeZone).today).sort()[0]!;
    return {
      clientId,
      timestamp: now.toISOString(),
      locations: locations.map((l) => ({ id: l.locationId, name: l.locationName, timeZone: l.timeZone })),
      days: { today, tomorrow, isNextMonday },
      requests: await requestsOfContact(this.db, contactId, clientId, fromDay),
    };
  }

  /** Records the request in the write's transaction (which stores the Idempotency-Key's answer). */
  async request(tx: Tx, contactId: number, tree: PermissionTree, body: ReplaceMeBody): Promise<Written<ReplaceMeRequest>> {
    const now = this.now();
    const locations = replaceMeLocations(tree);
    if (locations.length === 0) throw forbidden(BOOKING_MESSAGES.replaceMeNotAvailable);
    let location: ReplaceMeLocation | undefined;
    if (body.locationId !== undefined) {
      location = locations.find((l) => l.locationId === body.locationId);
      if (!location)
        throw new AppError('forbidden', {
          detail: BOOKING_MESSAGES.replaceMeNotAvailable,
          errors: { locationId: [BOOKING_MESSAGES.replaceMeNotAvailable] },
        });
    } else if (locations.length > 1) {
      throw AppError.field('locationId', BOOKING_MESSAGES.replaceMeChooseLocation);
    } else {
      location = locations[0]!;
    }

    const days = replaceMeDays(now, location.timeZone);
    const isTomorrow = body.selectedDay === 'tomorrow';
    // Spec §5: replace-me is for school days; on a Saturday or Sunday (in the location's zone) only the next one.
    if (!isTomorrow && !days.todayOffered) {
      throw new AppError('rule-violation', {
        detail: BOOKING_MESSAGES.replaceMeNotSchoolDay,
        errors: { selectedDay: [BOOKING_MESSAGES.replaceMeNotSchoolDay] },
      });
    }
    const selectedDay = isTomorrow ? days.tomorrow : days.today;
    const isNextMonday = isTomorrow && days.isNextMonday;
    if ((body.isNextMonday ?? false) !== isNextMonday) {
      throw AppError.field(
        'isNextMonday',
        isNextMonday
          ? `The next school day is next Monday (${days.tomorrow}): isNextMonday must be true`
          : `The day asked for (${selectedDay}) is not next Monday: isNextMonday must be false`,
      );
    }

    // One request per contact and day: a second submit waits here, then sees the first one's row.
    await lockForTransaction(tx, 'replaceMeContact', contactId);
    if (await requestOnDay(tx, contactId, selectedDay)) {
      throw new AppError('conflict', {
        detail: BOOKING_MESSAGES.replaceMeExists,
        errors: { selectedDay: [BOOKING_MESSAGES.replaceMeExists] },
      });
    }
    const id = await insertRequest(tx, {
      contactId,
      clientId: location.clientId,
      locationId: location.locationId,
      selectedDay,
      isNextMonday,
      now,
    });
    const created = (await requestById(tx, id))!;
    return { status: 201, body: created };
  }

  /**
   * Withdraws one of the caller's own requests while no replacement is found (scheduled or pending approval). A
   * request already withdrawn answers as done; another contact's (or an unknown) one is not found; one whose
   * replacement is found or booked is refused with 409. The day can then be asked for again.
   */
  async withdraw(contactId: number, tree: PermissionTree, id: number, trace: { requestId?: string; ip?: string } = {}): Promise<void> {
    const now = this.now();
    await this.db.transaction(async (tx) => {
      // The provider moving it along at the same moment waits here, or is waited for.
      const request = await requestForUpdate(tx, id);
      if (!request || request.contactId !== contactId) throw new AppError('not-found', { detail: BOOKING_MESSAGES.replaceMeNotFound });
      if (!replaceMeLocations(tree).some((l) => l.locationId === request.locationId))
        throw forbidden(BOOKING_MESSAGES.replaceMeNotAvailable);
      if (request.status === 'withdrawn') return;
      if (!(REPLACE_ME_WITHDRAWABLE as readonly string[]).includes(request.status))
        throw new AppError('conflict', { detail: BOOKING_MESSAGES.replaceMeWithdrawTooLate });
      await markWithdrawn(tx, id, now);
      await audit(tx, {
        contactId,
        action: 'replace-me.withdrawn',
        entityType: 'replace_me_request',
        entityId: String(id),
        details: { selectedDay: request.selectedDay, locationId: request.locationId, was: request.status },
        requestId: trace.requestId,
        ip: trace.ip,
      });
    });
  }
}
