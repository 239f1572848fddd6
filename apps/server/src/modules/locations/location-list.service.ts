import type { Db } from '@portal/db/client';
import { fullAddress, type LocationsResponse } from '@portal/contract/locations';
import type { PermissionTree } from '@portal/contract/permissions';
import { forbidden, visibleClients } from '../data-scope/data-scope';
import { findLocations } from './location-list.repository';

/** The selected clients' locations with addresses and coordinates (the dashboard's map layout). */
export class LocationListService {
  constructor(private readonly db: Db) {}

  /** The locations of the selected clients the caller reaches; 403 when it reaches none. */
  async locations(tree: PermissionTree, clientIds: readonly number[] | undefined): Promise<LocationsResponse> {
    const locationIds = visibleClients(tree, clientIds).flatMap((c) => c.locations.map((l) => l.locationId));
    if (locationIds.length === 0) throw forbidden();
    const rows = await findLocations(this.db, locationIds);
    return rows.map(({ locationId, locationName, clientId, clientName, timeZone, ...address }) => ({
      locationId,
      locationName,
      clientId,
      clientName,
      timeZone,
      address: { ...address, fullAddress: fullAddress(address) },
    }));
  }
}
