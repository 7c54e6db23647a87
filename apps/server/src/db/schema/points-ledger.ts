import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cards, collectors } from './core.ts';

/**
 * The points ledger: every change to a collector's points is one signed entry here, and the balance is their
 * sum (docs/security.md "Baseline": points change only through ledger entries, each with an idempotency key).
 * Write entries through `apps/server/src/lib/points-ledger.ts`, which checks the balance in the same
 * transaction.
 *
 * - amount: points added (positive, e.g. a purchase at the till) or taken (negative, e.g. a spend).
 * - reason: what happened, in a few words a collector could read ('Shopping', 'Bonus offer', 'Spend').
 * - source: where it happened ('sainsburys-till', a partner slug, 'offers-api').
 * - cardNumber: the card that collected it, when a card was involved; kept when a temporary card becomes
 *   the collector's digital card, because the number does not change.
 * - idempotencyKey: the caller's unique key for this change; a repeat of the same key writes nothing.
 * - offerId: the offer a bonus belongs to, for the console's figures of what each offer paid.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collectorId: uuid('collector_id')
      .notNull()
      .references(() => collectors.id, { onDelete: 'cascade' }),
    cardNumber: text('card_number').references(() => cards.number, { onDelete: 'set null' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    source: text('source').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique('points_ledger_idempotency_key_unique'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The offer a bonus was paid or taken back for: what an offer earned is counted from here. */
    offerId: text('offer_id'),
  },
  (t) => [
    // The amount in the key too: a balance (the sum of a member's entries) is read from the index alone,
    // without visiting each entry's row (406 buffers to 7 at 20 million entries).
    index('points_ledger_collector_idx').on(t.collectorId, t.createdAt, t.amount),
    check('points_ledger_amount_not_zero', sql`${t.amount} <> 0`),
    index('points_ledger_offer_idx')
      .on(t.offerId, t.createdAt)
      .where(sql`${t.offerId} is not null`),
    // The members whose entries are newer than the segments' last refresh (modules/campaigns/audience.ts),
    // found without reading the whole ledger every minute.
    index('points_ledger_created_idx').on(t.createdAt),
  ],
);
