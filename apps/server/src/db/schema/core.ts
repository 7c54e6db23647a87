import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const accountKind = pgEnum('account_kind', ['consumer', 'business']);
export const collectorStatus = pgEnum('collector_status', ['active', 'inactive', 'closed']);

/** A person in the scheme. A plastic-card holder without an online account has no email or credential yet. */
export const collectors = pgTable(
  'collectors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    dateOfBirth: date('date_of_birth'),
    phoneCountryCode: text('phone_country_code'),
    phoneNumber: text('phone_number'),
    memorableName: text('memorable_name'),
    accountKind: accountKind('account_kind').notNull().default('consumer'),
    status: collectorStatus('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('collectors_email_unique').on(sql`lower(${t.email})`),
    // The staff console's search (docs/staff-console.md "Finding a member"): a mobile number, the start of a
    // last name, the start of a whole name.
    index('collectors_phone_idx').on(t.phoneNumber),
    index('collectors_last_name_prefix_idx').on(sql`lower(${t.lastName}) text_pattern_ops`),
    index('collectors_full_name_prefix_idx').on(
      sql`lower(${t.firstName} || ' ' || ${t.lastName}) text_pattern_ops`,
    ),
    // Members who joined, changed or closed since the segments' last refresh (modules/campaigns/audience.ts).
    index('collectors_updated_idx').on(t.updatedAt),
  ],
);

export const cardKind = pgEnum('card_kind', ['digital', 'plastic', 'temporary']);
/** `blocked`: stopped by the careline (a lost card, fraud) until a supervisor unblocks it. */
export const cardStatus = pgEnum('card_status', ['active', 'inactive', 'replaced', 'expired', 'blocked']);

/**
 * A card number is the fixed prefix 98263000 followed by 11 digits (docs/product/switches-and-constants.md
 * §R9).
 */
export const cards = pgTable(
  'cards',
  {
    number: text('number').primaryKey(),
    collectorId: uuid('collector_id')
      .notNull()
      .references(() => collectors.id, { onDelete: 'cascade' }),
    kind: cardKind('kind').notNull(),
    status: cardStatus('status').notNull().default('active'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('cards_collector_idx').on(t.collectorId)],
);

/** The secret a collector signs in with, plus the lockout counters (docs/security.md "Baseline"). */
export const credentials = pgTable('credentials', {
  collectorId: uuid('collector_id')
    .primaryKey()
    .references(() => collectors.id, { onDelete: 'cascade' }),
  passwordHash: text('password_hash').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockouts: integer('lockouts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * userData.nectarContactPreferences of docs/product/registration-and-sign-in.md §R3, plus the
 * online-advertising preference.
 */
export const contactPreferences = pgTable('contact_preferences', {
  collectorId: uuid('collector_id')
    .primaryKey()
    .references(() => collectors.id, { onDelete: 'cascade' }),
  byEmail: boolean('by_email').notNull().default(false),
  bySms: boolean('by_sms').notNull().default(false),
  byPost: boolean('by_post').notNull().default(false),
  byPhone: boolean('by_phone').notNull().default(false),
  onlineAdvertising: boolean('online_advertising').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What a person agreed to, the wording version they saw, and when. */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collectorId: uuid('collector_id')
      .notNull()
      .references(() => collectors.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    wordingVersion: text('wording_version').notNull(),
    agreedAt: timestamp('agreed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consents_collector_idx').on(t.collectorId)],
);

/**
 * Server-side sessions shared by every app instance; the id is stored hashed, the cookie holds the secret.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    collectorId: uuid('collector_id')
      .notNull()
      .references(() => collectors.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('sessions_collector_idx').on(t.collectorId),
    // The sweep of ended sessions (lib/expired-rows.ts) finds them by this, not by reading every session.
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

export const outboxChannel = pgEnum('outbox_channel', ['email', 'sms']);

/**
 * Every message the notify service sends; kept here when no real transport is configured
 * (docs/architecture.md "Platform contracts").
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: outboxChannel('channel').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);

/** Bot-check tokens already used: a token is single-use across every instance. */
export const spentBotCheckTokens = pgTable(
  'spent_bot_check_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('spent_bot_check_tokens_expires_idx').on(t.expiresAt)],
);

/** Secrets generated once at first start and shared by every instance (bot-check keys, signing keys). */
export const serverSecrets = pgTable(
  'server_secrets',
  {
    name: text('name').notNull(),
    version: integer('version').notNull().default(1),
    value: text('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.name, t.version] })],
);
