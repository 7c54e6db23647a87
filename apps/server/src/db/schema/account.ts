import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { collectors } from './core.ts';

/**
 * The member's own log of sign-ins and account changes (each change is audited), shown on the
 * security page. `detail` never holds a secret; closing the account blanks `ip` and `userAgent`.
 */
export const accountEvents = pgTable(
  'account_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collectorId: uuid('collector_id')
      .notNull()
      .references(() => collectors.id, { onDelete: 'cascade' }),
    /** sign-in, name-changed, address-changed, email-change-requested, email-changed, mobile-changed, ... */
    type: text('type').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_events_collector_idx').on(t.collectorId, t.createdAt)],
);

/**
 * An email change waiting for its confirmation link (docs/product/calls-and-errors.md §S7.4 PUT
 * /customer/v2/email, then /confirm-update-email and PUT /customer/v3/email). Only a hash of the link's token
 * is kept.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    tokenHash: text('token_hash').primaryKey(),
    collectorId: uuid('collector_id')
      .notNull()
      .references(() => collectors.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('email_changes_collector_idx').on(t.collectorId),
    index('email_changes_expires_idx').on(t.expiresAt),
  ],
);
