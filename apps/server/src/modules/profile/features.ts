import type { Features } from '@portal/contract/profile';

/**
 * The feature flags of spec §3 ('Feature flags'), the same for every contact for now. The profile hands them
 * out; the server applies the same values to its rules (e.g. the extend action of a booking).
 */
export const PROFILE_FEATURES: Features = {
  selfServiceShowBookingStatus: true,
  showBookingCardV2: true,
  enableExtendBooking: true,
};
