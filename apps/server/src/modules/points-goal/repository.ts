import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { pointsGoals } from '../../db/schema/points-goal.ts';
import { pointsLedger } from '../../db/schema/points-ledger.ts';

export type PointsGoalRow = typeof pointsGoals.$inferSelect;
type GoalValues = Pick<PointsGoalRow, 'collectorId' | 'kind' | 'rewardId' | 'conversionPoints'>;

export async function findGoal(db: Database, collectorId: string) {
  const [row] = await db.select().from(pointsGoals).where(eq(pointsGoals.collectorId, collectorId));
  return row;
}

/** Sets the member's one goal, replacing the one they had. */
export async function saveGoal(db: Database, goal: GoalValues, at: Date) {
  const [row] = await db
    .insert(pointsGoals)
    .values({ ...goal, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: pointsGoals.collectorId,
      set: {
        kind: goal.kind,
        rewardId: goal.rewardId,
        conversionPoints: goal.conversionPoints,
        updatedAt: at,
      },
    })
    .returning();
  return row;
}

/** Whether there was a goal to remove. */
export async function deleteGoal(db: Database, collectorId: string) {
  const removed = await db
    .delete(pointsGoals)
    .where(eq(pointsGoals.collectorId, collectorId))
    .returning({ collectorId: pointsGoals.collectorId });
  return removed.length > 0;
}

/** The member's net points (collected less spent) in (from, to]: read from the ledger's collector index. */
export async function netPointsBetween(db: Database, collectorId: string, from: Date, to: Date) {
  const [row] = await db
    .select({ net: sql<string>`coalesce(sum(${pointsLedger.amount}), 0)` })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.collectorId, collectorId),
        gt(pointsLedger.createdAt, from),
        lte(pointsLedger.createdAt, to),
      ),
    );
  return Number(row?.net ?? 0);
}
