// The two parts of the suite (TEST_PART, set by scripts/test.mjs): `npm test` runs the quick part, answering in
// minutes; `npm test -- --rest` runs what the quick part leaves out, and CI runs it after `npm test`. Together they
// are every test. Unset (a plain `npx vitest run`, `npm run test:e2e`), everything runs.
//
// Left to the rest:
// - each browser journey written for desktop and a phone at its second width (e2e/support/widths.ts);
// - the contract fuzz's depth: 30 cases per route in the quick part (every route still fuzzed), another 100 (another
//   seed) in the rest;
// - the unit and integration files below: proofs of the embedded server's own process (seeding, a second server, a
//   kill under writes), minutes of one core each, on the embedded database only (the PostgreSQL pass does not run
//   them).

/** Unit and integration files run by the rest, not the quick part (paths from the repository's root). */
export const REST_FILES = ['apps/server/test/process.test.ts', 'apps/server/test/fault-proofs.test.ts'];

/** Files of both parts that the rest runs deeper (they read testPart()). */
export const DEEPER_IN_REST = ['apps/server/test/contract-fuzz.test.ts'];

/** The part asked for: 'quick', 'rest' or undefined (everything). */
export function testPart(env = process.env) {
  const part = env.TEST_PART;
  if (part === undefined || part === '') return undefined;
  if (part === 'quick' || part === 'rest') return part;
  throw new Error(`TEST_PART=${part}: expected quick or rest (or nothing, for every test)`);
}
