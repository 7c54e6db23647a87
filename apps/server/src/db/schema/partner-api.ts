import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cards, collectors } from './core.ts';

/**
 * The partners whose tills, pumps and eShops award and spend points (docs/partner-api.md), one row each, in data
 * so that a rate changes without a release.
 *
 * - id: the partner's id, the same as the claimable partners' (@app/contracts/missing-points CLAIM_PARTNERS).
 * - kind: RETAILER, FUEL or BRAND, as the activity feed's transaction details name them.
 * - ledgerSource: the ledger's `source` for its entries ('sainsburys-till', 'esso', a slug).
 * - pointsPerPound: the base rate, points for each whole pound of a line.
 * - offerPartnerId: the partner offers it pays out (offers.partner_id); the retailer pays the personalised ones.
 * - paysPersonalisedOffers: whether its tills pay the member's loaded personalised offers (the retailer).
 */
export const partners = pgTable('partners', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').$type<'RETAILER' | 'FUEL' | 'BRAND'>().notNull(),
  ledgerSource: text('ledger_source').notNull(),
  pointsPerPound: integer('points_per_pound').notNull(),
  offerPartnerId: text('offer_partner_id'),
  paysPersonalisedOffers: boolean('pays_personalised_offers').notNull().default(false),
});

/**
 * A partner's client of the identity provider (the client-credentials grant): a till system, a pump network,
 * an eShop. Only SHA-256 hashes of its secrets are kept; two may be live at once so a secret is rotated without
 * downtime (add the new one, move the tills, retire the old). `revokedAt` stops it at once.
 */
export const partnerClients = pgTable(
  'partner_clients',
  {
    clientId: text('client_id').primaryKey(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    secretHashes: text('secret_hashes').array().notNull(),
    /**
     * The public keys of a client that proves itself with a signed JWT (private_key_jwt) instead of a secret; two
     * may be live during a rotation. Null for a client with secrets.
     */
    jwks: jsonb('jwks').$type<{ keys: Array<Record<string, unknown>> }>(),
    /** Calls a minute, counted across every instance. */
    requestsPerMinute: integer('requests_per_minute').notNull().default(600),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('partner_clients_partner_idx').on(t.partnerId)],
);

/**
 * The answers of the partner API by `Idempotency-Key`, kept IDEMPOTENCY_KEY_HOURS: the same key with the same
 * body answers the stored answer; with another body it is refused. Written in the transaction that does the work.
 */
export const partnerRequests = pgTable(
  'partner_requests',
  {
    clientId: text('client_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the method, path and body. */
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    response: jsonb('response').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.idempotencyKey] }),
    index('partner_requests_created_idx').on(t.createdAt),
  ],
);

/** One line of a partner's sale as kept: what was sold and the points it earned, so a return takes them back. */
export interface PartnerSaleLine {
  sku: string;
  category: string;
  quantity: number;
  amount: number;
  /** Base points the line earned. */
  points: number;
  /** Quantity already returned. */
  returned: number;
  /** Money already given back for the line, in pence. */
  returnedAmount: number;
}

/** A bonus a sale earned from a loaded offer, and whether a return took it back. */
export interface PartnerSaleBonus {
  offerId: string;
  title: string;
  points: number;
  /** Points of the bonus already taken back by returns. */
  takenBack: number;
}

/**
 * A sale a partner posted: the member, the basket with each line's points, the bonuses it paid. One per partner
 * receipt. Its ledger entries carry the keys `partner-sale:<id>:base` and `partner-sale:<id>:offer:<offerId>`
 * (lib/ledger-keys.ts); a sale an eShop posts for later waits in pending_points instead (`pendingPointsId`).
 */
export const partnerSales = pgTable(
  'partner_sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    clientId: text('client_id').notNull(),
    collectorId: uuid('collector_id')
      .notNull()
      .references(() => collectors.id, { onDelete: 'cascade' }),
    cardNumber: text('card_number').references(() => cards.number, { onDelete: 'set null' }),
    storeId: text('store_id').notNull(),
    tillId: text('till_id').notNull(),
    receiptId: text('receipt_id').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    totalPence: integer('total_pence').notNull(),
    lines: jsonb('lines').$type<PartnerSaleLine[]>().notNull(),
    bonuses: jsonb('bonuses').$type<PartnerSaleBonus[]>().notNull(),
    pointsAwarded: integer('points_awarded').notNull(),
    pendingPointsId: uuid('pending_points_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('partner_sales_receipt_unique').on(t.partnerId, t.receiptId),
    index('partner_sales_collector_idx').on(t.collectorId, t.occurredAt),
  ],
);

/**
 * A return against a sale: one per partner reference; its ledger entries are `partner-return:<id>` (base points)
 * and `partner-return:<id>:offer:<offerId>` (each bonus taken back).
 */
export const partnerReturns = pgTable(
  'partner_returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => partnerSales.id, { onDelete: 'cascade' }),
    returnId: text('return_id').notNull(),
    pointsTaken: integer('points_taken').notNull(),
    pointsNotRecovered: integer('points_not_recovered').notNull(),
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('partner_returns_unique').on(t.saleId, t.returnId)],
);

/**
 * Points held at a till for a basket (docs/partner-api.md "Spending at the till"). Holding writes the debit
 * (`partner-hold:<id>:hold`), so a held point cannot be spent twice; capturing keeps it; cancelling, or the
 * release job after `expiresAt`, gives it back (`partner-hold:<id>:release`) in the same transaction as the state.
 */
export const pointHolds = pgTable(
  'point_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    clientId: text('client_id').notNull(),
    collectorId: uuid('collector_id')
      .notNull()
      .references(() => collectors.id, { onDelete: 'cascade' }),
    cardNumber: text('card_number').references(() => cards.number, { onDelete: 'set null' }),
    points: integer('points').notNull(),
    storeId: text('store_id').notNull(),
    tillId: text('till_id').notNull(),
    state: text('state').$type<'HELD' | 'CAPTURED' | 'CANCELLED' | 'EXPIRED'>().notNull().default('HELD'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('point_holds_collector_idx').on(t.collectorId, t.createdAt),
    // What the release job reads each minute: only the holds still open.
    index('point_holds_open_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} = 'HELD'`),
    check('point_holds_points_positive', sql`${t.points} > 0`),
    check('point_holds_state', sql`${t.state} in ('HELD', 'CAPTURED', 'CANCELLED', 'EXPIRED')`),
  ],
);

/**
 * Where a partner client hears of what happened to the points it moved (docs/partner-api.md "Webhooks"): one
 * address per client and the secret its deliveries are signed with (Standard Webhooks, `whsec_…`). The secret is
 * kept as it is, because signing needs it; it is shown to the operator once, when the address is set.
 */
export const partnerWebhooks = pgTable('partner_webhooks', {
  clientId: text('client_id')
    .primaryKey()
    .references(() => partnerClients.clientId, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each webhook to deliver, written in the transaction of the change it tells of, then sent by the delivery queue
 * with retries and backoff. `id` is the message's `webhook-id`, the same on every retry, so the receiver keeps
 * each once. The rows are the client's delivery log.
 */
export const partnerWebhookDeliveries = pgTable(
  'partner_webhook_deliveries',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => partnerClients.clientId, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('partner_webhook_deliveries_client_idx').on(t.clientId, t.createdAt),
    // What the re-send job reads each minute: only deliveries not yet made.
    index('partner_webhook_deliveries_undelivered_idx')
      .on(t.createdAt)
      .where(sql`${t.deliveredAt} is null`),
  ],
);
