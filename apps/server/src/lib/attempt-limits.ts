import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/database.ts';
import { attemptCounters } from '../db/schema/security.ts';
import { systemClock } from './clock.ts';

/** A limit on attempts of one kind for one key (an account, a card), counted in the database. */
export interface AttemptLimit {
  max: number;
  windowMs: number;
}

/**
 * Limits per account or per card, shared by every instance, on top of the per-IP limits of the
 * routes. docs/security.md lists them.
 */
export const ACCOUNT_LIMITS = {
  /** Wrong or right guesses of one-time codes for one account, whatever the code or the request. */
  codeGuesses: { max: 15, windowMs: 60 * 60_000 },
  /** One-time codes sent to one account (email or SMS), all purposes together. */
  codeSends: { max: 10, windowMs: 60 * 60_000 },
  /** Last-name and date-of-birth checks of one plastic card's holder from one client (IP address). */
  cardHolderChecks: { max: 8, windowMs: 24 * 60 * 60_000 },
  /** The same checks of one card from every client together: bounds guessing from many addresses. */
  cardHolderChecksAllClients: { max: 24, windowMs: 24 * 60 * 60_000 },
  /** Wrong passwords for an identifier that has no account: locks like a real account would. */
  unknownSignIn: { max: 5, windowMs: 15 * 60_000 },
} as const satisfies Record<string, AttemptLimit>;

/**
 * Counts one attempt for `key` in a single statement (insert, or add one; a passed window starts again) and
 * answers whether it is within the limit. Parallel calls each get their own count, so at most `max` of them
 * are allowed per window on any number of instances.
 */
export async function countAttempt(
  db: DbExecutor,
  key: string,
  limit: AttemptLimit,
  now = systemClock.now(),
): Promise<{ allowed: boolean; count: number; windowEndsAt: Date }> {
  const ends = new Date(now.getTime() + limit.windowMs);
  // Counters whose window has long passed are swept on a timer (lib/expired-rows.ts), so made-up keys cannot
  // pile up.
  const [row] = await db
    .insert(attemptCounters)
    .values({ key, count: 1, windowStartedAt: now, windowEndsAt: ends })
    .onConflictDoUpdate({
      target: attemptCounters.key,
      set: {
        count: sql`case when ${attemptCounters.windowEndsAt} <= ${now} then 1 else ${attemptCounters.count} + 1 end`,
        windowStartedAt: sql`case when ${attemptCounters.windowEndsAt} <= ${now} then ${now} else ${attemptCounters.windowStartedAt} end`,
        windowEndsAt: sql`case when ${attemptCounters.windowEndsAt} <= ${now} then ${ends} else ${attemptCounters.windowEndsAt} end`,
      },
    })
    .returning({ count: attemptCounters.count, windowEndsAt: attemptCounters.windowEndsAt });
  const count = row?.count ?? Number.MAX_SAFE_INTEGER;
  return { allowed: count <= limit.max, count, windowEndsAt: row?.windowEndsAt ?? ends };
}
