import { startTransition, useEffect, useState } from 'react';

/**
 * False for a component's first commit, true from the next one, which React renders as a transition (in slices,
 * yielding to the browser). A page draws what the first screen shows first and the parts below it in that later
 * commit: a commit is one task (emotion inserts every style of it there), so two smaller ones block a phone's main
 * thread for less than one large one (Lighthouse's total blocking time).
 */
export function useLaterRender(): boolean {
  const [later, setLater] = useState(false);
  useEffect(() => {
    startTransition(() => setLater(true));
  }, []);
  return later;
}
