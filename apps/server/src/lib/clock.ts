/**
 * The one clock for rules with a time in them (expiries, day boundaries, time-outs): the app holds one
 * (`app.clock`, set in app.ts) and hands it to the services in their deps, so a test can stand on day 30 of a
 * temporary card without waiting for it. Log timings and durations read the system's own timers instead.
 */
export interface Clock {
  now(): Date;
}

/** The system's time of day. */
export const systemClock: Clock = { now: () => new Date() };
