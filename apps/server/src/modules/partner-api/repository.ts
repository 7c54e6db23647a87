import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { cards } from '../../db/schema/core.ts';
import type { DbExecutor } from '../../db/database.ts';
import { transactionDetails } from '../../db/schema/card-activity.ts';
import { pendingPoints } from '../../db/schema/missing-points.ts';
import { collectorOffers, offers } from '../../db/schema/offers.ts';
import { offerPaysOut } from '../../lib/offer-pays-out.ts';
import {
  partnerRequests,
  partnerReturns,
  partnerSales,
  partners,
  pointHolds,
} from '../../db/schema/partner-api.ts';

export type PartnerRow = typeof partners.$inferSelect;
export type SaleRow = typeof partnerSales.$inferSelect;
export type HoldRow = typeof pointHolds.$inferSelect;

export async function findPartner(db: DbExecutor, id: string) {
  const [row] = await db.select().from(partners).where(eq(partners.id, id));
  return row;
}

/** Every partner, for the sandbox till's list. */
export const listPartners = (db: DbExecutor) => db.select().from(partners).orderBy(asc(partners.name));

/** Writes the partners the scheme starts with; a row already there keeps what an operator set. */
export async function insertPartners(db: DbExecutor, rows: Array<typeof partners.$inferInsert>) {
  if (rows.length > 0) await db.insert(partners).values(rows).onConflictDoNothing();
}

/** Serialises the calls that share one client's Idempotency-Key, inside their transaction. */
export async function lockIdempotencyKey(tx: DbExecutor, clientId: string, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${clientId} ${key}`}, 0))`);
}

export async function findStoredAnswer(db: DbExecutor, clientId: string, key: string, since: Date) {
  const [row] = await db
    .select()
    .from(partnerRequests)
    .where(
      and(
        eq(partnerRequests.clientId, clientId),
        eq(partnerRequests.idempotencyKey, key),
        gt(partnerRequests.createdAt, since),
      ),
    );
  return row;
}

export async function storeAnswer(tx: DbExecutor, row: typeof partnerRequests.$inferInsert) {
  // A row past its time (not yet swept) gives way to the new answer.
  await tx
    .insert(partnerRequests)
    .values(row)
    .onConflictDoUpdate({
      target: [partnerRequests.clientId, partnerRequests.idempotencyKey],
      set: {
        requestHash: row.requestHash,
        status: row.status,
        response: row.response,
        createdAt: row.createdAt,
      },
    });
}

/**
 * The member's offers that a partner's till pays out: loaded (personalised) or opted in (partner offers), with
 * a rule, running (offerPaysOut) and live at `at`, not locked, earned fewer times than their limit. Locked
 * for update: two sales at once cannot both pay an offer past its limit.
 */
export function payableOffers(
  tx: DbExecutor,
  collectorId: string,
  partner: Pick<PartnerRow, 'offerPartnerId' | 'paysPersonalisedOffers'>,
  at: Date,
) {
  const bySource = [
    ...(partner.paysPersonalisedOffers
      ? [and(eq(offers.sourceType, 'PIANO'), eq(collectorOffers.state, 'LOADED'))]
      : []),
    ...(partner.offerPartnerId
      ? [
          and(
            eq(offers.sourceType, 'COALITION'),
            eq(offers.partnerId, partner.offerPartnerId),
            eq(collectorOffers.state, 'OPTEDIN'),
          ),
        ]
      : []),
  ];
  if (bySource.length === 0) return Promise.resolve([]);
  return tx
    .select({
      offerId: offers.id,
      title: offers.title,
      rule: offers.rule,
      maxPerMember: offers.maxPerMember,
      timesEarned: collectorOffers.timesEarned,
      budgetPoints: offers.budgetPoints,
    })
    .from(collectorOffers)
    .innerJoin(offers, eq(offers.id, collectorOffers.offerId))
    .where(
      and(
        eq(collectorOffers.collectorId, collectorId),
        sql`(${sql.join(bySource, sql` or `)})`,
        eq(offers.locked, false),
        offerPaysOut,
        lte(offers.validFrom, at),
        gte(offers.validTo, at),
        sql`${offers.rule} is not null`,
        sql`${collectorOffers.timesEarned} < ${offers.maxPerMember}`,
      ),
    )
    .orderBy(asc(offers.id))
    .for('update', { of: collectorOffers });
}

