import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../db/database.ts';
import { sessions, spentBotCheckTokens } from '../db/schema/core.ts';
import { emailChanges } from '../db/schema/account.ts';
import { knownDevices, oidcModels, oneTimeCodes, passwordResetTokens } from '../db/schema/identity.ts';
import { passkeyChallenges } from '../db/schema/passkeys.ts';
import { attemptCounters } from '../db/schema/security.ts';
import { partnerRequests } from '../db/schema/partner-api.ts';
import { staffPasskeyChallenges } from '../db/schema/staff.ts';
import { IDEMPOTENCY_KEY_HOURS } from '@app/contracts/partner-api';
import { KNOWN_DEVICE_DAYS } from './known-devices.ts';

/** How often rows whose time has ended are swept (the in-process job runner's interval too). */
export const SWEEP_INTERVAL_MS = 60_000;
/** Rows deleted by one statement: short enough never to hold locks for long on a large table. */
const BATCH = 1_000;
/** Batches per table per sweep at the most; whatever is left waits for the next sweep. */
const MAX_BATCHES = 20;
/** An attempt counter is kept this long after its window ends (lib/attempt-limits.ts). */
const ATTEMPT_COUNTER_GRACE_MS = 24 * 3_600_000;
/**
 * A one-time code is kept this long after it ends: a request's spent guesses carry over to its next code
 * (lib/one-time-codes.ts), so the row outlives the code itself.
 */
const ONE_TIME_CODE_GRACE_MS = 24 * 3_600_000;
/** A browser unseen this long is no longer known (lib/known-devices.ts, KNOWN_DEVICE_DAYS). */
const KNOWN_DEVICE_MS = KNOWN_DEVICE_DAYS * 24 * 3_600_000;
const before = (at: Date, ms: number) => new Date(at.getTime() - ms);

interface ExpiringTable {
  table: PgTable;
  /** The row's key: a column, or a list of columns where the key has several. */
  key: PgColumn | SQL;
  /** Rows past `at` are done with: a read checks the time itself, so a sweep only keeps the table small. */
  ended: (at: Date) => SQL;
}

/**
 * Tables of rows with an end time, each with an index on it (migrations 0015 and 0016; the provider's and
 * passkeys' since 0002 and 0014), swept outside requests by the purge job (ADR 033).
 */
const EXPIRING = {
  sessions: { table: sessions, key: sessions.idHash, ended: (at) => sql`${sessions.expiresAt} < ${at}` },
  spentBotCheckTokens: {
    table: spentBotCheckTokens,
    key: spentBotCheckTokens.tokenHash,
    ended: (at) => sql`${spentBotCheckTokens.expiresAt} < ${at}`,
  },
  attemptCounters: {
    table: attemptCounters,
    key: attemptCounters.key,
    ended: (at) => sql`${attemptCounters.windowEndsAt} < ${before(at, ATTEMPT_COUNTER_GRACE_MS)}`,
  },
  oneTimeCodes: {
    table: oneTimeCodes,
    key: oneTimeCodes.id,
    ended: (at) => sql`${oneTimeCodes.expiresAt} < ${before(at, ONE_TIME_CODE_GRACE_MS)}`,
  },
  passwordResetTokens: {
    table: passwordResetTokens,
    key: passwordResetTokens.tokenHash,
    ended: (at) => sql`${passwordResetTokens.expiresAt} < ${at}`,
  },
  emailChanges: {
    table: emailChanges,
    key: emailChanges.tokenHash,
    ended: (at) => sql`${emailChanges.expiresAt} < ${at}`,
  },
  knownDevices: {
    table: knownDevices,
    key: sql`${knownDevices.collectorId}, ${knownDevices.clientId}, ${knownDevices.deviceHash}`,
    ended: (at) => sql`${knownDevices.lastSeenAt} < ${before(at, KNOWN_DEVICE_MS)}`,
  },
  // The identity provider's sessions, interactions, codes, tokens and grants (a row without an end is kept).
  oidcModels: {
    table: oidcModels,
    key: sql`${oidcModels.model}, ${oidcModels.id}`,
    ended: (at) => sql`${oidcModels.expiresAt} < ${at}`,
  },
  // A partner's Idempotency-Key answers, kept IDEMPOTENCY_KEY_HOURS (docs/partner-api.md).
  partnerRequests: {
    table: partnerRequests,
    key: sql`${partnerRequests.clientId}, ${partnerRequests.idempotencyKey}`,
    ended: (at) => sql`${partnerRequests.createdAt} < ${before(at, IDEMPOTENCY_KEY_HOURS * 3_600_000)}`,
  },
  passkeyChallenges: {
    table: passkeyChallenges,
    key: passkeyChallenges.challenge,
    ended: (at) => sql`${passkeyChallenges.expiresAt} < ${at}`,
  },
  // The staff console's (migration 0024).
  staffPasskeyChallenges: {
    table: staffPasskeyChallenges,
    key: staffPasskeyChallenges.challenge,
    ended: (at) => sql`${staffPasskeyChallenges.expiresAt} < ${at}`,
  },
} satisfies Record<string, ExpiringTable>;
type ExpiringName = keyof typeof EXPIRING;

/** The statement that deletes one batch of ended rows (shown with EXPLAIN by the tests). */
export const deleteEndedBatch = (name: ExpiringName, at: Date): SQL => {
  const { table, key, ended }: ExpiringTable = EXPIRING[name];
  // SKIP LOCKED: instances sweeping at the same moment take different rows instead of waiting for each other.
  return sql`delete from ${table} where (${key}) in (select ${key} from ${table} where ${ended(at)} limit ${BATCH} for update skip locked) returning 1`;
};

/**
 * Deletes the ended rows of every expiring table (sessions, spent bot-check tokens, attempt counters,
 * one-time codes, reset links, email-change links, known devices, the identity provider's models, passkey
 * challenges, the console's too) in batches of BATCH through their end-time index; answers how many went, per
 * table. Any instance may run it at any time: it is idempotent, and two at once share the work.
 */
export async function sweepEndedRows(db: DbExecutor, at: Date): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const name of Object.keys(EXPIRING) as ExpiringName[]) {
    let count = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      const { rows } = (await db.execute(deleteEndedBatch(name, at))) as { rows?: unknown[] };
      count += rows?.length ?? 0;
      if ((rows?.length ?? 0) < BATCH) break;
    }
    deleted[name] = count;
  }
  return deleted;
}

/**
 * Runs `sweep` every `intervalMs` on a timer, outside any request, one run at a time; the
 * timer does not keep the process alive. `stop` clears it and waits for a run under way.
 */
export function sweepEvery(
  intervalMs: number,
  sweep: () => Promise<unknown>,
  onError: (error: unknown) => void,
) {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = sweep()
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
