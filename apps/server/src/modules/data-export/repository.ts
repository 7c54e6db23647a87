import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/database.ts';
import { accountEvents } from '../../db/schema/account.ts';
import {
  cardReplacements,
  redemptionLocks,
  transactionDetails,
  vouchers,
} from '../../db/schema/card-activity.ts';
import { cards, collectors, consents, contactPreferences, sessions } from '../../db/schema/core.ts';
import { dataExports } from '../../db/schema/data-export.ts';
import { feedback } from '../../db/schema/feedback.ts';
import { missingPointsClaims, missingPointsReceipts, pendingPoints } from '../../db/schema/missing-points.ts';
import { knownDevices } from '../../db/schema/identity.ts';
import { partnerLinks, partnerTransfers } from '../../db/schema/linked-partners.ts';
import { collectorOffers, offers } from '../../db/schema/offers.ts';
import { passkeys } from '../../db/schema/passkeys.ts';
import { pointsGoals } from '../../db/schema/points-goal.ts';
import { pointsLedger } from '../../db/schema/points-ledger.ts';
import { businesses, collectorAddresses } from '../../db/schema/registration.ts';

export type DataExportRow = typeof dataExports.$inferSelect;

/** The request's columns without its files (what the state and the checks read). */
const summary = {
  id: dataExports.id,
  collectorId: dataExports.collectorId,
  status: dataExports.status,
  requestedAt: dataExports.requestedAt,
  readyAt: dataExports.readyAt,
  emailedAt: dataExports.emailedAt,
  expiresAt: dataExports.expiresAt,
  downloadedAt: dataExports.downloadedAt,
};
export type DataExportSummary = Pick<DataExportRow, keyof typeof summary>;

export async function latestRequest(db: DbExecutor, collectorId: string) {
  const [row] = await db
    .select(summary)
    .from(dataExports)
    .where(eq(dataExports.collectorId, collectorId))
    .orderBy(desc(dataExports.requestedAt))
    .limit(1);
  return row;
}

/**
 * Under the member's row lock, so two requests at once make one: the latest request made after `since` that
 * still counts (`counts`), or the new one inserted.
 */
export async function insertUnlessRecent(
  db: Database,
  collectorId: string,
  at: Date,
  since: Date,
  counts: (row: DataExportSummary) => boolean,
): Promise<{ created: true; row: DataExportSummary } | { created: false; row: DataExportSummary }> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: collectors.id })
      .from(collectors)
      .where(eq(collectors.id, collectorId))
      .for('update');
    const recent = await tx
      .select(summary)
      .from(dataExports)
      .where(and(eq(dataExports.collectorId, collectorId), gt(dataExports.requestedAt, since)))
      .orderBy(desc(dataExports.requestedAt));
    const counted = recent.find(counts);
    if (counted) return { created: false as const, row: counted };
    const [row] = await tx
      .insert(dataExports)
      .values({ collectorId, status: 'PREPARING', requestedAt: at })
      .returning(summary);
    if (!row) throw new Error('data export request not inserted');
    return { created: true as const, row };
  });
}

export async function findRequest(db: DbExecutor, id: string) {
  const [row] = await db.select(summary).from(dataExports).where(eq(dataExports.id, id));
  return row;
}

