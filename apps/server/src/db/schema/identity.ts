import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { collectors } from './core.ts';

/**
 * Everything the OpenID provider stores (sessions, interactions, codes, tokens, grants, registered partner
 * clients), one row per model instance: oidc-provider's adapter contract, kept in the database so every
 * instance shares it (docs/security.md "Baseline": no in-memory store).
 */
export const oidcModels = pgTable(
  'oidc_models',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_models_grant_idx').on(t.grantId),
    index('oidc_models_uid_idx').on(t.model, t.uid),
    index('oidc_models_user_code_idx').on(t.model, t.userCode),
    index('oidc_models_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Single-use password-reset links (docs/product/calls-and-errors.md §S7.4): only a hash of the token is kept.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    collectorId: uuid('collector_id')
      .notNull()
      .references(() => collectors.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('password_reset_tokens_collector_idx').on(t.collectorId),
    index('password_reset_tokens_expires_idx').on(t.expiresAt),
  ],
);

/**
 * One-time codes (device 2FA at sign-in, password-reset 2FA): 6 digits, hashed, bound to the request that
 * asked for them, single use, limited attempts and sends, 10-minute life (docs/security.md "Baseline").
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collectorId: uuid('collector_id')
      .notNull()
      .references(() => collectors.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    /** Hash of what the code is bound to (the pending sign-in, the reset request). */
    bindingHash: text('binding_hash').notNull(),
    deliveryMethod: text('delivery_method').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sends: integer('sends').notNull().default(1),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('one_time_codes_binding_idx').on(t.bindingHash),
    index('one_time_codes_expires_idx').on(t.expiresAt),
  ],
);

/** Devices a collector has completed sign-in on; a device not listed here gets device 2FA when it is on. */
export const knownDevices = pgTable(
  'known_devices',
  {
    collectorId: uuid('collector_id')
      .notNull()
      .references(() => collectors.id, { onDelete: 'cascade' }),
    /** The identity provider's client the device signed in to (known devices are per client). */
    clientId: text('client_id').notNull().default('nectar-web'),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.collectorId, t.clientId, t.deviceHash] }),
    index('known_devices_last_seen_idx').on(t.lastSeenAt),
  ],
);
