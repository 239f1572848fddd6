import { useEffect, useState } from 'react';
import { now as clockNow } from './clock';

/** Now, from the one clock, moving on every minute (enough for a cut-off shown in minutes). */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => clockNow());
  useEffect(() => {
    const timer = setInterval(() => setNow(clockNow()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
