// @databases both: what it asserts is the query plan (the index a sweep uses), which each database makes itself.
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cards, sessions } from '../db/schema/core.ts';
import { emailChanges } from '../db/schema/account.ts';
import { knownDevices, oidcModels, oneTimeCodes, passwordResetTokens } from '../db/schema/identity.ts';
import { passkeyChallenges } from '../db/schema/passkeys.ts';
import { buildTestApp, jsWeb, type TestApp } from '../test/build-test-app.ts';
import { deleteEndedBatch, sweepEndedRows, sweepEvery } from './expired-rows.ts';

const DEMO_CARD = '9826300012345678901';

describe('sweepEvery', () => {
  afterEach(() => vi.useRealTimers());

  it('sweeps on its timer, one run at a time, and stop waits for the run under way', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let runs = 0;
    let finish: () => void = () => undefined;
    const sweeping = sweepEvery(
      60_000,
      () => {
        runs += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      () => undefined,
    );
    expect(runs).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(runs).toBe(1);
    // The first run has not finished: the next tick does not start another.
    vi.advanceTimersByTime(60_000);
    expect(runs).toBe(1);
    finish();
    await Promise.resolve();
    await Promise.resolve();
    vi.advanceTimersByTime(60_000);
    expect(runs).toBe(2);
    let stopped = false;
    const stopping = sweeping.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    finish();
    await stopping;
    vi.advanceTimersByTime(180_000);
    expect(runs).toBe(2);
  });
});