/** Stores the prepared files and the link's hash, unless the request has been emailed already (a retried job). */
export async function storePrepared(
  db: DbExecutor,
  id: string,
  values: { tokenHash: string; exportJson: string; activityCsv: string; readyAt: Date; expiresAt: Date },
) {
  const rows = await db
    .update(dataExports)
    .set({ ...values, status: 'READY' })
    .where(
      and(
        eq(dataExports.id, id),
        inArray(dataExports.status, ['PREPARING', 'READY']),
        isNull(dataExports.emailedAt),
      ),
    )
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

export async function markEmailed(db: DbExecutor, id: string, at: Date) {
  await db.update(dataExports).set({ emailedAt: at }).where(eq(dataExports.id, id));
}

export async function findByTokenHash(db: DbExecutor, tokenHash: string) {
  const [row] = await db
    .select({ ...summary, exportJson: dataExports.exportJson, activityCsv: dataExports.activityCsv })
    .from(dataExports)
    .where(eq(dataExports.tokenHash, tokenHash));
  return row;
}

/**
 * The link's files, taken once: under the request's row lock, `usable` decides (the member, unused, current);
 * when it answers undefined the request is marked DOWNLOADED and its files are cleared in the same transaction.
 */
export async function takeFiles<E>(
  db: Database,
  tokenHash: string,
  at: Date,
  refuse: (row: DataExportSummary | undefined) => E | undefined,
): Promise<{ refused: E } | { files: { exportJson: string; activityCsv: string; readyAt: Date } }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ ...summary, exportJson: dataExports.exportJson, activityCsv: dataExports.activityCsv })
      .from(dataExports)
      .where(eq(dataExports.tokenHash, tokenHash))
      .for('update');
    const refused = refuse(row);
    if (refused !== undefined || !row) return { refused: refused as E };
    if (row.exportJson === null || row.activityCsv === null || !row.readyAt) {
      throw new Error('a ready data export without its files');
    }
    await tx
      .update(dataExports)
      .set({ status: 'DOWNLOADED', downloadedAt: at, exportJson: null, activityCsv: null })
      .where(eq(dataExports.id, row.id));
    return { files: { exportJson: row.exportJson, activityCsv: row.activityCsv, readyAt: row.readyAt } };
  });
}

/**
 * The purge: files of links past their end are cleared (the row stays, without them, for the once-a-day rule
 * and the page's "expired"); requests older than `forgetBefore` are deleted. Answers how many of each.
 */
export async function purgeEnded(db: DbExecutor, at: Date, forgetBefore: Date) {
  const cleared = await db
    .update(dataExports)
    .set({ exportJson: null, activityCsv: null })
    .where(
      and(
        lt(dataExports.expiresAt, at),
        or(isNotNull(dataExports.exportJson), isNotNull(dataExports.activityCsv)),
      ),
    )
    .returning({ id: dataExports.id });
  const deleted = await db
    .delete(dataExports)
    .where(lt(dataExports.requestedAt, forgetBefore))
    .returning({ id: dataExports.id });
  return { cleared: cleared.length, deleted: deleted.length };
}

/* ---------- what is held about the member ---------- */

