import type { Db } from '@portal/db/client';
import type { DayAway, DayAwayBody } from '@portal/contract/availability';
import { dateInPastProblem } from '@portal/contract/booking-rules';
import { FORM_MESSAGES } from '@portal/contract/messages';
import { allClients, holds, type PermissionTree } from '@portal/contract/permissions';
import { LOCATION_TAGS } from '@portal/contract/domain';
import { addDays } from '@portal/contract/query-params';
import { replaceMeDays, todayIn } from '@portal/contract/school-days';
import { AppError } from '../../lib/app-error';
import { deleteDayAway, insertDayAway, listDaysAway, replaceMeRequestsOn } from './availability.repository';

/**
 * Days away of the signed-in contact. "Today" is the calendar day in the zone of the day's location (else the
 * contact's first location, else UTC); the replace-me offer stands for today and the next school day (Friday →
 * Monday, labelled next Monday) at a location tagged replace_me_feature_enabled where the contact holds replaceMe.
 */

function zoneOf(tree: PermissionTree, locationId: number | null | undefined): string {
  const all = allClients(tree).flatMap((c) => c.locations);
  return (locationId ? all.find((l) => l.locationId === locationId)?.timeZone : undefined) ?? all[0]?.timeZone ?? 'UTC';
}

function replaceMeLocation(tree: PermissionTree, locationId: number | null): number | null {
  if (!locationId) return null;
  for (const client of allClients(tree)) {
    const location = client.locations.find((l) => l.locationId === locationId);
    if (location && location.tags.includes(LOCATION_TAGS.replaceMe) && holds(location.access.permissions, 'replaceMe', 'create'))
      return locationId;
  }
  return null;
}

export class AvailabilityService {
  constructor(
    private readonly db: Db,
    /** The app's clock (tests fix it). */
    private readonly clock: () => Date,
  ) {}

  today(tree: PermissionTree, now = this.clock()): string {
    return todayIn(zoneOf(tree, undefined), now);
  }

  async list(
    contactId: number,
    tree: PermissionTree,
    range: { dateFromLocal?: string; dateToLocal?: string },
    now = this.clock(),
  ): Promise<DayAway[]> {
    const from = range.dateFromLocal ?? this.today(tree, now);
    const to = range.dateToLocal ?? addDays(from, 90);
    if (to < from) throw AppError.field('dateToLocal', FORM_MESSAGES.dateBefore(from));
    const rows = await listDaysAway(this.db, contactId, from, to);
    const requests = await replaceMeRequestsOn(
      this.db,
      contactId,
      rows.map((r) => r.dateLocal),
    );
    return rows.map((row) => {
      const zone = zoneOf(tree, row.locationId);
      // Replace-me days (spec §5): today on a school day, and the next school day.
      const days = replaceMeDays(now, zone);
      const selectedDay = row.dateLocal === days.today && days.todayOffered ? 'today' : row.dateLocal === days.tomorrow ? 'tomorrow' : null;
      const location = replaceMeLocation(tree, row.locationId);
      const request = requests.find((r) => r.selectedDay === row.dateLocal);
      return {
        ...row,
        replaceMe: {
          offered: location !== null && selectedDay !== null && !request,
          selectedDay,
          isNextMonday: selectedDay === 'tomorrow' && days.isNextMonday,
          locationId: location,
          request: request ? { id: request.id, status: request.status } : null,
        },
      };
    });
  }

  async add(contactId: number, tree: PermissionTree, body: DayAwayBody, now = this.clock()): Promise<DayAway> {
    if (body.locationId !== undefined && !allClients(tree).some((c) => c.locations.some((l) => l.locationId === body.locationId))) {
      // Another client's location is not the contact's business: answered as if it did not exist.
      throw new AppError('not-found', { detail: 'There is no such location.', errors: { locationId: ['There is no such location'] } });
    }
    const today = todayIn(zoneOf(tree, body.locationId), now);
    if (dateInPastProblem(body.dateLocal, today))
      throw new AppError('rule-violation', { detail: FORM_MESSAGES.dateInPast, errors: { dateLocal: [FORM_MESSAGES.dateInPast] } });
    const row = await insertDayAway(this.db, {
      contactId,
      dateLocal: body.dateLocal,
      reason: body.reason,
      note: body.note || null,
      locationId: body.locationId ?? null,
    });
    if (!row) {
      throw new AppError('conflict', {
        detail: 'You are already away that day.',
        errors: { dateLocal: ['You are already away that day'] },
      });
    }
    const [created] = (await this.list(contactId, tree, { dateFromLocal: body.dateLocal, dateToLocal: body.dateLocal }, now)).filter(
      (d) => d.id === row.id,
    );
    return created!;
  }

  async remove(contactId: number, id: number): Promise<void> {
    const deleted = await deleteDayAway(this.db, contactId, id);
    if (!deleted) throw new AppError('not-found', { detail: 'There is no such day away.' });
  }
}
