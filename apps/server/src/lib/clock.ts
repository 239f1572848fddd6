/**
 * The one clock of the server. The app is given it once (`buildApp({ now })`, decorated as `app.now`; tests pass
 * a fixed one) and hands it to every service and collaborator; nothing else reads the system time (ESLint
 * refuses `new Date()` and `Date.now()` outside this file, main.ts and tests). Security lifetimes (access and
 * refresh tokens, file keys) are handed `systemClock` itself: tests move app.now across days to exercise the
 * booking rules, and a sign-in must neither expire nor outlive its time with it.
 */
export type Clock = () => Date;

/** The system time. */
export const systemClock: Clock = () => new Date();
