// The two parts of the suite (TEST_PART, set by scripts/test.mjs): `npm test` runs the quick part, answering in
// minutes; `npm test -- --rest` runs what the quick part leaves out, and CI runs it after `npm test`. Together they
// are every test. Unset (a plain `npx vitest run`, `npm run test:e2e`), everything runs.
//
// Left to the rest:
// - the browser journey files below, whole: the quick part keeps each area's main journeys (REST_JOURNEYS);
// - each browser journey of the other files written for desktop and a phone at its second width
//   (e2e/support/widths.ts);
// - the contract fuzz's depth: 30 cases per route in the quick part (every route still fuzzed), another 100 (another
//   seed) in the rest;
// - the unit and integration files below: proofs of the embedded server's own process (seeding, a second server, a
//   kill under writes), minutes of one core each, on the embedded database only (the PostgreSQL pass does not run
//   them).

/** Unit and integration files run by the rest, not the quick part (paths from the repository's root). */
export const REST_FILES = ['apps/server/test/process.test.ts', 'apps/server/test/fault-proofs.test.ts'];

/**
 * Browser journey files (paths from e2e/) that only the rest runs, at every width. The quick part keeps, for each
 * area, the journeys of its main screens and rules: every account's reach (access), the sign-in page, the shell,
 * Home, the bookings list and detail, creating and approving a booking, a booking's life, timesheets, finance,
 * educators, reports, days away, every route, layout stability and the first page's weight. These are the second
 * journeys of an area: fewer steps, edge dates, undo, e-mails (approving from one, a password reset) and live
 * updates, the phone layout's review, locales, error pages, two-step and the other sign-in paths, installing.
 */
export const REST_JOURNEYS = [
  'tests/app/boot-frame.spec.ts',
  'tests/app/color-scheme.spec.ts',
  'tests/app/installable.spec.ts',
  'tests/availability/replace-me-undo.spec.ts',
  'tests/bookings/approve-from-email.spec.ts',
  'tests/bookings/booking-freshness.spec.ts',
  'tests/bookings/cancel-by-request.spec.ts',
  'tests/bookings/create-form-review.spec.ts',
  'tests/bookings/date-picker-terms.spec.ts',
  'tests/bookings/extend-after-cancel.spec.ts',
  'tests/bookings/fewer-steps-booking.spec.ts',
  'tests/bookings/live-updates.spec.ts',
  'tests/bookings/pending-undo-withdraw.spec.ts',
  'tests/bookings/times-and-dates.spec.ts',
  'tests/bookings/zone-status.spec.ts',
  'tests/dashboard/calendar-feed.spec.ts',
  'tests/dashboard/maps.spec.ts',
  'tests/dashboard/pages.spec.ts',
  'tests/dashboard/unfilled-risk.spec.ts',
  'tests/identity/change-password.spec.ts',
  'tests/identity/error-pages.spec.ts',
  'tests/identity/impersonation.spec.ts',
  'tests/identity/lockout.spec.ts',
  'tests/identity/password-reset.spec.ts',
  'tests/identity/school-sso.spec.ts',
  'tests/identity/two-step-sign-in.spec.ts',
  'tests/settings/browser-notifications.spec.ts',
  'tests/shell/demo-review.spec.ts',
  'tests/shell/locales.spec.ts',
  'tests/shell/phone-layout.spec.ts',
  'tests/shell/service-status.spec.ts',
  'tests/timesheets/fewer-steps-timesheets.spec.ts',
];

/** Files of both parts that the rest runs deeper (they read testPart()). */
export const DEEPER_IN_REST = ['apps/server/test/contract-fuzz.test.ts'];

/** The part asked for: 'quick', 'rest' or undefined (everything). */
export function testPart(env = process.env) {
  const part = env.TEST_PART;
  if (part === undefined || part === '') return undefined;
  if (part === 'quick' || part === 'rest') return part;
  throw new Error(`TEST_PART=${part}: expected quick or rest (or nothing, for every test)`);
}
