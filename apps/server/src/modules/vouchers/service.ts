import { randomInt, randomUUID } from 'node:crypto';
import { GENERIC_ERROR_MESSAGE } from '@app/contracts/error-messages';
import { redemptionMessages, type RedemptionRequest, type Voucher } from '@app/contracts/vouchers';
import type { Clock } from '../../lib/clock.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import { pointsBalance, recordPoints } from '../../lib/points-ledger.ts';
import { isRedemptionLocked } from '../../lib/redemption-lock.ts';
import { renderCardBarcode } from '../../lib/barcode.ts';
import { assertFullCardHolder } from '../../lib/card-capabilities.ts';
import { findReward } from './rewards.ts';
import {
  findByRequestKey,
  findByTransaction,
  findVoucher,
  insertRedemptionDetails,
  insertVoucher,
  listVouchers,
  markUsed,
  type VoucherRow,
} from './repository.ts';
import { isUuid } from '../../lib/path-id.ts';
import { redemptionLedgerKey } from '../../lib/ledger-keys.ts';

/** A voucher is good for 90 days from when it was made (docs/decisions/011). */
const VOUCHER_LIFETIME_MS = 90 * 86_400_000;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newVoucherCode = () => Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(32)]).join('');

const locked = () => new AppError(403, 'REDEMPTION_LOCKED', redemptionMessages.locked);

/** The rewards catalogue, for the points goal (its voucher goals are these rewards, at these points). */
export { REWARDS } from './rewards.ts';

/** The member's vouchers, newest first (the staff console's member screen, which masks their codes). */
export const vouchersOf = (db: Database, collectorId: string) => listVouchers(db, collectorId);

export interface VoucherDeps {
  db: Database;
  /** Tells every instance the balance changed. */
  feed?: ChangeFeed;
  clock: Clock;
}

export function createVoucherService({ db, feed, clock }: VoucherDeps) {
  const toVoucher = async (row: VoucherRow): Promise<Voucher> => {
    const reward = findReward(row.rewardId);
    return {
      id: row.id,
      logoImageLocation: reward?.logoImageLocation ?? '',
      itemDescription: row.itemDescription,
      base64BarCode: await renderCardBarcode(row.voucherCode),
      url: `/voucher/${row.id}`,
      voucherCode: row.voucherCode,
      partnerName: row.partnerName,
      points: row.points,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      used: row.used,
      transactionId: row.ledgerEntryId,
    };
  };

  const answerRepeat = async (collectorId: string, requestKey: string, rewardId: string) => {
    const existing = await findByRequestKey(db, collectorId, requestKey);
    if (!existing) return undefined;
    if (existing.rewardId !== rewardId) {
      throw new AppError(409, 'IDEMPOTENCY_KEY_REUSED', redemptionMessages.requestReused);
    }
    return {
      voucher: await toVoucher(existing),
      balance: await pointsBalance(db, collectorId),
      created: false,
    };
  };

  return {
    /**
     * Spends points on a reward: one ledger debit and one voucher, in one transaction under the collector's
     * lock, at most once per idempotency key, never below zero, never while the redemption lock is on.
     */
    async redeem(collectorId: string, request: RedemptionRequest, at?: Date) {
      // A temporary card has no spend (docs/product/signed-in-pages.md §S1), whatever asks.
      await assertFullCardHolder(db, collectorId);
      const reward = findReward(request.rewardId);
      if (!reward) throw new AppError(404, 'REWARD_NOT_FOUND', redemptionMessages.unknownReward);
      // A free reward is claimed once per member, whatever key the client sends.
      const requestKey = reward.points === 0 ? `zero:${reward.id}` : request.idempotencyKey;
      const repeat = await answerRepeat(collectorId, requestKey, reward.id);
      if (repeat) return repeat;
      if (await isRedemptionLocked(db, collectorId)) throw locked();

      const voucher = {
        id: randomUUID(),
        collectorId,
        rewardId: reward.id,
        points: reward.points,
        requestKey,
        voucherCode: newVoucherCode(),
        partnerName: reward.partnerName,
        itemDescription: reward.itemDescription,
        createdAt: at ?? clock.now(),
        expiresAt: new Date((at ?? clock.now()).getTime() + VOUCHER_LIFETIME_MS),
      };
      // The answer is made from what the transaction itself wrote and read: a spend that committed is never
      // answered with an error because a read after it could not get a connection.
      let stored: VoucherRow | undefined;
      let balance: number;
      if (reward.points === 0) {
        balance = await pointsBalance(db, collectorId);
        stored = await insertVoucher(db, voucher);
      } else {
        const result = await recordPoints(
          db,
          {
            collectorId,
            amount: -reward.points,
            reason: `Spent: ${reward.itemDescription}`,
            source: 'offers-api:redemption',
            idempotencyKey: redemptionLedgerKey(collectorId, requestKey),
            at,
          },
          feed,
          async (tx, ledgerEntryId) => {
            // Read again under the collector's lock: a lock turned on a moment ago still wins.
            if (await isRedemptionLocked(tx, collectorId)) throw locked();
            stored = await insertVoucher(tx, { ...voucher, ledgerEntryId });
            await insertRedemptionDetails(tx, {
              ledgerEntryId,
              collectorId,
              partnerName: reward.partnerName,
              voucherId: voucher.id,
            });
          },
        );
        balance = result.balance;
      }
      if (stored) return { voucher: await toVoucher(stored), balance, created: true };
      // Another request with the same key got there first: its voucher is the answer.
      const repeated = await answerRepeat(collectorId, requestKey, reward.id);
      if (!repeated) throw new AppError(500, 'SERVER_ERROR', GENERIC_ERROR_MESSAGE);
      return repeated;
    },

    async list(collectorId: string) {
      return Promise.all((await listVouchers(db, collectorId)).map(toVoucher));
    },

    async get(collectorId: string, id: string) {
      const row = isUuid(id) ? await findVoucher(db, collectorId, id) : undefined;
      if (!row) throw new AppError(404, 'VOUCHER_NOT_FOUND', redemptionMessages.voucherNotFound);
      return toVoucher(row);
    },

    async byTransaction(collectorId: string, transactionId: string) {
      const row = isUuid(transactionId) ? await findByTransaction(db, collectorId, transactionId) : undefined;
      if (!row) throw new AppError(404, 'VOUCHER_NOT_FOUND', redemptionMessages.voucherNotFound);
      return toVoucher(row);
    },

    async markUsed(collectorId: string, id: string, used: boolean) {
      const row = isUuid(id) ? await markUsed(db, collectorId, id, used) : undefined;
      if (!row) throw new AppError(404, 'VOUCHER_NOT_FOUND', redemptionMessages.voucherNotFound);
      return toVoucher(row);
    },
  };
}