/** Every row held about the member, table by table; the service picks the fields (never a secret). */
export async function readMemberData(db: DbExecutor, collectorId: string, at: Date) {
  const [collector] = await db.select().from(collectors).where(eq(collectors.id, collectorId));
  const [
    addresses,
    business,
    preferences,
    agreements,
    cardRows,
    replacements,
    ledger,
    offerRows,
    voucherRows,
    links,
    transfers,
    goals,
    claims,
    pending,
    feedbackRows,
    sessionRows,
    events,
    devices,
    passkeyRows,
    lock,
  ] = await Promise.all([
    db
      .select()
      .from(collectorAddresses)
      .where(eq(collectorAddresses.collectorId, collectorId))
      .orderBy(asc(collectorAddresses.createdAt)),
    db.select().from(businesses).where(eq(businesses.collectorId, collectorId)),
    db.select().from(contactPreferences).where(eq(contactPreferences.collectorId, collectorId)),
    db.select().from(consents).where(eq(consents.collectorId, collectorId)).orderBy(asc(consents.agreedAt)),
    db.select().from(cards).where(eq(cards.collectorId, collectorId)).orderBy(asc(cards.issuedAt)),
    db
      .select()
      .from(cardReplacements)
      .where(eq(cardReplacements.collectorId, collectorId))
      .orderBy(asc(cardReplacements.createdAt)),
    db
      .select({ entry: pointsLedger, details: transactionDetails })
      .from(pointsLedger)
      .leftJoin(transactionDetails, eq(transactionDetails.ledgerEntryId, pointsLedger.id))
      .where(eq(pointsLedger.collectorId, collectorId))
      .orderBy(asc(pointsLedger.createdAt), asc(pointsLedger.id)),
    db
      .select({
        offerId: collectorOffers.offerId,
        title: offers.title,
        sponsor: offers.sponsorDisplayName,
        state: collectorOffers.state,
        saved: collectorOffers.isBookmarked,
        assignedAt: collectorOffers.assignedAt,
        savedAt: collectorOffers.savedAt,
        firstSeenAt: collectorOffers.firstSeenAt,
        updatedAt: collectorOffers.updatedAt,
      })
      .from(collectorOffers)
      .innerJoin(offers, eq(offers.id, collectorOffers.offerId))
      .where(eq(collectorOffers.collectorId, collectorId))
      .orderBy(asc(collectorOffers.assignedAt), asc(collectorOffers.offerId)),
    db.select().from(vouchers).where(eq(vouchers.collectorId, collectorId)).orderBy(asc(vouchers.createdAt)),
    db
      .select()
      .from(partnerLinks)
      .where(eq(partnerLinks.collectorId, collectorId))
      .orderBy(asc(partnerLinks.linkedAt)),
    db
      .select()
      .from(partnerTransfers)
      .where(eq(partnerTransfers.collectorId, collectorId))
      .orderBy(asc(partnerTransfers.createdAt)),
    db.select().from(pointsGoals).where(eq(pointsGoals.collectorId, collectorId)),
    // A claim's receipt: its type and size here; its bytes are read when the zip is made (receiptsOf).
    db
      .select({
        claim: missingPointsClaims,
        receiptType: missingPointsReceipts.mediaType,
        receiptBytes: missingPointsReceipts.sizeBytes,
      })
      .from(missingPointsClaims)
      .leftJoin(missingPointsReceipts, eq(missingPointsReceipts.claimId, missingPointsClaims.id))
      .where(eq(missingPointsClaims.collectorId, collectorId))
      .orderBy(asc(missingPointsClaims.createdAt)),
    db
      .select()
      .from(pendingPoints)
      .where(eq(pendingPoints.collectorId, collectorId))
      .orderBy(asc(pendingPoints.purchasedOn), asc(pendingPoints.createdAt)),
    db.select().from(feedback).where(eq(feedback.collectorId, collectorId)).orderBy(asc(feedback.createdAt)),
    // Live sessions only: an ended one is swept by the purge job and no longer held.
    db
      .select({
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        data: sessions.data,
      })
      .from(sessions)
      .where(and(eq(sessions.collectorId, collectorId), gt(sessions.expiresAt, at)))
      .orderBy(asc(sessions.createdAt)),
    db
      .select()
      .from(accountEvents)
      .where(eq(accountEvents.collectorId, collectorId))
      .orderBy(asc(accountEvents.createdAt)),
    db
      .select({
        clientId: knownDevices.clientId,
        firstSeenAt: knownDevices.firstSeenAt,
        lastSeenAt: knownDevices.lastSeenAt,
      })
      .from(knownDevices)
      .where(eq(knownDevices.collectorId, collectorId))
      .orderBy(asc(knownDevices.firstSeenAt)),
    db
      .select({
        name: passkeys.name,
        device: passkeys.device,
        backedUp: passkeys.backedUp,
        transports: passkeys.transports,
        createdAt: passkeys.createdAt,
        lastUsedAt: passkeys.lastUsedAt,
      })
      .from(passkeys)
      .where(eq(passkeys.collectorId, collectorId))
      .orderBy(asc(passkeys.createdAt)),
    db.select().from(redemptionLocks).where(eq(redemptionLocks.collectorId, collectorId)),
  ]);
  return {
    collector,
    addresses,
    business: business[0],
    preferences: preferences[0],
    agreements,
    cards: cardRows,
    replacements,
    ledger,
    offers: offerRows,
    vouchers: voucherRows,
    links,
    transfers,
    goal: goals[0],
    claims,
    pending,
    feedback: feedbackRows,
    sessions: sessionRows,
    events,
    devices,
    passkeys: passkeyRows,
    lock: lock[0],
  };
}
export type MemberData = Awaited<ReturnType<typeof readMemberData>>;

/** The receipts (photo or PDF) the member sent with these claims of theirs, for the zip. */
export async function receiptsOf(db: DbExecutor, collectorId: string, claimIds: string[]) {
  if (claimIds.length === 0) return [];
  return db
    .select({ claimId: missingPointsReceipts.claimId, content: missingPointsReceipts.content })
    .from(missingPointsReceipts)
    .innerJoin(missingPointsClaims, eq(missingPointsClaims.id, missingPointsReceipts.claimId))
    .where(
      and(eq(missingPointsClaims.collectorId, collectorId), inArray(missingPointsReceipts.claimId, claimIds)),
    );
}
