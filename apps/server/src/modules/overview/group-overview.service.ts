import type { PermissionTree } from '@portal/contract/permissions';
import { fillRatePercentage } from '@portal/contract/dashboard';
import { overviewDisplayName, type GroupOverviewResponse } from '@portal/contract/group-overview';
import { fullAddress } from '@portal/contract/locations';
import type { DbOrTx } from '@portal/db/client';
import { AppError } from '../../lib/app-error';
import { forbidden } from '../data-scope/data-scope';
import { groupExists, groupLocationsWithBookings } from './group-overview.repository';

/**
 * The client group overview (spec §2 clientGroupOverview, §3 'Overview row per location'): for contacts with the
 * group overview flag and a permission held at the group itself (any scope). An unknown group is a 404.
 */
export async function groupOverview(
  db: DbOrTx,
  caller: { tree: PermissionTree },
  groupId: number,
  dateLocal: string,
): Promise<GroupOverviewResponse> {
  const group = caller.tree.groups.find((g) => g.groupId === groupId);
  if (!group || group.access.permissions.length === 0) {
    if (!(await groupExists(db, groupId))) throw new AppError('not-found', { detail: 'There is no such client group.' });
    throw forbidden();
  }

  const rows = await groupLocationsWithBookings(db, groupId, dateLocal);
  return rows.map((r) => {
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
  });
}
