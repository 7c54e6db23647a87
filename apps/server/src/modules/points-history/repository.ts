import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { POINTS_HISTORY_TIME_ZONE } from '@app/contracts/points-history-paths';
import type { DbExecutor } from '../../db/database.ts';
import { transactionDetails } from '../../db/schema/card-activity.ts';
import { pointsLedger } from '../../db/schema/points-ledger.ts';

/**
 * The member's balance before `from`: the sum of their entries until then, read from the ledger's member index
 * alone (points_ledger_collector_idx holds collector, time and amount).
 */
export function balanceBefore(db: DbExecutor, collectorId: string, from: Date) {
  return db
    .select({ balance: sql<number>`coalesce(sum(${pointsLedger.amount}), 0)::int` })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.collectorId, collectorId), lt(pointsLedger.createdAt, from)));
}

const month = sql<string>`to_char(${pointsLedger.createdAt} at time zone ${sql.raw(`'${POINTS_HISTORY_TIME_ZONE}'`)}, 'YYYY-MM')`;
/** The partner's name matters only for a spend (whose till or voucher it was); elsewhere the kind says enough. */
const spentWith = sql<
  string | null
>`case when ${transactionDetails.partnerKind} = 'REDEMPTION' then ${transactionDetails.partnerName} end`;

/**
 * Points added and taken per UK calendar month in [from, to), by what the service needs to put each entry in a
 * partner group (source, partner kind, and the partner of a spend). Bounded by the member index on
 * (collector, time); each entry's details are one primary-key look-up.
 */
export function monthlyTotals(db: DbExecutor, collectorId: string, from: Date, to: Date) {
  return db
    .select({
      month,
      source: pointsLedger.source,
      partnerKind: transactionDetails.partnerKind,
      partnerName: spentWith,
      earned: sql<number>`coalesce(sum(${pointsLedger.amount}) filter (where ${pointsLedger.amount} > 0), 0)::int`,
      spent: sql<number>`coalesce(-sum(${pointsLedger.amount}) filter (where ${pointsLedger.amount} < 0), 0)::int`,
      entries: sql<number>`count(*)::int`,
    })
    .from(pointsLedger)
    .leftJoin(transactionDetails, eq(transactionDetails.ledgerEntryId, pointsLedger.id))
    .where(
      and(
        eq(pointsLedger.collectorId, collectorId),
        gte(pointsLedger.createdAt, from),
        lt(pointsLedger.createdAt, to),
      ),
    )
    .groupBy(sql`1, 2, 3, 4`);
}
