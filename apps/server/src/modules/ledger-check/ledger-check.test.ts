// @databases both: the check is raw SQL over the whole ledger (windows, anti-joins, the catalogue's index), read by each database's own planner.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConversionChallenge } from '@app/contracts/linked-partners';
import type { Database } from '../../db/database.ts';
import { vouchers } from '../../db/schema/card-activity.ts';
import { partnerTransfers } from '../../db/schema/linked-partners.ts';
import { pendingPoints } from '../../db/schema/missing-points.ts';
import { pointsLedger } from '../../db/schema/points-ledger.ts';
import { systemClock } from '../../lib/clock.ts';
import { transferLedgerKey } from '../../lib/ledger-keys.ts';
import { buildTestApp, jsWeb, signedInMember, type TestApp } from '../../test/build-test-app.ts';
import { LEDGER_CHECK_JOB } from './routes.ts';
import { createLedgerCheckService, type LedgerCheckReport, type LedgerInvariant } from './service.ts';

const TOKEN = 'ledger-check-metrics-token';
/** A triggered job runs at once in process (PGlite); pg-boss's worker (PostgreSQL) polls its queue each second. */
const JOB_RUNS_WITHIN = { timeout: 15_000, interval: 100 };
const countOf = (report: LedgerCheckReport, invariant: LedgerInvariant) =>
  report.results.find((result) => result.invariant === invariant)?.count;
const examplesOf = (report: LedgerCheckReport, invariant: LedgerInvariant) =>
  report.results.find((result) => result.invariant === invariant)?.examples.join('\n') ?? '';

