import { useDeferredValue, useState } from 'react';

/** The signed-in shell has not drawn a page yet: the app is starting. */
let starting = true;

/** The signed-in shell has drawn its first page (app/layouts/app-layout.tsx): answers in the cache show at once from now. */
export function markAppStarted(): void {
  starting = false;
}

/**
 * A list's answer, drawn in a background render that React does in slices (useDeferredValue): the render TanStack
 * Query's update asks for is synchronous, and with a page of rows it was one long task (a phone's CPU: 300–400 ms).
 *
 * As the app starts, the answer its route asked for (lib/first-requests.ts) is often in the cache by the page's very
 * first render, which then drew every row in the page's first commit (on Timesheets, at 4× CPU, Lighthouse's total
 * blocking time rose by some 400 ms). While the app starts, the first render shows the page without its answer and
 * the rows follow in the sliced render. On a later page an answer already in the cache shows at once, as before.
 */
export function useSlicedAnswer<T extends object>(answer: T | undefined): T | undefined {
  const [first] = useState(() => starting);
  return useDeferredValue<T | null | undefined>(answer, first ? null : undefined) ?? undefined;
}

/** For tests: the app starts again. */
export function resetAppStartForTests(): void {
  starting = true;
}
