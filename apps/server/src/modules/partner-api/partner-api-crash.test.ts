// @databases postgres: it kills server processes in the middle of a burst of sales and holds and reads the books after them on the same database, which only a server admits several processes to.
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PARTNER_API_PREFIX } from '@app/contracts/partner-api';
import { cards } from '../../db/schema/core.ts';
import { partnerSales, pointHolds } from '../../db/schema/partner-api.ts';
import { systemClock } from '../../lib/clock.ts';
import { pointsBalance } from '../../lib/points-ledger.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { crashScene } from '../../test/server-process.ts';
import { createLedgerCheckService } from '../ledger-check/service.ts';
import { SANDBOX_TILL_CLIENT } from './service.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
const MEMBERS = 8;
const START_POINTS = 2000;
/** How long after the burst is sent each server is killed: a crash can come at any moment of it. */
const KILL_AFTER_MS = [60, 250];

/** One call of the burst, kept so that it can be sent again, with the same key, after the crash. */
interface Call {
  path: string;
  key: string;
  body: object;
}

/**
 * A crash in the middle of a till's sales and spends creates and loses nothing: each of two servers is killed
 * (SIGKILL) at its own moment of a burst (a sale and a hold a member); the books are right after it; and the same
 * calls sent again with their keys, as a till retries, count each sale and hold once.
 */
describe.runIf(onPostgres)('the partner API when the server is killed mid-burst', () => {
  const scene = crashScene();

  it(
    'leaves each sale and hold whole or absent, and a retry with its key counts it once',
    { timeout: 180_000 },
    async () => {
      const servers = await scene.start(KILL_AFTER_MS.length);
      const calls: Call[] = [];
      const numbers: string[] = [];
      for (const [n, server] of servers.entries()) {
        const token = (
          (await (
            await fetch(`${server.base}/dev/till/token`, {
              method: 'POST',
              headers: { channel: 'JS-WEB', 'content-type': 'application/json' },
              body: JSON.stringify({ partnerId: SANDBOX_TILL_CLIENT.partnerId }),
            })
          ).json()) as { accessToken: string }
        ).accessToken;
        const own: Call[] = [];
        for (let i = 0; i < MEMBERS; i += 1) {
          const made = await fetch(`${server.base}/dev/account-member`, {
            method: 'POST',
            headers: { channel: 'JS-WEB', 'content-type': 'application/json' },
            body: JSON.stringify({ points: START_POINTS }),
          });
          const { cardNumber } = (await made.json()) as { cardNumber: string };
          numbers.push(cardNumber);
          own.push(
            {
              path: '/sales',
              key: randomUUID(),
              body: {
                member: { cardNumber },
                storeId: 'store-1',
                tillId: `till-${n}`,
                receiptId: `CRASH-${n}-${i}-${randomUUID()}`,
                occurredAt: new Date().toISOString(),
                lines: [{ sku: 'x', category: 'household', quantity: 1, amount: 4500 }],
                total: 4500,
              },
            },
            {
              path: '/holds',
              key: randomUUID(),
              body: { member: { cardNumber }, points: 300, storeId: 'store-1', tillId: `till-${n}` },
            },
          );
        }
        calls.push(...own);
        const burst = own.map((call) =>
          fetch(`${server.base}${PARTNER_API_PREFIX}${call.path}`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              'idempotency-key': call.key,
              'content-type': 'application/json',
            },
            body: JSON.stringify(call.body),
          }).catch(() => undefined),
        );
        await new Promise((resolve) => setTimeout(resolve, KILL_AFTER_MS[n]));
        await server.stop('SIGKILL');
        await Promise.all(burst);
      }

      const after = (scene.after = await buildTestApp({}, { databaseUrl: scene.databaseUrl }));
      const db = after.app.db;
      const memberCards = await db.select().from(cards).where(inArray(cards.number, numbers));
      const ids = memberCards.map((card) => card.collectorId);
      /** Each member's balance from what the rows say happened: the sales awarded, less the points held. */
      const expected = async () => {
        const sales = await db.select().from(partnerSales).where(inArray(partnerSales.collectorId, ids));
        const holds = await db.select().from(pointHolds).where(inArray(pointHolds.collectorId, ids));
        return Object.fromEntries(
          ids.map((id) => [
            id,
            START_POINTS +
              sales
                .filter((sale) => sale.collectorId === id)
                .reduce((sum, sale) => sum + sale.pointsAwarded, 0) -
              holds.filter((hold) => hold.collectorId === id).reduce((sum, hold) => sum + hold.points, 0),
          ]),
        );
      };
      const balances = async () =>
        Object.fromEntries(
          await Promise.all(ids.map(async (id) => [id, await pointsBalance(db, id)] as const)),
        );
      const ledgerProblems = async () =>
        (await createLedgerCheckService({ db, clock: systemClock }).check()).results.filter(
          (result) => result.count > 0,
        );

      expect(await balances()).toEqual(await expected());
      expect(await ledgerProblems()).toEqual([]);

      // The tills retry every call with its key: what was done answers again, what was lost is done now, once.
      const token = (
        await after.app.inject({
          method: 'POST',
          url: '/dev/till/token',
          headers: { channel: 'JS-WEB' },
          payload: { partnerId: SANDBOX_TILL_CLIENT.partnerId },
        })
      ).json<{ accessToken: string }>().accessToken;
      for (const call of calls) {
        const answer = await after.app.inject({
          method: 'POST',
          url: `${PARTNER_API_PREFIX}${call.path}`,
          headers: { authorization: `Bearer ${token}`, 'idempotency-key': call.key },
          payload: call.body,
        });
        expect(answer.statusCode, answer.body).toBe(201);
      }
      expect(
        (await db.select().from(partnerSales).where(inArray(partnerSales.collectorId, ids))).length,
      ).toBe(numbers.length);
      expect((await db.select().from(pointHolds).where(inArray(pointHolds.collectorId, ids))).length).toBe(
        numbers.length,
      );
      expect(Object.values(await balances())).toEqual(numbers.map(() => START_POINTS + 45 - 300));
      expect(await ledgerProblems()).toEqual([]);
    },
  );
});
