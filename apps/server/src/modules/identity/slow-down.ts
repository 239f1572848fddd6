import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The pause of a slowed-down sign-in. Its own module so that tests replace it and count the delays instead of
 * waiting them out.
 */
export function pause(ms: number): Promise<void> {
  return sleep(ms);
}
