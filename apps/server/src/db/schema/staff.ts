import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { collectors } from './core.ts';
import { pointsLedger } from './points-ledger.ts';

/**
 * What a member of staff may do (docs/staff-console.md "Roles and limits"): the careline's roles from least to
 * most, and the campaign manager (`marketer`) beside them.
 */
export const staffRole = pgEnum('staff_role', ['agent', 'supervisor', 'admin', 'marketer']);

/**
 * The people behind the staff console: never members, never in `collectors`. An admin invites each one
 * (`staff_invites`); the account has no password until the invite is taken. Signing in takes the password and a
 * time-based code from an authenticator app (RFC 6238); `recoveryCodes` are the hashes of the one-time codes
 * given at enrolment, each removed as it is used.
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower case. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: staffRole('role').notNull(),
    passwordHash: text('password_hash'),
    /** The authenticator app's shared secret, base32; null until enrolled. */
    totpSecret: text('totp_secret'),
    /** The last time step a code was accepted for: a code is accepted once. */
    totpLastStep: integer('totp_last_step'),
    recoveryCodes: jsonb('recovery_codes').$type<string[]>().notNull().default([]),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    invitedBy: uuid('invited_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_members_email_unique').on(t.email)],
);

/** An admin's invitation: a single-use link (its token hashed here) that lives 72 hours. */
export const staffInvites = pgTable('staff_invites', {
  tokenHash: text('token_hash').primaryKey(),
  staffId: uuid('staff_id')
    .notNull()
    .references(() => staffMembers.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A signed-in console: an opaque id (hashed here) in the console's own cookie, never the member's. It ends
 * 8 hours after sign-in, or after 30 minutes without a call.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * Every look and every change made from the staff console: sign-ins, searches, views of a member, reveals,
 * actions and decisions. Append only: a trigger (migration 0023) refuses UPDATE, DELETE and TRUNCATE whoever
 * asks, the server's own database role included (docs/staff-console.md "Audit trail"). No foreign keys, so the
 * trail outlives a closed account or a removed member of staff; `staffEmail` says who it was.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    staffId: uuid('staff_id'),
    staffEmail: text('staff_email').notNull(),
    /** The address the call came from (the proxy's word only where TRUST_PROXY says so). */
    ip: text('ip'),
    memberId: uuid('member_id'),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
  },
  (t) => [
    index('staff_audit_at_idx').on(t.at),
    index('staff_audit_member_idx').on(t.memberId, t.at),
    index('staff_audit_staff_idx').on(t.staffId, t.at),
  ],
);

export const staffAdjustmentState = pgEnum('staff_adjustment_state', ['pending', 'applied', 'refused']);

/**
 * Points a member of staff adds or takes, with a reason from one closed list and a note the member sees. Within
 * the requester's limits it is applied at once, through the ledger (key `staff-adjustment:<id>`); above them it
 * waits (`pending`) for a second person with a higher role, who applies or refuses it. `idempotencyKey` is the
 * console's: a double click asks once.
 */
export const staffAdjustments = pgTable(
  'staff_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => collectors.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    reasonCode: text('reason_code').notNull(),
    note: text('note').notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => staffMembers.id),
    idempotencyKey: text('idempotency_key').notNull(),
    state: staffAdjustmentState('state').notNull(),
    decidedBy: uuid('decided_by').references(() => staffMembers.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ledgerEntryId: uuid('ledger_entry_id').references(() => pointsLedger.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('staff_adjustments_idempotency_unique').on(t.requestedBy, t.idempotencyKey),
    index('staff_adjustments_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'pending'`),
    index('staff_adjustments_requester_idx').on(t.requestedBy, t.createdAt),
    index('staff_adjustments_member_idx').on(t.memberId, t.createdAt),
    check('staff_adjustments_points_not_zero', sql`${t.points} <> 0`),
  ],
);

/**
 * A member of staff's passkeys (docs/staff-console.md "Signing in"): WebAuthn credentials that sign them in
 * instead of the password and authenticator code. Only the public key is held.
 */
export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    /** The credential id the authenticator chose, base64url. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The signature counter; a counter that goes back is refused. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('staff_passkeys_staff_idx').on(t.staffId)],
);

/**
 * WebAuthn challenges of the console waiting for their answer: 5 minutes, single use (deleted as the answer is
 * checked); a new passkey's challenge is bound to the member of staff who asked for it.
 */
export const staffPasskeyChallenges = pgTable(
  'staff_passkey_challenges',
  {
    challenge: text('challenge').primaryKey(),
    /** 'registration' or 'authentication'. */
    purpose: text('purpose').notNull(),
    staffId: uuid('staff_id').references(() => staffMembers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_passkey_challenges_expires_idx').on(t.expiresAt)],
);
