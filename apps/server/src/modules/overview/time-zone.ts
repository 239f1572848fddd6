import { IANAZone } from 'luxon';
import { AppError } from '../../lib/app-error';

/** The contract checks a zone's shape; here Luxon checks that the zone exists. */
export function assertTimeZone(zone: string | undefined, field = 'timeZone'): void {
  if (zone !== undefined && !IANAZone.isValidZone(zone)) {
    throw AppError.field(field, 'Must be an IANA time zone such as Australia/Sydney');
  }
}
