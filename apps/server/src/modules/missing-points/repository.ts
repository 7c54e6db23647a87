import { and, asc, count, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/database.ts';
import { transactionDetails } from '../../db/schema/card-activity.ts';
import { collectors } from '../../db/schema/core.ts';
import { missingPointsClaims, missingPointsReceipts, pendingPoints } from '../../db/schema/missing-points.ts';
import { partnerSales } from '../../db/schema/partner-api.ts';
import { pointsLedger } from '../../db/schema/points-ledger.ts';

export type PendingRow = typeof pendingPoints.$inferSelect;
export type ClaimRow = typeof missingPointsClaims.$inferSelect;
export type NewClaim = typeof missingPointsClaims.$inferInsert;
export type NewPending = typeof pendingPoints.$inferInsert;

/** A purchase as the member describes it, to match against their own records. */
export interface PurchaseKey {
  collectorId: string;
  partner: string;
  partnerName: string;
  purchasedOn: string;
  spendPence: number;
  referenceKey: string;
}

/** The member's pending entries not yet posted, soonest first. */
export const listUnposted = (db: DbExecutor, collectorId: string) =>
  db
    .select()
    .from(pendingPoints)
    .where(
      and(
        eq(pendingPoints.collectorId, collectorId),
        isNull(pendingPoints.postedAt),
        isNull(pendingPoints.cancelledAt),
      ),
    )
    .orderBy(asc(pendingPoints.expectedOn), asc(pendingPoints.createdAt));

export async function insertPending(db: DbExecutor, row: NewPending) {
  const [inserted] = await db.insert(pendingPoints).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** Entries whose expected date has come (`today` YYYY-MM-DD), oldest first, a batch at a time. */
export const listDuePending = (db: DbExecutor, today: string, limit: number) =>
  db
    .select()
    .from(pendingPoints)
    .where(
      and(
        isNull(pendingPoints.postedAt),
        isNull(pendingPoints.cancelledAt),
        lte(pendingPoints.expectedOn, today),
      ),
    )
    .orderBy(asc(pendingPoints.expectedOn))
    .limit(limit);

/** A pending entry still to post, locked to the end of the posting's transaction; else undefined. */
export async function lockUnposted(tx: DbExecutor, id: string) {
  const [row] = await tx
    .select()
    .from(pendingPoints)
    .where(and(eq(pendingPoints.id, id), isNull(pendingPoints.postedAt), isNull(pendingPoints.cancelledAt)))
    .for('update');
  return row;
}

/**
 * The bonuses of the partner's sale whose points wait in this entry (none for points on their way of another
 * kind): the sale is found by its partner and receipt, the key its unique index holds.
 */
export async function bonusesWaitingIn(
  tx: DbExecutor,
  row: Pick<PendingRow, 'id' | 'partner' | 'reference'>,
) {
  const [sale] = await tx
    .select({ bonuses: partnerSales.bonuses })
    .from(partnerSales)
    .where(
      and(
        eq(partnerSales.partnerId, row.partner),
        eq(partnerSales.receiptId, row.reference),
        eq(partnerSales.pendingPointsId, row.id),
      ),
    );
  return sale?.bonuses ?? [];
}

/** Marks a pending entry posted, once: false when another runner already did, or a return cancelled it. */
export async function markPendingPosted(db: DbExecutor, id: string, ledgerEntryId: string, at: Date) {
  const updated = await db
    .update(pendingPoints)
    .set({ ledgerEntryId, postedAt: at })
    .where(and(eq(pendingPoints.id, id), isNull(pendingPoints.postedAt), isNull(pendingPoints.cancelledAt)))
    .returning({ id: pendingPoints.id });
  return updated.length > 0;
}

export async function insertTransactionDetails(db: DbExecutor, row: typeof transactionDetails.$inferInsert) {
  await db.insert(transactionDetails).values(row).onConflictDoNothing();
}

/** A pending entry not yet posted for this purchase: the same reference, or the same day and spend. */
export async function findPendingFor(db: DbExecutor, purchase: PurchaseKey) {
  const [row] = await db
    .select()
    .from(pendingPoints)
    .where(
      and(
        eq(pendingPoints.collectorId, purchase.collectorId),
        eq(pendingPoints.partner, purchase.partner),
        isNull(pendingPoints.postedAt),
        isNull(pendingPoints.cancelledAt),
        or(
          eq(pendingPoints.referenceKey, purchase.referenceKey),
          and(
            eq(pendingPoints.purchasedOn, purchase.purchasedOn),
            eq(pendingPoints.spendPence, purchase.spendPence),
          ),
        ),
      ),
    )
    .limit(1);
  return row;
}

/**
 * A credited ledger entry for this purchase: a posted pending entry with its reference, a digital receipt whose
 * id is the reference, or an entry at the partner for the same spend within a day of the purchase date (the
 * till's clock and the member's memory may differ by a day around midnight).
 */
export async function findCreditedFor(db: DbExecutor, purchase: PurchaseKey) {
  const [posted] = await db
    .select({ ledgerEntryId: pendingPoints.ledgerEntryId })
    .from(pendingPoints)
    .where(
      and(
        eq(pendingPoints.collectorId, purchase.collectorId),
        eq(pendingPoints.partner, purchase.partner),
        eq(pendingPoints.referenceKey, purchase.referenceKey),
        sql`${pendingPoints.ledgerEntryId} is not null`,
      ),
    )
    .limit(1);
  const day = sql`(${pointsLedger.createdAt} at time zone 'Europe/London')::date`;
  const [found] = await db
    .select({
      id: pointsLedger.id,
      amount: pointsLedger.amount,
      createdAt: pointsLedger.createdAt,
      partnerName: transactionDetails.partnerName,
      spendPence: transactionDetails.spendPence,
      receiptId: transactionDetails.receiptId,
    })
    .from(pointsLedger)
    .innerJoin(transactionDetails, eq(transactionDetails.ledgerEntryId, pointsLedger.id))
    .where(
      and(
        eq(pointsLedger.collectorId, purchase.collectorId),
        sql`${pointsLedger.amount} > 0`,
        posted?.ledgerEntryId
          ? eq(pointsLedger.id, posted.ledgerEntryId)
          : or(
              sql`upper(replace(${transactionDetails.receiptId}::text, '-', '')) = ${purchase.referenceKey}`,
              and(
                eq(transactionDetails.partnerName, purchase.partnerName),
                eq(transactionDetails.spendPence, purchase.spendPence),
                sql`${day} between ${purchase.purchasedOn}::date - 1 and ${purchase.purchasedOn}::date + 1`,
              ),
            ),
      ),
    )
    .orderBy(desc(pointsLedger.createdAt))
    .limit(1);
  return found;
}

export async function findClaimByPurchase(db: DbExecutor, collectorId: string, partner: string, key: string) {
  const [row] = await db
    .select({ id: missingPointsClaims.id })
    .from(missingPointsClaims)
    .where(
      and(
        eq(missingPointsClaims.collectorId, collectorId),
        eq(missingPointsClaims.partner, partner),
        eq(missingPointsClaims.referenceKey, key),
      ),
    );
  return row;
}

export async function countOpenClaims(db: DbExecutor, collectorId: string) {
  const [row] = await db
    .select({ open: count() })
    .from(missingPointsClaims)
    .where(and(eq(missingPointsClaims.collectorId, collectorId), eq(missingPointsClaims.status, 'OPEN')));
  return Number(row?.open ?? 0);
}

export async function insertClaim(
  tx: DbExecutor,
  claim: NewClaim,
  receipt?: { mediaType: string; content: Buffer },
) {
  const [row] = await tx.insert(missingPointsClaims).values(claim).returning();
  if (!row) throw new Error('claim not stored');
  if (receipt) {
    await tx.insert(missingPointsReceipts).values({
      claimId: row.id,
      mediaType: receipt.mediaType,
      sizeBytes: receipt.content.length,
      content: receipt.content,
    });
  }
  return row;
}

const claimColumns = {
  claim: missingPointsClaims,
  hasReceipt: sql<boolean>`${missingPointsReceipts.claimId} is not null`,
};

/** A member's claims, newest first (never the receipts' bytes). */
export const listClaimsOf = (db: Database, collectorId: string) =>
  db
    .select(claimColumns)
    .from(missingPointsClaims)
    .leftJoin(missingPointsReceipts, eq(missingPointsReceipts.claimId, missingPointsClaims.id))
    .where(eq(missingPointsClaims.collectorId, collectorId))
    .orderBy(desc(missingPointsClaims.createdAt));

/**
 * Every claim, or those of one status, oldest first (the operator's queue), with the member's email and name.
 */
export const listClaimsForOperator = (db: Database, status?: string) =>
  db
    .select({
      ...claimColumns,
      email: collectors.email,
      firstName: collectors.firstName,
      lastName: collectors.lastName,
    })
    .from(missingPointsClaims)
    .innerJoin(collectors, eq(collectors.id, missingPointsClaims.collectorId))
    .leftJoin(missingPointsReceipts, eq(missingPointsReceipts.claimId, missingPointsClaims.id))
    .where(status ? eq(missingPointsClaims.status, status) : undefined)
    .orderBy(asc(missingPointsClaims.createdAt));

export async function findClaim(db: DbExecutor, id: string) {
  const [row] = await db.select().from(missingPointsClaims).where(eq(missingPointsClaims.id, id));
  return row;
}

/** Settles an OPEN claim; undefined when it was not OPEN any more (another operator settled it first). */
export async function settleClaim(
  db: DbExecutor,
  id: string,
  settlement: Pick<ClaimRow, 'status' | 'pointsGranted' | 'ledgerEntryId' | 'operatorNote' | 'settledAt'>,
) {
  const [row] = await db
    .update(missingPointsClaims)
    .set(settlement)
    .where(and(eq(missingPointsClaims.id, id), eq(missingPointsClaims.status, 'OPEN')))
    .returning();
  return row;
}

export async function collectorEmail(db: DbExecutor, collectorId: string) {
  const [row] = await db
    .select({ email: collectors.email, firstName: collectors.firstName })
    .from(collectors)
    .where(eq(collectors.id, collectorId));
  return row;
}