describe('ended rows are swept outside requests, through their index', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  /** The plan PostgreSQL picks for `query` when it may not read a whole table. */
  const planOf = (query: SQL, off: string[] = ['enable_seqscan']) =>
    t.app.db.transaction(async (tx) => {
      for (const setting of off) await tx.execute(sql.raw(`set local ${setting} = off`));
      const { rows = [] } = (await tx.execute(sql`explain ${query}`)) as {
        rows?: { 'QUERY PLAN': string }[];
      };
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });

  it('a sign-in leaves ended sessions in place; the sweep deletes them and keeps the live ones', async () => {
    const [card] = await t.app.db.select().from(cards).where(eq(cards.number, DEMO_CARD));
    const collectorId = card?.collectorId ?? '';
    const ended = new Date(Date.now() - 60_000);
    await t.app.db.insert(sessions).values({
      idHash: `ended-${Date.now()}`,
      collectorId,
      createdAt: new Date(ended.getTime() - 3_600_000),
      lastSeenAt: ended,
      expiresAt: ended,
    });
    const endedCount = async () =>
      (
        await t.app.db
          .select({ idHash: sessions.idHash })
          .from(sessions)
          .where(sql`${sessions.expiresAt} < now()`)
      ).length;

    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/dev/session',
      headers: jsWeb,
      payload: { cardNumber: DEMO_CARD },
    });
    expect(signedIn.statusCode).toBe(204);
    expect(await endedCount()).toBeGreaterThan(0);

    const deleted = await sweepEndedRows(t.app.db, new Date());
    expect(deleted.sessions).toBeGreaterThan(0);
    expect(await endedCount()).toBe(0);
    // The session the sign-in started is live and stays.
    const live = await t.app.db.select().from(sessions).where(eq(sessions.collectorId, collectorId));
    expect(live.length).toBeGreaterThan(0);
  });

  it('finds ended sessions, spent tokens and old counters by their end-time index', async () => {
    const at = new Date();
    expect(await planOf(deleteEndedBatch('sessions', at))).toContain('sessions_expires_idx');
    expect(await planOf(deleteEndedBatch('spentBotCheckTokens', at))).toContain(
      'spent_bot_check_tokens_expires_idx',
    );
    expect(await planOf(deleteEndedBatch('attemptCounters', at))).toContain(
      'attempt_counters_window_ends_idx',
    );
  });

  it('the purge job deletes the identity provider’s ended models (grants, codes) and passkey challenges, outside requests', async () => {
    const ended = new Date(Date.now() - 60_000);
    const later = new Date(Date.now() + 3_600_000);
    const id = `purge-${Date.now()}`;
    await t.app.db.insert(oidcModels).values([
      { model: 'Grant', id: `${id}-ended`, payload: {}, expiresAt: ended },
      { model: 'Grant', id: `${id}-live`, payload: {}, expiresAt: later },
      { model: 'AuthorizationCode', id: `${id}-ended`, payload: {}, expiresAt: ended },
    ]);
    await t.app.db.insert(passkeyChallenges).values([
      { challenge: `${id}-ended`, purpose: 'authentication', bindingHash: 'x', expiresAt: ended },
      { challenge: `${id}-live`, purpose: 'authentication', bindingHash: 'x', expiresAt: later },
    ]);
    const left = async () => [
      ...(await t.app.db.select({ id: oidcModels.id, model: oidcModels.model }).from(oidcModels))
        .filter((row) => row.id.startsWith(id))
        .map((row) => `${row.model} ${row.id}`),
      ...(await t.app.db.select({ id: passkeyChallenges.challenge }).from(passkeyChallenges))
        .filter((row) => row.id.startsWith(id))
        .map((row) => `challenge ${row.id}`),
    ];
    expect(await left()).toHaveLength(5);
    await t.app.jobs.trigger('purge-expired-rows');
    await vi.waitFor(
      async () => expect((await left()).sort()).toEqual([`Grant ${id}-live`, `challenge ${id}-live`]),
      {
        timeout: 10_000,
        interval: 50,
      },
    );
    const at = new Date();
    expect(await planOf(deleteEndedBatch('oidcModels', at))).toContain('oidc_models_expires_idx');
    expect(await planOf(deleteEndedBatch('passkeyChallenges', at))).toContain(
      'passkey_challenges_expires_idx',
    );
  });

  it('the purge job deletes ended one-time codes, reset links, email-change links and long-unseen devices, through their index', async () => {
    const [card] = await t.app.db.select().from(cards).where(eq(cards.number, DEMO_CARD));
    const collectorId = card?.collectorId ?? '';
    const day = 24 * 3_600_000;
    const ago = (ms: number) => new Date(Date.now() - ms);
    const id = `purge-${Date.now()}`;
    const code = (suffix: string, expiresAt: Date) => ({
      collectorId,
      purpose: 'test',
      codeHash: 'x',
      bindingHash: `${id}-${suffix}`,
      deliveryMethod: 'EMAIL',
      expiresAt,
    });
    // A code ended two days ago goes; one ended an hour ago stays (its request's spent guesses carry over).
    await t.app.db.insert(oneTimeCodes).values([code('old', ago(2 * day)), code('recent', ago(3_600_000))]);
    await t.app.db.insert(passwordResetTokens).values([
      { tokenHash: `${id}-ended`, collectorId, expiresAt: ago(60_000) },
      { tokenHash: `${id}-live`, collectorId, expiresAt: ago(-3_600_000) },
    ]);
    await t.app.db.insert(emailChanges).values([
      { tokenHash: `${id}-ended`, collectorId, newEmail: 'a@example.com', expiresAt: ago(60_000) },
      { tokenHash: `${id}-live`, collectorId, newEmail: 'b@example.com', expiresAt: ago(-3_600_000) },
    ]);
    await t.app.db.insert(knownDevices).values([
      { collectorId, clientId: 'nectar-web', deviceHash: `${id}-unseen`, lastSeenAt: ago(91 * day) },
      { collectorId, clientId: 'nectar-web', deviceHash: `${id}-seen`, lastSeenAt: ago(89 * day) },
    ]);
    const left = async () =>
      [
        ...(await t.app.db.select({ key: oneTimeCodes.bindingHash }).from(oneTimeCodes)),
        ...(await t.app.db.select({ key: passwordResetTokens.tokenHash }).from(passwordResetTokens)),
        ...(await t.app.db.select({ key: emailChanges.tokenHash }).from(emailChanges)),
        ...(await t.app.db.select({ key: knownDevices.deviceHash }).from(knownDevices)),
      ]
        .map((row) => row.key)
        .filter((key) => key.startsWith(id))
        .sort();
    expect(await left()).toHaveLength(8);
    await t.app.jobs.trigger('purge-expired-rows');
    await vi.waitFor(
      async () =>
        expect(await left()).toEqual([`${id}-live`, `${id}-live`, `${id}-recent`, `${id}-seen`].sort()),
      { timeout: 10_000, interval: 50 },
    );
    const at = new Date();
    expect(await planOf(deleteEndedBatch('oneTimeCodes', at))).toContain('one_time_codes_expires_idx');
    expect(await planOf(deleteEndedBatch('passwordResetTokens', at))).toContain(
      'password_reset_tokens_expires_idx',
    );
    expect(await planOf(deleteEndedBatch('emailChanges', at))).toContain('email_changes_expires_idx');
    expect(await planOf(deleteEndedBatch('knownDevices', at))).toContain('known_devices_last_seen_idx');
  });

  it('reads a balance from the ledger index alone', async () => {
    // As autovacuum leaves an append-only table: its pages marked all-visible, so the index alone can answer.
    await t.app.db.execute(sql`vacuum (analyze) points_ledger`);
    const plan = await planOf(
      sql`select coalesce(sum(amount), 0) from points_ledger where collector_id = '00000000-0000-4000-8000-000000000000'`,
      ['enable_seqscan', 'enable_bitmapscan'],
    );
    expect(plan).toContain('Index Only Scan using points_ledger_collector_idx');
  });

  it('indexes receipt ids only where there is one', async () => {
    const { rows = [] } = (await t.app.db.execute(
      sql`select indexdef from pg_indexes where indexname = 'transaction_details_receipt_unique'`,
    )) as { rows?: { indexdef: string }[] };
    expect(rows[0]?.indexdef).toMatch(/UNIQUE INDEX .* \(receipt_id\) WHERE \(receipt_id IS NOT NULL\)$/);
  });
});
