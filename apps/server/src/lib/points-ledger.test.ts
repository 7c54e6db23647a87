// @databases both: the ledger locks the member's row, which only a server with several connections can show racing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCollector } from '../start-data/demo-collector.ts';
import { cards } from '../db/schema/core.ts';
import { pointsLedger } from '../db/schema/points-ledger.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { pointsBalance, recordPoints, writeEntries } from './points-ledger.ts';

describe('points ledger', () => {
  let t: TestApp;
  let collectorId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const [card] = await t.app.db.select().from(cards).where(eq(cards.number, demoCollector.cardNumber));
    collectorId = card?.collectorId ?? '';
  });
  afterAll(async () => t.close());

  it('adds and takes points by entries, once per idempotency key, never below zero', async () => {
    const start = await pointsBalance(t.app.db, collectorId);
    const base = { collectorId, reason: 'Test', source: 'ledger-test' };
    expect(await recordPoints(t.app.db, { ...base, amount: 100, idempotencyKey: 'ledger-test-1' })).toEqual({
      recorded: true,
      balance: start + 100,
    });
    expect(await recordPoints(t.app.db, { ...base, amount: 100, idempotencyKey: 'ledger-test-1' })).toEqual({
      recorded: false,
      balance: start + 100,
    });
    await expect(
      recordPoints(t.app.db, { ...base, amount: -(start + 101), idempotencyKey: 'ledger-test-2' }),
    ).rejects.toMatchObject({ statusCode: 409, code: 'INSUFFICIENT_POINTS' });
    await expect(
      recordPoints(t.app.db, { ...base, amount: 0, idempotencyKey: 'ledger-test-3' }),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
    expect(
      await recordPoints(t.app.db, { ...base, amount: -40, idempotencyKey: 'ledger-test-4' }),
    ).toMatchObject({
      balance: start + 60,
    });
    const rows = await t.app.db.select().from(pointsLedger).where(eq(pointsLedger.source, 'ledger-test'));
    expect(rows.map((row) => row.amount)).toEqual([100, -40]);
  });

  it('writes several entries of one member in one go, all or none, never below zero on the way', async () => {
    const start = await pointsBalance(t.app.db, collectorId);
    const entry = (amount: number, key: string, cardNumber?: string) => ({
      collectorId,
      amount,
      reason: 'Batch',
      source: 'ledger-batch-test',
      idempotencyKey: key,
      ...(cardNumber ? { cardNumber } : {}),
    });
    const written = await t.app.db.transaction((tx) =>
      writeEntries(tx, [entry(30, 'batch-1', demoCollector.cardNumber), entry(20, 'batch-2')]),
    );
    expect(written).toMatchObject({ balance: start + 50, ids: [expect.any(String), expect.any(String)] });
    // Taking more than the balance part-way refuses the whole batch, even when a later entry would make it up.
    await expect(
      t.app.db.transaction((tx) =>
        writeEntries(tx, [entry(-(start + 51), 'batch-3'), entry(500, 'batch-4')]),
      ),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_POINTS' });
    // A key already written fails the insert, and nothing of the batch stays.
    await expect(
      t.app.db.transaction((tx) => writeEntries(tx, [entry(5, 'batch-5'), entry(5, 'batch-1')])),
    ).rejects.toThrow();
    // A card that is not the member's live card does not collect.
    await expect(
      t.app.db.transaction((tx) => writeEntries(tx, [entry(5, 'batch-6', '9826300012345678902')])),
    ).rejects.toMatchObject({ code: 'CARD_NOT_ACTIVE' });
    const rows = await t.app.db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.source, 'ledger-batch-test'));
    expect(rows.map((row) => row.idempotencyKey).sort()).toEqual(['batch-1', 'batch-2']);
    expect(await pointsBalance(t.app.db, collectorId)).toBe(start + 50);
  });
});
