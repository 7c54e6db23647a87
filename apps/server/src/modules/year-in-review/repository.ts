import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { collectors } from '../../db/schema/core.ts';
import { pointsLedger } from '../../db/schema/points-ledger.ts';

const inYear = (collectorId: string, from: Date, to: Date) =>
  and(
    eq(pointsLedger.collectorId, collectorId),
    gte(pointsLedger.createdAt, from),
    lt(pointsLedger.createdAt, to),
  );

export async function firstNameOf(db: Database, collectorId: string) {
  const [row] = await db
    .select({ firstName: collectors.firstName })
    .from(collectors)
    .where(eq(collectors.id, collectorId));
  return row?.firstName ?? null;
}

/** Totals of the member's ledger in [from, to): collected, spent and the number of collections. */
export async function yearTotals(db: Database, collectorId: string, from: Date, to: Date) {
  const [row] = await db
    .select({
      collected: sql<number>`coalesce(sum(case when ${pointsLedger.amount} > 0 then ${pointsLedger.amount} end), 0)::int`,
      spent: sql<number>`coalesce(sum(case when ${pointsLedger.amount} < 0 then -${pointsLedger.amount} end), 0)::int`,
      collections: sql<number>`count(*) filter (where ${pointsLedger.amount} > 0)::int`,
    })
    .from(pointsLedger)
    .where(inYear(collectorId, from, to));
  return { collected: row?.collected ?? 0, spent: row?.spent ?? 0, collections: row?.collections ?? 0 };
}

/** Points collected per source, most first. */
export async function collectedBySource(db: Database, collectorId: string, from: Date, to: Date) {
  return db
    .select({ source: pointsLedger.source, points: sql<number>`sum(${pointsLedger.amount})::int` })
    .from(pointsLedger)
    .where(and(inYear(collectorId, from, to), sql`${pointsLedger.amount} > 0`))
    .groupBy(pointsLedger.source)
    .orderBy(sql`sum(${pointsLedger.amount}) desc`, pointsLedger.source);
}

/** Points collected per calendar month (UTC), for the best month. */
export async function collectedByMonth(db: Database, collectorId: string, from: Date, to: Date) {
  return db
    .select({
      month: sql<number>`extract(month from ${pointsLedger.createdAt} at time zone 'UTC')::int`,
      points: sql<number>`sum(${pointsLedger.amount})::int`,
    })
    .from(pointsLedger)
    .where(and(inYear(collectorId, from, to), sql`${pointsLedger.amount} > 0`))
    .groupBy(sql`1`);
}
