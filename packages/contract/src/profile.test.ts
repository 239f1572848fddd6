import { describe, expect, it } from 'vitest';
import { contactFeatures, DEFAULT_FEATURES } from './profile';

describe('contactFeatures (spec §3 feature flags, per contact)', () => {
  it('is the defaults for a contact without settings', () => {
    expect(contactFeatures({})).toEqual(DEFAULT_FEATURES);
    expect(contactFeatures(null)).toEqual(DEFAULT_FEATURES);
  });

  it("puts the contact's own settings on top, ignoring unknown keys and non-booleans", () => {
    expect(contactFeatures({ enableExtendBooking: false, showBookingCardV2: 'no', admin: true })).toEqual({
      ...DEFAULT_FEATURES,
      enableExtendBooking: false,
    });
  });
});
