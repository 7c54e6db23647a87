import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { collectors } from './core.ts';

/**
 * "Download my data" (docs/decisions/044): a member's request for a copy of everything held
 * about them, prepared by the prepare-data-export job and handed over once through an emailed link.
 *
 * - status: PREPARING (the job has not finished), READY (prepared, link emailed), DOWNLOADED (the link was used),
 *   FAILED (the job gave up). An ended link is READY with `expires_at` past; the purge job then clears the files.
 * - tokenHash: SHA-256 of the link's random token (lib/token-hash.ts); the token itself is only in the email.
 * - exportJson / activityCsv: the prepared files, held until downloaded or expired, then set to null.
 * - requestedAt: what the once-a-day rule counts; the row is kept (without files) for 30 days to count it.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collectorId: uuid('collector_id')
      .notNull()
      .references(() => collectors.id, { onDelete: 'cascade' }),
    status: text('status').$type<'PREPARING' | 'READY' | 'DOWNLOADED' | 'FAILED'>().notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
    tokenHash: text('token_hash').unique('data_exports_token_hash_unique'),
    exportJson: text('export_json'),
    activityCsv: text('activity_csv'),
  },
  (t) => [
    index('data_exports_collector_idx').on(t.collectorId, t.requestedAt),
    // The purge job finds ended links and old rows by these, not by reading every request.
    index('data_exports_expires_idx').on(t.expiresAt),
    index('data_exports_requested_idx').on(t.requestedAt),
  ],
);
