import { lazy, type ComponentType } from 'react';

/**
 * React's `lazy`, with `Fallback` drawn instead when the code cannot be loaded (offline, a lost chunk), so a part
 * that is not essential never fails the page around it.
 */
export function lazyOr<P extends object>(load: () => Promise<ComponentType<P>>, Fallback: ComponentType<P>) {
  return lazy(async () => {
    try {
      return { default: await load() };
    } catch {
      return { default: Fallback };
    }
  });
}
