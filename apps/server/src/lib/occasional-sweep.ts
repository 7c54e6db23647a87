import { systemClock } from './clock.ts';

/** How often one instance sweeps rows whose time has ended. */
export const SWEEP_INTERVAL_MS = 60_000;

/**
 * `sweep` run at most once per SWEEP_INTERVAL_MS in this instance, the first time at once; calls in between do
 * nothing. For rows whose time has ended (the identity provider's models, passkey challenges; sessions, spent
 * bot-check tokens and attempt counters are swept on a timer instead, lib/expired-rows.ts):
 * every read checks the end itself, so a sweep only keeps the table small, and one on every write cost a
 * statement each time.
 */
export function occasionalSweep(sweep: (at: Date) => PromiseLike<unknown>) {
  let last = Number.NEGATIVE_INFINITY;
  return async (at: Date = systemClock.now()) => {
    if (at.getTime() - last < SWEEP_INTERVAL_MS) return;
    last = at.getTime();
    await sweep(at);
  };
}
