import { TestRunner } from 'vitest';
import { REST_JOURNEYS, testPart } from '../../scripts/test-parts.mjs';
import type { ViewportName } from './browser';

/**
 * The widths a journey written for both desktop (1366 px) and a phone (375 px) runs at, by TEST_PART (the part of
 * the suite that runs, scripts/test.mjs):
 *
 * - unset (e.g. `npm run test:e2e -- tests/…`): both;
 * - `quick` (`npm test`): one of them, chosen from the spec file's name and the journey's place in the file, so that
 *   about half the quick part's journeys run at each width;
 * - `rest` (`npm test -- --rest`, which CI runs after `npm test`): the width `quick` left out. The config then runs
 *   the files that call this, and of them only the tests whose name ends with a width in brackets (world.ts): the
 *   others ran in the quick part. A file the rest runs whole (REST_JOURNEYS, scripts/test-parts.mjs) runs at every
 *   width there.
 *
 * Called once per loop, at the top level of a describe block, with the width at the end of the test's name, in
 * brackets: `for (const viewport of journeyWidths()) it(`… (${viewport})`, …)`. A journey written for one width alone
 * names it otherwise (`it('mobile: …')`): it ran in the quick part, and the rest does not run it again.
 */

/** How many loops of each file have chosen their width so far (the next loop's place in its file). */
const loopsSoFar = new Map<string, number>();

/** A small stable hash of a text (FNV-1a), so that a file's choice is the same on every machine and run. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Whether a spec file (its path from e2e/) runs whole in the rest, at every width (REST_JOURNEYS). */
export function isRestJourney(file: string): boolean {
  return REST_JOURNEYS.includes(file);
}

export function journeyWidths(widths: readonly ViewportName[] = ['desktop', 'mobile']): ViewportName[] {
  const part = testPart();
  const file = TestRunner.getCurrentSuite()?.file?.name ?? '';
  if (part === undefined || isRestJourney(file)) return [...widths];
  if (widths.length < 2) return part === 'rest' ? [] : [...widths];
  const place = loopsSoFar.get(file) ?? 0;
  loopsSoFar.set(file, place + 1);
  const chosen = widths[(hashOf(file) + place) % widths.length]!;
  return part === 'quick' ? [chosen] : widths.filter((width) => width !== chosen);
}

/**
 * Whether a test's name ends with a width in brackets, as a journey of a `journeyWidths()` loop does: in the rest, only
 * such tests run.
 */
export function namesAWidth(testName: string): boolean {
  return /\((desktop|mobile)\)$/.test(testName);
}

/** Whether this run is the rest of the suite (TEST_PART=rest). */
export const isRest = (): boolean => testPart() === 'rest';
