/**
 * How many live events this process has recorded (a transaction's insert into live_events). The stream's hub
 * compares it after a write request is answered (its transaction has committed by then) and after each demo
 * simulator tick, and wakes every server process only when it moved. A wake-up missed here costs at most the
 * hub's poll interval.
 */
let recorded = 0;

export function noteLiveEventRecorded(): void {
  recorded += 1;
}

export function liveEventsRecorded(): number {
  return recorded;
}
