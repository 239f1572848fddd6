import { isKnownTimeZone } from '@portal/contract/school-days';
import { AppError } from '../../lib/app-error';

/** The contract checks a zone's shape; here the runtime's zone data (the contract's helper) that it exists. */
export function assertTimeZone(zone: string | undefined, field = 'timeZone'): void {
  if (zone !== undefined && !isKnownTimeZone(zone)) {
    throw AppError.field(field, 'Must be an IANA time zone such as Australia/Sydney');
  }
}
