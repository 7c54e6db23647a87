import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { collectors } from './core.ts';
import { pointsLedger } from './points-ledger.ts';

/** One line of a digital receipt (docs/product/calls-and-errors.md §S7.6 "GET /digital-receipts/{id}"). */
export interface ReceiptLine {
  description: string;
  quantity: number;
  /** Price paid for the line, in pence. */
  pricePence: number;
  /** Member-price saving on the line, in pence (0 when none). */
  savingPence: number;
}

/**
 * What a ledger entry was, beyond its points: the partner, the store, the money spent, the member-price
 * savings and the digital receipt (docs/decisions/011). One row per ledger entry that has such details; the
 * activity feed reads the ledger and joins these.
 *
 * - partnerKind: RETAILER (the grocery retailer), FUEL (the fuel partner), BRAND (any other partner),
 *   REDEMPTION (points spent on a voucher), ADJUSTMENT (a bonus or correction).
 * - spendPence: what the member paid; savingPence: member-price savings on that shop.
 */
export const transactionDetails = pgTable(
  'transaction_details',
  {
    ledgerEntryId: uuid('ledger_entry_id')
      .primaryKey()
      .references(() => pointsLedger.id, { onDelete: 'cascade' }),
    collectorId: uuid('collector_id')
      .notNull()
      .references(() => collectors.id, { onDelete: 'cascade' }),
    partnerKind: text('partner_kind').notNull(),
    partnerName: text('partner_name').notNull(),
    storeName: text('store_name'),
    spendPence: integer('spend_pence'),
    savingPence: integer('saving_pence').notNull().default(0),
    receiptId: uuid('receipt_id'),
    receiptLines: jsonb('receipt_lines').$type<ReceiptLine[]>(),
    voucherId: uuid('voucher_id'),
  },
  (t) => [
    index('transaction_details_collector_idx').on(t.collectorId),
    // Partial: most entries have no receipt, and an index of their nulls was most of its size.
    uniqueIndex('transaction_details_receipt_unique')
      .on(t.receiptId)
      .where(sql`${t.receiptId} is not null`),
  ],
);

/**
 * Vouchers bought with points (or free, zero-point rewards). The ledger debit and the voucher row are written
 * in one transaction under the collector's lock (lib/points-ledger.ts); `requestKey` is the client's
 * idempotency key, unique per collector, so a retried request answers the voucher it already made.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collectorId: uuid('collector_id')
      .notNull()
      .references(() => collectors.id, { onDelete: 'cascade' }),
    rewardId: text('reward_id').notNull(),
    points: integer('points').notNull(),
    requestKey: text('request_key').notNull(),
    voucherCode: text('voucher_code').notNull(),
    partnerName: text('partner_name').notNull(),
    itemDescription: text('item_description').notNull(),
    ledgerEntryId: uuid('ledger_entry_id').references(() => pointsLedger.id, { onDelete: 'set null' }),
    /** The member's answer to 'Did you use this voucher?': null until answered. */
    used: boolean('used'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('vouchers_request_key_unique').on(t.collectorId, t.requestKey),
    uniqueIndex('vouchers_code_unique').on(t.voucherCode),
    index('vouchers_collector_idx').on(t.collectorId, t.createdAt),
    check('vouchers_points_not_negative', sql`${t.points} >= 0`),
  ],
);

/**
 * The redemption lock of docs/product/signed-in-pages.md §S6 ('A redemption lock on an account blocks
 * spending points'). No row means unlocked. Read it through lib/redemption-lock.ts; account management sets
 * it.
 */
export const redemptionLocks = pgTable('redemption_locks', {
  collectorId: uuid('collector_id')
    .primaryKey()
    .references(() => collectors.id, { onDelete: 'cascade' }),
  locked: boolean('locked').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Card replacements and requests: the old number (blocked from then on: status 'replaced'), the new one,
 * the reason (LOST, STOLEN, DAMAGED; REQUEST for a first plastic card) and the card type (CARD or KEYTAG).
 */
export const cardReplacements = pgTable(
  'card_replacements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collectorId: uuid('collector_id')
      .notNull()
      .references(() => collectors.id, { onDelete: 'cascade' }),
    oldNumber: text('old_number'),
    newNumber: text('new_number').notNull(),
    reason: text('reason').notNull(),
    cardType: text('card_type').notNull().default('CARD'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('card_replacements_collector_idx').on(t.collectorId, t.createdAt)],
);
