import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { collectors } from './core.ts';

/**
 * A collector's link to a partner account (docs/product/signed-in-pages.md §S3 "Linked partner
 * configuration"). One live link per collector and partner, and one live link per partner account
 * (`unlinked_at` null means live).
 */
export const partnerLinks = pgTable(
  'partner_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collectorId: uuid('collector_id')
      .notNull()
      .references(() => collectors.id, { onDelete: 'cascade' }),
    cardNumber: text('card_number').notNull(),
    partnerId: text('partner_id').notNull(),
    /** The partner's member number (what the partner's API knows the account by). */
    partnerAccount: text('partner_account').notNull(),
    linkType: text('link_type').notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
    unlinkedAt: timestamp('unlinked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('partner_links_live_collector')
      .on(t.collectorId, t.partnerId)
      .where(sql`${t.unlinkedAt} is null`),
    uniqueIndex('partner_links_live_account')
      .on(t.partnerId, t.partnerAccount)
      .where(sql`${t.unlinkedAt} is null`),
    index('partner_links_account_idx').on(t.partnerId, t.partnerAccount),
    index('partner_links_card_idx').on(t.cardNumber, t.partnerId),
  ],
);

/**
 * Points moved between the scheme and a partner. `id` is the idempotency root: the ledger entries use
 * `partner-transfer:{id}:debit|credit|refund`, and the partner call carries `id` as its own key.
 */
export const partnerTransfers = pgTable(
  'partner_transfers',
  {
    id: uuid('id').primaryKey(),
    collectorId: uuid('collector_id')
      .notNull()
      .references(() => collectors.id, { onDelete: 'cascade' }),
    partnerId: text('partner_id').notNull(),
    partnerAccount: text('partner_account').notNull(),
    conversionType: text('conversion_type').notNull(),
    pointsGiven: integer('points_given').notNull(),
    pointsReceived: integer('points_received').notNull(),
    /** PENDING while the partner call runs; SUCCESS; FAILED (and refunded when the base points were taken). */
    status: text('status').notNull(),
    failureCode: text('failure_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('partner_transfers_collector_idx').on(t.collectorId, t.partnerId, t.createdAt),
    check('partner_transfers_points_positive', sql`${t.pointsGiven} > 0 and ${t.pointsReceived} > 0`),
  ],
);

/**
 * The sandbox partners' own books (ADR 013): the airline and hotel that run inside the product until a real
 * partner API is configured. `failure` makes the account's partner answer an error, time out, answer slowly
 * or report the account locked (set through /dev/linked-partners/sandbox outside production).
 */
export const sandboxPartnerAccounts = pgTable(
  'sandbox_partner_accounts',
  {
    partnerId: text('partner_id').notNull(),
    membershipNumber: text('membership_number').notNull(),
    lastName: text('last_name').notNull(),
    balance: integer('balance').notNull().default(0),
    failure: text('failure').notNull().default('none'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.membershipNumber] }),
    check('sandbox_partner_balance_not_negative', sql`${t.balance} >= 0`),
  ],
);

/** The sandbox partners' applied movements, one per idempotency key, so a repeated call changes nothing. */
export const sandboxPartnerMovements = pgTable('sandbox_partner_movements', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  partnerId: text('partner_id').notNull(),
  membershipNumber: text('membership_number').notNull(),
  amount: integer('amount').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