/** The rules of the given offers, and whether each has a budget, for counting a return. */
export async function offerRules(db: DbExecutor, offerIds: string[]) {
  if (offerIds.length === 0) return [];
  return db
    .select({ id: offers.id, rule: offers.rule, budgetPoints: offers.budgetPoints })
    .from(offers)
    .where(inArray(offers.id, offerIds));
}

/**
 * Counts a bonus against its offer's budget when it fits and the offer still runs, in one statement that
 * holds the offer's row lock to the end of the sale's transaction (a sale at once waits for it, then sees
 * what it left, or that the offer stopped): false otherwise, and nothing is counted. Only for an offer with
 * a budget: one without is never written by a sale.
 */
export async function chargeOfferBudget(tx: DbExecutor, offerId: string, points: number) {
  const charged = await tx
    .update(offers)
    .set({ pointsIssued: sql`${offers.pointsIssued} + ${points}` })
    .where(
      and(
        eq(offers.id, offerId),
        offerPaysOut,
        sql`${offers.pointsIssued} + ${points} <= ${offers.budgetPoints}`,
      ),
    )
    .returning({ id: offers.id });
  return charged.length > 0;
}

/**
 * Ends a running offer whose budget a bonus did not fit, for everyone: false when it no longer ran (stopped
 * by another sale a moment ago, or paused by staff, which stays as it is).
 */
export async function stopOfferForBudget(tx: DbExecutor, offerId: string, at: Date) {
  const stopped = await tx
    .update(offers)
    .set({ status: 'ended', stoppedReason: 'budget', updatedAt: at })
    .where(and(eq(offers.id, offerId), offerPaysOut))
    .returning({ id: offers.id });
  return stopped.length > 0;
}

/** What a return took back of a budgeted offer's bonus no longer counts against its budget (not below 0). */
export async function giveBackOfferBudget(tx: DbExecutor, offerId: string, points: number) {
  await tx
    .update(offers)
    .set({ pointsIssued: sql`greatest(0, ${offers.pointsIssued} - ${points})` })
    .where(and(eq(offers.id, offerId), sql`${offers.budgetPoints} is not null`));
}

