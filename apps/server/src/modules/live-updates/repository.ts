import { and, asc, eq, gte } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database.ts';
import { transactionDetails } from '../../db/schema/card-activity.ts';
import { pointsLedger } from '../../db/schema/points-ledger.ts';

/** The member's ledger entries written at or after `since`, oldest first, with the partner's name where known. */
export const entriesSince = (db: DbExecutor, collectorId: string, since: Date) =>
  db
    .select({
      id: pointsLedger.id,
      amount: pointsLedger.amount,
      reason: pointsLedger.reason,
      source: pointsLedger.source,
      createdAt: pointsLedger.createdAt,
      partnerName: transactionDetails.partnerName,
    })
    .from(pointsLedger)
    .leftJoin(transactionDetails, eq(transactionDetails.ledgerEntryId, pointsLedger.id))
    .where(and(eq(pointsLedger.collectorId, collectorId), gte(pointsLedger.createdAt, since)))
    .orderBy(asc(pointsLedger.createdAt))
    .limit(50);
