import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { collectors } from './core.ts';

/**
 * A member's passkeys (docs/decisions/029): WebAuthn credentials that sign them in instead of the
 * card number and password. Only the public key is held; the private key never leaves the member's device or
 * password manager. Closing the account deletes the rows; a password reset leaves them.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collectorId: uuid('collector_id')
      .notNull()
      .references(() => collectors.id, { onDelete: 'cascade' }),
    /** The credential id the authenticator chose, base64url: how an assertion names its passkey. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (0 for most synced passkeys); a counter that goes back is refused. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** Where the browser said the passkey can be used from (internal, hybrid, usb, ...). */
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** The member's name for it; at first the password manager's name when known, else "Passkey". */
    name: text('name').notNull(),
    /** The device it was added on, in words ("Chrome on Android"), from the browser's user agent. */
    device: text('device').notNull(),
    /** The authenticator model (AAGUID), all zeros when the authenticator does not say. */
    aaguid: text('aaguid'),
    /** Whether the passkey is backed up (synced to the member's other devices). */
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_collector_idx').on(t.collectorId)],
);

/**
 * WebAuthn challenges waiting for their answer: short-lived (5 minutes) and single use (the row is deleted as
 * the answer is checked). Each is bound to what asked for it: a sign-in to the identity provider's login
 * interaction, a new passkey to the web session (only hashes are kept).
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challenge: text('challenge').primaryKey(),
    /** 'registration' or 'authentication'. */
    purpose: text('purpose').notNull(),
    bindingHash: text('binding_hash').notNull(),
    collectorId: uuid('collector_id').references(() => collectors.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('passkey_challenges_expires_idx').on(t.expiresAt)],
);