/** Adds (or, negative, takes) times an offer was earned by a member. */
export async function countOfferEarned(tx: DbExecutor, collectorId: string, offerId: string, by: number) {
  await tx
    .update(collectorOffers)
    .set({
      timesEarned: sql`greatest(0, ${collectorOffers.timesEarned} + ${by})`,
      version: sql`${collectorOffers.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(collectorOffers.collectorId, collectorId), eq(collectorOffers.offerId, offerId)));
}

export async function insertSale(tx: DbExecutor, row: typeof partnerSales.$inferInsert) {
  const [inserted] = await tx.insert(partnerSales).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function findSaleByReceipt(db: DbExecutor, partnerId: string, receiptId: string) {
  const [row] = await db
    .select({ id: partnerSales.id })
    .from(partnerSales)
    .where(and(eq(partnerSales.partnerId, partnerId), eq(partnerSales.receiptId, receiptId)));
  return row;
}

/** A partner's own sale, locked for a return. */
export async function findSaleForUpdate(tx: DbExecutor, partnerId: string, saleId: string) {
  const [row] = await tx
    .select()
    .from(partnerSales)
    .where(and(eq(partnerSales.id, saleId), eq(partnerSales.partnerId, partnerId)))
    .for('update');
  return row;
}

export async function updateSaleAfterReturn(
  tx: DbExecutor,
  saleId: string,
  set: Pick<SaleRow, 'lines' | 'bonuses'>,
) {
  await tx.update(partnerSales).set(set).where(eq(partnerSales.id, saleId));
}

export async function findReturn(tx: DbExecutor, saleId: string, returnId: string) {
  const [row] = await tx
    .select()
    .from(partnerReturns)
    .where(and(eq(partnerReturns.saleId, saleId), eq(partnerReturns.returnId, returnId)));
  return row;
}

export async function insertReturn(tx: DbExecutor, row: typeof partnerReturns.$inferInsert) {
  const [inserted] = await tx.insert(partnerReturns).values(row).returning();
  if (!inserted) throw new Error('the return was not written');
  return inserted;
}

export async function setReturnAnswer(
  tx: DbExecutor,
  id: string,
  answer: object,
  points: Pick<typeof partnerReturns.$inferSelect, 'pointsTaken' | 'pointsNotRecovered'>,
) {
  await tx
    .update(partnerReturns)
    .set({ answer: answer as Record<string, unknown>, ...points })
    .where(eq(partnerReturns.id, id));
}

export async function insertDetails(
  tx: DbExecutor,
  rows: typeof transactionDetails.$inferInsert | Array<typeof transactionDetails.$inferInsert>,
) {
  await tx.insert(transactionDetails).values(Array.isArray(rows) ? rows : [rows]);
}

export async function insertPendingPoints(tx: DbExecutor, row: typeof pendingPoints.$inferInsert) {
  const [inserted] = await tx.insert(pendingPoints).values(row).returning({ id: pendingPoints.id });
  if (!inserted) throw new Error('the pending points were not written');
  return inserted.id;
}

/**
 * Lowers (or, at zero, cancels) points on their way that are not yet posted; answers false when they were
 * posted already, so the return takes the points from the ledger instead.
 */
export async function reducePendingPoints(tx: DbExecutor, id: string, points: number, at: Date) {
  const updated = await tx
    .update(pendingPoints)
    .set(points > 0 ? { points } : { cancelledAt: at })
    .where(and(eq(pendingPoints.id, id), isNull(pendingPoints.postedAt), isNull(pendingPoints.cancelledAt)))
    .returning({ id: pendingPoints.id });
  return updated.length > 0;
}

export async function insertHold(tx: DbExecutor, row: typeof pointHolds.$inferInsert) {
  const [inserted] = await tx.insert(pointHolds).values(row).returning();
  if (!inserted) throw new Error('the hold was not written');
  return inserted;
}

export async function findHoldForUpdate(tx: DbExecutor, partnerId: string, holdId: string) {
  const [row] = await tx
    .select()
    .from(pointHolds)
    .where(and(eq(pointHolds.id, holdId), eq(pointHolds.partnerId, partnerId)))
    .for('update');
  return row;
}

export async function settleHold(tx: DbExecutor, holdId: string, state: HoldRow['state'], at: Date) {
  const [row] = await tx
    .update(pointHolds)
    .set({ state, settledAt: at })
    .where(and(eq(pointHolds.id, holdId), eq(pointHolds.state, 'HELD')))
    .returning();
  return row;
}

/** Holds still open past their end, oldest first, a batch at a time (the release job). */
export const listExpiredHolds = (db: DbExecutor, at: Date, limit: number) =>
  db
    .select({ id: pointHolds.id, partnerId: pointHolds.partnerId })
    .from(pointHolds)
    .where(and(eq(pointHolds.state, 'HELD'), lte(pointHolds.expiresAt, at)))
    .orderBy(asc(pointHolds.expiresAt))
    .limit(limit);

/** Points a member held or spent at tills since `since` (the daily spend limit). */
export async function pointsHeldSince(tx: DbExecutor, collectorId: string, since: Date) {
  const [row] = await tx
    .select({ points: sql<string>`coalesce(sum(${pointHolds.points}), 0)` })
    .from(pointHolds)
    .where(
      and(
        eq(pointHolds.collectorId, collectorId),
        inArray(pointHolds.state, ['HELD', 'CAPTURED']),
        gte(pointHolds.createdAt, since),
      ),
    );
  return Number(row?.points ?? 0);
}

/** The member's card that collects now: their live digital or plastic card, else a live temporary one. */
export async function activeCardOf(db: DbExecutor, collectorId: string) {
  const [row] = await db
    .select({ number: cards.number })
    .from(cards)
    .where(and(eq(cards.collectorId, collectorId), eq(cards.status, 'active')))
    .orderBy(sql`case ${cards.kind} when 'temporary' then 1 else 0 end`, desc(cards.issuedAt))
    .limit(1);
  return row?.number;
}
