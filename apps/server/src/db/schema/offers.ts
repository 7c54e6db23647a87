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
  uuid,
} from 'drizzle-orm/pg-core';
import type { OfferRule } from '@app/contracts/offer-rules';
import type { OfferAudience, OfferStatus } from '@app/contracts/staff-offers';
import { collectors } from './core.ts';

/** The offer catalogue: personalised (PIANO), partner (COALITION) and member-price (NECTAR_PRICE) offers. */
export const offers = pgTable(
  'offers',
  {
    id: text('id').primaryKey(),
    sourceType: text('source_type').$type<'PIANO' | 'COALITION' | 'NECTAR_PRICE'>().notNull(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    sponsorDisplayName: text('sponsor_display_name').notNull(),
    howTo: text('how_to').notNull(),
    terms: text('terms').notNull(),
    categoryKey: text('category_key').notNull(),
    categoryName: text('category_name').notNull(),
    /** Coalition offers only: the partner that runs it. */
    partnerId: text('partner_id'),
    points: integer('points'),
    /**
     * The offer's picture: a key of OFFER_PICTURES (modules/offers/offer-pictures.ts), the product it is about;
     * null for its category's picture.
     */
    picture: text('picture'),
    /**
     * The hue of the gradient artwork that pictures replaced. Nothing reads it now; it stays until a later
     * migration drops it, so an instance of the previous release still finds it during a rolling deploy.
     */
    artHue: integer('art_hue').notNull().default(320),
    locked: boolean('locked').notNull().default(false),
    /** What a basket must hold for the offer to pay out at a partner's till; null for an offer no till pays. */
    rule: jsonb('rule').$type<OfferRule>(),
    /** The most times one member earns it. */
    maxPerMember: integer('max_per_member').notNull().default(1),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
    /**
     * Where the offer is in its life (docs/staff-console.md "Offers and campaigns"): `draft` while a marketer
     * writes it, `submitted` while it waits for a second person, `approved` once they said yes (scheduled before
     * `validFrom`, live between `validFrom` and `validTo`, ended after), `paused` or `ended` by staff. Members see
     * only approved offers in their dates.
     */
    status: text('status').$type<OfferStatus>().notNull().default('approved'),
    /** Who gets it: everyone, a segment's rules, or an uploaded list of cards (offer_audience_members). */
    audience: jsonb('audience').$type<OfferAudience>().notNull().default({ kind: 'everyone' }),
    /** Points the offer may pay out in all, for everyone; null for no limit. */
    budgetPoints: integer('budget_points'),
    /**
     * Points paid out and not taken back, kept in the same transaction as the ledger's entries while the offer
     * has a budget: the till pays a bonus only when it fits (the check below holds it on the database too).
     */
    pointsIssued: integer('points_issued').notNull().default(0),
    /** Why it stopped before its end: 'budget' (spent), 'staff' (ended by a person), 'replaced' (new version). */
    stoppedReason: text('stopped_reason'),
    /** The campaign it belongs to, a marketer's name for a group of offers; null for none. */
    campaign: text('campaign'),
    /** A live offer's rule never changes under members: a change is a new version that names the one before. */
    version: integer('version').notNull().default(1),
    previousVersionId: text('previous_version_id'),
    /**
     * Giving an approved offer to its audience, part by part in member order: `assigningAfter` is the last
     * member given it so far (null before the first part), `assigningAt` when a part last ended; both null once
     * every member had their turn. A part cut short by a crash is taken up again by the minute's job.
     */
    assigningAfter: uuid('assigning_after'),
    assigningAt: timestamp('assigning_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    submittedBy: uuid('submitted_by'),
    approvedBy: uuid('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('offers_source_idx').on(t.sourceType),
    index('offers_status_idx').on(t.status, t.validTo),
    check(
      'offers_points_within_budget',
      sql`${t.budgetPoints} is null or (${t.pointsIssued} >= 0 and ${t.pointsIssued} <= ${t.budgetPoints})`,
    ),
  ],
);

/** The members an offer with an uploaded list of cards reaches (its audience `{kind: 'list'}`). */
export const offerAudienceMembers = pgTable(
  'offer_audience_members',
  {
    offerId: text('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    collectorId: uuid('collector_id')
      .notNull()
      .references(() => collectors.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.collectorId] })],
);

/**
 * A picture a marketer uploaded for an offer, checked by its content (PNG, JPEG or WebP, within the size
 * limit) and kept base64 in `data`; the offer's `picture` is then `upload:<id>`.
 */
export const offerUploads = pgTable('offer_uploads', {
  id: uuid('id').primaryKey().defaultRandom(),
  contentType: text('content_type').notNull(),
  data: text('data').notNull(),
  sha256: text('sha256').notNull().unique('offer_uploads_sha256_unique'),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What segments are counted on: one row a member, refreshed each night and when the console asks (a segment's
 * count at 1 million members reads this table, not the ledger).
 */
export const memberSummaries = pgTable(
  'member_summaries',
  {
    collectorId: uuid('collector_id')
      .primaryKey()
      .references(() => collectors.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    balance: integer('balance').notNull(),
    /** The last time points were collected anywhere, and at the fuel partner. */
    lastShopAt: timestamp('last_shop_at', { withTimezone: true }),
    lastFuelAt: timestamp('last_fuel_at', { withTimezone: true }),
    airlineLinked: boolean('airline_linked').notNull().default(false),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
  },
  // The last refresh, read before each (the next one starts from it).
  (t) => [index('member_summaries_refreshed_idx').on(t.refreshedAt)],
);

/** The member-price catalogue (docs/product/signed-in-pages.md §S3 "Price catalogue row"), prices in pence. */
export const memberPrices = pgTable(
  'member_prices',
  {
    sku: text('sku').primaryKey(),
    productDescription: text('product_description').notNull(),
    productImage: text('product_image').notNull(),
    category: text('category').notNull(),
    basePricePence: integer('base_price_pence').notNull(),
    discountPence: integer('discount_pence').notNull(),
    memberPricePence: integer('member_price_pence').notNull(),
    normalPricePence: integer('normal_price_pence').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_prices_category_idx').on(t.category, t.sortOrder)],
);

/**
 * An offer assigned to a collector, with that collector's state (docs/product/signed-in-pages.md §S4).
 * `version` grows with every change, so concurrent updates are serialised by the row lock and end in one
 * consistent state.
 */
export const collectorOffers = pgTable(
  'collector_offers',
  {
    collectorId: uuid('collector_id')
      .notNull()
      .references(() => collectors.id, { onDelete: 'cascade' }),
    offerId: text('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('UNLOADED'),
    isBookmarked: boolean('is_bookmarked').notNull().default(false),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    savedAt: timestamp('saved_at', { withTimezone: true }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }),
    version: integer('version').notNull().default(0),
    /** Times a partner's sale paid the offer out to this member (less those a return took back). */
    timesEarned: integer('times_earned').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.collectorId, t.offerId] })],
);
