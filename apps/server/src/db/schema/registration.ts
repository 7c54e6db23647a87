import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { collectors } from './core.ts';

/**
 * One self-service registration in progress (docs/product/registration-and-sign-in.md §R3-§R4), keyed by its
 * `authToken`. Only hashes of the tokens are kept. `step` is the last step done; the identity API moves it
 * forward one step at a time (apps/server/src/modules/registration/service.ts), so a step out of order or a
 * replay changes nothing.
 */
export const registrations = pgTable(
  'registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authTokenHash: text('auth_token_hash').notNull().unique(),
    step: text('step').notNull(),
    /** NONE (never had a card) or ISSUED (an existing card holder). */
    existingCardType: text('existing_card_type').notNull(),
    /** GHOST, ANALOG or STANDARD. */
    userType: text('user_type').notNull().default('STANDARD'),
    /** The existing plastic card being registered, when ISSUED. */
    existingCardNumber: text('existing_card_number'),
    email: text('email'),
    /**
     * userData of docs/product/registration-and-sign-in.md §R3 gathered so far (names, date of birth,
     * address, phone, preferences, business).
     */
    userData: jsonb('user_data').$type<Record<string, unknown>>().notNull().default({}),
    passwordHash: text('password_hash'),
    verificationTokenHash: text('verification_token_hash').unique(),
    verificationExpiresAt: timestamp('verification_expires_at', { withTimezone: true }),
    emailsSent: integer('emails_sent').notNull().default(0),
    firstEmailSentAt: timestamp('first_email_sent_at', { withTimezone: true }),
    completionTokenHash: text('completion_token_hash').unique(),
    completionExpiresAt: timestamp('completion_expires_at', { withTimezone: true }),
    collectorId: uuid('collector_id').references(() => collectors.id, { onDelete: 'cascade' }),
    cardNumber: text('card_number'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('registrations_expires_idx').on(t.expiresAt)],
);

/**
 * A collector's postal address, as lines (docs/product/registration-and-sign-in.md §R3 userData.addresses).
 */
export const collectorAddresses = pgTable(
  'collector_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collectorId: uuid('collector_id')
      .notNull()
      .references(() => collectors.id, { onDelete: 'cascade' }),
    lines: jsonb('lines').$type<string[]>().notNull(),
    postcode: text('postcode').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('collector_addresses_collector_idx').on(t.collectorId),
    // The staff console's search by postcode and last name: the postcode without spaces, upper case.
    index('collector_addresses_postcode_idx').on(sql`upper(replace(${t.postcode}, ' ', ''))`),
  ],
);

/**
 * The business behind a business account (docs/product/registration-and-sign-in.md §R3 userData.business) and
 * its business-offers choice.
 */
export const businesses = pgTable('businesses', {
  collectorId: uuid('collector_id')
    .primaryKey()
    .references(() => collectors.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  category: text('category').notNull(),
  /** Employee band letter A-I. */
  employees: text('employees').notNull(),
  businessOffersOptIn: boolean('business_offers_opt_in'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
