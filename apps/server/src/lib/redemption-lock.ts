import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/database.ts';
import { redemptionLocks } from '../db/schema/card-activity.ts';

/**
 * Whether the collector's redemption lock is on (docs/product/signed-in-pages.md §S6). No row means unlocked.
 */
export async function isRedemptionLocked(db: DbExecutor, collectorId: string): Promise<boolean> {
  const [row] = await db
    .select({ locked: redemptionLocks.locked })
    .from(redemptionLocks)
    .where(eq(redemptionLocks.collectorId, collectorId));
  return row?.locked ?? false;
}

/** Turns the collector's redemption lock on or off (the PUT of /v1/collectors/redemption-status). */
export async function setRedemptionLock(db: DbExecutor, collectorId: string, locked: boolean) {
  await db
    .insert(redemptionLocks)
    .values({ collectorId, locked })
    .onConflictDoUpdate({ target: redemptionLocks.collectorId, set: { locked, updatedAt: sql`now()` } });
}
