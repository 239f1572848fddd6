import { z } from 'zod';
import { Address } from './locations';
import { LocalDate, TimeZoneName } from './query-params';

/** GET /v1/client-groups/{id}/overview: the fill rate of every location of a school group on one day (spec §3). */

export const GroupOverviewQuery = z.strictObject({
  filterDate: LocalDate.optional().describe("Local date, YYYY-MM-DD; omitted: today in timeZone. Compared with each location's local date"),
  timeZone: TimeZoneName.describe("The caller's IANA time zone, e.g. Australia/Sydney"),
});
export type GroupOverviewQuery = z.infer<typeof GroupOverviewQuery>;

export const GroupOverviewRow = z
  .object({
    clientId: z.number().int(),
    clientName: z.string(),
    locationId: z.number().int(),
    locationName: z.string(),
    address: Address,
    openBookings: z.number().int().nonnegative().describe('Unfilled bookings on the date'),
    totalBookings: z.number().int().nonnegative().describe('Bookings on the date, cancelled and rejected ones excluded'),
    displayName: z.string().describe("The client name, plus ' - ' and the location name when they differ"),
    filledBookings: z.number().int().nonnegative().describe('totalBookings minus openBookings'),
    fillRatePercentage: z.number().int().min(-1).max(100).describe('Rounded percent of filled over total; -1 when there are no bookings'),
  })
  .meta({ id: 'GroupOverviewRow' });
export type GroupOverviewRow = z.infer<typeof GroupOverviewRow>;

export const GroupOverviewResponse = z.array(GroupOverviewRow).describe('One row per location of the group, by display name');
export type GroupOverviewResponse = z.infer<typeof GroupOverviewResponse>;

/** Spec §3: the client name, plus ' - ' and the location name when they differ. */
export function overviewDisplayName(clientName: string, locationName: string): string {
  return clientName === locationName ? clientName : `${clientName} - ${locationName}`;
}
