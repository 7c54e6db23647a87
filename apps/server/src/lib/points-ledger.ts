import { channel } from 'node:diagnostics_channel';
import { eq, inArray, sql } from 'drizzle-orm';
import { accountMessages } from '@app/contracts/account';
import { activityMessages } from '@app/contracts/activity';
import { cardMessages } from '@app/contracts/card';
import { GENERIC_ERROR_MESSAGE } from '@app/contracts/error-messages';
import { redemptionMessages } from '@app/contracts/vouchers';
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
  /** The offer whose bonus this entry pays or takes back: what an offer earned is counted from it. */
  offerId?: string;
}

/**
 * Told of each ledger entry written, by its kind only (never the member, the card or the amount): the metrics
 * plugin counts them when metrics are on (ADR 035); with no subscriber nothing is published.
 */
export const ledgerWrites = channel('loyalty-card:points-ledger:write');
export type LedgerWriteKind = 'credit' | 'debit';
/**
 * Told of each finished ledger check (modules/ledger-check, ADR 051): the number of rows that break each
 * invariant, by the invariant's name; the metrics plugin keeps them as a gauge.
 */
export const ledgerCheckResults = channel('loyalty-card:ledger-check:result');
export interface LedgerCheckResult {
  problems: Record<string, number>;
  checkedAt: Date;
}
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

/**
 * Inside the caller's transaction: locks the collector's row, as writePoints does, and answers their balance,
 * so that a change sized by the balance (a return that takes back what is left) is decided under the same
 * lock.
 */
export async function balanceUnderLock(tx: DbExecutor, collectorId: string): Promise<number> {
  await lockMember(tx, collectorId);
  return pointsBalance(tx, collectorId);
}

/**
 * Inside the caller's transaction: locks the member's row, the lock every change to their points takes. Take
 * it before writing any row that refers to the member: such a row takes a key-share lock on the member's row,
 * and two transactions that each held one and then asked for this lock would deadlock.
 */
export async function lockMember(tx: DbExecutor, collectorId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: collectors.id })
    .from(collectors)
    .where(eq(collectors.id, collectorId))
    .for('update');
  return row !== undefined;
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
 * Writes one ledger entry inside the caller's transaction `tx`: locks the collector's row, so two changes for
 * one collector run one after the other and the balance can never go below zero (docs/security.md
 * "Baseline"). Use it where the entry belongs with other rows that must commit or vanish together with it (a
 * transfer and its debit); after the transaction commits, call `pointsWritten` with the result.
 * `recordPoints` does both for one entry. A key already written writes nothing and answers `recorded: false`
 * with the balance.
 */
export async function writePoints(
  tx: DbExecutor,
  entry: PointsEntry,
  feed?: ChangeFeed,
): Promise<{ recorded: true; balance: number; id: string } | { recorded: false; balance: number }> {
  assertAmounts([entry]);
  if (!(await lockMember(tx, entry.collectorId))) {
    throw new AppError(404, 'COLLECTOR_NOT_FOUND', accountMessages.accountNotFound);
  }
  const [repeat] = await tx
    .select({ id: pointsLedger.id })
    .from(pointsLedger)
    .where(eq(pointsLedger.idempotencyKey, entry.idempotencyKey));
  const balance = await pointsBalance(tx, entry.collectorId);
  if (repeat) return { recorded: false, balance };
  const written = await insertUnderLock(tx, [entry], balance, feed);
  return { recorded: true, balance: written.balance, id: written.ids[0] ?? '' };
}

/**
 * Writes several new entries of one member inside the caller's transaction (a sale's base and bonuses): one
 * lock of the member's row, one read of the balance, one check of the cards, one insert, one announcement,
 * where writePoints would do each per entry. All or none: a balance that would go below zero on the way
 * throws, and a key already written fails the insert (the unique index), so callers give keys of their own
 * new rows. After the commit, call `pointsWritten` for each entry.
 */