describe('the ledger check on books kept by the product', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => t.close());

  it('finds nothing after the start data, a sample year, a voucher and a conversion each way', async () => {
    // A member with a year of shops, fuel, spends and a conversion (the tester tool), who buys a voucher, links
    // a hotel account and converts both ways with it (each after its code, from the outbox).
    const made = await t.app.inject({
      method: 'POST',
      url: '/dev/account-member',
      headers: jsWeb,
      payload: { points: 5000, history: 'year' },
    });
    expect(made.statusCode).toBe(200);
    const { email } = made.json<{ email: string }>();
    const cookie = made.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const call = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, headers: { ...jsWeb, cookie }, payload });
    expect(
      (await call('/offers-api/redemptions', { rewardId: 'argos-5', idempotencyKey: randomUUID() }))
        .statusCode,
    ).toBe(201);
    const account = `HT${Date.now()}`;
    await t.app.inject({
      method: 'POST',
      url: '/dev/linked-partners/sandbox',
      headers: jsWeb,
      payload: { kind: 'hotel', membershipNumber: account, lastName: 'Tester', balance: 1000 },
    });
    const linked = await call('/linked-partners-api/partners/HOTELSCOM/link', {
      linkType: 'link',
      membershipNumber: account,
      lastName: 'Tester',
    });
    expect(linked.statusCode).toBe(200);
    for (const conversionType of ['NECTAR_TO_PARTNER', 'PARTNER_TO_NECTAR']) {
      const started = await call('/points-exchange-api/conversions/twofa', {
        partnerId: 'HOTELSCOM',
        conversionType,
        points: 400,
      });
      expect(started.statusCode).toBe(200);
      const message = (await t.app.notify.listOutbox()).find((entry) => entry.to === email);
      const confirmed = await call('/points-exchange-api/conversions', {
        conversionToken: started.json<ConversionChallenge>().conversionToken,
        twoFaCode: /\b(\d{6})\b/.exec(message?.text ?? '')?.[1] ?? '',
      });
      expect(confirmed.statusCode).toBe(200);
    }

    const report = await createLedgerCheckService({ db: t.app.db, clock: systemClock }).check();
    expect(report.results.filter((result) => result.count > 0)).toEqual([]);
    expect(report.problems).toBe(0);
    expect(report.entries).toBeGreaterThan(70);
  });

  it('runs as the nightly job, and /metrics shows each invariant at 0', async () => {
    const errors = vi.spyOn(t.app.log, 'error');
    await t.app.jobs.trigger(LEDGER_CHECK_JOB);
    await vi.waitFor(async () => {
      const text = (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } }))
        .body;
      expect(text).toContain('ledger_check_problems{invariant="transfer-entries-match-state"} 0');
      expect(text).toContain('ledger_check_problems{invariant="balance-not-negative"} 0');
      expect(text).toMatch(/ledger_check_last_run_timestamp_seconds \d{10}/);
      // On PostgreSQL the job is queued for pg-boss, whose worker polls each second.
    }, JOB_RUNS_WITHIN);
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('the ledger check on broken books', () => {
  let t: TestApp;
  let db: Database;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_TOKEN: TOKEN });
    db = t.app.db;
  });
  afterAll(async () => t.close());

  /** A ledger entry written straight into the table, as a bug or a crash could leave it (no checks). */
  const rawEntry = (collectorId: string, amount: number, idempotencyKey: string) =>
    db
      .insert(pointsLedger)
      .values({ collectorId, amount, reason: 'Broken', source: 'test', idempotencyKey })
      .returning({ id: pointsLedger.id });

  it('names each broken invariant with the rows that break it, logs an error and sets the metric', async () => {
    const member = await signedInMember(t);
    // A refund of a conversion whose debit was never written: free points (what a crash between a transfer
    // and its debit, then a settle that did not look for the debit, used to leave).
    const unpaid = randomUUID();
    await db.insert(partnerTransfers).values({
      id: unpaid,
      collectorId: member.id,
      partnerId: 'HOTELSCOM',
      partnerAccount: 'HT-broken',
      conversionType: 'NECTAR_TO_PARTNER',
      pointsGiven: 400,
      pointsReceived: 200,
      status: 'FAILED',
      failureCode: 'STALE',
    });
    await rawEntry(member.id, 400, transferLedgerKey(unpaid, 'refund'));
    // An entry of a conversion that does not exist.
    const ghost = randomUUID();
    await rawEntry(member.id, 50, transferLedgerKey(ghost, 'credit'));
    // Points taken for nothing, past the member's balance.
    await rawEntry(member.id, -5000, `stray-${randomUUID()}`);
    // A voucher bought with points that took none.
    const voucherId = randomUUID();
    await db.insert(vouchers).values({
      id: voucherId,
      collectorId: member.id,
      rewardId: 'argos-5',
      points: 500,
      requestKey: randomUUID(),
      voucherCode: 'BROKEN000001',
      partnerName: 'Argos',
      itemDescription: '£5 off',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    // Points on their way marked posted, with an entry of another size.
    const [short] = await rawEntry(member.id, 10, `pending-points:${randomUUID()}`);
    const pendingId = randomUUID();
    await db.insert(pendingPoints).values({
      id: pendingId,
      collectorId: member.id,
      partner: 'argos',
      purchasedOn: '2025-12-01',
      spendPence: 12_000,
      reference: 'ORDER-1',
      referenceKey: 'ORDER1',
      points: 120,
      expectedOn: '2026-01-01',
      ledgerEntryId: short?.id,
    });

    const errors = vi.spyOn(t.app.log, 'error');
    const report = await createLedgerCheckService({ db, clock: systemClock }).check();
    expect(countOf(report, 'transfer-entries-match-state')).toBe(1);
    expect(examplesOf(report, 'transfer-entries-match-state')).toContain(
      `transfer ${unpaid} (NECTAR_TO_PARTNER, FAILED, 400 for 200): debit none, credit none, refund 400`,
    );
    expect(countOf(report, 'transfer-entry-has-transfer')).toBe(1);
    expect(examplesOf(report, 'transfer-entry-has-transfer')).toContain(transferLedgerKey(ghost, 'credit'));
    expect(countOf(report, 'balance-not-negative')).toBe(1);
    expect(examplesOf(report, 'balance-not-negative')).toContain(`member ${member.id} has`);
    expect(countOf(report, 'debit-explained')).toBe(1);
    expect(countOf(report, 'voucher-has-debit')).toBe(1);
    expect(examplesOf(report, 'voucher-has-debit')).toContain(`voucher ${voucherId} (500 points`);
    expect(countOf(report, 'credit-posted-whole')).toBe(1);
    expect(examplesOf(report, 'credit-posted-whole')).toContain(
      `points on their way ${pendingId} (120): entry 10`,
    );
    expect(countOf(report, 'idempotency-key-unique')).toBe(0);
    expect(report.problems).toBe(6);

    // The nightly job says so at error level, and /metrics carries the counts.
    await t.app.jobs.trigger(LEDGER_CHECK_JOB);
    await vi.waitFor(
      () => expect(errors).toHaveBeenCalledWith(expect.anything(), 'the ledger check found problems'),
      JOB_RUNS_WITHIN,
    );
    const text = (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } }))
      .body;
    expect(text).toContain('ledger_check_problems{invariant="transfer-entries-match-state"} 1');
    expect(text).toContain('ledger_check_problems{invariant="debit-explained"} 1');
  });

  it('fails the idempotency invariant while the unique index on the keys is missing', async () => {
    const rolledBack = new Error('roll back');
    const report = await db
      .transaction(async (tx) => {
        await tx.execute(sql`alter table points_ledger drop constraint points_ledger_idempotency_key_unique`);
        const inside = await createLedgerCheckService({
          db: tx,
          clock: systemClock,
        }).check();
        throw Object.assign(rolledBack, { inside });
      })
      .catch((error: unknown) => (error as { inside: LedgerCheckReport }).inside);
    expect(countOf(report, 'idempotency-key-unique')).toBe(1);
    // Rolled back: the index is there again.
    const after = await createLedgerCheckService({ db, clock: systemClock }).check();
    expect(countOf(after, 'idempotency-key-unique')).toBe(0);
    expect(await db.select().from(pointsLedger).where(eq(pointsLedger.source, 'nothing'))).toEqual([]);
  });
});
