/**
 * The one clock of the server. The app is given it once (`buildApp({ now })`, decorated as `app.now`; tests pass
 * a fixed one) and hands it to every service and collaborator; nothing else reads the system time (ESLint
 * refuses `new Date()` and `Date.now()` outside this file, main.ts and tests).
 */
export type Clock = () => Date;

/** The system time. */
export const systemClock: Clock = () => new Date();
