// @databases postgres: it kills a server process in the middle of a burst of sales on one budgeted offer and reads the books after it on the same database, which only a server admits several processes to.
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PARTNER_API_PREFIX } from '@app/contracts/partner-api';
import { cards } from '../../db/schema/core.ts';
import { collectorOffers, offers } from '../../db/schema/offers.ts';
import { partnerSales } from '../../db/schema/partner-api.ts';
import { pointsLedger } from '../../db/schema/points-ledger.ts';
import { systemClock } from '../../lib/clock.ts';
import { pointsBalance } from '../../lib/points-ledger.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { crashScene, killMidBurst, type ServerProcess } from '../../test/server-process.ts';
import { createLedgerCheckService } from '../ledger-check/service.ts';
import { SANDBOX_TILL_CLIENT } from './service.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
const MEMBERS_EACH = 12;
const BONUS = 100;
/** Room for 15 bonuses: the two servers' 24 sales spend it and stop the offer. */
const BUDGET = 15 * BONUS;

interface Call {
  key: string;
  body: object;
}

const json = { channel: 'JS-WEB', 'content-type': 'application/json' };

async function tillToken(server: ServerProcess) {
  const answer = await fetch(`${server.base}/dev/till/token`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ partnerId: SANDBOX_TILL_CLIENT.partnerId }),
  });
  return ((await answer.json()) as { accessToken: string }).accessToken;
}

/**
 * A crash in the middle of sales that pay one budgeted offer creates and loses nothing: one of two servers
 * selling on the same offer at once is killed (SIGKILL) mid-burst; after it the offer's points issued are
 * what the ledger's entries for it add up to, within the budget, and each sale is whole or absent; the same
 * calls sent again with their keys count each sale once, and the budget ends the offer after its 15 bonuses.
 */
describe.runIf(onPostgres)('an offer with a budget when the server is killed mid-burst', () => {
  const scene = crashScene();

  it(
    "keeps the offer's points issued equal to the ledger's entries for it, and each sale whole or absent",
    { timeout: 180_000 },
    async () => {
      const servers = await scene.start(2);
      const after = (scene.after = await buildTestApp({}, { databaseUrl: scene.databaseUrl }));
      const db = after.app.db;
      const offerId = `budget-crash-${randomUUID().slice(0, 8)}`;
      const at = Date.now();
      await db.insert(offers).values({
        id: offerId,
        sourceType: 'PIANO',
        type: 'BASKET',
        title: `Spend £10, get ${BONUS} points`,
        description: 'A test offer.',
        sponsorDisplayName: "Sainsbury's",
        howTo: 'Spend £10.',
        terms: 'Test terms.',
        categoryKey: 'household',
        categoryName: 'Household',
        rule: { kind: 'threshold', minSpendPence: 1000, points: BONUS },
        validFrom: new Date(at - 86_400_000),
        validTo: new Date(at + 86_400_000),
        status: 'approved',
        budgetPoints: BUDGET,
      });

      const numbers: string[] = [];
      const callsOf: Call[][] = [];
      for (const [n, server] of servers.entries()) {
        const own: Call[] = [];
        for (let i = 0; i < MEMBERS_EACH; i += 1) {
          const made = await fetch(`${server.base}/dev/account-member`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({}),
          });
          const { cardNumber } = (await made.json()) as { cardNumber: string };
          numbers.push(cardNumber);
          own.push({
            key: randomUUID(),
            body: {
              member: { cardNumber },
              storeId: 'store-1',
              tillId: `till-${n}`,
              receiptId: `BUDGET-CRASH-${n}-${i}-${randomUUID()}`,
              occurredAt: new Date().toISOString(),
              lines: [{ sku: 'bleach', category: 'household', quantity: 1, amount: 2000 }],
              total: 2000,
            },
          });
        }
        callsOf.push(own);
      }
      const memberCards = await db.select().from(cards).where(inArray(cards.number, numbers));
      const ids = memberCards.map((card) => card.collectorId);
      await db
        .insert(collectorOffers)
        .values(ids.map((collectorId) => ({ collectorId, offerId, state: 'LOADED' })));

      const burstOf = (server: ServerProcess, token: string, calls: Call[]) =>
        calls.map(
          (call) => () =>
            fetch(`${server.base}${PARTNER_API_PREFIX}/sales`, {
              method: 'POST',
              headers: {
                authorization: `Bearer ${token}`,
                'idempotency-key': call.key,
                'content-type': 'application/json',
              },
              body: JSON.stringify(call.body),
            }),
        );
      const [killed, survivor] = servers as [ServerProcess, ServerProcess];
      const [killedToken, survivorToken] = await Promise.all([tillToken(killed), tillToken(survivor)]);
      await Promise.all([
        killMidBurst(killed, burstOf(killed, killedToken, callsOf[0] ?? []), 0.4),
        Promise.all(burstOf(survivor, survivorToken, callsOf[1] ?? []).map((send) => send())),
      ]);

      const offer = async () => (await db.select().from(offers).where(eq(offers.id, offerId)))[0];
      const ledgerSum = async () => {
        const [row] = await db
          .select({ points: sql<number>`coalesce(sum(${pointsLedger.amount}), 0)::int` })
          .from(pointsLedger)
          .where(eq(pointsLedger.offerId, offerId));
        return row?.points ?? 0;
      };
      const sales = () => db.select().from(partnerSales).where(inArray(partnerSales.collectorId, ids));
      const paidSales = async () =>
        (await sales()).filter((sale) => sale.bonuses.some((bonus) => bonus.offerId === offerId));
      const ledgerProblems = async () =>
        (await createLedgerCheckService({ db, clock: systemClock }).check()).results.filter(
          (result) => result.count > 0,
        );
      /** Each member's balance is what their sales awarded: no sale half written. */
      const balancesMatchSales = async () => {
        const written = await sales();
        for (const id of ids) {
          const awarded = written
            .filter((sale) => sale.collectorId === id)
            .reduce((sum, sale) => sum + sale.pointsAwarded, 0);
          expect(await pointsBalance(db, id)).toBe(awarded);
        }
      };

      const issued = (await offer())?.pointsIssued ?? -1;
      expect(issued).toBe(await ledgerSum());
      expect(issued).toBeLessThanOrEqual(BUDGET);
      expect(issued).toBe((await paidSales()).length * BONUS);
      await balancesMatchSales();
      expect(await ledgerProblems()).toEqual([]);

      // The tills retry every sale with its key: what was done answers again, what was lost is done once.
      const token = (
        await after.app.inject({
          method: 'POST',
          url: '/dev/till/token',
          headers: { channel: 'JS-WEB' },
          payload: { partnerId: SANDBOX_TILL_CLIENT.partnerId },
        })
      ).json<{ accessToken: string }>().accessToken;
      for (const call of callsOf.flat()) {
        const answer = await after.app.inject({
          method: 'POST',
          url: `${PARTNER_API_PREFIX}/sales`,
          headers: { authorization: `Bearer ${token}`, 'idempotency-key': call.key },
          payload: call.body,
        });
        expect(answer.statusCode, answer.body).toBe(201);
      }
      expect(await sales()).toHaveLength(numbers.length);
      expect(await paidSales()).toHaveLength(BUDGET / BONUS);
      expect(await offer()).toMatchObject({ pointsIssued: BUDGET, status: 'ended', stoppedReason: 'budget' });
      expect(await ledgerSum()).toBe(BUDGET);
      await balancesMatchSales();
      expect(await ledgerProblems()).toEqual([]);
    },
  );
});
