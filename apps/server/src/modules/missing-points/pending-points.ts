import { CLAIM_PARTNERS, claimPartnerName, ukDate, type PendingEntry } from '@app/contracts/missing-points';
import { partnerAwardReasons } from '@app/contracts/partner-api';
import type { Database } from '../../db/database.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import { pendingLedgerKey } from '../../lib/ledger-keys.ts';
import type { Clock } from '../../lib/clock.ts';
import { lockMember, pointsWritten, writeEntries, type PointsEntry } from '../../lib/points-ledger.ts';
import {
  bonusesWaitingIn,
  insertTransactionDetails,
  listDuePending,
  listUnposted,
  lockUnposted,
  markPendingPosted,
  type PendingRow,
} from './repository.ts';

/**
 * Points on their way (ADR 043): the public read other modules use (the points goal shows them
 * apart from the balance), and the job that posts them to the ledger when their day comes.
 */

export const toPendingEntry = (row: PendingRow): PendingEntry => ({
  id: row.id,
  partner: row.partner,
  partnerName: claimPartnerName(row.partner),
  purchasedOn: row.purchasedOn,
  spendPence: row.spendPence,
  reference: row.reference,
  points: row.points,
  expectedOn: row.expectedOn,
});

/** A member's points on their way: their total and each entry, soonest first. */
export async function pendingPointsOf(
  db: Database,
  collectorId: string,
): Promise<{ total: number; entries: PendingEntry[] }> {
  const entries = (await listUnposted(db, collectorId)).map(toPendingEntry);
  return { total: entries.reduce((sum, entry) => sum + entry.points, 0), entries };
}

/** The scheduled job's name (plugins/jobs.ts: one runner of the cluster each minute). */
export const POST_PENDING_POINTS_JOB = 'post-pending-points';
const BATCH = 200;

const partnerKindOf = (partner: string) =>
  partner === 'retailer' ? 'RETAILER' : partner === 'fuel' ? 'FUEL' : 'BRAND';
const sourceOf = (partner: string) =>
  partner === 'retailer' ? 'sainsburys-till' : partner === CLAIM_PARTNERS[1].id ? 'esso' : partner;

/**
 * Posts every pending entry whose expected date has come, each in one transaction under the member's lock
 * (the lock a return takes to lower them): the entry read again there, its ledger entries, their details and
 * its "posted" mark. A partner's sale that waited posts the shop's points and apart each bonus it paid, with
 * the offer's id, so what an offer earned is counted from the ledger. A second runner, or a return that
 * cancelled the entry meanwhile, finds it no longer to post and writes nothing. Answers how many it posted.
 */
export async function postDuePendingPoints(deps: { db: Database; clock: Clock; feed?: ChangeFeed }) {
  const { db, clock, feed } = deps;
  const due = await listDuePending(db, ukDate(clock.now()), BATCH);
  let posted = 0;
  for (const { id, collectorId } of due) {
    const at = clock.now();
    const written = await db.transaction(async (tx) => {
      await lockMember(tx, collectorId);
      const row = await lockUnposted(tx, id);
      if (!row) return [];
      const partnerName = claimPartnerName(row.partner);
      const bonuses = (await bonusesWaitingIn(tx, row))
        .map((bonus) => ({ ...bonus, points: bonus.points - bonus.takenBack }))
        .filter((bonus) => bonus.points > 0);
      const shop = row.points - bonuses.reduce((sum, bonus) => sum + bonus.points, 0);
      if (shop < 0)
        throw new Error(`points on their way ${row.id} hold less than the bonuses waiting in them`);
      const entries: PointsEntry[] = [
        ...(shop > 0
          ? [{ idempotencyKey: pendingLedgerKey(row.id), amount: shop, reason: `Shopping at ${partnerName}` }]
          : []),
        ...bonuses.map((bonus) => ({
          idempotencyKey: pendingLedgerKey(row.id, bonus),
          amount: bonus.points,
          reason: partnerAwardReasons.offer(bonus.title),
          offerId: bonus.offerId,
        })),
      ].map((entry) => ({ ...entry, collectorId, source: sourceOf(row.partner), at }));
      const { ids } = await writeEntries(tx, entries, feed);
      // The first entry carries the shop, as a sale's does.
      for (const [index, ledgerEntryId] of ids.entries()) {
        await insertTransactionDetails(tx, {
          ledgerEntryId,
          collectorId,
          partnerKind: index === 0 ? partnerKindOf(row.partner) : 'ADJUSTMENT',
          partnerName,
          ...(index === 0 ? { spendPence: row.spendPence } : {}),
        });
      }
      await markPendingPosted(tx, row.id, ids[0] ?? '', at);
      return entries;
    });
    for (const entry of written) pointsWritten(entry, feed);
    if (written.length > 0) posted += 1;
  }
  return posted;
}
