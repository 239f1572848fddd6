import type { PermissionTree } from '@portal/contract/permissions';
import { fillRatePercentage } from '@portal/contract/dashboard';
import { overviewDisplayName, type GroupOverviewResponse } from '@portal/contract/group-overview';
import { fullAddress } from '@portal/contract/locations';
import type { Db } from '@portal/db/client';
import { todayIn } from '@portal/contract/school-days';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/app-error';
import type { Versioned, VersionedAnswers } from '../../lib/versioned-answers';
import { forbidden } from '../data-scope/data-scope';
import { groupExists, groupLocationsWithBookings } from './group-overview.repository';

/**
 * The client group overview (spec §2 clientGroupOverview, §3 'Overview row per location'): for contacts with the
 * group overview flag and a permission held at the group itself (any scope). An unknown group is a 404.
 */
export class GroupOverviewService {
  constructor(
    private readonly db: Db,
    /** The app's clock (tests fix it). */
    private readonly now: Clock,
    private readonly answers: VersionedAnswers,
  ) {}

  /**
   * One row per location of the group on `dateLocal`, by default today in `timeZone`, as a versioned answer
   * (lib/versioned-answers.ts) over the group's clients. Every caller allowed here sees the whole group, so the key is
   * the group, the day and the group's clients (as the caller's permission tree has them: a client that joins or
   * leaves the group makes another key).
   */
  async overviewAnswer(
    tree: PermissionTree,
    groupId: number,
    timeZone: string,
    dateLocal?: string,
  ): Promise<Versioned<GroupOverviewResponse>> {
    const group = tree.groups.find((g) => g.groupId === groupId);
    if (!group || group.access.permissions.length === 0) {
      if (!(await groupExists(this.db, groupId))) throw new AppError('not-found', { detail: 'There is no such client group.' });
      throw forbidden();
    }
    const day = dateLocal ?? todayIn(timeZone, this.now());
    const clientIds = group.clients.map((client) => client.clientId);
    return this.answers.versioned(['group-overview', groupId, day, clientIds], clientIds, async () =>
      (await groupLocationsWithBookings(this.db, groupId, day)).map(overviewRow),
    );
  }
}

function overviewRow(r: OverviewRow): GroupOverviewResponse[number] {
  const filledBookings = r.totalBookings - r.openBookings;
  return {
    clientId: r.clientId,
    clientName: r.clientName,
    locationId: r.locationId,
    locationName: r.locationName,
    address: {
      line1: r.line1,
      line2: r.line2,
      suburb: r.suburb,
      state: r.state,
      postcode: r.postcode,
      country: r.country,
      latitude: r.latitude,
      longitude: r.longitude,
      fullAddress: fullAddress(r),
    },
    openBookings: r.openBookings,
    totalBookings: r.totalBookings,
    displayName: overviewDisplayName(r.clientName, r.locationName),
    filledBookings,
    fillRatePercentage: fillRatePercentage(r.totalBookings, r.openBookings),
  };
}

type OverviewRow = Awaited<ReturnType<typeof groupLocationsWithBookings>>[number];
