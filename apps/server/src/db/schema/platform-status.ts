import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Remote-config feature switches (docs/product/switches-and-constants.md §S9): one row per switch with its
 * value for each environment. A remote switch is on only where its environment's value is true; the operator
 * changes a row (or the REMOTE_SWITCHES setting) without a release.
 */
export const remoteSwitches = pgTable('remote_switches', {
  name: text('name').primaryKey(),
  local: boolean('local').notNull().default(false),
  preProduction: boolean('pre_production').notNull().default(false),
  production: boolean('production').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Feature states behind GET /anonymous-platform-status-api/feature/detailed-states/{FEATURE}
 * (docs/product/calls-and-errors.md §S7.5).
 */
export const featureStates = pgTable('feature_states', {
  feature: text('feature').primaryKey(),
  enabled: boolean('enabled').notNull(),
  /** Optional text a page may show while the feature is off. */
  message: text('message'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
