import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { collectors } from './core.ts';
import { pointsLedger } from './points-ledger.ts';

/** Raw bytes (PostgreSQL bytea): a receipt photo or PDF, read and written as a Buffer. */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Points on their way (ADR 043): purchases a partner has told us of whose points are not yet
 * in the ledger (a partner that posts a few days after the shop). The pending-points job posts each one when its
 * expected date comes, through the ledger with the key `pending-points:<id>`, so it is posted once whatever
 * the number of runners; `ledgerEntryId` and `postedAt` are set in the same transaction.
 *
 * - partner: the claimable partner's id (@app/contracts/missing-points CLAIM_PARTNERS), e.g. 'retailer', 'argos'.
 * - reference: the partner's receipt or order reference, as the member would type it.
 */
export const pendingPoints = pgTable(
  'pending_points',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collectorId: uuid('collector_id')
      .notNull()
      .references(() => collectors.id, { onDelete: 'cascade' }),
    partner: text('partner').notNull(),
    purchasedOn: date('purchased_on', { mode: 'string' }).notNull(),
    spendPence: integer('spend_pence').notNull(),
    reference: text('reference').notNull(),
    /** The reference upper-cased without spaces or dashes: what a claim's reference is matched on. */
    referenceKey: text('reference_key').notNull(),
    points: integer('points').notNull(),
    expectedOn: date('expected_on', { mode: 'string' }).notNull(),
    ledgerEntryId: uuid('ledger_entry_id').references(() => pointsLedger.id, { onDelete: 'set null' }),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    /** Set when a return came before the points were due (the partner API): they are never posted. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pending_points_collector_idx').on(t.collectorId, t.expectedOn),
    // What the job reads each minute: only the entries not yet posted.
    index('pending_points_due_idx')
      .on(t.expectedOn)
      .where(sql`${t.postedAt} is null and ${t.cancelledAt} is null`),
    check('pending_points_points_positive', sql`${t.points} > 0`),
  ],
);

/**
 * Missing-points claims (ADR 043): a purchase whose points did not arrive and that matched
 * nothing the member already has (a pending entry, a credited receipt). One per purchase: the member, the
 * partner and the normalised reference are unique together, whatever the claim's status, so a refused
 * purchase is not claimed again. Settled by an operator (`npm run claims`); granted points go through the
 * ledger with the key `missing-points-claim:<id>`.
 *
 * - status: OPEN, GRANTED or REFUSED.
 * - operatorNote: the note of a grant or the reason of a refusal, shown to the member and put in the email.
 */
export const missingPointsClaims = pgTable(
  'missing_points_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collectorId: uuid('collector_id')
      .notNull()
      .references(() => collectors.id, { onDelete: 'cascade' }),
    partner: text('partner').notNull(),
    purchasedOn: date('purchased_on', { mode: 'string' }).notNull(),
    spendPence: integer('spend_pence').notNull(),
    reference: text('reference').notNull(),
    referenceKey: text('reference_key').notNull(),
    status: text('status').notNull().default('OPEN'),
    pointsGranted: integer('points_granted'),
    ledgerEntryId: uuid('ledger_entry_id').references(() => pointsLedger.id, { onDelete: 'set null' }),
    operatorNote: text('operator_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('missing_points_claims_purchase_unique').on(t.collectorId, t.partner, t.referenceKey),
    index('missing_points_claims_collector_idx').on(t.collectorId, t.createdAt),
    index('missing_points_claims_status_idx').on(t.status, t.createdAt),
    check('missing_points_claims_status', sql`${t.status} in ('OPEN', 'GRANTED', 'REFUSED')`),
    check('missing_points_claims_spend_positive', sql`${t.spendPence} > 0`),
  ],
);

/**
 * A claim's receipt photo or PDF, apart from the claim so listing claims never reads the bytes. The media type
 * is the one found in the content (magic bytes), never the name or the declared type.
 */
export const missingPointsReceipts = pgTable(
  'missing_points_receipts',
  {
    claimId: uuid('claim_id')
      .primaryKey()
      .references(() => missingPointsClaims.id, { onDelete: 'cascade' }),
    mediaType: text('media_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    content: bytes('content').notNull(),
  },
  (t) => [
    check(
      'missing_points_receipts_media_type',
      sql`${t.mediaType} in ('image/jpeg', 'image/png', 'application/pdf')`,
    ),
    check('missing_points_receipts_size', sql`${t.sizeBytes} between 1 and 5242880`),
  ],
);
