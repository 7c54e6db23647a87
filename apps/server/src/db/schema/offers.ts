import { sql } from 'drizzle-orm';
import {
  boolean,
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
  },
  (t) => [index('offers_source_idx').on(t.sourceType)],
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
