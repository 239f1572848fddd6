import { z } from 'zod';
import { ClientIds } from './query-params';

/** Locations and their addresses (spec §3 'Address'). */

export const Address = z
  .object({
    line1: z.string(),
    line2: z.string().nullable(),
    suburb: z.string(),
    state: z.string().nullable(),
    postcode: z.string().nullable(),
    country: z.string().describe('ISO 3166-1 alpha-2'),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    fullAddress: z.string().describe('The address on one line'),
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof Address>;

/** The address on one line: "12 Main Street, Gate 2, Unley SA 5061, AU". */
export function fullAddress(a: Pick<Address, 'line1' | 'line2' | 'suburb' | 'state' | 'postcode' | 'country'>): string {
  const locality = [a.suburb, a.state, a.postcode].filter((part) => part).join(' ');
  return [a.line1, a.line2, locality, a.country].filter((part) => part).join(', ');
}

// GET /v1/locations

export const LocationsQuery = z.strictObject({ clientIds: ClientIds });

export const MapLocation = z
  .object({
    locationId: z.number().int(),
    locationName: z.string(),
    clientId: z.number().int(),
    clientName: z.string(),
    timeZone: z.string().describe('IANA time zone of the location'),
    address: Address,
  })
  .meta({ id: 'MapLocation' });
export type MapLocation = z.infer<typeof MapLocation>;

export const LocationsResponse = z
  .array(MapLocation)
  .describe("The locations of the caller's permission tree among the clients asked for, by client and location name");
export type LocationsResponse = z.infer<typeof LocationsResponse>;
