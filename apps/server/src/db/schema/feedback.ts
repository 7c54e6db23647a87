import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { collectors } from './core.ts';

/**
 * Feedback members send from /feedback and its sub-pages (docs/product/signed-in-pages.md §S2.6, §S4;
 * ADR 015). The member's id is kept so the operator can reply; when an account goes, the feedback stays
 * without it.
 */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collectorId: uuid('collector_id').references(() => collectors.id, { onDelete: 'set null' }),
    /** BUG, FEEDBACK or FEATURE (docs/product/signed-in-pages.md §S2.6). */
    type: text('type').notNull(),
    /** Which feedback page it came through: problem, retailer, partner, suggestion, positive, ... */
    topic: text('topic').notNull(),
    /** What the member picked on the page before the form ('Offers', 'Signing in', ...), when there was a choice. */
    subject: text('subject'),
    text: text('text').notNull(),
    device: text('device'),
    partner: text('partner'),
    page: text('page'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feedback_created_at_idx').on(t.createdAt),
    index('feedback_collector_created_idx').on(t.collectorId, t.createdAt),
  ],
);
