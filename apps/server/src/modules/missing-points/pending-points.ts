import { CLAIM_PARTNERS, claimPartnerName, ukDate, type PendingEntry } from '@app/contracts/missing-points';
import type { Database } from '../../db/database.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import { pendingLedgerKey } from '../../lib/ledger-keys.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordPoints } from '../../lib/points-ledger.ts';
import {
  insertTransactionDetails,
  ledgerEntryIdByKey,
  listDuePending,
  listUnposted,
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

/** Thrown inside a posting's transaction when the entry was cancelled meanwhile, so that nothing is written. */
class PendingCancelled extends Error {}

/** The scheduled job's name (plugins/jobs.ts: one runner of the cluster each minute). */
export const POST_PENDING_POINTS_JOB = 'post-pending-points';
const BATCH = 200;

const partnerKindOf = (partner: string) =>
  partner === 'retailer' ? 'RETAILER' : partner === 'fuel' ? 'FUEL' : 'BRAND';
const sourceOf = (partner: string) =>
  partner === 'retailer' ? 'sainsburys-till' : partner === CLAIM_PARTNERS[1].id ? 'esso' : partner;

/**
 * Posts every pending entry whose expected date has come: each through the ledger with its own key, the entry's
 * details and its "posted" mark in the same transaction. A second runner, or a run after a crash between the two,
 * finds the key already used and only marks the entry. Answers how many entries it posted.
 */
export async function postDuePendingPoints(deps: { db: Database; clock: Clock; feed?: ChangeFeed }) {
  const { db, clock, feed } = deps;
  const due = await listDuePending(db, ukDate(clock.now()), BATCH);
  let posted = 0;
  for (const row of due) {
    const key = pendingLedgerKey(row.id);
    const at = clock.now();
    const partnerName = claimPartnerName(row.partner);
    const written = await recordPoints(
      db,
      {
        collectorId: row.collectorId,
        amount: row.points,
        reason: `Shopping at ${partnerName}`,
        source: sourceOf(row.partner),
        idempotencyKey: key,
        at,
      },
      feed,
      async (tx, ledgerEntryId) => {
        await insertTransactionDetails(tx, {
          ledgerEntryId,
          collectorId: row.collectorId,
          partnerKind: partnerKindOf(row.partner),
          partnerName,
          spendPence: row.spendPence,
        });
        // A return cancelled it since the batch was read: nothing is posted (the entry rolls back).
        if (!(await markPendingPosted(tx, row.id, ledgerEntryId, at))) throw new PendingCancelled();
      },
    ).catch((error: unknown) => {
      if (error instanceof PendingCancelled) return undefined;
      throw error;
    });
    if (!written) continue;
    const { recorded } = written;
    if (recorded) posted += 1;
    else {
      const ledgerEntryId = await ledgerEntryIdByKey(db, key);
      if (ledgerEntryId) await markPendingPosted(db, row.id, ledgerEntryId, at);
    }
  }
  return posted;
}
