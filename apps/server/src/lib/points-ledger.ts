import { channel } from 'node:diagnostics_channel';
import { eq, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../db/database.ts';
import { cards, collectors } from '../db/schema/core.ts';
import { pointsLedger } from '../db/schema/points-ledger.ts';
import { AppError } from './app-error.ts';
import type { ChangeFeed } from './change-feed.ts';
import { systemClock } from './clock.ts';
import { createReadCache } from './read-cache.ts';

export interface PointsEntry {
  collectorId: string;
  /** The card that collected or spent the points, when a card was involved. */
  cardNumber?: string;
  /** Signed: positive adds points, negative takes them. Never zero. */
  amount: number;
  reason: string;
  source: string;
  /** Unique per change; repeating a key writes nothing and answers the current balance. */
  idempotencyKey: string;
  at?: Date;
}

/**
 * Told of each ledger entry written, by its kind only (never the member, the card or the amount): the metrics
 * plugin counts them when metrics are on (ADR 035); with no subscriber nothing is published.
 */
export const ledgerWrites = channel('loyalty-card:points-ledger:write');
export type LedgerWriteKind = 'credit' | 'debit';
const credit = { kind: 'credit' } as const satisfies { kind: LedgerWriteKind };
const debit = { kind: 'debit' } as const satisfies { kind: LedgerWriteKind };

/** The collector's balance: the sum of their ledger entries. */
export async function pointsBalance(db: DbExecutor, collectorId: string): Promise<number> {
  const [row] = await db
    .select({ balance: sql<string>`coalesce(sum(${pointsLedger.amount}), 0)` })
    .from(pointsLedger)
    .where(eq(pointsLedger.collectorId, collectorId));
  return Number(row?.balance ?? 0);
}

/** Change-feed key of a collector's balance. */
export const balanceChangeKey = (collectorId: string) => `balance:${collectorId}`;

/**
 * Balances for reads outside a transaction (GET /balance-api/balance), answered from memory until the ledger
 * of that collector changes on any instance (the change feed) or for `ttlMs` at the most. Never used to
 * decide a debit: recordPoints sums the ledger under the collector's lock.
 */
export function createBalanceReader(db: Database, feed: ChangeFeed, ttlMs = 30_000) {
  const read = createReadCache<number>(feed, balanceChangeKey(''), { ttlMs });
  return (collectorId: string): Promise<number> => read(collectorId, () => pointsBalance(db, collectorId));
}

/**
 * Writes one ledger entry in a transaction that locks the collector's row, so two changes for one collector
 * run one after the other and the balance can never go below zero (DESIGN.md 5).
 */
export async function recordPoints(
  db: Database,
  entry: PointsEntry,
  feed?: ChangeFeed,
  /** Rows that belong with the entry (a voucher, its details), written in the same transaction. */
  alongside?: (tx: DbExecutor, ledgerEntryId: string) => Promise<void>,
): Promise<{ recorded: boolean; balance: number }> {
  if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) {
    throw new AppError(400, 'VALIDATION', 'amount: must be a whole number other than zero');
  }
  const result = await db.transaction(async (tx) => {
    const [collector] = await tx
      .select({ id: collectors.id })
      .from(collectors)
      .where(eq(collectors.id, entry.collectorId))
      .for('update');
    if (!collector) throw new AppError(404, 'COLLECTOR_NOT_FOUND', 'We could not find that account.');

    const [repeat] = await tx
      .select({ id: pointsLedger.id })
      .from(pointsLedger)
      .where(eq(pointsLedger.idempotencyKey, entry.idempotencyKey));
    const balance = await pointsBalance(tx, entry.collectorId);
    if (repeat) return { recorded: false, balance };

    if (balance + entry.amount < 0) {
      throw new AppError(409, 'INSUFFICIENT_POINTS', "You don't have enough points for this.");
    }
    if (entry.cardNumber && entry.amount > 0) {
      // A replaced, expired or inactive card no longer collects (docs/decisions/011).
      const [card] = await tx
        .select({ status: cards.status, collectorId: cards.collectorId })
        .from(cards)
        .where(eq(cards.number, entry.cardNumber));
      if (card?.status !== 'active' || card.collectorId !== entry.collectorId) {
        throw new AppError(409, 'CARD_NOT_ACTIVE', 'This card can no longer collect points.');
      }
    }
    const [inserted] = await tx
      .insert(pointsLedger)
      .values({
        collectorId: entry.collectorId,
        cardNumber: entry.cardNumber,
        amount: entry.amount,
        reason: entry.reason,
        source: entry.source,
        idempotencyKey: entry.idempotencyKey,
        createdAt: entry.at ?? systemClock.now(),
      })
      .returning({ id: pointsLedger.id });
    if (alongside && inserted) await alongside(tx, inserted.id);
    await feed?.announce(tx, balanceChangeKey(entry.collectorId));
    return { recorded: true, balance: balance + entry.amount };
  });
  if (result.recorded) {
    feed?.changed(balanceChangeKey(entry.collectorId));
    if (ledgerWrites.hasSubscribers) ledgerWrites.publish(entry.amount > 0 ? credit : debit);
  }
  return result;
}