export async function writeEntries(
  tx: DbExecutor,
  entries: readonly PointsEntry[],
  feed?: ChangeFeed,
): Promise<{ ids: string[]; balance: number }> {
  const collectorId = entries[0]?.collectorId;
  if (!collectorId || entries.some((entry) => entry.collectorId !== collectorId)) {
    throw new Error('writeEntries writes the entries of one member');
  }
  assertAmounts(entries);
  return insertUnderLock(tx, entries, await balanceUnderLock(tx, collectorId), feed);
}

function assertAmounts(entries: readonly PointsEntry[]) {
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) {
      throw new AppError(400, 'VALIDATION', activityMessages.amountNotWhole);
    }
  }
}

/**
 * The rules of every write, with the member's row locked and `balance` read under that lock: never below zero
 * on the way; a collecting card must be the member's live card (a replaced, expired or inactive card no
 * longer collects: docs/decisions/011); then the entries in one insert and one announcement of the member's
 * balance.
 */
async function insertUnderLock(
  tx: DbExecutor,
  entries: readonly PointsEntry[],
  balance: number,
  feed?: ChangeFeed,
): Promise<{ ids: string[]; balance: number }> {
  const collectorId = entries[0]?.collectorId ?? '';
  let after = balance;
  for (const entry of entries) {
    after += entry.amount;
    if (after < 0) throw new AppError(409, 'INSUFFICIENT_POINTS', redemptionMessages.notEnough);
  }
  const collecting = [
    ...new Set(
      entries.filter((entry) => entry.cardNumber && entry.amount > 0).map((entry) => entry.cardNumber ?? ''),
    ),
  ];
  if (collecting.length > 0) {
    const found = await tx
      .select({ status: cards.status, collectorId: cards.collectorId })
      .from(cards)
      .where(inArray(cards.number, collecting));
    const live = found.filter((card) => card.status === 'active' && card.collectorId === collectorId);
    if (live.length !== collecting.length) {
      throw new AppError(409, 'CARD_NOT_ACTIVE', cardMessages.cannotCollect);
    }
  }
  const inserted = await tx
    .insert(pointsLedger)
    .values(
      entries.map((entry) => ({
        collectorId,
        cardNumber: entry.cardNumber,
        amount: entry.amount,
        reason: entry.reason,
        source: entry.source,
        idempotencyKey: entry.idempotencyKey,
        createdAt: entry.at ?? systemClock.now(),
        offerId: entry.offerId,
      })),
    )
    .returning({ id: pointsLedger.id });
  if (inserted.length !== entries.length) throw new AppError(500, 'SERVER_ERROR', GENERIC_ERROR_MESSAGE);
  await feed?.announce(tx, balanceChangeKey(collectorId));
  return { ids: inserted.map((row) => row.id), balance: after };
}

/**
 * After the transaction that wrote `entry` (writePoints) committed: every instance and the metrics hear of
 * it.
 */
export function pointsWritten(entry: Pick<PointsEntry, 'collectorId' | 'amount'>, feed?: ChangeFeed) {
  feed?.changed(balanceChangeKey(entry.collectorId));
  if (ledgerWrites.hasSubscribers) ledgerWrites.publish(entry.amount > 0 ? credit : debit);
}

/** Whether the entry with this idempotency key was written (read inside a transaction to decide with it). */
export async function hasLedgerEntry(db: DbExecutor, idempotencyKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pointsLedger.id })
    .from(pointsLedger)
    .where(eq(pointsLedger.idempotencyKey, idempotencyKey));
  return row !== undefined;
}

/**
 * Writes one ledger entry in a transaction of its own that locks the collector's row (writePoints), with the
 * rows that belong with it, and tells every instance once it committed.
 */
export async function recordPoints(
  db: Database,
  entry: PointsEntry,
  feed?: ChangeFeed,
  /** Rows that belong with the entry (a voucher, its details), written in the same transaction. */
  alongside?: (tx: DbExecutor, ledgerEntryId: string) => Promise<void>,
): Promise<{ recorded: boolean; balance: number }> {
  const result = await db.transaction(async (tx) => {
    const written = await writePoints(tx, entry, feed);
    if (written.recorded && alongside) await alongside(tx, written.id);
    return written;
  });
  if (result.recorded) pointsWritten(entry, feed);
  return { recorded: result.recorded, balance: result.balance };
}
