import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The marketing events (ADR 015 designs their payloads; ADR 055: the table is the truth, the start data only
 * fills what is missing). `description` and `terms` are HTML; `offerIds` are ids of `offers`.
 * `homepagePod` marks the event the homepage's slim banner shows (the 'homepage pod skinny event') and
 * `countdown` the one the countdown pod counts to the end of; where several are marked, the first live one
 * by start wins.
 */
export const marketingEvents = pgTable(
  'marketing_events',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    description: text('description').notNull(),
    terms: text('terms').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    offerIds: text('offer_ids').array().notNull(),
    ctaLabel: text('cta_label').notNull(),
    ctaPath: text('cta_path').notNull(),
    homepagePod: boolean('homepage_pod').notNull().default(false),
    countdown: boolean('countdown').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('marketing_events_starts_idx').on(t.startsAt, t.id)],
);
