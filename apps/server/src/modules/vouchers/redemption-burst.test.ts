// @databases postgres: 200 spends at once need a pool of connections and row locks to race on; PGlite has one connection.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vouchers } from '../../db/schema/card-activity.ts';
import { cards } from '../../db/schema/core.ts';
import { pointsBalance } from '../../lib/points-ledger.ts';
import { buildTestApp, jsWeb, newAccountMember, type TestApp } from '../../test/build-test-app.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
const SPENDS = 200;
/** The £5 reward: 1,000 points. The member can afford 120 of the 200. */
const REWARD = { id: 'argos-5', points: 1000 };
const AFFORDABLE = 120;

/**
 * A burst of spends on one member on a server just started (its pool not yet warm): every answer is a voucher
 * (201) or 'not enough points' (409), never a 5xx, and the vouchers, the debits and the balance agree. A spend
 * that committed is answered from what its own transaction wrote (vouchers/service.ts), and a request waits for
 * a pooled connection rather than failing (db/database.ts DATABASE_TIMEOUTS.acquireMs).
 */
describe.runIf(onPostgres)('a burst of spends on one member', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it(
    `answers ${SPENDS} parallel spends with a voucher or 'not enough points', never an error`,
    { timeout: 120_000 },
    async () => {
      const made = await newAccountMember(t, { points: AFFORDABLE * REWARD.points });
      const cookies = Object.fromEntries(made.cookies.map((cookie) => [cookie.name, cookie.value]));
      const [card] = await t.app.db
        .select({ collectorId: cards.collectorId })
        .from(cards)
        .where(eq(cards.number, made.json<{ cardNumber: string }>().cardNumber));
      const member = { id: card?.collectorId ?? '', cookies };
      const startingBalance = await pointsBalance(t.app.db, member.id);
      const answers = await Promise.all(
        Array.from({ length: SPENDS }, () =>
          t.app.inject({
            method: 'POST',
            url: '/offers-api/redemptions',
            headers: jsWeb,
            cookies: member.cookies,
            payload: { rewardId: REWARD.id, idempotencyKey: randomUUID() },
          }),
        ),
      );
      const statuses = new Map<number, number>();
      for (const answer of answers)
        statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
      const bought = Math.floor(startingBalance / REWARD.points);
      expect(Object.fromEntries(statuses)).toEqual({ 201: bought, 409: SPENDS - bought });
      const stored = await t.app.db.select().from(vouchers).where(eq(vouchers.collectorId, member.id));
      expect(stored.filter((voucher) => voucher.rewardId === REWARD.id)).toHaveLength(bought);
      expect(await pointsBalance(t.app.db, member.id)).toBe(startingBalance - bought * REWARD.points);
    },
  );

  it(
    'answers a spend that committed with its voucher, even when the pool is starved and others fail',
    { timeout: 120_000 },
    async () => {
      // Four connections and half a second to get one: much of the burst is refused 503, by design here.
      const starved = await buildTestApp({ DATABASE_POOL_MAX: '4', DATABASE_CONNECT_TIMEOUT_MS: '500' });
      try {
        const made = await newAccountMember(starved, { points: AFFORDABLE * REWARD.points });
        const cookies = Object.fromEntries(made.cookies.map((cookie) => [cookie.name, cookie.value]));
        const [card] = await starved.app.db
          .select({ collectorId: cards.collectorId })
          .from(cards)
          .where(eq(cards.number, made.json<{ cardNumber: string }>().cardNumber));
        const answers = await Promise.all(
          Array.from({ length: SPENDS }, () =>
            starved.app.inject({
              method: 'POST',
              url: '/offers-api/redemptions',
              headers: jsWeb,
              cookies,
              payload: { rewardId: REWARD.id, idempotencyKey: randomUUID() },
            }),
          ),
        );
        const stored = await starved.app.db
          .select()
          .from(vouchers)
          .where(eq(vouchers.collectorId, card?.collectorId ?? ''));
        // Every voucher that exists was answered as one: no spend was taken and then answered with an error.
        expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(stored.length);
        expect(answers.every((answer) => [201, 409, 503].includes(answer.statusCode))).toBe(true);
      } finally {
        await starved.close();
      }
    },
  );
});
