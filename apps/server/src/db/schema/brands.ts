import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { collectors } from './core.ts';

/**
 * Partner brands and eShops (docs/product/signed-in-pages.md §S3 "Brand"; docs/product/calls-and-errors.md
 * §S7.1). `key` is the brandDetailsKey of the routes;
 * `isVldx` marks an eShop brand; `colour` draws the logo generated on our own server (no external images).
 */
export const brands = pgTable(
  'brands',
  {
    key: text('key').primaryKey(),
    name: text('name').notNull(),
    categoryKeys: text('category_keys').array().notNull(),
    isVldx: boolean('is_vldx').notNull().default(false),
    collect: boolean('collect').notNull().default(true),
    redeem: boolean('redeem').notNull().default(false),
    collectRate: text('collect_rate').notNull(),
    /** How points are spent there, one line for the 'Ways to spend' panel; null where they cannot be. */
    spendRate: text('spend_rate'),
    description: text('description').notNull(),
    websiteUrl: text('website_url').notNull(),
    colour: text('colour').notNull(),
    bonusTitle: text('bonus_title'),
    bonusDescription: text('bonus_description'),
    bonusEndsAt: timestamp('bonus_ends_at', { withTimezone: true }),
    linkedPartnerId: text('linked_partner_id'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('brands_sort_idx').on(t.sortOrder, t.name)],
);

/** Exits to a brand's site (GET /post/{key}?direction=): the click reference a partner pays points against. */
export const brandClicks = pgTable(
  'brand_clicks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.key, { onDelete: 'cascade' }),
    collectorId: uuid('collector_id').references(() => collectors.id, { onDelete: 'set null' }),
    direction: text('direction').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('brand_clicks_brand_idx').on(t.brandKey, t.createdAt)],
);
