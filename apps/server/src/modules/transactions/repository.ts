import { and, count, desc, eq, gte, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { transactionDetails } from '../../db/schema/card-activity.ts';
import { featureStates } from '../../db/schema/platform-status.ts';
import { pointsLedger } from '../../db/schema/points-ledger.ts';

const columns = {
  id: pointsLedger.id,
  createdAt: pointsLedger.createdAt,
  amount: pointsLedger.amount,
  reason: pointsLedger.reason,
  source: pointsLedger.source,
  partnerKind: transactionDetails.partnerKind,
  partnerName: transactionDetails.partnerName,
  storeName: transactionDetails.storeName,
  spendPence: transactionDetails.spendPence,
  savingPence: transactionDetails.savingPence,
  receiptId: transactionDetails.receiptId,
  voucherId: transactionDetails.voucherId,
};
export type LedgerRow = {
  id: string;
  createdAt: Date;
  amount: number;
  reason: string;
  source: string;
  partnerKind: string | null;
  partnerName: string | null;
  storeName: string | null;
  spendPence: number | null;
  savingPence: number | null;
  receiptId: string | null;
  voucherId: string | null;
};

/** Where a page starts: strictly older than this entry (newest first, ties broken by id). */
export interface Cursor {
  at: Date;
  id: string;
}

/** One page of the collector's ledger since `from`, newest first, with keyset paging. */
export async function ledgerPage(
  db: Database,
  collectorId: string,
  from: Date,
  limit: number,
  after?: Cursor,
): Promise<LedgerRow[]> {
  return db
    .select(columns)
    .from(pointsLedger)
    .leftJoin(transactionDetails, eq(transactionDetails.ledgerEntryId, pointsLedger.id))
    .where(
      and(
        eq(pointsLedger.collectorId, collectorId),
        gte(pointsLedger.createdAt, from),
        after
          ? or(
              lt(pointsLedger.createdAt, after.at),
              and(eq(pointsLedger.createdAt, after.at), lt(pointsLedger.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
    .limit(limit);
}

export async function ledgerOffsetPage(
  db: Database,
  collectorId: string,
  from: Date,
  limit: number,
  offset: number,
): Promise<{ rows: LedgerRow[]; total: number }> {
  const where = and(eq(pointsLedger.collectorId, collectorId), gte(pointsLedger.createdAt, from));
  const rows = await db
    .select(columns)
    .from(pointsLedger)
    .leftJoin(transactionDetails, eq(transactionDetails.ledgerEntryId, pointsLedger.id))
    .where(where)
    .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(pointsLedger).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Shops with a member-price saving between two dates, newest first. */
export async function savingsPage(
  db: Database,
  collectorId: string,
  from: Date,
  to: Date,
  limit: number,
  offset: number,
) {
  return db
    .select(columns)
    .from(transactionDetails)
    .innerJoin(pointsLedger, eq(pointsLedger.id, transactionDetails.ledgerEntryId))
    .where(
      and(
        eq(transactionDetails.collectorId, collectorId),
        sql`${transactionDetails.savingPence} > 0`,
        gte(pointsLedger.createdAt, from),
        lte(pointsLedger.createdAt, to),
      ),
    )
    .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
    .limit(limit)
    .offset(offset);
}

export async function savingsTotals(db: Database, collectorId: string, from: Date, to: Date) {
  const [row] = await db
    .select({
      pence: sql<string>`coalesce(sum(${transactionDetails.savingPence}), 0)`,
      shops: count(),
    })
    .from(transactionDetails)
    .innerJoin(pointsLedger, eq(pointsLedger.id, transactionDetails.ledgerEntryId))
    .where(
      and(
        eq(transactionDetails.collectorId, collectorId),
        sql`${transactionDetails.savingPence} > 0`,
        gte(pointsLedger.createdAt, from),
        lte(pointsLedger.createdAt, to),
      ),
    );
  return { pence: Number(row?.pence ?? 0), shops: row?.shops ?? 0 };
}

export async function savingsByMonth(db: Database, collectorId: string, from: Date) {
  const month = sql<string>`to_char(${pointsLedger.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  return db
    .select({ month, pence: sql<string>`sum(${transactionDetails.savingPence})` })
    .from(transactionDetails)
    .innerJoin(pointsLedger, eq(pointsLedger.id, transactionDetails.ledgerEntryId))
    .where(
      and(
        eq(transactionDetails.collectorId, collectorId),
        sql`${transactionDetails.savingPence} > 0`,
        gte(pointsLedger.createdAt, from),
      ),
    )
    .groupBy(month)
    .orderBy(desc(month));
}

/** Points collected and spent since `from`, per partner. */
/** Points collected and spent per partner since `from`: one row per partner, whatever its entries' kinds. */
export async function pointsByPartner(db: Database, collectorId: string, from: Date) {
  const partner = sql<string>`coalesce(${transactionDetails.partnerName}, ${pointsLedger.source})`;
  return db
    .select({
      partnerName: partner,
      // No entry of the group has partner details: its name is the ledger's source, to be put in words.
      isSource: sql<boolean>`bool_and(${transactionDetails.partnerName} is null)`,
      collected: sql<string>`coalesce(sum(${pointsLedger.amount}) filter (where ${pointsLedger.amount} > 0), 0)`,
      spent: sql<string>`coalesce(-sum(${pointsLedger.amount}) filter (where ${pointsLedger.amount} < 0), 0)`,
    })
    .from(pointsLedger)
    .leftJoin(transactionDetails, eq(transactionDetails.ledgerEntryId, pointsLedger.id))
    .where(and(eq(pointsLedger.collectorId, collectorId), gte(pointsLedger.createdAt, from)))
    .groupBy(partner);
}

export async function collectedAndSpent(db: Database, collectorId: string, from: Date) {
  const [row] = await db
    .select({
      collected: sql<string>`coalesce(sum(${pointsLedger.amount}) filter (where ${pointsLedger.amount} > 0), 0)`,
      spent: sql<string>`coalesce(-sum(${pointsLedger.amount}) filter (where ${pointsLedger.amount} < 0), 0)`,
    })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.collectorId, collectorId), gte(pointsLedger.createdAt, from)));
  return { collected: Number(row?.collected ?? 0), spent: Number(row?.spent ?? 0) };
}

export async function findReceipt(db: Database, collectorId: string, receiptId: string) {
  const [row] = await db
    .select({ ...columns, lines: transactionDetails.receiptLines })
    .from(transactionDetails)
    .innerJoin(pointsLedger, eq(pointsLedger.id, transactionDetails.ledgerEntryId))
    .where(and(eq(transactionDetails.collectorId, collectorId), eq(transactionDetails.receiptId, receiptId)));
  return row;
}

/** The feed is DELAYED while the operator has the transactions-feed feature state turned off. */
export async function feedEnabled(db: Database, feature: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: featureStates.enabled })
    .from(featureStates)
    .where(eq(featureStates.feature, feature));
  return row?.enabled ?? true;
}
