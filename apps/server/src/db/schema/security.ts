import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Attempt counters shared by every instance: one row per key (for example
 * `code-guess:<collectorId>` or `card-holder:<cardNumber>`), counted up in one statement so parallel requests
 * cannot each see a count below the limit. A row's window restarts once it has passed.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('attempt_counters_window_ends_idx').on(t.windowEndsAt)],
);
