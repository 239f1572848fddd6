import type { BookingCandidate } from '@portal/contract/bookings';
import type { BookingRequestStatus, BookingStatus } from '@portal/contract/domain';

/** The name an educator goes by: the preferred first name when there is one. */
export function educatorName(candidate: Pick<BookingCandidate, 'preferredName' | 'lastName' | 'fullName'>): string {
  return candidate.preferredName ? `${candidate.preferredName} ${candidate.lastName}` : candidate.fullName;
}

/**
 * Colours of the status chips (MUI palette names): open work in warning, settled work in success, what
 * cannot happen any more in default. Each pairs with the status text, never colour alone.
 */
export function statusColour(status: BookingStatus | BookingRequestStatus): 'default' | 'success' | 'warning' | 'info' | 'error' {
  switch (status) {
    case 'filled':
    case 'commenced':
    case 'approved':
      return 'success';
    case 'unfilled':
    case 'pending_approval':
      return 'warning';
    case 'completed':
      return 'info';
    case 'rejected':
      return 'error';
    case 'cancelled':
    case 'withdrawn':
      return 'default';
  }
}
